// The long command-line jobs on SIGINT and SIGTERM (protocol/cli/cli_interrupt): they stop at a
// safe point, say what was kept, and exit 130 or 143 by themselves (not killed by the signal).
// `train data` and `train fit` are checked in tests/train; here `book build` and `match`.
#include <catch2/catch.hpp>

#include <csignal>
#include <filesystem>

#include "support/book_support.hpp"
#include "support/process_support.hpp"

using namespace outflank::test;
using Catch::Contains;

TEST_CASE("outflank book build: SIGTERM exits 143 and SIGINT 130, the state kept in .partial", "[interrupt_cli]") {
    TempDir dir("interrupt_book");
    const std::string games = write_openings(dir);
    for (const auto& [signal, code] : {std::pair{SIGTERM, 143}, std::pair{SIGINT, 130}}) {
        INFO("signal " << signal);
        const std::string name = "book" + std::to_string(signal);
        const std::string out = dir.file(name + ".book");
        // Depth 14 on 50-odd positions: long enough to be stopped part-way.
        ShellProcess run("'" OUTFLANK_BINARY "' book build --games '" + games + "' --plies 8 --min-games 1 --depth 14 --threads 1 --hash 4 --out '" + out + "'",
                         dir.file(name + ".out"), dir.file(name + ".err"));
        REQUIRE(run.wait_for_stderr("book build:", 120));
        run.signal(signal);
        CHECK(run.wait_exit(60) == code);
        CHECK_THAT(run.err(), Contains(signal == SIGTERM ? "stopped by SIGTERM" : "stopped by SIGINT") &&
                                  Contains("run the same command again"));
        CHECK(std::filesystem::exists(out + ".partial"));
        CHECK_FALSE(std::filesystem::exists(out));
    }
}

TEST_CASE("outflank match: SIGINT exits 130 and SIGTERM 143 after printing the summary", "[interrupt_cli]") {
    TempDir dir("interrupt_match");
    const std::string engine = "'" OUTFLANK_BINARY "' gtp --level 1 --book none";
    for (const auto& [signal, code] : {std::pair{SIGINT, 130}, std::pair{SIGTERM, 143}}) {
        INFO("signal " << signal);
        const std::string name = "match" + std::to_string(signal);
        ShellProcess run("'" OUTFLANK_BINARY "' match --engine1 \"" + engine + "\" --engine2 \"" + engine +
                             "\" --games 10000 --concurrency 1",
                         dir.file(name + ".out"), dir.file(name + ".err"));
        REQUIRE(run.wait_for_stderr("[1/10000]", 120));
        run.signal(signal);
        CHECK(run.wait_exit(60) == code);
        CHECK_THAT(run.err(), Contains("match: stopped by SIG"));
        CHECK_FALSE(run.out().empty());  // the summary of the games played
    }
}
