// `outflank analyze GAME | --position "<64> X" | --batch FILE [--depth D | --time S]
//                  [--exact-from E] [--exact] [--json | --csv] [--svg FILE] [--game N] [--threads N]
//                  [--shard K/N --output FILE]`
// Everything is checked and analysed before anything is printed: bad input leaves stdout empty.
// With --batch and --shard, the shard's JSON lines go to the shard file (core/shard.hpp), not
// stdout; `outflank merge` puts the shards back into the single run's output.
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "search/analysis.hpp"
#include "analysis/analysis_batch.hpp"
#include "analysis/analysis_format.hpp"
#include "cli/cli.hpp"
#include "cli/cli_shard.hpp"
#include "core/checksum.hpp"
#include "search/engine.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "analysis/game_input.hpp"
#include "core/notation.hpp"
#include "common/progress.hpp"
#include "analysis/svg_diagrams.hpp"

namespace outflank::cli {
namespace {

struct AnalyzeOptions {
    std::string game;
    std::string position;
    std::string batch;
    int game_number = 0;
    AnalysisSettings settings;
    bool exact = false;
    bool full_width = false;
    bool json = false;
    bool csv = false;
    std::string svg;
    int threads = 0;  // 0: a game or position: the CPUs this process may use; --batch: 2 engines
    int search_threads = 1;
    int hash_mb = 64;
    bool quiet = false;
    ShardOptions shard;
};

// The batch list from stdin, under the same cap as a list file (stdin may be /dev/zero too).
std::string read_stdin(std::size_t max_bytes) {
    std::string input;
    char buffer[1 << 16];
    while (std::cin.read(buffer, sizeof buffer) || std::cin.gcount() > 0) {
        input.append(buffer, static_cast<std::size_t>(std::cin.gcount()));
        if (input.size() > max_bytes)
            throw Error("analyze: stdin: too large (more than " + std::to_string(max_bytes) + " bytes)");
    }
    return input;
}

void print(const std::string& text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
}

void check_options(const AnalyzeOptions& opt) {
    const int sources = !opt.game.empty() + !opt.position.empty() + !opt.batch.empty();
    if (sources == 0) throw Error("analyze: give a GAME, --position \"<64> X\" or --batch FILE");
    if (sources > 1) throw Error("analyze: give only one of GAME, --position and --batch");
    if (!opt.batch.empty() && (opt.csv || !opt.svg.empty()))
        throw Error("analyze: --batch writes JSON Lines; --csv and --svg are for one game or position");
    if (opt.exact && !opt.game.empty()) throw Error("analyze: --exact is for positions; games use --exact-from E");
    if (opt.game_number != 0 && opt.game.empty()) throw Error("analyze: --game N goes with a GAME file");
    if (!opt.svg.empty()) check_writable(opt.svg);  // before the analysis, not after it
    if (!opt.shard.spec.empty() && opt.batch.empty()) throw Error("analyze: --shard goes with --batch FILE");
}

// What changes a line's analysis: the shards of one batch must all have been run with it. The
// engine count (--threads) is left out: each line is analysed by one engine from a fresh game, so
// it changes only the speed.
std::string batch_settings(const AnalyzeOptions& opt) {
    char time[32];
    std::snprintf(time, sizeof time, "%g", opt.settings.time);
    return "depth=" + std::to_string(opt.settings.depth) + " time=" + time +
           " exact_from=" + std::to_string(opt.settings.exact_from) + " exact=" + (opt.exact ? "1" : "0") +
           " selective=" + (opt.settings.selective ? "1" : "0") + " hash=" + std::to_string(opt.hash_mb) +
           " search_threads=" + std::to_string(opt.search_threads) + " " + evaluation_setting();
}

void analyze_one_game(const AnalyzeOptions& opt) {
    const LoadedGame loaded = load_game_with_players(opt.game, opt.game_number);
    const Game& game = loaded.game;
    Engine engine(static_cast<std::size_t>(opt.hash_mb), {}, opt.threads > 0 ? opt.threads : default_threads());
    ProgressDisplay line(opt.quiet);
    auto progress = [&](int done, int total) {
        line.update("analyze: " + std::to_string(done) + "/" + std::to_string(total) + " positions (from the end)");
    };
    const GameAnalysis analysis = analyze_game(engine, game, opt.settings, progress);
    line.finish();
    const std::string text = opt.json ? game_analysis_json(analysis)
                             : opt.csv ? game_analysis_csv(analysis)
                                       : game_analysis_table(analysis);
    if (!opt.svg.empty()) write_file_atomic(opt.svg, evaluation_graph_svg(analysis, loaded.players));
    print(text);
}

void analyze_one_position(const AnalyzeOptions& opt) {
    Position pos;
    try {
        pos = parse_position(opt.position);
    } catch (const Error& e) {
        throw Error(std::string("analyze: --position: ") + e.what());
    }
    Engine engine(static_cast<std::size_t>(opt.hash_mb), {}, opt.threads > 0 ? opt.threads : default_threads());
    ProgressDisplay line(opt.quiet);
    PositionAnalysis analysis;
    {
        // Scoring the moves reports nothing until all are done (an exact one can take minutes).
        SearchHeartbeat status(line, "analyze: scoring " + std::to_string(popcount(pos.moves())) + " moves");
        analysis = analyze_position(engine, pos, opt.settings, opt.exact);
    }
    line.finish();
    const std::string text = opt.json ? position_analysis_json(analysis)
                             : opt.csv ? position_analysis_csv(analysis)
                                       : position_analysis_table(analysis);
    if (!opt.svg.empty()) {
        BoardPicture picture;
        picture.position = pos;
        picture.scores = analysis.moves;
        write_file_atomic(opt.svg, board_svg(picture));
    }
    print(text);
}

void analyze_batch(const AnalyzeOptions& opt) {
    const std::optional<ShardSpec> shard = shard_spec(opt.shard, "analyze");
    std::string input;
    if (opt.batch == "-") {
        input = read_stdin(kMaxBatchListBytes);
    } else {
        input = read_file(opt.batch, kMaxBatchListBytes);
    }
    std::vector<BatchLine> lines = batch_lines(input);
    // Nothing to analyse is most likely the wrong file: say so rather than succeed with no output.
    if (lines.empty())
        throw Error("analyze: " + std::string(opt.batch == "-" ? "stdin" : opt.batch) +
                    ": no transcript or position to analyse (only blank or # lines)");
    BatchOptions options;
    options.settings = opt.settings;
    options.exact_positions = opt.exact;
    options.threads = opt.threads > 0 ? opt.threads : 2;
    options.search_threads = opt.search_threads;
    options.hash_mb = static_cast<std::size_t>(opt.hash_mb);
    ProgressDisplay line(opt.quiet);
    auto progress = [&](int done, int total, int errors) {
        line.update("analyze: " + std::to_string(done) + "/" + std::to_string(total) + " lines, " +
                    std::to_string(errors) + " errors");
    };
    // A shard's items are the analysable lines (blank and # lines skipped), numbered from 0.
    ShardFile file;
    std::vector<std::size_t> items;
    if (shard) {
        file.kind = "analyze";
        file.input = opt.batch == "-" ? "stdin" : opt.batch;
        file.input_checksum = fnv1a(input);
        file.spec = *shard;
        file.items = lines.size();
        file.settings = batch_settings(opt);
        items = shard_items(lines.size(), *shard);
        std::vector<BatchLine> mine;
        for (const std::size_t i : items) mine.push_back(std::move(lines[i]));
        lines = std::move(mine);
    }
    auto keep = [&](const std::string& json) {
        // run_batch emits in order, so the n-th result is the n-th item's; the newline ends the record.
        file.records.push_back({items[file.records.size()], json.substr(0, json.size() - 1)});
    };
    // Each result with the status line out of its way: on a terminal both share the screen.
    auto emit = [&](const std::string& text) { line.above_status([&] { print(text); }); };
    const BatchSummary summary = shard ? run_batch(lines, options, keep, progress) : run_batch(lines, options, emit, progress);
    if (shard) write_shard(opt.shard.output, file);
    auto count = [](int n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); };
    char rate[64];
    std::snprintf(rate, sizeof rate, " in %.2f s, %.2f lines/s, ", summary.seconds,
                  summary.seconds > 0 ? summary.lines / summary.seconds : 0.0);
    const std::string text = "analyze: " + count(summary.lines, "line", "lines") + " (" +
                             count(summary.errors, "error", "errors") + ")" + rate +
                             count(options.threads, "engine", "engines") + " of " +
                             count(options.search_threads, "thread", "threads") +
                             (shard ? "; " + shard_summary(file, opt.shard.output) : "");
    line.finish(text);
}

void run_analyze(AnalyzeOptions opt) {
    check_options(opt);
    opt.settings.selective = !opt.full_width;
    if (!opt.batch.empty()) analyze_batch(opt);
    else if (!opt.position.empty()) analyze_one_position(opt);
    else analyze_one_game(opt);
}

}  // namespace

void add_analyze(CLI::App& app) {
    auto opt = std::make_shared<AnalyzeOptions>();
    CLI::App* sub = app.add_subcommand(
        "analyze", "Analyse a game (every move's loss, mistakes, totals) or a position (every move's score)");
    sub->add_option("game", opt->game,
                    "A transcript (f5d6c3...), or a file: SGF, GGF, WTHOR .wtb (with --game N), or text with a transcript");
    sub->add_option("--position,-p", opt->position, "Score every legal move of this position: 64 squares and the side");
    sub->add_option("--batch,-b", opt->batch, "One transcript or position a line (- for stdin) -> JSON Lines");
    sub->add_option("--game,-g", opt->game_number, "The game number (1-based) in a WTHOR .wtb file or a GGF file of several games")
        ->check(CLI::Range(1, 100000000));
    CLI::Option* depth =
        sub->add_option("--depth,-d", opt->settings.depth, "Midgame depth per position (default 12)")->check(CLI::Range(1, 60));
    CLI::Option* time = sub->add_option("--time,-t", opt->settings.time,
                                        "Seconds per position instead of a depth (the played move gets as much again)")
                            ->check(CLI::Range(0.001, 1e6));
    depth->excludes(time);
    sub->add_option("--exact-from,-e", opt->settings.exact_from,
                    "Solve positions with at most E empties exactly (default 20, at most 40; 0 never)")
        ->check(CLI::Range(0, kMaxSolveEmpties));
    sub->add_flag("--exact", opt->exact, "Positions: solve every move exactly");
    sub->add_flag("--no-selectivity", opt->full_width, "Full-width midgame searches (no ProbCut)");
    CLI::Option* json = sub->add_flag("--json", opt->json, "One JSON document (schema in README.md, \"Analysis\")");
    CLI::Option* csv = sub->add_flag("--csv", opt->csv, "CSV: a header, then one row per move");
    json->excludes(csv);
    sub->add_option("--svg", opt->svg, "Also draw the evaluation graph (a game) or the scored board (a position)");
    sub->add_option("--threads", opt->threads,
                    "Search threads for a game or position (default: " + usable_cpus_text() +
                        "); with --batch: engines working in parallel (default 2)")
        ->check(CLI::Range(1, 64));
    add_search_threads_option(sub, "--search-threads", opt->search_threads, "Batch: threads per engine (default 1)");
    sub->add_option("--hash", opt->hash_mb, "Transposition table per engine in MB (default 64)")->check(CLI::Range(1, 16384));
    sub->add_flag("--quiet,-q", opt->quiet, "No progress on stderr");
    add_shard_options(sub, opt->shard);
    sub->callback([opt] { run_analyze(*opt); });
}

}  // namespace outflank::cli
