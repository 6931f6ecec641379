// One test (or more) for every rule of shared/RULES.md, on hand-made positions. Boards are written
// row by row from row 1 (top) to row 8, a1 top-left, so each literal reads like the board itself.
#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "core/game.hpp"
#include "core/notation.hpp"
#include "core/position.hpp"
#include "support/rules_support.hpp"

using namespace outflank;
using outflank::test::squares_of;

namespace {

// The pieces of the position after black plays sq, as black/white bitboards.
Position after(Position pos, std::string_view sq) {
    pos.play(parse_square(sq));
    return pos;
}

// A board ending 40-20 with 4 empties (a1 b1 a2 b2) that neither side can move on: every line
// from the empties runs through black discs to the edge, so nothing can be outflanked.
const char* const kBlocked40to20 =
    "--XXXXXX"
    "--XXXXXX"
    "XXXXOOOO"
    "XXXXXOOO"
    "XXOXXXOO"
    "XXOOXXXO"
    "XXOOOXXX"
    "XXOOOOXX";

}  // namespace

// ---- Board and start -----------------------------------------------------------------------------

TEST_CASE("a1 is the top-left corner and h8 the bottom-right one, rows counted downwards", "[rules]") {
    CHECK(parse_square("a1") == 0);
    CHECK(parse_square("h1") == 7);
    CHECK(parse_square("a2") == 8);
    CHECK(parse_square("a8") == 56);
    CHECK(parse_square("h8") == 63);
    // The diagram's first printed row is row 1, and its first square is a1.
    const Position pos = parse_position(std::string("X") + std::string(62, '-') + "O X");
    const std::string diagram = board_diagram(pos, false);
    CHECK(diagram.rfind("  a b c d e f g h\n1 X . . . . . . . 1\n", 0) == 0);
    CHECK(diagram.find("8 . . . . . . . O 8\n") != std::string::npos);
}

TEST_CASE("start position: white on d4 and e5, black on d5 and e4, black to move", "[rules]") {
    const Position pos = Position::start();
    CHECK(pos.side == Color::Black);
    CHECK(pos.black() == squares_of({"d5", "e4"}));
    CHECK(pos.white() == squares_of({"d4", "e5"}));
    CHECK(position_string(pos) ==
          "---------------------------OX------XO--------------------------- X");
    CHECK(Game().position() == pos);
}

TEST_CASE("black's first moves are exactly d3, c4, f5 and e6", "[rules]") {
    const Position pos = Position::start();
    CHECK(pos.moves() == squares_of({"d3", "c4", "f5", "e6"}));
    // And each flips exactly the one white disc between it and a black one.
    CHECK(flips(parse_square("d3"), pos.player, pos.opponent) == squares_of({"d4"}));
    CHECK(flips(parse_square("c4"), pos.player, pos.opponent) == squares_of({"d4"}));
    CHECK(flips(parse_square("f5"), pos.player, pos.opponent) == squares_of({"e5"}));
    CHECK(flips(parse_square("e6"), pos.player, pos.opponent) == squares_of({"e5"}));
}

TEST_CASE("after f5 white answers with d6, f4 or f6", "[rules]") {
    const Position pos = after(Position::start(), "f5");
    CHECK(pos.side == Color::White);
    CHECK(pos.black() == squares_of({"d5", "e4", "e5", "f5"}));
    CHECK(pos.white() == squares_of({"d4"}));
    CHECK(pos.moves() == squares_of({"d6", "f4", "f6"}));
}

TEST_CASE("a side has no disc limit: black may go past 32 discs and fill the board", "[rules]") {
    Position pos = parse_position(std::string(56, 'X') + "XXXXXXO- X");
    REQUIRE(popcount(pos.black()) == 62);
    REQUIRE(pos.is_legal(parse_square("h8")));
    pos.play(parse_square("h8"));
    CHECK(popcount(pos.black()) == 64);
    CHECK(pos.white() == 0);
    CHECK(pos.is_game_over());
    CHECK(pos.final_score_black() == 64);
}

// ---- A move ----------------------------------------------------------------------------------------

TEST_CASE("a move puts one disc of the mover's colour on an empty square", "[rules]") {
    Game game;
    game.play(parse_square("f5"));
    const Position& pos = game.position();
    CHECK((pos.black() & squares_of({"f5"})) != 0);
    CHECK(pos.disc_count() == 5);
    CHECK(pos.empty_count() == 59);
}

TEST_CASE("a move flips in all eight directions at once", "[rules]") {
    const Position pos = parse_position(
        "--------"
        "-X-X-X--"
        "--OOO---"
        "-XO-OX--"
        "--OOO---"
        "-X-X-X--"
        "--------"
        "-------- X");
    const Square d4 = parse_square("d4");
    const Bitboard ring = squares_of({"c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"});
    CHECK(pos.is_legal(d4));
    CHECK(flips(d4, pos.player, pos.opponent) == ring);
    CHECK(flips_by_rays(d4, pos.player, pos.opponent) == ring);
    const Position next = after(pos, "d4");
    CHECK(next.white() == 0);
    CHECK(next.black() == (pos.black() | ring | bit(d4)));
}

TEST_CASE("every outflanked line flips, long runs included; the mover cannot choose", "[rules]") {
    // h1 outflanks b1-g1 (to a1), h2-h7 (to h8) and g2-f3 (to e4): all fourteen discs flip.
    const Position pos = parse_position(
        "XOOOOOO-"
        "------OO"
        "-----O-O"
        "----X--O"
        "-------O"
        "-------O"
        "-------O"
        "-------X X");
    const Square h1 = parse_square("h1");
    const Bitboard expected = squares_of({"b1", "c1", "d1", "e1", "f1", "g1", "h2", "h3", "h4", "h5", "h6",
                                          "h7", "g2", "f3"});
    CHECK(flips(h1, pos.player, pos.opponent) == expected);
    Game game(pos);
    game.play(h1);
    CHECK(game.position().white() == 0);
    CHECK(popcount(game.position().black()) == 3 + 14 + 1);
}

TEST_CASE("a line never jumps over the mover's own disc: in B W B W W [new B] two discs flip", "[rules]") {
    const Position pos = parse_position("XOXOO---" + std::string(56, '-') + " X");
    const Square f1 = parse_square("f1");
    CHECK(flips(f1, pos.player, pos.opponent) == squares_of({"d1", "e1"}));
    const Position next = after(pos, "f1");
    CHECK(next.black() == squares_of({"a1", "c1", "d1", "e1", "f1"}));
    CHECK(next.white() == squares_of({"b1"}));
}

TEST_CASE("no chain reaction: a flipped disc does not flip further lines", "[rules]") {
    // a1 flips b1; b1 would then outflank b2 against b3, but only lines from a1 flip.
    const Position pos = parse_position(
        "-OX-----"
        "-O------"
        "-X------"
        "--------"
        "--------"
        "--------"
        "--------"
        "-------- X");
    CHECK(flips(parse_square("a1"), pos.player, pos.opponent) == squares_of({"b1"}));
    const Position next = after(pos, "a1");
    CHECK(next.white() == squares_of({"b2"}));
}

TEST_CASE("a move must outflank: adjacent to an opponent disc is not enough", "[rules]") {
    SECTION("the run ends in an empty square") {
        const Position pos = parse_position("-O-X----" + std::string(56, '-') + " X");
        CHECK_FALSE(pos.is_legal(parse_square("a1")));
        CHECK(flips(parse_square("a1"), pos.player, pos.opponent) == 0);
        // Nor c1: its run (b1) ends in the empty a1, and the black d1 is on its other side.
        CHECK(pos.moves() == 0);
    }
    SECTION("the run ends at the edge of the board") {
        const Position pos = parse_position("O-------" "X-------" + std::string(48, '-') + " O");
        // White to move: b1 touches a2, but the run a2 ends at the edge; a3 closes a2 against a1.
        CHECK_FALSE(pos.is_legal(parse_square("b1")));
        CHECK(pos.moves() == squares_of({"a3"}));
        const Position black_to_move = parse_position("O-------" "X-------" + std::string(48, '-') + " X");
        CHECK(black_to_move.moves() == 0);  // beyond a1 is the edge: nothing to close the run
    }
    SECTION("a disc of one's own colour next to the square outflanks nothing") {
        const Position pos = parse_position("-XO-----" + std::string(56, '-') + " X");
        CHECK_FALSE(pos.is_legal(parse_square("a1")));
        CHECK(pos.moves() == squares_of({"d1"}));  // from the other side c1 is outflanked
    }
    SECTION("the Game refuses such a move and changes nothing") {
        Game game;
        CHECK_FALSE(game.is_legal(parse_square("d6")));
        CHECK_THROWS_WITH(game.play(parse_square("d6")), "illegal move: d6");
        CHECK(game.position() == Position::start());
        CHECK(game.moves().empty());
    }
}

TEST_CASE("a move on an occupied square is illegal", "[rules]") {
    Game game;
    for (const char* sq : {"d4", "e5", "d5", "e4"}) {
        CHECK_FALSE(game.is_legal(parse_square(sq)));
        CHECK_FALSE(game.position().is_legal(parse_square(sq)));
        CHECK_THROWS_AS(game.play(parse_square(sq)), Error);
    }
    CHECK(game.moves().empty());
    CHECK((legal_moves(game.position().player, game.position().opponent) & game.position().black()) == 0);
}

TEST_CASE("a disc, once placed, never moves: squares only change colour", "[rules]") {
    int checked = 0;
    for (const Position& pos : outflank::test::random_play_positions(5000, 11)) {
        for (Square sq : squares(pos.moves())) {
            Position next = pos;
            next.play(sq);
            // Occupied squares stay occupied; the mover's discs stay the mover's.
            REQUIRE((next.player | next.opponent) == (pos.player | pos.opponent | bit(sq)));
            REQUIRE((pos.player & next.opponent) == pos.player);
            ++checked;
        }
    }
    CHECK(checked > 20000);
}

// ---- Passing and the end of the game ---------------------------------------------------------------

TEST_CASE("a player without a legal move must pass, and the opponent moves again", "[rules]") {
    // Black (c1, a3) can outflank nothing; white has d1 and a4.
    const Position pos = parse_position(
        "OOX-----"
        "O-------"
        "X-------" + std::string(40, '-') + " X");
    REQUIRE(pos.moves() == 0);
    CHECK(pos.must_pass());
    CHECK_FALSE(pos.is_game_over());
    Game game(pos);
    CHECK(game.is_legal(kPass));
    CHECK_FALSE(game.is_legal(parse_square("d1")));  // white's move, not black's
    game.play(kPass);
    CHECK(game.position().side == Color::White);
    CHECK(game.position().black() == pos.black());
    CHECK(game.position().white() == pos.white());
    CHECK(game.position().moves() == squares_of({"d1", "a4"}));
    game.play(parse_square("a4"));
    // Black again has nothing, white still has d1: black passes a second time.
    CHECK(game.position().must_pass());
    CHECK(game.moves() == std::vector<Square>{kPass, parse_square("a4")});

    SECTION("records leave the pass out; it is implied") {
        Game implied(pos);
        implied.play_with_implied_pass(parse_square("d1"));
        CHECK(implied.moves() == std::vector<Square>{kPass, parse_square("d1")});
        Game as_white(pos);
        as_white.play_as(Color::White, parse_square("d1"));
        CHECK(as_white.moves() == implied.moves());
        CHECK(Game::from_transcript("d1", pos).moves() == implied.moves());
        CHECK(Game::from_transcript("PA d1", pos).moves() == implied.moves());
    }
}

TEST_CASE("a player with a legal move may not pass", "[rules]") {
    Game game;
    game.play(parse_square("f5"));
    const Position before = game.position();
    CHECK_FALSE(game.is_legal(kPass));
    CHECK_THROWS_WITH(game.play(kPass), Catch::Contains("pass is only allowed when there is no legal move"));
    CHECK(game.position() == before);
    CHECK(game.moves() == std::vector<Square>{parse_square("f5")});
    CHECK_THROWS_AS(Game::from_transcript("f5 pass"), Error);
    CHECK_THROWS_AS(game.play_as(Color::Black, parse_square("d3")), Error);  // white's turn, white can move
    CHECK(game.position() == before);
}

TEST_CASE("the game ends when neither side can move, even with empty squares", "[rules]") {
    SECTION("one colour wiped out: the shortest game, nine moves, 13-0") {
        const Game game = Game::from_transcript("f5d6c5f4e3f6g5e6e7");
        CHECK(game.is_over());
        CHECK(game.position().white() == 0);
        CHECK(popcount(game.position().black()) == 13);
        CHECK(game.position().empty_count() == 51);
        CHECK_FALSE(game.is_legal(kPass));  // a finished game has no pass either
        CHECK(game.final_score_black() == 64);
    }
    SECTION("a blocked position: both colours on the board, 4 empties, no move for anyone") {
        const Position pos = parse_position(std::string(kBlocked40to20) + " X");
        CHECK(pos.moves() == 0);
        CHECK(legal_moves(pos.opponent, pos.player) == 0);
        CHECK(pos.is_game_over());
        CHECK_FALSE(pos.must_pass());
        Game game(pos);
        CHECK(game.is_over());
        CHECK_FALSE(game.is_legal(kPass));
        CHECK_THROWS_AS(game.play(kPass), Error);
    }
    SECTION("two lone discs far apart") {
        const Position pos = parse_position(std::string("X") + std::string(62, '-') + "O O");
        CHECK(pos.is_game_over());
    }
    SECTION("a full board") {
        const Position pos = parse_position(std::string(32, 'X') + std::string(32, 'O') + " O");
        CHECK(pos.is_game_over());
        CHECK(pos.empty_count() == 0);
    }
}

// ---- Score -------------------------------------------------------------------------------------------

TEST_CASE("WOF scoring: empties go to the winner (40-20 with 4 empties is 44-20, +24)", "[rules]") {
    const Position black_to_move = parse_position(std::string(kBlocked40to20) + " X");
    const Position white_to_move = parse_position(std::string(kBlocked40to20) + " O");
    REQUIRE(popcount(black_to_move.black()) == 40);
    REQUIRE(popcount(black_to_move.white()) == 20);
    REQUIRE(black_to_move.empty_count() == 4);
    CHECK(black_to_move.final_score() == 24);
    CHECK(black_to_move.final_score_black() == 24);
    CHECK(white_to_move.final_score() == -24);  // the side to move's point of view
    CHECK(white_to_move.final_score_black() == 24);
    CHECK(final_score(black_to_move.player, black_to_move.opponent) == 24);
    CHECK(Game(black_to_move).final_score_black() == 24);
}

TEST_CASE("WOF scoring: a white win counts the empties for white", "[rules]") {
    std::string swapped = kBlocked40to20;
    for (char& c : swapped) c = c == 'X' ? 'O' : c == 'O' ? 'X' : c;
    const Position pos = parse_position(swapped + " X");
    CHECK(pos.is_game_over());
    CHECK(pos.final_score_black() == -24);
    CHECK(pos.final_score() == -24);
    CHECK(parse_position(swapped + " O").final_score() == 24);
}

TEST_CASE("WOF scoring: a draw stays a draw, with or without empties", "[rules]") {
    CHECK(parse_position(std::string("X") + std::string(62, '-') + "O X").final_score_black() == 0);
    CHECK(parse_position(std::string(32, 'X') + std::string(32, 'O') + " X").final_score_black() == 0);
    CHECK(final_score(squares_of({"a1", "b1"}), squares_of({"h8", "g8"})) == 0);
}

TEST_CASE("scoring without empties is the plain disc difference", "[rules]") {
    const Position pos = parse_position(std::string(40, 'X') + std::string(24, 'O') + " O");
    CHECK(pos.final_score_black() == 16);
    CHECK(pos.final_score() == -16);
}

// ---- Notation ------------------------------------------------------------------------------------------

TEST_CASE("squares are a column a-h and a row 1-8, in either case", "[rules]") {
    CHECK(parse_square("d3") == 19);
    CHECK(parse_square("D3") == 19);
    CHECK(square_name(19) == "d3");
    CHECK(square_name(19, true) == "D3");
    for (Square sq = 0; sq < 64; ++sq) {
        CHECK(parse_square(square_name(sq)) == sq);
        CHECK(parse_square(square_name(sq, true)) == sq);
    }
}

TEST_CASE("bad squares give a message that says what is wrong", "[rules]") {
    CHECK_THROWS_WITH(parse_square("e9"), "\"e9\": row must be 1-8");
    CHECK_THROWS_WITH(parse_square("e0"), "\"e0\": row must be 1-8");
    CHECK_THROWS_WITH(parse_square("i1"), "\"i1\": column must be a-h");
    CHECK_THROWS_WITH(parse_square("d"), Catch::Contains("a square is a column a-h and a row 1-8"));
    CHECK_THROWS_WITH(parse_square("d33"), Catch::Contains("\"d33\""));
    CHECK_THROWS_AS(parse_square(""), Error);
    CHECK_THROWS_AS(parse_move("3d"), Error);
}

TEST_CASE("a pass is written pass, PA or ps, in any case", "[rules]") {
    for (const char* text : {"pass", "PASS", "Pass", "PA", "pa", "Pa", "ps", "PS"}) {
        CAPTURE(text);
        CHECK(parse_move(text) == kPass);
    }
    CHECK(parse_move("d3") == 19);
    CHECK(square_name(kPass) == "pass");
    CHECK(square_name(kPass, true) == "PA");
    CHECK_THROWS_AS(parse_move("pas"), Error);
}

TEST_CASE("positions: 64 characters a1..h8 with X/* black, O white, -/. empty, then the side", "[rules]") {
    const Position start = Position::start();
    const std::string dashes = "---------------------------OX------XO--------------------------- X";
    CHECK(parse_position(dashes) == start);
    CHECK(parse_position("...........................O*......*O........................... X") == start);
    CHECK(parse_position("---------------------------ox------xo---------------------------\tx") == start);
    CHECK(parse_position("  " + dashes + "\n") == start);
    const Position white = parse_position("---------------------------OX------XO--------------------------- O");
    CHECK(white.side == Color::White);
    CHECK(white.black() == start.black());
    CHECK(parse_position("---------------------------OX------XO--------------------------- W") == white);
    CHECK(parse_position("---------------------------OX------XO--------------------------- B") == start);
    CHECK(position_string(start) == dashes);
    CHECK(position_string(white).back() == 'O');
    for (const Position& pos : outflank::test::random_play_positions(300, 5))
        CHECK(parse_position(position_string(pos)) == pos);
}

TEST_CASE("bad positions are refused with a clear message", "[rules]") {
    CHECK_THROWS_WITH(parse_position(std::string(63, '-')), Catch::Contains("63 characters; expected 64"));
    CHECK_THROWS_WITH(parse_position(std::string(64, '-')), Catch::Contains("side to move (X or O) is missing"));
    CHECK_THROWS_WITH(parse_position(std::string(64, '-') + " Z"), Catch::Contains("side to move is 'Z'"));
    CHECK_THROWS_WITH(parse_position(std::string(64, '-') + " X extra"), Catch::Contains("unexpected text"));
    CHECK_THROWS_WITH(parse_position("---Q" + std::string(60, '-') + " X"), Catch::Contains("square d1 is 'Q'"));
}

TEST_CASE("transcripts: moves concatenated, passes implied or written", "[rules]") {
    const std::vector<Square> moves = parse_transcript("f5d6c3d3c4f4");
    CHECK(moves.size() == 6);
    CHECK(moves.front() == parse_square("f5"));
    CHECK(moves.back() == parse_square("f4"));
    CHECK(parse_transcript("F5 D6 c3") == std::vector<Square>{37, 43, 18});
    CHECK(parse_transcript("f5PAd6passc3ps") == std::vector<Square>{37, kPass, 43, kPass, 18, kPass});
    CHECK(parse_transcript("").empty());
    CHECK(transcript_string(moves) == "f5d6c3d3c4f4");
    CHECK(transcript_string({37, kPass, 43}) == "f5d6");
    CHECK(transcript_string({37, kPass, 43}, true) == "f5PAd6");
    CHECK_THROWS_WITH(parse_transcript("f5d6c"), Catch::Contains("incomplete move \"c\""));
    CHECK_THROWS_WITH(parse_transcript("f5d9"), "transcript: move 2: \"d9\": row must be 1-8");

    const Game game = Game::from_transcript("f5d6c3d3c4f4");
    CHECK(game.transcript() == "f5d6c3d3c4f4");
    CHECK(game.moves().size() == 6);
    CHECK_THROWS_WITH(Game::from_transcript("f5d6a1"), "transcript: move 3 (a1) is illegal");
}
