// Move generation against a plain square-by-square reference, the eight board symmetries, and the
// position hash. The reference walks the board one square at a time so it shares no trick (shift
// masks, pext tables, ray tables) with the code under test.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "core/game.hpp"
#include "core/movegen.hpp"
#include "core/notation.hpp"
#include "core/perft.hpp"
#include "core/position.hpp"
#include "support/rules_support.hpp"

using namespace outflank;
using outflank::test::Rng;
using outflank::test::squares_of;

namespace {

namespace reference {

bool on(Bitboard b, int file, int rank) { return (b >> (rank * 8 + file)) & 1; }

// The discs flipped by `player` moving on sq: walk each of the eight directions over opponent
// discs; the run flips if it is non-empty and ends on a player disc inside the board.
Bitboard flips(Square sq, Bitboard player, Bitboard opponent) {
    if (((player | opponent) >> sq) & 1) return 0;
    Bitboard all = 0;
    for (int df = -1; df <= 1; ++df) {
        for (int dr = -1; dr <= 1; ++dr) {
            if (df == 0 && dr == 0) continue;
            int f = file_of(sq) + df, r = rank_of(sq) + dr;
            Bitboard run = 0;
            while (f >= 0 && f < 8 && r >= 0 && r < 8 && on(opponent, f, r)) {
                run |= bit(r * 8 + f);
                f += df;
                r += dr;
            }
            if (run && f >= 0 && f < 8 && r >= 0 && r < 8 && on(player, f, r)) all |= run;
        }
    }
    return all;
}

Bitboard legal_moves(Bitboard player, Bitboard opponent) {
    Bitboard moves = 0;
    for (Square sq = 0; sq < 64; ++sq)
        if (flips(sq, player, opponent)) moves |= bit(sq);
    return moves;
}

}  // namespace reference

// Compares legal_moves, flips and flips_by_rays with the reference for both sides of `pos`; on a
// mismatch reports the position and returns false (so one bad case does not flood the output).
bool matches_reference(Bitboard player, Bitboard opponent) {
    const Position shown{player, opponent, Color::Black};
    const Bitboard expected_moves = reference::legal_moves(player, opponent);
    if (legal_moves(player, opponent) != expected_moves) {
        FAIL_CHECK("legal_moves differs on " << position_string(shown) << ": got " << legal_moves(player, opponent)
                                             << ", expected " << expected_moves);
        return false;
    }
    for (Square sq : squares(~(player | opponent))) {
        const Bitboard expected = reference::flips(sq, player, opponent);
        const Bitboard fast = flips(sq, player, opponent);
        const Bitboard rays = flips_by_rays(sq, player, opponent);
        if (fast != expected || rays != expected) {
            FAIL_CHECK("flips on " << square_name(sq) << " differ on " << position_string(shown) << ": flips "
                                   << fast << ", flips_by_rays " << rays << ", expected " << expected);
            return false;
        }
    }
    return true;
}

std::size_t sample_size(std::size_t full) { return outflank::test::sanitized() ? full / 10 : full; }

}  // namespace

// ---- Move generation -------------------------------------------------------------------------------

TEST_CASE("the reference itself: start position and the B W B W W [new B] line", "[movegen]") {
    const Position start = Position::start();
    CHECK(reference::legal_moves(start.player, start.opponent) == squares_of({"d3", "c4", "f5", "e6"}));
    const Position line = parse_position("XOXOO---" + std::string(56, '-') + " X");
    CHECK(reference::flips(parse_square("f1"), line.player, line.opponent) == squares_of({"d1", "e1"}));
}

TEST_CASE("legal_moves, flips and flips_by_rays match the reference on 100,000 positions of random play",
          "[movegen]") {
    const std::size_t count = sample_size(100000);
    const auto positions = outflank::test::random_play_positions(count, 20240601);
    std::size_t failures = 0;
    for (const Position& pos : positions) {
        // Both sides: the side not to move exercises other disc patterns and the pass logic.
        if (!matches_reference(pos.player, pos.opponent)) ++failures;
        if (!matches_reference(pos.opponent, pos.player)) ++failures;
        if (failures >= 10) break;
    }
    CHECK(failures == 0);
}

TEST_CASE("legal_moves and flips match the reference on random boards of every density", "[movegen]") {
    // Boards that no game reaches (full rows, lone discs, checkerboards) probe the edge masks.
    Rng rng(777);
    const std::size_t count = sample_size(100000);
    std::size_t failures = 0;
    for (std::size_t i = 0; i < count && failures < 10; ++i) {
        Bitboard occupied = 0;
        switch (i % 4) {  // about 25%, 50%, 75% and 87% of the squares occupied
            case 0: occupied = rng.next() & rng.next(); break;
            case 1: occupied = rng.next(); break;
            case 2: occupied = rng.next() | rng.next(); break;
            default: occupied = ~(rng.next() & rng.next() & rng.next()); break;
        }
        const Bitboard mine = occupied & rng.next();
        if (!matches_reference(mine, occupied & ~mine)) ++failures;
    }
    CHECK(failures == 0);
}

TEST_CASE("no line wraps around the edge of the board", "[movegen]") {
    // In bit order h1 is next to a2; a shift without a file mask would let g1 outflank h1
    // against a2.
    const Position pos = parse_position("-------O" "X-------" + std::string(48, '-') + " X");
    CHECK(pos.moves() == 0);
    CHECK(flips(parse_square("g1"), pos.player, pos.opponent) == 0);
    CHECK(flips_by_rays(parse_square("g1"), pos.player, pos.opponent) == 0);
    // The same along a diagonal: h2 then a4 in bit order (h2 = 15, +9 = 24 = a4).
    const Position diag = parse_position(std::string(8, '-') + "-------O" "--------" "X-------" +
                                         std::string(32, '-') + " X");
    CHECK(diag.moves() == 0);
    CHECK(flips(parse_square("g1"), diag.player, diag.opponent) == 0);
    CHECK(flips_by_rays(parse_square("g1"), diag.player, diag.opponent) == 0);
}

// ---- Symmetries ------------------------------------------------------------------------------------

namespace {

// An asymmetric board: its eight images are all different, so it tells the symmetries apart.
const Bitboard kAsymmetric = squares_of({"a1", "b1", "c1", "a2", "e5", "h3"});

int symmetry_of_composition(int first, int second) {
    const Bitboard image = apply_symmetry(apply_symmetry(kAsymmetric, first), second);
    for (int s = 0; s < kSymmetryCount; ++s)
        if (apply_symmetry(kAsymmetric, s) == image) return s;
    return -1;
}

}  // namespace

TEST_CASE("the eight symmetries are distinct and map corners to corners", "[symmetry]") {
    std::set<Bitboard> images;
    for (int s = 0; s < kSymmetryCount; ++s) {
        images.insert(apply_symmetry(kAsymmetric, s));
        CHECK(apply_symmetry(kCorners, s) == kCorners);
        CHECK(popcount(apply_symmetry(kAsymmetric, s)) == popcount(kAsymmetric));
    }
    CHECK(images.size() == 8);
    CHECK(apply_symmetry(Bitboard{0x0123456789ABCDEFULL}, 0) == 0x0123456789ABCDEFULL);
    // The three generators: 1 flips rows (a1 <-> a8), 2 mirrors columns (a1 <-> h1), 4 transposes.
    CHECK(apply_symmetry(parse_square("b1"), 1) == parse_square("b8"));
    CHECK(apply_symmetry(parse_square("b1"), 2) == parse_square("g1"));
    CHECK(apply_symmetry(parse_square("b1"), 4) == parse_square("a2"));
    CHECK(apply_symmetry(parse_square("c6"), 4) == parse_square("f3"));
}

TEST_CASE("the square and bitboard forms of each symmetry agree; pass and no-move are fixed", "[symmetry]") {
    for (int s = 0; s < kSymmetryCount; ++s) {
        for (Square sq = 0; sq < 64; ++sq) CHECK(bit(apply_symmetry(sq, s)) == apply_symmetry(bit(sq), s));
        CHECK(apply_symmetry(kPass, s) == kPass);
        CHECK(apply_symmetry(kNoMove, s) == kNoMove);
    }
}

TEST_CASE("the symmetries form a group: closed under composition, each with an inverse", "[symmetry]") {
    Rng rng(99);
    std::vector<Bitboard> boards{kAsymmetric, 0, ~Bitboard{0}};
    for (int i = 0; i < 200; ++i) boards.push_back(rng.next());
    for (int a = 0; a < kSymmetryCount; ++a) {
        int inverses = 0;
        for (int b = 0; b < kSymmetryCount; ++b) {
            const int c = symmetry_of_composition(a, b);
            REQUIRE(c >= 0);
            for (Bitboard x : boards)
                REQUIRE(apply_symmetry(apply_symmetry(x, a), b) == apply_symmetry(x, c));
            if (c == 0) ++inverses;
        }
        CHECK(inverses == 1);  // exactly one inverse in the set
    }
}

TEST_CASE("symmetries map legal moves to legal moves and flips to flips", "[symmetry]") {
    const auto positions = outflank::test::random_play_positions(sample_size(3000), 4242);
    std::size_t checked = 0;
    for (const Position& pos : positions) {
        for (int s = 0; s < kSymmetryCount; ++s) {
            const Position t = pos.transformed(s);
            REQUIRE(t.moves() == apply_symmetry(pos.moves(), s));
            REQUIRE(t.is_game_over() == pos.is_game_over());
            REQUIRE(t.final_score() == pos.final_score());
            for (Square sq : squares(pos.moves())) {
                const Square tsq = apply_symmetry(sq, s);
                REQUIRE(flips(tsq, t.player, t.opponent) == apply_symmetry(flips(sq, pos.player, pos.opponent), s));
                Position played = pos, played_t = t;
                played.play(sq);
                played_t.play(tsq);
                REQUIRE(played_t == played.transformed(s));
                ++checked;
            }
        }
    }
    CHECK(checked > 100000 / (outflank::test::sanitized() ? 10 : 1));
}

TEST_CASE("perft counts are the same under every symmetry", "[symmetry]") {
    std::vector<std::pair<Position, int>> cases{
        {Position::start(), 6},
        {Game::from_transcript("f5d6c3d3c4f4").position(), 6},
        {Game::from_transcript("f5f6e6f4e3c5c4e7").position(), 5},
    };
    // A late middle game from random play, where passes and finished games occur in the tree.
    const auto late = outflank::test::random_play_positions(48, 3);
    cases.emplace_back(late.back(), 6);
    for (const auto& [pos, depth] : cases) {
        const std::uint64_t expected = perft(pos, depth);
        for (int s = 1; s < kSymmetryCount; ++s) CHECK(perft(pos.transformed(s), depth) == expected);
    }
}

// ---- Hash ------------------------------------------------------------------------------------------

TEST_CASE("Position::hash is stable: books store it", "[symmetry]") {
    // A change to this value breaks every saved book: change it only with a book format bump.
    // The values were checked against the formula (two splitmix64 rounds) outside the engine.
    const Position start = Position::start();
    CHECK(start.hash() == 0x0F4EB147B0A9558EULL);
    CHECK(start.hash() == hash_discs(start.player, start.opponent));  // black to move: the bare disc hash
    const Position white_to_move{start.player, start.opponent, Color::White};
    CHECK(white_to_move.hash() == 0xD9A64FFFD6F0A81DULL);
}

TEST_CASE("Position::hash differs for different positions and for the side to move", "[symmetry]") {
    const Position start = Position::start();
    Position other_side = start;
    other_side.side = Color::White;
    std::swap(other_side.player, other_side.opponent);  // same discs, white to move
    CHECK(other_side.black() == start.black());
    CHECK(other_side.hash() != start.hash());
    Position swapped = start;
    swapped.side = Color::White;  // same player/opponent sets, other colour
    CHECK(swapped.hash() != start.hash());

    std::set<std::string> distinct;
    std::set<std::uint64_t> hashes;
    for (const Position& pos : outflank::test::random_play_positions(sample_size(50000), 8)) {
        if (distinct.insert(position_string(pos)).second) hashes.insert(pos.hash());
    }
    CHECK(hashes.size() == distinct.size());
    CHECK(distinct.size() > 1000);
}
