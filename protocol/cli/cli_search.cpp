// `outflank search --position "<64> X" [--moves f5d6...] [--depth D | --time S | --level L]
//                  [--exact | --wld] [--json] [--hash MB] [--threads N] [--quiet]`
// Each iteration is a row on stdout; stderr shows the search running (the exact solve at the end
// can take minutes between two rows).
#include <cstdio>
#include <memory>
#include <string>

#include "cli/cli.hpp"
#include "search/engine.hpp"
#include "core/error.hpp"
#include "core/game.hpp"
#include "common/json.hpp"
#include "common/progress.hpp"
#include "core/notation.hpp"
#include "common/search_format.hpp"

namespace outflank::cli {
namespace {

struct SearchOptions {
    std::string position;
    std::string moves;
    int depth = 0;
    double time = 0;
    int level = 0;
    bool exact = false;
    bool wld = false;
    bool json = false;
    bool full_width = false;
    int hash_mb = 64;
    int threads = default_threads();
    bool quiet = false;
};

void write_info_json(JsonWriter& j, const SearchInfo& info) {
    j.begin_object()
        .field("depth", info.depth)
        .field("selectivity", info.selectivity)
        .field("exact", info.exact)
        .field("wld", info.wld)
        .field("score", info.score);
    j.key("pv").begin_array();
    for (Square m : info.pv) j.value(square_name(m));
    j.end_array();
    j.field("nodes", static_cast<unsigned long long>(info.nodes)).field("seconds", info.seconds).field("nps", info.nps());
    j.end_object();
}

void run_search(const SearchOptions& opt) {
    if (opt.depth < 0 || opt.depth > 60) throw Error("search: --depth must be 1-60");
    if (opt.time < 0) throw Error("search: --time must be positive");
    if (opt.level < 0 || opt.level > 60) throw Error("search: --level must be 1-60");
    if (opt.hash_mb < 1 || opt.hash_mb > 65536) throw Error("search: --hash must be 1-65536 MB");
    const Position start = opt.position.empty() ? Position::start() : parse_position(opt.position);
    const Position pos = Game::from_transcript(opt.moves, start).position();

    Limits limits;
    if (opt.level > 0) limits = level_limits(opt.level);
    if (opt.depth > 0) { limits.depth = opt.depth; limits.solve_empties = -1; }
    limits.time = opt.time;
    limits.exact = opt.exact;
    limits.wld = opt.wld;
    if (opt.level == 0 && opt.depth == 0 && opt.time == 0 && !opt.exact && !opt.wld) limits = level_limits(12);
    limits.selective = !opt.full_width;

    Engine engine(static_cast<std::size_t>(opt.hash_mb), {}, opt.threads);
    JsonWriter json;
    if (opt.json) {
        json.begin_object().field("position", position_string(pos));
        json.key("iterations").begin_array();
    } else {
        std::printf("%s", board_diagram(pos).c_str());
        std::printf("%s to move, %d empties\n", pos.side == Color::Black ? "black (X)" : "white (O)", pos.empty_count());
        std::printf("%-10s %6s %14s %9s %12s  %s\n", "depth", "score", "nodes", "seconds", "nodes/s", "pv");
    }
    auto on_info = [&](const SearchInfo& info) {
        if (opt.json) {
            write_info_json(json, info);
            return;
        }
        std::printf("%-10s %6s %14llu %9.3f %12.0f  %s\n", depth_string(info).c_str(), score_string(info.score).c_str(),
                    static_cast<unsigned long long>(info.nodes), info.seconds, info.nps(), pv_string(info.pv).c_str());
        std::fflush(stdout);
    };
    ProgressDisplay progress(opt.quiet);
    SearchResult r;
    {
        SearchHeartbeat status(progress, "search: " + std::to_string(pos.empty_count()) + " empties");
        r = engine.search(pos, limits, [&](const SearchInfo& info) {
            progress.above_status([&] { on_info(info); });
            status.step("depth " + depth_string(info) + " done, " + score_string(info.score));
        });
    }
    progress.finish();
    if (opt.json) {
        json.end_array();
        json.field("best_move", square_name(r.best_move)).field("score", r.score);
        json.key("result");
        write_info_json(json, r);
        json.field("stopped", r.stopped).end_object();
        std::printf("%s\n", json.str().c_str());
    } else {
        std::printf("bestmove %s score %s\n", square_name(r.best_move).c_str(), score_string(r.score).c_str());
    }
}

}  // namespace

void add_search(CLI::App& app) {
    auto opt = std::make_shared<SearchOptions>();
    CLI::App* sub = app.add_subcommand("search", "Search one position and print each iteration and the best move");
    sub->add_option("--position,-p", opt->position, "Position: 64 squares (X O -) and the side to move (default: start)");
    sub->add_option("--moves,-m", opt->moves, "Moves played from the position first, e.g. f5d6c3");
    // Range checks by CLI11, as in analyze: `--depth 0` reads the same in both.
    sub->add_option("--depth,-d", opt->depth, "Midgame depth in plies (1-60)")->check(CLI::Range(1, 60));
    sub->add_option("--time,-t", opt->time, "Seconds to think")->check(CLI::Range(0.001, 1e6));
    sub->add_option("--level,-l", opt->level, "Strength level 1-60 (default 12 without other limits)")
        ->check(CLI::Range(1, 60));
    sub->add_flag("--exact,-e", opt->exact, "Solve to the end for the exact disc difference");
    sub->add_flag("--wld", opt->wld, "Solve to the end for win/loss/draw only");
    sub->add_flag("--no-selectivity", opt->full_width, "Full-width midgame search (no ProbCut)");
    sub->add_flag("--json", opt->json, "Machine-readable output (one JSON document)");
    sub->add_option("--hash", opt->hash_mb, "Transposition table size in MB (default 64)");
    add_search_threads_option(sub, "--threads", opt->threads);
    sub->add_flag("--quiet,-q", opt->quiet, "No progress on stderr (the iterations still go to stdout)");
    sub->callback([opt] { run_search(*opt); });
}

}  // namespace outflank::cli
