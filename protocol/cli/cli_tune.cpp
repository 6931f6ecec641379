// `outflank tune probcut-data --games FILE.wtb... [--positions N] [--depth D] [--seed S]`:
// prints shallow/deep score pairs for fitting ProbCut (scripts/fit-probcut reads them).
// `outflank tune endcut-data ...` prints shallow/exact pairs of endgame positions for the
// endgame ProbCut (scripts/fit-probcut --endgame).
// One full-width iterative-deepening search per position reports the score at every depth, so
// each position yields all (depth, shallow depth) pairs at the cost of its deepest search.
#include <cstdio>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "eval/eval.hpp"
#include "search/engine.hpp"
#include "core/error.hpp"
#include "search/probcut.hpp"
#include "records/records.hpp"
#include "common/progress.hpp"

namespace outflank::cli {
namespace {

struct TuneOptions {
    std::vector<std::string> games;
    int positions = 200;
    int depth = 12;
    int min_empties = 14, max_empties = 22;  // endcut-data only
    unsigned seed = 1;
    bool quiet = false;
};

// A random position of a random game with empties in [min_empties, max_empties], the side to
// move having a move; nullopt when the drawn game is too short or broken (draw again).
std::optional<Position> random_position(const std::vector<std::vector<Square>>& games, std::mt19937_64& rng,
                                         int min_empties, int max_empties) {
    const auto& moves = games[rng() % games.size()];
    const int min_plies = 60 - max_empties, max_plies = std::min<int>(static_cast<int>(moves.size()), 60 - min_empties);
    if (max_plies < min_plies) return std::nullopt;
    const int plies = min_plies + static_cast<int>(rng() % static_cast<unsigned>(max_plies - min_plies + 1));
    Game game;
    try {
        game = replay_moves({moves.begin(), moves.begin() + plies});
    } catch (const Error&) {
        return std::nullopt;
    }
    const Position& pos = game.position();
    if (pos.is_game_over() || pos.must_pass() || pos.empty_count() < min_empties || pos.empty_count() > max_empties)
        return std::nullopt;
    return pos;
}

std::vector<std::vector<Square>> read_games(const TuneOptions& opt, const char* command) {
    if (opt.games.empty()) throw Error(std::string("tune ") + command + ": give WTHOR files with --games");
    std::vector<std::vector<Square>> games;
    for (const std::string& path : opt.games)
        for (WthorGame& g : read_wthor(path).games) games.push_back(std::move(g.moves));
    if (games.empty()) throw Error(std::string("tune ") + command + ": no games in the given files");
    return games;
}

// Full-width iterative deepening to `depth`: the score after each depth (index = depth); index 0
// is the static evaluation, the "shallow search" of a depth-2 ProbCut.
std::vector<int> scores_by_depth(Engine& engine, const Position& pos, int depth) {
    Limits limits;
    limits.depth = depth;
    limits.selective = false;
    limits.endgame_auto = false;
    limits.use_aspiration = false;
    std::vector<int> score_at(64, 0);
    score_at[0] = eval_to_discs(evaluate(pos.player, pos.opponent));
    engine.new_game();
    engine.search(pos, limits, [&](const SearchInfo& info) { score_at[info.depth] = info.score; });
    return score_at;
}

void run_probcut_data(const TuneOptions& opt) {
    if (opt.depth < 3 || opt.depth > 24) throw Error("tune probcut-data: --depth must be 3-24");
    const auto games = read_games(opt, "probcut-data");
    std::mt19937_64 rng(opt.seed);
    Engine engine(64);
    ProgressDisplay progress(opt.quiet);
    std::printf("empties,depth,shallow,shallow_score,deep_score\n");
    for (int n = 0; n < opt.positions;) {
        // Positions from 12 to 50 empties: where the midgame search (and so ProbCut) works.
        const auto pos = random_position(games, rng, 12, 50);
        if (!pos) continue;
        const int empties = pos->empty_count();
        const int depth = std::min(opt.depth, empties - 2);
        const std::vector<int> score_at = scores_by_depth(engine, *pos, depth);
        progress.above_status([&] {  // the CSV rows never share a line with the status
            for (int d = kProbCutMinDepth; d <= depth; ++d) {
                const int s = probcut_shallow_depth(d);
                std::printf("%d,%d,%d,%d,%d\n", empties, d, s, score_at[s], score_at[d]);
            }
        });
        progress.update("probcut-data: " + std::to_string(++n) + "/" + std::to_string(opt.positions) + " positions");
    }
    progress.finish("probcut-data: " + std::to_string(opt.positions) + " positions");
}

// Endgame positions (--min-empties..--max-empties): every full-width depth from 1 to --depth
// against the exact score, for ProbCut on searches that reach the end of the game; the exact
// solve's nodes and seconds (on an empty table) calibrate estimated_solve_seconds().
void run_endcut_data(const TuneOptions& opt) {
    if (opt.min_empties < 8 || opt.max_empties > 30 || opt.min_empties > opt.max_empties)
        throw Error("tune endcut-data: empties must satisfy 8 <= --min-empties <= --max-empties <= 30");
    if (opt.depth < 1 || opt.depth >= opt.min_empties) throw Error("tune endcut-data: --depth must be 1 to --min-empties - 1");
    const auto games = read_games(opt, "endcut-data");
    std::mt19937_64 rng(opt.seed);
    Engine engine(64);
    ProgressDisplay progress(opt.quiet);
    std::printf("empties,shallow,shallow_score,exact_score,exact_nodes,exact_seconds\n");
    for (int n = 0; n < opt.positions;) {
        const auto pos = random_position(games, rng, opt.min_empties, opt.max_empties);
        if (!pos) continue;
        const std::vector<int> score_at = scores_by_depth(engine, *pos, opt.depth);
        Limits exact;
        exact.exact = true;
        engine.new_game();
        const SearchResult solved = engine.search(*pos, exact);
        progress.above_status([&] {
            for (int d = 1; d <= opt.depth; ++d)
                std::printf("%d,%d,%d,%d,%llu,%.4f\n", pos->empty_count(), d, score_at[d], solved.score,
                            static_cast<unsigned long long>(solved.nodes), solved.seconds);
        });
        progress.update("endcut-data: " + std::to_string(++n) + "/" + std::to_string(opt.positions) + " positions");
    }
    progress.finish("endcut-data: " + std::to_string(opt.positions) + " positions");
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
    pc->add_flag("--quiet,-q", opt->quiet, "No progress on stderr");
    pc->callback([opt] { run_probcut_data(*opt); });
    CLI::App* ec = tune->add_subcommand("endcut-data", "Print shallow/exact score pairs of endgame positions as CSV");
    ec->add_option("--games", opt->games, "WTHOR .wtb files to take positions from")->required();
    ec->add_option("--positions,-n", opt->positions, "Number of positions (default 200)");
    ec->add_option("--depth,-d", opt->depth, "Deepest shallow search (default 12)");
    ec->add_option("--min-empties", opt->min_empties, "Fewest empties (default 14)");
    ec->add_option("--max-empties", opt->max_empties, "Most empties (default 22)");
    ec->add_option("--seed", opt->seed, "Random seed (default 1)");
    ec->add_flag("--quiet,-q", opt->quiet, "No progress on stderr");
    ec->callback([opt] { run_endcut_data(*opt); });
}

}  // namespace outflank::cli
