// `outflank solve FILE.obf [--wld] [--threads N] [--hash MB] [--numbers A-B] [--verbose]
//                         [--shard K/N --output FILE]`
// Solves every position of an OBF file with the exact endgame solver and checks the result
// against the file's scores: the endgame benchmark (FFO #40-#59) and a correctness check.
// Exit code 1 if any result is wrong, 2 for an unreadable file, a malformed line, or nothing to
// solve (no positions, or none numbered as --numbers asks). With --shard, the shard's rows go to
// the shard file and stdout stays empty; `outflank merge` prints the table and gives the verdict.
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli.hpp"
#include "cli/cli_shard.hpp"
#include "cli/solve_table.hpp"
#include "core/checksum.hpp"
#include "core/file_io.hpp"
#include "search/engine.hpp"
#include "core/error.hpp"
#include "core/notation.hpp"
#include "records/obf.hpp"
#include "common/progress.hpp"
#include "common/search_format.hpp"

namespace outflank::cli {
namespace {

struct SolveOptions {
    std::string file;
    bool wld = false;
    int threads = default_threads();
    int hash_mb = 256;
    std::string numbers;  // "A-B": only the positions numbered A..B
    bool verbose = false; // every search step as a line on stderr
    bool quiet = false;   // no progress on stderr
    ShardOptions shard;
};

// "#45 (24 empties): 24@73% +6, 17.5 M nodes, 0.8 s": one search step of a solve, for stderr.
std::string step_text(const ObfProblem& p, const SearchInfo& info) {
    char counts[64];
    std::snprintf(counts, sizeof counts, ", %.1f M nodes, %.1f s", info.nodes / 1e6, info.seconds);
    return "#" + std::to_string(p.number) + " (" + std::to_string(p.pos.empty_count()) + " empties): " +
           depth_string(info) + " " + score_string(info.score) + counts;
}

void run_solve(const SolveOptions& opt) {
    if (opt.hash_mb < 1 || opt.hash_mb > 65536) throw Error("solve: --hash must be 1-65536 MB");
    int first = 0, last = 1 << 30;
    if (!opt.numbers.empty()) {
        if (!parse_number_range(opt.numbers, first, last))
            throw Error("solve: --numbers must be A or A-B, not " + opt.numbers);
    }
    const std::optional<ShardSpec> shard = shard_spec(opt.shard, "solve");
    // Read once: a shard's checksum is of the very bytes it solved.
    const std::string text = read_file(opt.file, kMaxObfFileBytes);
    std::vector<ObfProblem> problems;
    try {
        problems = parse_obf(text, opt.file);
    } catch (const Error& e) {
        // Name the file before its line: "solve: FILE: line 3: ..." (parse_obf says only the line).
        const std::string what = e.what();
        if (what.find(opt.file) == std::string::npos) throw Error("solve: " + opt.file + ": " + what);
        throw;
    }
    // Nothing to solve is bad input (an empty file, or --numbers outside the file), not a pass:
    // checked before the header so that stdout stays empty.
    if (problems.empty()) throw Error("solve: " + opt.file + ": no positions in the file");
    const int file_first = problems.front().number, file_last = problems.back().number;
    std::erase_if(problems, [&](const ObfProblem& p) { return p.number < first || p.number > last; });
    if (problems.empty())
        throw Error("solve: --numbers " + opt.numbers + " selects no position of " + opt.file + " (it holds " +
                    std::to_string(file_first) + "-" + std::to_string(file_last) + ")");

    // The items a shard numbers are the positions left after --numbers, in file order.
    std::vector<std::size_t> items(problems.size());
    for (std::size_t i = 0; i < items.size(); ++i) items[i] = i;
    if (shard) items = shard_items(problems.size(), *shard);

    Engine engine(static_cast<std::size_t>(opt.hash_mb), {}, opt.threads);
    Limits limits;
    limits.exact = !opt.wld;
    limits.wld = opt.wld;

    if (!shard) {
        std::fputs(solve_table_header().c_str(), stdout);
        std::fflush(stdout);
    }
    std::vector<SolveRow> rows;
    // One for all positions: into a log, a line every few seconds however many positions pass.
    ProgressDisplay progress(opt.quiet);
    for (const std::size_t item : items) {
        const ObfProblem& p = problems[item];
        engine.new_game();  // each position from scratch: reproducible node counts
        SearchResult r;
        {
            // The exact step at the end reports only when it is done: the heartbeat shows the
            // time running meanwhile.
            SearchHeartbeat status(progress, "solving #" + std::to_string(p.number) + " (" +
                                                 std::to_string(p.pos.empty_count()) + " empties)");
            r = engine.search(p.pos, limits, [&](const SearchInfo& info) {
                if (opt.verbose) progress.line(step_text(p, info));
                else status.step(depth_string(info) + " " + score_string(info.score));
            });
        }
        progress.finish();  // before the row: on a terminal stdout and stderr share the screen

        SolveRow row;
        row.number = p.number;
        row.empties = p.pos.empty_count();
        row.move = r.best_move;
        row.score = r.score;
        row.has_expected = p.has_expected;
        row.expected = opt.wld ? (p.expected > 0 ? 1 : p.expected < 0 ? -1 : 0) : p.expected;
        if (p.has_expected) {
            row.ok = r.score == row.expected;
            // A best move must be one the file lists with the best score (WLD: any winning move
            // of a win is fine, so only the score is checked there).
            if (!opt.wld && p.best_moves && (r.best_move >= 64 || !(p.best_moves & bit(r.best_move)))) row.ok = false;
        }
        row.nodes = r.nodes;
        row.seconds = r.seconds;
        rows.push_back(row);
        if (!shard) {
            std::fputs(solve_table_row(row).c_str(), stdout);
            std::fflush(stdout);
        }
    }
    const int wrong = solve_wrong_count(rows);
    if (shard) {
        ShardFile file;
        file.kind = "solve";
        file.input = opt.file;
        file.input_checksum = fnv1a(text);
        file.spec = *shard;
        file.items = problems.size();
        // What changes the rows' scores and verdicts: the node counts and times may differ
        // between shards run with other --threads or --hash, as they do between single runs.
        file.settings = std::string("wld=") + (opt.wld ? "1" : "0") + " numbers=" +
                        (opt.numbers.empty() ? "all" : opt.numbers) + " " + evaluation_setting();
        for (std::size_t i = 0; i < rows.size(); ++i) file.records.push_back({items[i], solve_record(rows[i])});
        write_shard(opt.shard.output, file);
        if (!opt.quiet)
            std::fprintf(stderr, "solve: %s, %d wrong\n", shard_summary(file, opt.shard.output).c_str(), wrong);
        return;  // the verdict is the merge's
    }
    std::fputs(solve_table_total(rows).c_str(), stdout);
    if (wrong) {
        std::fprintf(stderr, "solve: %d of %d positions wrong\n", wrong, static_cast<int>(rows.size()));
        exit_code = 1;
    }
}

}  // namespace

void add_solve(CLI::App& app) {
    auto opt = std::make_shared<SolveOptions>();
    CLI::App* sub = app.add_subcommand("solve", "Solve the positions of an OBF file exactly and check the scores");
    sub->add_option("file", opt->file, "OBF file: one position a line, \"<64 squares> <side>; MOVE:SCORE; ...\"")
        ->required();
    sub->add_flag("--wld", opt->wld, "Solve for win/loss/draw only (scores -1, 0, +1)");
    add_search_threads_option(sub, "--threads,-t", opt->threads);
    sub->add_option("--hash", opt->hash_mb, "Transposition table size in MB (default 256)");
    sub->add_option("--numbers,-n", opt->numbers, "Only the positions numbered A-B (FFO files number from their first)");
    sub->add_flag("--quiet,-q", opt->quiet, "No progress on stderr (the table still goes to stdout)");
    sub->add_flag("--verbose,-v", opt->verbose, "Print every search step (midgame, selective, exact) on stderr");
    add_shard_options(sub, opt->shard);
    sub->callback([opt] { run_solve(*opt); });
}

}  // namespace outflank::cli
