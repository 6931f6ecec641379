// `outflank solve FILE.obf [--wld] [--threads N] [--hash MB] [--numbers A-B] [--verbose]`
// Solves every position of an OBF file with the exact endgame solver and checks the result
// against the file's scores: the endgame benchmark (FFO #40-#59) and a correctness check.
// Exit code 1 if any result is wrong, 2 for an unreadable file, a malformed line, or nothing to
// solve (no positions, or none numbered as --numbers asks).
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli.hpp"
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
    std::vector<ObfProblem> problems;
    try {
        problems = read_obf(opt.file);
    } catch (const Error& e) {
        // Name the file before its line: "solve: FILE: line 3: ..." (read_obf says only the line).
        // (File errors already name it: `cannot read FILE: ...`, as in every command.)
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

    Engine engine(static_cast<std::size_t>(opt.hash_mb), {}, opt.threads);
    Limits limits;
    limits.exact = !opt.wld;
    limits.wld = opt.wld;

    std::printf("%4s %3s %5s %6s %8s %6s %14s %9s %12s\n", "#", "emp", "move", "score", "expected", "result",
                "nodes", "seconds", "nodes/s");
    std::fflush(stdout);
    std::uint64_t total_nodes = 0;
    double total_seconds = 0;
    int solved = 0, wrong = 0;
    // One for all positions: into a log, a line every few seconds however many positions pass.
    ProgressDisplay progress(opt.quiet);
    for (const ObfProblem& p : problems) {
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

        int expected = p.expected;
        if (opt.wld) expected = expected > 0 ? 1 : expected < 0 ? -1 : 0;
        bool ok = true;
        if (p.has_expected) {
            ok = r.score == expected;
            // A best move must be one the file lists with the best score (WLD: any winning move
            // of a win is fine, so only the score is checked there).
            if (!opt.wld && p.best_moves && (r.best_move >= 64 || !(p.best_moves & bit(r.best_move)))) ok = false;
        }
        wrong += !ok;
        ++solved;
        total_nodes += r.nodes;
        total_seconds += r.seconds;
        const std::string expected_text = p.has_expected ? std::to_string(expected) : "-";
        std::printf("%4d %3d %5s %+6d %8s %6s %14llu %9.3f %12.0f\n", p.number, p.pos.empty_count(),
                    square_name(r.best_move).c_str(), r.score, expected_text.c_str(),
                    p.has_expected ? (ok ? "OK" : "WRONG") : "-", static_cast<unsigned long long>(r.nodes), r.seconds,
                    r.nps());
        std::fflush(stdout);
    }
    std::printf("%4s %3d %5s %6s %8s %6s %14llu %9.3f %12.0f\n", "all", solved, "", "", "",
                wrong ? "WRONG" : "OK", static_cast<unsigned long long>(total_nodes), total_seconds,
                total_seconds > 0 ? total_nodes / total_seconds : 0.0);
    if (wrong) {
        std::fprintf(stderr, "solve: %d of %d positions wrong\n", wrong, solved);
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
    sub->callback([opt] { run_solve(*opt); });
}

}  // namespace outflank::cli
