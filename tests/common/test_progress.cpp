// The one progress display of long jobs (protocol/common/progress): which look where (a terminal
// rewrites a line; a log, a pipe or TERM=dumb gets whole lines; -q nothing), the pace of lines in a
// log, the heartbeat of silent steps; then through the binary: -q silences every command that
// shows progress, stdout stays clean, GTP's outflank-solve keeps its status off the protocol's
// stdout, and a terminal (a pseudo-terminal made by `script`) sees "\r" only when TERM allows it.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "common/progress.hpp"
#include "support/file_io_support.hpp"

using namespace outflank;
using namespace std::chrono_literals;
using outflank::test::run_outflank_bounded;
using outflank::test::run_program_bounded;

namespace {

struct Lines {
    std::mutex mutex;
    std::vector<std::string> lines;
    ProgressDisplay::LineWriter writer() {
        return [this](const std::string& text) {
            std::lock_guard lock(mutex);
            lines.push_back(text);
        };
    }
    std::vector<std::string> snapshot() {
        std::lock_guard lock(mutex);
        return lines;
    }
};

// FFO #41 (22 empties): its exact solve is the slow last step of a search (about a second).
const std::string kEndgame = "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X";

}  // namespace

TEST_CASE("progress: the look follows the terminal, TERM and -q", "[progress]") {
    CHECK(progress_style_for(true, true, "xterm") == ProgressStyle::Quiet);
    CHECK(progress_style_for(true, false, nullptr) == ProgressStyle::Quiet);
    CHECK(progress_style_for(false, true, "xterm-256color") == ProgressStyle::Rewrite);
    CHECK(progress_style_for(false, true, "dumb") == ProgressStyle::Lines);
    CHECK(progress_style_for(false, true, nullptr) == ProgressStyle::Lines);
    CHECK(progress_style_for(false, true, "") == ProgressStyle::Lines);
    CHECK(progress_style_for(false, false, "xterm") == ProgressStyle::Lines);
    // Rewriting needs a terminal: a line writer never gets "\r" whatever it is asked for.
    Lines sink;
    ProgressDisplay p(ProgressStyle::Rewrite, sink.writer());
    CHECK(p.style() == ProgressStyle::Lines);
}

TEST_CASE("progress: lines in a log come at a steady pace; lines that matter always come", "[progress]") {
    Lines sink;
    {
        ProgressDisplay p(ProgressStyle::Lines, sink.writer(), 1s);
        p.update("first");  // at once: the log says what started
        p.update("too soon");
        p.line("stage 1 done");  // always
        std::this_thread::sleep_for(1100ms);
        p.update("later");
        p.finish("all done");
    }
    CHECK(sink.snapshot() == std::vector<std::string>{"first", "stage 1 done", "later", "all done"});

    Lines quiet;
    ProgressDisplay q(ProgressStyle::Quiet, quiet.writer());
    q.update("x");
    q.line("y");
    q.finish("z");
    CHECK(quiet.snapshot().empty());
}

TEST_CASE("progress: a heartbeat shows the time of a step that reports nothing", "[progress]") {
    Lines sink;
    {
        ProgressDisplay p(ProgressStyle::Lines, sink.writer(), 0ms);
        SearchHeartbeat status(p, "solving");
        status.step("depth 3 done, +2");
        // One beat comes after a second; a loaded machine may take longer to run its thread.
        const auto start = std::chrono::steady_clock::now();
        while (sink.snapshot().size() < 3 && std::chrono::steady_clock::now() - start < 10s)
            std::this_thread::sleep_for(50ms);
    }
    const auto lines = sink.snapshot();
    REQUIRE(lines.size() >= 3);
    CHECK(lines[0] == "solving...");
    CHECK(lines[1] == "solving: depth 3 done, +2, 0s so far");
    CHECK(lines[2].starts_with("solving: depth 3 done, +2, "));
    CHECK(lines[2].ends_with("s so far"));
    CHECK(lines[2] != lines[1]);  // the time has moved on

    // The heartbeat stops when destroyed, at once (not after its interval).
    const auto start = std::chrono::steady_clock::now();
    { Heartbeat beat(10s, [](double) {}); }
    CHECK(std::chrono::steady_clock::now() - start < 1s);
}

TEST_CASE("progress: the hash table's allocation on a log ends with 100%", "[progress]") {
    Lines sink;
    const AllocationProgress progress = allocation_progress(sink.writer(), 1024);
    for (int i = 0; i <= 100; ++i) progress(i / 100.0);
    const auto lines = sink.snapshot();
    // The start, then only the end (one more only if the machine stalled for a second between).
    REQUIRE(lines.size() >= 2);
    CHECK(lines.size() <= 3);
    CHECK(lines.front() == "outflank: clearing the 1024 MB hash table: 0%");
    CHECK(lines.back() == "outflank: clearing the 1024 MB hash table: 100%");
}

TEST_CASE("progress: -q silences stderr of every command that shows progress; stdout stays clean", "[progress]") {
    const std::vector<std::string> commands = {
        "search --position '" + kEndgame + "' --exact --threads 1 -q",
        "search --depth 4 --threads 1 -q",
        "board --moves f5 --scores --depth 2 -q",
        "analyze f5d6c3 --depth 2 -q",
        "bench --depth 2 -q",
    };
    for (const std::string& command : commands) {
        INFO(command);
        const auto r = run_outflank_bounded(command, {}, 60);
        CHECK(r.exit_code == 0);
        CHECK(r.err.empty());
        CHECK(r.out.find('\r') == std::string::npos);
    }
    // Without -q, into a file: whole lines, no "\r"; the results only on stdout.
    const auto r = run_outflank_bounded("search --position '" + kEndgame + "' --exact --threads 1", {}, 60);
    CHECK(r.exit_code == 0);
    CHECK(r.err.starts_with("search: 22 empties..."));
    CHECK(r.err.find('\r') == std::string::npos);
    CHECK(r.out.find("search:") == std::string::npos);
    CHECK(r.out.find("bestmove h4 score 0") != std::string::npos);
}

TEST_CASE("progress: GTP outflank-solve reports on stderr, never in its answers", "[progress]") {
    const auto r = run_outflank_bounded("gtp --threads 1", "outflank-position " + kEndgame + "\noutflank-solve\n", 60);
    CHECK(r.exit_code == 0);
    CHECK(r.out == "= \n\n= H4 0\n\n");
    CHECK(r.err.find("outflank-solve: 22 empties...") != std::string::npos);
    CHECK(r.err.find("info depth exact 22 score 0") != std::string::npos);
    // -q: nothing on stderr at all.
    const auto quiet = run_outflank_bounded("gtp --threads 1 -q", "outflank-position " + kEndgame + "\noutflank-solve\n", 60);
    CHECK(quiet.out == r.out);
    CHECK(quiet.err.empty());
}

TEST_CASE("progress: a terminal sees the line rewritten, unless TERM=dumb", "[progress]") {
    if (std::system("script --version > /dev/null 2>&1") != 0) {
        WARN("skipped: no `script` (util-linux) to make a pseudo-terminal");
        return;
    }
    // `script` runs the command on a pseudo-terminal and copies what it shows to stdout.
    const std::string command = "'" OUTFLANK_BINARY "' search --position '" + kEndgame + "' --exact --threads 1";
    auto on_terminal = [&](const std::string& term) {
        return run_program_bounded("env TERM=" + term, "script", "-qec \"" + command + "\" /dev/null", {}, 60);
    };
    const auto xterm = on_terminal("xterm");
    CHECK(xterm.out.find("\rsearch: 22 empties") != std::string::npos);
    const auto dumb = on_terminal("dumb");
    CHECK(dumb.out.find("search: 22 empties...") != std::string::npos);
    CHECK(dumb.out.find("\rsearch") == std::string::npos);
}
