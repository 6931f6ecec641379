// `outflank solve` end to end: rows, the summary, progress on stderr, and the exit codes for a
// wrong score (1) and for a malformed line or a missing file (2, naming the place); and the
// ProbCut data (`tune probcut-data`, `tune endcut-data`) that scripts/fit-probcut reads.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/analyze_support.hpp"

using outflank::test::BinaryRun;
using outflank::test::run_outflank;

namespace {

// FFO #1 (14 empties, G8 +18) and #3 (14 empties, D1 +2) with their listed best moves only.
const std::string kFfo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;";
const std::string kFfo3 = "----OX----OOXX---OOOXX-XOOXXOOOOOXXOXXOOOXXXOOOOOXXXXOXO--OOOOOX X; D1:+2;";

struct TempObf {
    std::filesystem::path path;
    explicit TempObf(const std::string& name, const std::string& text)
        : path(std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()) + ".obf")) {
        std::ofstream(path) << text;
    }
    ~TempObf() { std::filesystem::remove(path); }
    std::string arg() const { return "'" + path.string() + "'"; }
};

int count_lines(const std::string& text, const std::string& needle) {
    std::istringstream in(text);
    int n = 0;
    for (std::string line; std::getline(in, line);) n += line.find(needle) != std::string::npos;
    return n;
}

}  // namespace

TEST_CASE("solve: one row per position, a summary, progress steps with --verbose", "[solve_cli]") {
    TempObf file("outflank-solve-ok", "% two FFO positions\n" + kFfo1 + "\n" + kFfo3 + "\n");
    const BinaryRun r = run_outflank("solve " + file.arg() + " --verbose");
    INFO(r.out << r.err);
    CHECK(r.exit_code == 0);
    CHECK(count_lines(r.out, " OK ") == 3);  // two rows and the summary
    CHECK(r.out.find("   1  14    g8    +18") != std::string::npos);
    CHECK(r.out.find("   2  14    d1     +2") != std::string::npos);
    CHECK(count_lines(r.err, "exact") == 2);  // --verbose: the final step of each solve

    const BinaryRun one = run_outflank("solve " + file.arg() + " --numbers 2 --wld");
    CHECK(one.exit_code == 0);
    CHECK(one.out.find("   2  14    d1     +1") != std::string::npos);
    CHECK(count_lines(one.out, " OK ") == 2);
}

TEST_CASE("solve: a wrong expected score exits 1, bad input exits 2 and names the place", "[solve_cli]") {
    TempObf wrong("outflank-solve-wrong", kFfo1.substr(0, kFfo1.find("+18")) + "+16;\n");
    BinaryRun r = run_outflank("solve " + wrong.arg());
    CHECK(r.exit_code == 1);
    CHECK(r.out.find("WRONG") != std::string::npos);

    TempObf malformed("outflank-solve-bad", kFfo1 + "\n" + "XXO X; A1:+3;\n");
    r = run_outflank("solve " + malformed.arg());
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("line 2") != std::string::npos);
    CHECK(r.err.find("outflank: solve: " + malformed.path.string() + ": line 2: ") != std::string::npos);  // the file, then the line

    r = run_outflank("solve /nonexistent/outflank.obf");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("/nonexistent/outflank.obf") != std::string::npos);

    TempObf ok("outflank-solve-range", kFfo1 + "\n");
    r = run_outflank("solve " + ok.arg() + " --numbers 3-x");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("--numbers") != std::string::npos);
}

TEST_CASE("tune endcut-data: shallow scores against the solver's exact score, as CSV", "[solve_cli]") {
    const std::string wthor = std::string(OUTFLANK_SHARED_DATA) + "/wthor/WTH_2022.wtb";
    if (!std::filesystem::exists(wthor)) {
        WARN("WTHOR data not found: test skipped");
        return;
    }
    const BinaryRun r = run_outflank("tune endcut-data --games '" + wthor +
                                     "' --positions 3 --depth 2 --min-empties 10 --max-empties 12 --seed 5");
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    std::istringstream in(r.out);
    std::string line;
    std::getline(in, line);
    CHECK(line == "empties,shallow,shallow_score,exact_score,exact_nodes,exact_seconds");
    int rows = 0;
    while (std::getline(in, line)) {
        int empties = 0, shallow = 0, shallow_score = 0, exact = 0;
        REQUIRE(std::sscanf(line.c_str(), "%d,%d,%d,%d", &empties, &shallow, &shallow_score, &exact) == 4);
        CHECK((empties >= 10 && empties <= 12));
        CHECK(shallow == rows % 2 + 1);  // depths 1 and 2 for each position
        CHECK((exact >= -64 && exact <= 64));
        ++rows;
    }
    CHECK(rows == 6);

    CHECK(run_outflank("tune endcut-data --games '" + wthor + "' --depth 12 --min-empties 10").exit_code == 2);
    CHECK(run_outflank("tune endcut-data --games '" + wthor + "' --min-empties 20 --max-empties 14").exit_code == 2);
}

TEST_CASE("tune probcut-data: shallow/deep pairs from depth 2 (the static evaluation) up, as CSV", "[solve_cli]") {
    const std::string wthor = std::string(OUTFLANK_SHARED_DATA) + "/wthor/WTH_2022.wtb";
    if (!std::filesystem::exists(wthor)) {
        WARN("WTHOR data not found: test skipped");
        return;
    }
    const BinaryRun r = run_outflank("tune probcut-data --games '" + wthor + "' --positions 4 --depth 4 --seed 3");
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    std::istringstream in(r.out);
    std::string line;
    std::getline(in, line);
    CHECK(line == "empties,depth,shallow,shallow_score,deep_score");
    int rows = 0, nonzero_static = 0;
    int depth2_deep = 0;
    while (std::getline(in, line)) {
        int empties = 0, depth = 0, shallow = 0, shallow_score = 0, deep = 0;
        REQUIRE(std::sscanf(line.c_str(), "%d,%d,%d,%d,%d", &empties, &depth, &shallow, &shallow_score, &deep) == 5);
        CHECK(depth == rows % 3 + 2);  // depths 2, 3 and 4 for each position
        CHECK(shallow == (depth == 2 ? 0 : depth == 3 ? 1 : 2));
        CHECK((shallow_score >= -64 && shallow_score <= 64 && deep >= -64 && deep <= 64));
        if (depth == 2) {
            depth2_deep = deep;
            if (shallow_score != 0) ++nonzero_static;  // the evaluation is there, not a placeholder
        }
        if (depth == 4) CHECK(shallow_score == depth2_deep);  // both are the depth-2 search's score
        ++rows;
    }
    CHECK(rows == 12);
    CHECK(nonzero_static > 0);
}
