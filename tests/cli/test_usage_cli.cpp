// Usage errors through the binary: the project's `outflank: ...` format, exit code 2, nothing on
// stdout, and a suggestion for a misspelt option or subcommand.
#include <catch2/catch.hpp>

#include <chrono>

#include "cli/usage_error.hpp"
#include "support/file_io_support.hpp"

using namespace outflank::test;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

TEST_CASE("closest_name: typos within two edits, nothing for unrelated words", "[usage_cli]") {
    const std::vector<std::string> options = {"--depth", "--time", "--level", "--moves"};
    CHECK(outflank::cli::closest_name("--dpeth", options) == "--depth");
    CHECK(outflank::cli::closest_name("--tme", options) == "--time");
    CHECK(outflank::cli::closest_name("--colour", options).empty());
    CHECK(outflank::cli::closest_name("analyse", {"analyze", "board", "book"}) == "analyze");
    CHECK(outflank::cli::closest_name("xyz", {"analyze", "board", "book"}).empty());
}

TEST_CASE("usage errors: outflank: format, exit 2, a suggestion, nothing on stdout", "[usage_cli]") {
    BoundedRun r = run_outflank_bounded("search --moves f5 10 --dpeth 3");
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, StartsWith("outflank: the following arguments were not expected:"));
    CHECK_THAT(r.err, Contains("outflank: did you mean --depth?"));
    CHECK_THAT(r.err, Contains("outflank: see `outflank search --help`"));

    r = run_outflank_bounded("analyse game.txt");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Contains("outflank: did you mean analyze?"));

    r = run_outflank_bounded("search --depth abc");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, StartsWith("outflank: "));
    CHECK_THAT(r.err, !Contains("did you mean"));

    // Out-of-range numbers read the same in every command.
    const BoundedRun search_zero = run_outflank_bounded("search --depth 0");
    const BoundedRun analyze_zero = run_outflank_bounded("analyze --position \"" + std::string(64, '-') + " X\" --depth 0");
    CHECK(search_zero.exit_code == 2);
    CHECK(analyze_zero.exit_code == 2);
    CHECK_THAT(search_zero.err, StartsWith("outflank: --depth: Value 0 not in range 1 to 60"));
    CHECK_THAT(analyze_zero.err, StartsWith("outflank: --depth: Value 0 not in range 1 to 60"));

    // --help and --version are not errors.
    r = run_outflank_bounded("--version");
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, StartsWith("outflank "));
}

TEST_CASE("output paths are checked before the work starts", "[usage_cli]") {
    // A bad --svg used to cost the whole analysis first; now it is refused at once.
    const auto start = std::chrono::steady_clock::now();
    BoundedRun r = run_outflank_bounded("analyze e6f4e3f6g5d6e7f5c5 --depth 14 -q --svg /nonexistent/x.svg");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Contains("cannot write /nonexistent/x.svg: no such folder /nonexistent"));
    CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < 5);
    r = run_outflank_bounded("board --moves f5 --scores --depth 8 --svg /nonexistent/x.svg");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Contains("no such folder"));
    r = run_outflank_bounded("book build --games /nonexistent.wtb --out /nonexistent/b.book");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Contains("cannot write /nonexistent/b.book"));
}
