// `outflank bench [--depth D] [--hash MB] [--threads N]`: searches a fixed set of positions to
// fixed depths and prints the total node count (a signature that changes only when the search
// changes) and the speed. One thread by default, as in Stockfish: the signature is only
// reproducible on one thread (with more, node counts vary from run to run). Positions are prefixes of real games, from the opening to a 20-empty solve.
#include <cstdio>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "search/engine.hpp"
#include "core/error.hpp"
#include "eval/eval.hpp"
#include "eval/pattern_eval.hpp"
#include "eval/pattern_indices.hpp"
#include "core/movegen.hpp"
#include "core/game.hpp"
#include "core/notation.hpp"
#include "common/progress.hpp"
#include "common/search_format.hpp"

namespace outflank::cli {
namespace {

struct BenchPosition {
    const char* moves;
    int plies;  // how much of the game to play before searching
    bool exact; // solve instead of a midgame search
};

constexpr const char* kGameA =
    "f5d6c4d3e6f4e3f6c5b4e7f3c6d7b5a5c3b3g5h5g4h4e2g6b6d8c7c8a4a6a7f1a3c2d2b2e1b7g3h3f2d1a1a2b1a8c1g1f7g8e8f8b8g7h8h7h6h2g2h1";
constexpr const char* kGameB =
    "d3c5f6f5e6e3d6f7b6d7e2c6d8c4e7c3f4c8c7d2d1a6b3f3b8f8b5f2e8a8b4b7a7a5g3f1g4g5h6a4g6e1b2c1c2h3h4g2g7h2h1a1g1b1a2a3h7h8g8h5";
constexpr const char* kGameC =
    "f5d6c4d3c3f4e6b3e2c5c7f6g5e3e7g6g4h4f3g3f2h6h5d7h3f8d2c1h7f7c8d8c6b5b4b6a5a6d1e1a7a4b7a8b8g7h8c2b1a1a2g8f1b2a3g1g2h1h2e8";
constexpr const char* kGameD =
    "f5d6c5b4c3e3e2f4f3g4e6g5f6f7e7g3h6c4d3h5g6h7b3e1d7c6a4d2b5b6c7a6c2a3a2a5a7f2d1d8e8f8f1b1c1g1g7c8h3h4h8g8b8g2h1h2a1b2b7a8";

constexpr BenchPosition kPositions[] = {
    {kGameA, 6, false},  {kGameB, 10, false}, {kGameC, 14, false}, {kGameD, 18, false},
    {kGameA, 22, false}, {kGameB, 26, false}, {kGameC, 30, false}, {kGameD, 34, false},
    {kGameA, 40, true},  {kGameB, 42, true},  {kGameC, 44, true},  {kGameD, 44, true},
};

void run_bench(int depth, int hash_mb, int threads, bool quiet) {
    if (depth < 1 || depth > 30) throw Error("bench: --depth must be 1-30");
    Engine engine(static_cast<std::size_t>(hash_mb), {}, threads);
    std::uint64_t total_nodes = 0;
    double total_seconds = 0;
    int index = 0;
    ProgressDisplay progress(quiet);
    for (const BenchPosition& b : kPositions) {
        ++index;
        Game game = Game::from_transcript(std::string(b.moves).substr(0, 2 * b.plies));
        const Position& pos = game.position();
        Limits limits;
        limits.selective = true;
        limits.endgame_auto = false;
        if (b.exact) limits.exact = true;
        else limits.depth = depth;
        engine.new_game();
        progress.update("bench: position " + std::to_string(index) + "/" + std::to_string(std::size(kPositions)) +
                        "...");
        const SearchResult r = engine.search(pos, limits);
        total_nodes += r.nodes;
        total_seconds += r.seconds;
        char row[128];
        std::snprintf(row, sizeof row, "position %2d/%zu  %2d empties  %-9s %4s %6s %12llu nodes", index,
                      std::size(kPositions), pos.empty_count(), depth_string(r).c_str(), square_name(r.best_move).c_str(),
                      score_string(r.score).c_str(), static_cast<unsigned long long>(r.nodes));
        progress.line(row);
    }
    if (threads > 1) std::printf("Threads        : %d (node counts vary from run to run)\n", threads);
    std::printf("Total time (s) : %.3f\n", total_seconds);
    std::printf("Nodes searched : %llu\n", static_cast<unsigned long long>(total_nodes));
    std::printf("Nodes/second   : %.0f\n", total_seconds > 0 ? total_nodes / total_seconds : 0.0);
}

// Evaluations per second of the hand-made and the pattern evaluation, on every position of the
// bench games (each evaluated many times; the sum is printed so the work cannot be optimised away).
// The pattern evaluation three ways: from the board (the reference: symmetries, pext, ternary
// look-ups), from indices summed from the board's discs (pattern_indices.hpp), and as the search
// uses it, with indices carried along the game (one update from the move's flips per evaluation).
void run_eval_speed() {
    struct Step {
        Position pos;
        Square move;  // the move played from pos (kPass for a pass), unused after the last
    };
    std::vector<std::vector<Step>> games;
    for (const char* moves : {kGameA, kGameB, kGameC, kGameD}) {
        const Game game = Game::from_transcript(moves);
        std::vector<Step>& steps = games.emplace_back();
        for (std::size_t i = 0; i < game.moves().size(); ++i)
            if (!game.position_at(i).is_game_over()) steps.push_back({game.position_at(i), game.moves()[i]});
    }
    constexpr int kRounds = 20000;
    // Thread CPU time, not wall time: on a shared machine the wall clock also counts the time
    // other processes hold the core, which made these figures vary by 3x from run to run.
    auto cpu_seconds = [] {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
    };
    auto report = [&](const char* name, double start, double evals, long long sum) {
        const double s = cpu_seconds() - start;
        std::printf("%-30s %6.1f M evaluations/s  (%.1f ns each; checksum %lld)\n", name, evals / s / 1e6,
                    s / evals * 1e9, sum);
    };
    std::size_t positions = 0;
    for (const auto& steps : games) positions += steps.size();
    const double evals = static_cast<double>(kRounds) * static_cast<double>(positions);
    auto measure = [&](const char* name, auto&& eval) {
        const double start = cpu_seconds();
        long long sum = 0;
        for (int r = 0; r < kRounds; ++r)
            for (const auto& steps : games)
                for (const Step& step : steps) sum += eval(step.pos.player, step.pos.opponent);
        report(name, start, evals, sum);
    };
    measure("hand-made evaluation", [](Bitboard p, Bitboard o) { return evaluate_handmade(p, o); });
    const PatternWeights* w = active_pattern_weights();
    if (!w) {
        std::printf("pattern evaluation             (no weights loaded)\n");
        return;
    }
    measure("pattern, from the board", [w](Bitboard p, Bitboard o) { return w->evaluate(p, o); });
    measure("pattern, indices from discs",
            [w](Bitboard p, Bitboard o) { return w->evaluate(patterns::indices_of(p, o), p, o); });
    const double start = cpu_seconds();
    long long sum = 0;
    for (int r = 0; r < kRounds; ++r)
        for (const auto& steps : games) {
            patterns::PatternIndices indices[2];
            indices[0] = patterns::indices_of(steps.front().pos.player, steps.front().pos.opponent);
            for (std::size_t i = 0; i < steps.size(); ++i) {
                const Position& pos = steps[i].pos;
                const patterns::PatternIndices& now = indices[i & 1];
                sum += w->evaluate(now, pos.player, pos.opponent);
                const Square move = steps[i].move;
                if (move == kPass) patterns::indices_after_pass(now, indices[(i + 1) & 1]);
                else patterns::indices_after_move(now, move, flips(move, pos.player, pos.opponent), indices[(i + 1) & 1]);
            }
        }
    report("pattern, indices carried", start, evals, sum);
}

}  // namespace

void add_bench(CLI::App& app) {
    auto depth = std::make_shared<int>(14);
    auto hash = std::make_shared<int>(64);
    CLI::App* sub = app.add_subcommand("bench", "Search fixed positions; print the node-count signature and speed");
    sub->add_option("--depth,-d", *depth, "Midgame depth of each search (default 14)");
    sub->add_option("--hash", *hash, "Transposition table size in MB (default 64)");
    auto threads = std::make_shared<int>(1);
    add_search_threads_option(sub, "--threads", *threads, "Search threads (default 1: the reproducible signature)");
    auto quiet = std::make_shared<bool>(false);
    sub->add_flag("--quiet,-q", *quiet, "No per-position lines on stderr");
    auto eval_speed = std::make_shared<bool>(false);
    sub->add_flag("--eval-speed", *eval_speed, "Measure evaluations per second instead (hand-made and pattern)");
    sub->callback([depth, hash, threads, quiet, eval_speed] {
        if (*eval_speed) run_eval_speed();
        else run_bench(*depth, *hash, *threads, *quiet);
    });
}

}  // namespace outflank::cli
