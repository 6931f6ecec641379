#include "train/training_label.hpp"

#include <memory>

#include "search/engine.hpp"

namespace outflank {
namespace {

// Small tables: labelling searches are shallow, and each worker has its own engine.
constexpr std::size_t kLabelHashMb = 4;

std::vector<std::unique_ptr<Engine>> make_engines(unsigned threads) {
    std::vector<std::unique_ptr<Engine>> engines;
    for (unsigned t = 0; t < std::max(1u, threads); ++t) engines.push_back(std::make_unique<Engine>(kLabelHashMb));
    return engines;
}

// splitmix64: a tiny, good, portable random stream.
std::uint64_t next_random(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

}  // namespace

void solve_exact(std::vector<TrainingPosition>& positions, int max_empties, unsigned threads,
                 const Progress& progress, const std::function<bool()>& should_stop) {
    std::vector<TrainingPosition*> todo;
    for (TrainingPosition& p : positions)
        if (p.exact == kUnknownScore && p.empties() <= max_empties) todo.push_back(&p);
    auto engines = make_engines(threads);
    Limits limits;
    limits.exact = true;
    parallel_for(
        todo.size(), threads,
        [&](std::size_t i, unsigned worker) {
            if (should_stop && should_stop()) return;
            TrainingPosition& p = *todo[i];
            const Position pos{p.player, p.opponent, Color::Black};
            p.exact = static_cast<std::int8_t>(engines[worker]->search(pos, limits).score);
        },
        progress ? Progress([&](std::size_t done) { progress(done); }) : Progress{}, 4);
}

std::vector<float> search_values(const std::vector<const TrainingPosition*>& positions, int depth,
                                 unsigned threads, const Progress& progress,
                                 const std::function<bool()>& should_stop) {
    std::vector<float> values(positions.size());
    auto engines = make_engines(threads);
    Limits limits;
    limits.depth = depth;
    limits.selective = false;
    limits.use_tt = false;
    parallel_for(
        positions.size(), threads,
        [&](std::size_t i, unsigned worker) {
            if (should_stop && should_stop()) return;
            const Position pos{positions[i]->player, positions[i]->opponent, Color::Black};
            values[i] = static_cast<float>(engines[worker]->search(pos, limits).score);
        },
        progress);
    return values;
}

std::vector<Game> self_play(int count, int depth, std::uint64_t seed, unsigned threads, const Progress& progress,
                            const std::function<bool()>& should_stop) {
    std::vector<Game> games(static_cast<std::size_t>(std::max(0, count)));
    auto engines = make_engines(threads);
    Limits limits;
    limits.depth = depth;
    limits.selective = false;
    parallel_for(
        games.size(), threads,
        [&](std::size_t i, unsigned worker) {
            if (should_stop && should_stop()) return;
            std::uint64_t rng = seed ^ (0xA24BAED4963EE407ULL * (i + 1));
            Engine& engine = *engines[worker];
            engine.new_game();  // nothing carried over from the worker's previous game
            Game& game = games[i];
            const int random_plies = 8 + static_cast<int>(next_random(rng) % 17);
            while (!game.is_over()) {
                const Position& pos = game.position();
                const Bitboard moves = pos.moves();
                if (moves == 0) {
                    game.play(kPass);
                    continue;
                }
                Square move;
                if (static_cast<int>(game.moves().size()) < random_plies) {
                    int pick = static_cast<int>(next_random(rng) % static_cast<std::uint64_t>(popcount(moves)));
                    Bitboard m = moves;
                    while (pick-- > 0) m &= m - 1;
                    move = lowest_square(m);
                } else {
                    move = engine.search(pos, limits).best_move;
                }
                game.play(move);
            }
        },
        progress, 1);
    return games;
}

}  // namespace outflank
