// Perft against the published counts (shared/data/perft/PERFT.md) and against a plain recursive
// counter, with the convention spelled out: a forced pass is a ply; a finished game is one leaf.
#include <catch2/catch.hpp>

#include "core/game.hpp"
#include "core/notation.hpp"
#include "core/perft.hpp"
#include "core/position.hpp"
#include "support/rules_support.hpp"

using namespace outflank;

namespace {

// Published leaf counts from the start position, index = depth.
constexpr std::uint64_t kStartPerft[] = {1,         4,          12,          56,           244,
                                         1396,      8200,       55092,       390216,       3005288,
                                         24571284,  212258800,  1939886636,  18429641748ULL};

// The convention written out with no shortcut (no bulk counting at the last plies, no pass flag):
// what perft() must agree with.
std::uint64_t plain_perft(const Position& pos, int depth) {
    if (depth == 0 || pos.is_game_over()) return 1;
    if (pos.must_pass()) {
        Position next = pos;
        next.pass();
        return plain_perft(next, depth - 1);
    }
    std::uint64_t total = 0;
    for (Square sq : squares(pos.moves())) {
        Position next = pos;
        next.play(sq);
        total += plain_perft(next, depth - 1);
    }
    return total;
}

std::uint64_t divide_total(const Position& pos, int depth) {
    std::uint64_t total = 0;
    for (const DivideEntry& e : perft_divide(pos, depth)) total += e.leaves;
    return total;
}

// Black (c1, a3) has no move; white has d1 and a4, after either of which black must pass again.
const Position kForcedPass = parse_position(
    "OOX-----"
    "O-------"
    "X-------" + std::string(40, '-') + " X");

}  // namespace

TEST_CASE("perft from the start position, depths 1-9", "[perft]") {
    CHECK(perft(Position::start(), 0) == 1);
    for (int d = 1; d <= 9; ++d) {
        CAPTURE(d);
        CHECK(perft(Position::start(), d) == kStartPerft[d]);
    }
}

TEST_CASE("perft from the start position, depths 10-11", "[.][slow]") {
    for (int d = 10; d <= 11; ++d) {
        CAPTURE(d);
        CHECK(perft(Position::start(), d) == kStartPerft[d]);
    }
}

TEST_CASE("perft_divide lists the legal moves and its counts add up to perft", "[perft]") {
    const Position start = Position::start();
    for (int d = 1; d <= 7; ++d) {
        CAPTURE(d);
        CHECK(divide_total(start, d) == perft(start, d));
    }
    const std::vector<DivideEntry> entries = perft_divide(start, 3);
    REQUIRE(entries.size() == 4);
    for (const DivideEntry& e : entries) CHECK(e.leaves == 14);  // the four first moves are symmetric
    CHECK(perft_divide(start, 0).empty());

    const auto positions = outflank::test::random_play_positions(400, 17);
    for (std::size_t i = 0; i < positions.size(); i += 7) {
        const Position& pos = positions[i];
        CAPTURE(position_string(pos));
        const int depth = 1 + static_cast<int>(i % 4);
        if (!pos.is_game_over()) CHECK(divide_total(pos, depth) == perft(pos, depth));
        std::vector<Square> moves;
        for (const DivideEntry& e : perft_divide(pos, depth)) moves.push_back(e.move);
        if (pos.must_pass()) {
            CHECK(moves == std::vector<Square>{kPass});
        } else {
            Bitboard listed = 0;
            for (Square sq : moves) listed |= bit(sq);
            CHECK(listed == pos.moves());
            CHECK(moves.size() == static_cast<std::size_t>(popcount(pos.moves())));
        }
    }
}

TEST_CASE("perft counts a forced pass as a ply", "[perft]") {
    const Position& pos = kForcedPass;
    REQUIRE(pos.must_pass());
    // 1: the pass. 2: pass d1, pass a4. 3: each followed by black's second forced pass.
    // 4: white's other move; black then has no disc left in either line, so the game is over and
    // each line stays one leaf at any greater depth.
    CHECK(perft(pos, 1) == 1);
    CHECK(perft(pos, 2) == 2);
    CHECK(perft(pos, 3) == 2);
    CHECK(perft(pos, 4) == 2);
    CHECK(perft(pos, 5) == 2);
    CHECK(perft(pos, 12) == 2);
    const std::vector<DivideEntry> entries = perft_divide(pos, 3);
    REQUIRE(entries.size() == 1);
    CHECK(entries[0].move == kPass);
    CHECK(entries[0].leaves == 2);
    for (int d = 1; d <= 6; ++d) CHECK(perft(pos, d) == plain_perft(pos, d));
}

TEST_CASE("perft counts a finished game as one leaf", "[perft]") {
    SECTION("finished at the root") {
        const Game wiped = Game::from_transcript("f5d6c5f4e3f6g5e6e7");
        REQUIRE(wiped.is_over());
        for (int d = 1; d <= 5; ++d) CHECK(perft(wiped.position(), d) == 1);
        CHECK(perft_divide(wiped.position(), 3).empty());
        const Position blocked = parse_position(std::string("X") + std::string(62, '-') + "O X");
        CHECK(perft(blocked, 4) == 1);
        CHECK(perft_divide(blocked, 4).empty());
    }
    SECTION("finished inside the tree, before the depth") {
        // One move from the shortest game's end: e7 wipes white out; the other moves go on.
        const Position pos = Game::from_transcript("f5d6c5f4e3f6g5e6").position();
        REQUIRE(pos.is_legal(parse_square("e7")));
        REQUIRE(popcount(pos.moves()) > 1);
        CHECK(perft(pos, 1) == static_cast<std::uint64_t>(popcount(pos.moves())));
        for (int d = 2; d <= 6; ++d) {
            CAPTURE(d);
            for (const DivideEntry& e : perft_divide(pos, d))
                if (e.move == parse_square("e7")) CHECK(e.leaves == 1);
            CHECK(perft(pos, d) == plain_perft(pos, d));
        }
    }
}

TEST_CASE("perft agrees with the plain counter where games end and passes occur", "[perft]") {
    // Late positions of random games: few empties, so the tree runs past the end of the game.
    const auto positions = outflank::test::random_play_positions(6000, 23);
    int checked = 0;
    for (const Position& pos : positions) {
        if (pos.empty_count() > 9 || pos.empty_count() < 2) continue;
        const int depth = pos.empty_count() + 2;  // past the last empty: passes and ends certain
        CAPTURE(position_string(pos), depth);
        CHECK(perft(pos, depth) == plain_perft(pos, depth));
        if (++checked >= (outflank::test::sanitized() ? 20 : 120)) break;
    }
    CHECK(checked >= 20);
}
