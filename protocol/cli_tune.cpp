// `outflank tune probcut-data --games FILE.wtb... [--positions N] [--depth D] [--seed S]`:
// prints shallow/deep score pairs for fitting ProbCut (scripts/fit-probcut reads them).
// One full-width iterative-deepening search per position reports the score at every depth, so
// each position yields all (depth, shallow depth) pairs at the cost of its deepest search.
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "cli.hpp"
#include "engine.hpp"
#include "error.hpp"
#include "probcut.hpp"
#include "records.hpp"

namespace outflank::cli {
namespace {

struct TuneOptions {
    std::vector<std::string> games;
    int positions = 200;
    int depth = 12;
    unsigned seed = 1;
};

void run_probcut_data(const TuneOptions& opt) {
    if (opt.games.empty()) throw Error("tune probcut-data: give WTHOR files with --games");
    if (opt.depth < 3 || opt.depth > 24) throw Error("tune probcut-data: --depth must be 3-24");
    std::vector<std::vector<Square>> games;
    for (const std::string& path : opt.games)
        for (WthorGame& g : read_wthor(path).games) games.push_back(std::move(g.moves));
    if (games.empty()) throw Error("tune probcut-data: no games in the given files");

    std::mt19937_64 rng(opt.seed);
    Engine engine(64);
    std::printf("empties,depth,shallow,shallow_score,deep_score\n");
    for (int n = 0; n < opt.positions; ++n) {
        const auto& moves = games[rng() % games.size()];
        // Positions from 12 to 50 empties: where the midgame search (and so ProbCut) works.
        const int max_plies = std::min<int>(static_cast<int>(moves.size()), 48);
        if (max_plies < 10) { --n; continue; }
        const int plies = 10 + static_cast<int>(rng() % static_cast<unsigned>(max_plies - 9));
        Game game;
        try {
            game = replay_moves({moves.begin(), moves.begin() + plies});
        } catch (const Error&) { --n; continue; }
        const Position& pos = game.position();
        if (pos.is_game_over() || pos.must_pass()) { --n; continue; }
        const int empties = pos.empty_count();
        Limits limits;
        limits.depth = std::min(opt.depth, empties - 2);
        limits.selective = false;
        limits.endgame_auto = false;
        limits.use_aspiration = false;
        std::vector<int> score_at(64, 0);
        engine.new_game();
        engine.search(pos, limits, [&](const SearchInfo& info) { score_at[info.depth] = info.score; });
        for (int d = 3; d <= limits.depth; ++d) {
            const int s = probcut_shallow_depth(d);
            std::printf("%d,%d,%d,%d,%d\n", empties, d, s, score_at[s], score_at[d]);
        }
        std::fflush(stdout);
        std::fprintf(stderr, "\rprobcut-data: %d/%d positions", n + 1, opt.positions);
    }
    std::fprintf(stderr, "\n");
}

}  // namespace

void add_tune(CLI::App& app) {
    CLI::App* tune = app.add_subcommand("tune", "Data for fitting the engine's constants (used by scripts/)");
    tune->require_subcommand(1);
    auto opt = std::make_shared<TuneOptions>();
    CLI::App* pc = tune->add_subcommand("probcut-data", "Print shallow/deep score pairs as CSV for scripts/fit-probcut");
    pc->add_option("--games", opt->games, "WTHOR .wtb files to take positions from")->required();
    pc->add_option("--positions,-n", opt->positions, "Number of positions (default 200)");
    pc->add_option("--depth,-d", opt->depth, "Deepest search per position (default 12)");
    pc->add_option("--seed", opt->seed, "Random seed (default 1)");
    pc->callback([opt] { run_probcut_data(*opt); });
}

}  // namespace outflank::cli
