#include "search/engine.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "core/cpus.hpp"
#include "core/error.hpp"

#include "eval/eval.hpp"
#include "search/search.hpp"

namespace outflank {

// A timed search on its own thread. The caller and the thread share it through a shared_ptr, so
// that either may leave first; `lock` guards everything below it.
struct Engine::Background {
    std::thread thread;
    std::mutex lock;
    std::condition_variable finished;
    bool done = false;
    bool answered = false;  // the caller has answered without the search: report nothing more
    SearchResult result;
    std::exception_ptr error;
    std::optional<SearchResult> latest;  // the last iteration's report, as a result
    InfoCallback on_info;                // the caller's, called under `lock` until `answered`
};

namespace {

// The move with the best evaluation one ply ahead: the answer when a timed search has not even
// finished its first iteration by the deadline (a machine so busy that the search thread has
// hardly run). Not the search's own fallback (SearchWorker::best_ordered_move): that runs on the
// main worker, which the late search may still be using.
SearchResult one_ply_move(const Position& pos) {
    SearchResult r;
    r.stopped = true;
    int best = -1 << 30;
    for (Square sq : squares(pos.moves())) {
        Position child = pos;
        child.play(sq);
        const int score = child.is_game_over() ? -child.final_score() * kEvalScale : -evaluate(child.player, child.opponent);
        if (score > best) {
            best = score;
            r.best_move = sq;
            r.score = eval_to_discs(score);
        }
    }
    r.pv = {r.best_move};
    return r;
}

}  // namespace

Engine::Engine(std::size_t hash_mb, const AllocationProgress& progress, int threads) {
    check_threads(threads);
    searcher_ = std::make_unique<Searcher>(hash_mb, progress, threads);
}

Engine::~Engine() {
    searcher_->request_stop();
    finish_background();
}

void Engine::finish_background() {
    if (background_ && background_->thread.joinable()) background_->thread.join();
    background_.reset();
}

bool Engine::finish_background_by(std::chrono::steady_clock::time_point limit) {
    if (!background_) return true;
    {
        std::unique_lock<std::mutex> lock(background_->lock);
        if (!background_->finished.wait_until(lock, limit, [&] { return background_->done; })) return false;
    }
    finish_background();
    return true;
}

SearchResult Engine::search(const Position& pos, const Limits& limits, const InfoCallback& on_info) {
    using Clock = SearchControl::Clock;
    const Clock::time_point start = Clock::now();
    if (limits.deadline() <= 0 || pos.is_game_over() || pos.must_pass()) {
        finish_background();
        return searcher_->search(pos, limits, on_info);
    }
    const auto answer_by = start + std::chrono::duration_cast<Clock::duration>(
                                       std::chrono::duration<double>(limits.deadline() + kAnswerSlack));
    // The search before, answered without, is normally long gone (the opponent's move came in
    // between); if it is still winding down at this search's deadline, answer without searching.
    if (!finish_background_by(answer_by)) {
        SearchResult answer = one_ply_move(pos);
        answer.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        return answer;
    }

    searcher_->clear_stop_request();
    auto shared = std::make_shared<Background>();
    shared->on_info = on_info;
    InfoCallback report = [shared](const SearchInfo& info) {
        std::lock_guard<std::mutex> guard(shared->lock);
        if (shared->answered) return;
        SearchResult r;
        static_cast<SearchInfo&>(r) = info;
        r.best_move = info.pv.empty() ? kNoMove : info.pv.front();
        r.stopped = true;
        if (r.best_move < 64) shared->latest = std::move(r);
        if (shared->on_info) shared->on_info(info);
    };
    shared->thread = std::thread([this, shared, pos, limits, report, start] {
        SearchResult r;
        std::exception_ptr error;
        try {
            r = searcher_->search_from(pos, limits, report, start);
        } catch (...) {
            error = std::current_exception();
        }
        std::lock_guard<std::mutex> guard(shared->lock);
        shared->result = std::move(r);
        shared->error = error;
        shared->done = true;
        shared->finished.notify_all();
    });
    background_ = shared;  // its thread is joined by finish_background

    std::unique_lock<std::mutex> lock(shared->lock);
    if (shared->finished.wait_until(lock, answer_by, [&] { return shared->done; })) {
        lock.unlock();
        finish_background();
        if (shared->error) std::rethrow_exception(shared->error);
        return shared->result;
    }
    // Past the deadline and the search has not come back: answer without it, as the search
    // itself would have: the last iteration's move, or a better one the next iteration proved.
    shared->answered = true;
    searcher_->request_stop();
    SearchResult answer = shared->latest ? *shared->latest : one_ply_move(pos);
    if (shared->latest) searcher_->adopt_unfinished_best(answer, false);
    answer.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return answer;
}

std::vector<MoveScore> Engine::evaluate_moves(const Position& pos, const Limits& limits) {
    finish_background();
    return searcher_->evaluate_moves(pos, limits);
}

void Engine::stop() { searcher_->request_stop(); }
void Engine::new_game() {
    finish_background();
    searcher_->new_game();
}
void Engine::set_hash_mb(std::size_t megabytes, const AllocationProgress& progress) {
    finish_background();
    searcher_->tt().resize(megabytes, progress);
}
std::size_t Engine::hash_mb() const { return searcher_->tt().megabytes(); }
void Engine::set_threads(int threads) {
    check_threads(threads);
    finish_background();
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
