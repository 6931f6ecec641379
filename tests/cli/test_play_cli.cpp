// `outflank play`: the console game through the real binary, with scripted input: moves, passes
// when forced, undo, hint, level, bad input that changes nothing, and a game played to its result.
#include <catch2/catch.hpp>

#include <string>

#include "support/file_io_support.hpp"

using namespace outflank::test;
using Catch::Matchers::Contains;

namespace {

int count(const std::string& text, const std::string& needle) {
    int n = 0;
    for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("play: moves, hint, undo, level and bad input at the prompt", "[play_cli]") {
    const BoundedRun r = run_outflank_bounded("play --level 2 --threads 1 --book none",
                                              "f5\nhint\nzz\nh8\npass\nlevel 0\nlevel 3\nundo\nundo\nundo\nd3\nquit\n", 60);
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Contains("you play black (X) at level 2"));
    CHECK(count(r.out, "outflank plays ") == 2);  // after f5, and after d3
    CHECK_THAT(r.out, Contains("hint: "));
    CHECK_THAT(r.out, Contains("? unknown command: zz (type help)"));
    CHECK_THAT(r.out, Contains("? h8 is not a legal move here"));
    CHECK_THAT(r.out, Contains("? you have a move: pass only when you have none"));
    CHECK_THAT(r.out, Contains("? level: give a number from 1 to 60"));
    CHECK_THAT(r.out, Contains("level 3"));
    CHECK_THAT(r.out, Contains("? nothing to undo"));  // the second undo: back at the start already
    CHECK_THAT(r.out, Contains("black (X) 2, white (O) 2, 60 empty; black (X) to move"));
}

TEST_CASE("play: a whole game to its result, passes typed when forced; white lets outflank open", "[play_cli]") {
    // Every square in order and a pass, many times over: each turn the first legal one is played,
    // the rest are refused with the game unchanged.
    std::string input;
    for (int turn = 0; turn < 40; ++turn) {
        for (char row = '1'; row <= '8'; ++row)
            for (char col = 'a'; col <= 'h'; ++col) input += std::string{col, row} + "\n";
        input += "pass\n";
    }
    input += "quit\n";
    const BoundedRun r = run_outflank_bounded("play --color white --level 1 --threads 1 --book none", input, 120);
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Contains("you play white (O)"));
    CHECK_THAT(r.out, Contains("Game over: "));
    CHECK_THAT(r.out, Contains("? the game is over: new, undo or quit"));
}

TEST_CASE("play: the end of the input ends the session", "[play_cli]") {
    const BoundedRun r = run_outflank_bounded("play --threads 1 --book none", "", 20);
    CHECK(r.exit_code == 0);
    const BoundedRun bad = run_outflank_bounded("play --color red", "", 20);
    CHECK(bad.exit_code == 2);
}
