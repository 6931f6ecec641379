#include "search/engine.hpp"

#include <algorithm>
#include <string>
#include <thread>

#include "core/cpus.hpp"
#include "core/error.hpp"

#include "search/search.hpp"

namespace outflank {

Engine::Engine(std::size_t hash_mb, const AllocationProgress& progress, int threads) {
    check_threads(threads);
    searcher_ = std::make_unique<Searcher>(hash_mb, progress, threads);
}
Engine::~Engine() = default;

SearchResult Engine::search(const Position& pos, const Limits& limits, const InfoCallback& on_info) {
    return searcher_->search(pos, limits, on_info);
}

std::vector<MoveScore> Engine::evaluate_moves(const Position& pos, const Limits& limits) {
    return searcher_->evaluate_moves(pos, limits);
}

void Engine::stop() { searcher_->request_stop(); }
void Engine::new_game() { searcher_->new_game(); }
void Engine::set_hash_mb(std::size_t megabytes, const AllocationProgress& progress) {
    searcher_->tt().resize(megabytes, progress);
}
std::size_t Engine::hash_mb() const { return searcher_->tt().megabytes(); }
void Engine::set_threads(int threads) {
    check_threads(threads);
    if (threads != searcher_->threads()) searcher_->set_threads(threads);
}
int Engine::threads() const { return searcher_->threads(); }

int default_threads() { return usable_cpus(); }

void check_threads(int threads) {
    if (threads < 1 || threads > Engine::kMaxThreads)
        throw Error("threads must be between 1 and " + std::to_string(Engine::kMaxThreads) + " (got " +
                    std::to_string(threads) + ")");
}

Limits level_limits(int level) {
    level = std::clamp(level, 1, 60);
    Limits limits;
    limits.level = level;
    limits.depth = level;
    // Exact solving starts at about twice the midgame depth, as in the usual engines' levels,
    // capped where the solver's time would dwarf the midgame search's.
    limits.solve_empties = std::min(2 * level, level + 8);
    return limits;
}

}  // namespace outflank
