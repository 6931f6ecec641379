// GTP game commands: play (with Quarry's implied passes), undo, showboard, final_score, board and
// game selection, the clock commands' syntax, the GoGui rules extension and the position
// extensions. None of these searches.
#include <catch2/catch.hpp>

#include "gtp/gtp_session.hpp"
#include "gtp/random_games.hpp"
#include "core/notation.hpp"
#include "common/search_format.hpp"

using namespace outflank;
using namespace outflank::test;

namespace {

// 40 black, 20 white, 4 empties (a1 b1 a2 b2) where neither side can move: B+24 under WOF.
const std::string kOver40To20 =
    "--XXXXXX--XXXXXXXXXXOOOOXXXXXOOOXXOXXXOOXXOOXXXOXXOOOXXXXXOOOOXX X";

void replay_without_passes(GtpSession& s, const Game& g, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
        const Square m = g.moves()[i];
        if (m == kPass) continue;
        const Color mover = g.position_at(i).side;
        REQUIRE(s.send("play " + color_word(mover) + " " + square_name(m, true)) == "= \n\n");
    }
}

}  // namespace

TEST_CASE("play accepts colours and squares in any case", "[gtp]") {
    GtpSession s;
    CHECK(s.send("play b d3") == "= \n\n");
    CHECK(s.send("play WHITE C3") == "= \n\n");
    CHECK(s.send("play Black c4") == "= \n\n");
    CHECK(s.send("1 play W e3") == "=1 \n\n");
    CHECK(s.game().transcript() == "d3c3c4e3");
}

TEST_CASE("a malformed or illegal play leaves the game exactly as it was", "[gtp]") {
    GtpSession s;
    REQUIRE(s.send("play b d3") == "= \n\n");
    const Position before = s.game().position();
    const auto moves_before = s.game().moves();
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"play", "? syntax error\n\n"},
        {"play w", "? syntax error\n\n"},
        {"play w c3 c5", "? syntax error\n\n"},
        {"play x c3", "? syntax error\n\n"},
        {"play w z9", "? syntax error\n\n"},
        {"play w c", "? syntax error\n\n"},
        {"play w c33", "? syntax error\n\n"},
        {"2 play w i1", "?2 syntax error\n\n"},
        {"play w a1", "? illegal move\n\n"},      // empty but flips nothing
        {"play w d3", "? illegal move\n\n"},      // occupied
        {"play b e6", "? illegal move\n\n"},      // not black's turn, and white can move
        {"play w pass", "? illegal move\n\n"},    // white has moves
        {"play b pass", "? illegal move\n\n"},    // not black's turn
        {"3 play w h8", "?3 illegal move\n\n"},
    };
    for (const auto& [command, answer] : cases) {
        INFO(command);
        CHECK(s.send(command) == answer);
        CHECK(s.game().position() == before);
        CHECK(s.game().moves() == moves_before);
        CHECK(s.gtp.action_sizes().size() == 1);
    }
}

TEST_CASE("Quarry-style play across a forced pass: the same colour twice, the pass implied", "[gtp]") {
    for (Color passer : {Color::Black, Color::White}) {
        const Game g = random_game_with_pass(passer);
        const std::size_t p = first_pass(g, passer);
        GtpSession s;
        replay_without_passes(s, g, p);
        REQUIRE(s.game().position() == g.position_at(p));
        REQUIRE(s.game().position().must_pass());

        // The colour that must pass cannot play; a pass by the other colour is illegal too.
        CHECK(s.send("play " + color_word(passer) + " " + square_name(lowest_square(legal_moves(
                                                        g.position_at(p).opponent, g.position_at(p).player)), true)) ==
              "? illegal move\n\n");
        CHECK(s.send("play " + color_word(~passer) + " pass") == "? illegal move\n\n");

        // The other colour plays again: the pass is recorded, and one undo takes back both.
        const Square next = g.moves()[p + 1];
        REQUIRE(next != kPass);
        CHECK(s.send("play " + color_word(~passer) + " " + square_name(next, true)) == "= \n\n");
        CHECK(s.game().moves().size() == p + 2);
        CHECK(s.game().moves()[p] == kPass);
        CHECK(s.game().position() == g.position_at(p + 2));
        CHECK(s.send("undo") == "= \n\n");
        CHECK(s.game().position() == g.position_at(p));
        CHECK(s.game().moves().size() == p);

        // An explicit pass is accepted from the side that must pass, and undone on its own.
        CHECK(s.send("play " + color_word(passer) + " PASS") == "= \n\n");
        CHECK(s.game().position() == g.position_at(p + 1));
        CHECK(s.send("undo") == "= \n\n");
        CHECK(s.game().position() == g.position_at(p));
    }
}

TEST_CASE("undo goes back to the start any number of times, then cannot undo", "[gtp]") {
    const Game g = random_game(7);
    GtpSession s;
    replay_without_passes(s, g, g.moves().size());
    REQUIRE(s.game().is_over());
    const std::size_t actions = s.gtp.action_sizes().size();
    for (std::size_t i = 0; i < actions; ++i) REQUIRE(s.send("undo") == "= \n\n");
    CHECK(s.game().position() == Position::start());
    CHECK(s.game().moves().empty());
    CHECK(s.send("undo") == "? cannot undo\n\n");
    CHECK(s.send("4 undo") == "?4 cannot undo\n\n");
}

TEST_CASE("final_score: WOF scoring at the end, cannot score before", "[gtp]") {
    GtpSession s;
    CHECK(s.send("final_score") == "? cannot score\n\n");
    CHECK(s.send("5 final_score") == "?5 cannot score\n\n");
    REQUIRE(s.send("outflank-position " + kOver40To20) == "= \n\n");
    REQUIRE(s.game().is_over());
    CHECK(s.send("final_score") == "= B+24\n\n");
    CHECK(s.send("6 final_score") == "=6 B+24\n\n");
    CHECK(s.send("gogui-rules_final_result") == "= B+24\n\n");

    std::string swapped = kOver40To20;
    for (char& c : swapped) c = c == 'X' ? 'O' : c == 'O' ? 'X' : c;
    REQUIRE(s.send("outflank-position " + swapped) == "= \n\n");
    CHECK(s.send("final_score") == "= W+24\n\n");

    std::string draw;
    for (int r = 0; r < 8; ++r) draw += r % 2 ? "OOOOOOOO" : "XXXXXXXX";
    REQUIRE(s.send("outflank-position " + draw + " O") == "= \n\n");
    CHECK(s.send("final_score") == "= 0\n\n");

    // A whole random game agrees with the rules core's score.
    const Game g = random_game(11);
    REQUIRE(s.send("clear_board") == "= \n\n");
    replay_without_passes(s, g, g.moves().size());
    CHECK(s.ok("final_score") == final_score_string(g.final_score_black()));
}

TEST_CASE("play and genmove after the end of the game: passes only", "[gtp]") {
    GtpSession s;
    REQUIRE(s.send("outflank-position " + kOver40To20) == "= \n\n");
    CHECK(s.send("play w pass") == "= \n\n");
    CHECK(s.send("play b pass") == "= \n\n");
    CHECK(s.send("play b a1") == "? illegal move\n\n");
    CHECK(s.send("genmove b") == "= pass\n\n");
    CHECK(s.send("genmove white") == "= pass\n\n");
    CHECK(s.send("reg_genmove white") == "= pass\n\n");
    CHECK(s.game().moves().empty());
}

TEST_CASE("showboard: coordinates, discs, legal moves, side to move, counts, move number, last move", "[gtp]") {
    GtpSession s;
    CHECK(s.send("showboard") ==
          "= \n"
          "  a b c d e f g h\n"
          "1 . . . . . . . . 1\n"
          "2 . . . . . . . . 2\n"
          "3 . . . * . . . . 3\n"
          "4 . . * O X . . . 4\n"
          "5 . . . X O * . . 5\n"
          "6 . . . . * . . . 6\n"
          "7 . . . . . . . . 7\n"
          "8 . . . . . . . . 8\n"
          "  a b c d e f g h\n"
          "Black (X) to move\n"
          "Black (X) 2 discs, White (O) 2 discs\n"
          "Move 1, last move: none\n\n");
    REQUIRE(s.send("play b f5") == "= \n\n");
    CHECK(s.send("1 showboard") ==
          "=1 \n"
          "  a b c d e f g h\n"
          "1 . . . . . . . . 1\n"
          "2 . . . . . . . . 2\n"
          "3 . . . . . . . . 3\n"
          "4 . . . O X * . . 4\n"
          "5 . . . X X X . . 5\n"
          "6 . . . * . * . . 6\n"
          "7 . . . . . . . . 7\n"
          "8 . . . . . . . . 8\n"
          "  a b c d e f g h\n"
          "White (O) to move\n"
          "Black (X) 4 discs, White (O) 1 discs\n"
          "Move 2, last move: F5\n\n");
    REQUIRE(s.send("outflank-position " + kOver40To20) == "= \n\n");
    CHECK(s.ok("showboard").find("Game over: B+24\nBlack (X) 40 discs, White (O) 20 discs\n") != std::string::npos);
}

TEST_CASE("boardsize, clear_board, komi, list_games, set_game", "[gtp]") {
    GtpSession s;
    REQUIRE(s.send("play b d3") == "= \n\n");
    CHECK(s.send("boardsize 8") == "= \n\n");
    CHECK(s.game().moves().empty());
    CHECK(s.send("boardsize 19") == "? unacceptable size\n\n");
    CHECK(s.send("1 boardsize 6") == "?1 unacceptable size\n\n");
    CHECK(s.send("boardsize eight") == "? syntax error\n\n");
    CHECK(s.send("boardsize") == "? syntax error\n\n");
    REQUIRE(s.send("play b d3") == "= \n\n");
    CHECK(s.send("2 clear_board") == "=2 \n\n");
    CHECK(s.game().position() == Position::start());
    CHECK(s.send("undo") == "? cannot undo\n\n");
    CHECK(s.send("komi 6.5") == "= \n\n");
    CHECK(s.send("komi -3") == "= \n\n");
    CHECK(s.send("komi") == "? syntax error\n\n");
    CHECK(s.send("komi a") == "? syntax error\n\n");
    CHECK(s.send("list_games") == "= Othello\n\n");
    CHECK(s.send("set_game Othello") == "= \n\n");
    CHECK(s.send("set_game othello") == "= \n\n");
    CHECK(s.send("set_game Reversi") == "= \n\n");
    CHECK(s.send("set_game Go") == "? unsupported game\n\n");
    CHECK(s.send("3 set_game Amazons") == "?3 unsupported game\n\n");
    CHECK(s.send("set_game") == "? syntax error\n\n");
}

TEST_CASE("time_settings and time_left: syntax", "[gtp]") {
    GtpSession s;
    CHECK(s.send("time_settings 0 15 1") == "= \n\n");
    CHECK(s.send("time_settings 300 0 0") == "= \n\n");
    CHECK(s.send("time_settings 1.5 2.5 3") == "= \n\n");
    CHECK(s.send("time_settings 300 0") == "? syntax error\n\n");
    CHECK(s.send("time_settings -1 0 0") == "? syntax error\n\n");
    CHECK(s.send("time_settings 10 10 -1") == "? syntax error\n\n");
    CHECK(s.send("time_settings 10 10 x") == "? syntax error\n\n");
    CHECK(s.send("time_settings 10 10 1.5") == "? syntax error\n\n");
    CHECK(s.send("time_left black 15 1") == "= \n\n");
    CHECK(s.send("time_left W 100 0") == "= \n\n");
    CHECK(s.send("time_left white -0.5 0") == "= \n\n");  // an overrun reads as no time left
    CHECK(s.send("time_left red 10 0") == "? syntax error\n\n");
    CHECK(s.send("time_left black ten 0") == "? syntax error\n\n");
    CHECK(s.send("time_left black 10") == "? syntax error\n\n");
}

TEST_CASE("GoGui rules extension", "[gtp]") {
    GtpSession s;
    CHECK(s.send("gogui-rules_game_id") == "= Othello\n\n");
    CHECK(s.send("gogui-rules_board_size") == "= 8\n\n");
    CHECK(s.send("gogui-rules_side_to_move") == "= black\n\n");
    CHECK(s.send("gogui-rules_legal_moves") == "= D3 C4 F5 E6\n\n");
    CHECK(s.send("gogui-rules_final_result") == "= unknown\n\n");
    REQUIRE(s.send("play b d3") == "= \n\n");
    CHECK(s.send("gogui-rules_side_to_move") == "= white\n\n");
    // First line is row 8 (GoGui's top row in Go numbering), the last row 1.
    CHECK(s.send("gogui-rules_board") ==
          "= . . . . . . . .\n"
          ". . . . . . . .\n"
          ". . . . . . . .\n"
          ". . . X O . . .\n"
          ". . . X X . . .\n"
          ". . . X . . . .\n"
          ". . . . . . . .\n"
          ". . . . . . . .\n\n");

    const Game g = random_game_with_pass(Color::White);
    const std::size_t p = first_pass(g, Color::White);
    REQUIRE(s.send("clear_board") == "= \n\n");
    for (std::size_t i = 0; i < p; ++i)
        if (g.moves()[i] != kPass)
            REQUIRE(s.send("play " + color_word(g.position_at(i).side) + " " + square_name(g.moves()[i])) == "= \n\n");
    CHECK(s.send("gogui-rules_legal_moves") == "= pass\n\n");
    CHECK(s.send("outflank-legal_moves") == "= pass\n\n");
    REQUIRE(s.send("outflank-position " + kOver40To20) == "= \n\n");
    CHECK(s.send("gogui-rules_legal_moves") == "= \n\n");
    CHECK(s.ok("gogui-analyze_commands").find("string/") == 0);
}

TEST_CASE("outflank-position and outflank-record", "[gtp]") {
    GtpSession s;
    CHECK(s.send("outflank-position") ==
          "= ---------------------------OX------XO--------------------------- X\n\n");
    CHECK(s.send("outflank-record") == "= \n\n");
    REQUIRE(s.send("play b f5") == "= \n\n");
    REQUIRE(s.send("play w d6") == "= \n\n");
    CHECK(s.send("outflank-record") == "= f5d6\n\n");
    CHECK(s.send("outflank-record f5d6c3d3c4") == "= \n\n");
    CHECK(s.game().transcript() == "f5d6c3d3c4");
    CHECK(s.gtp.action_sizes().size() == 5);
    CHECK(s.send("outflank-record f5f5").rfind("? illegal move: move 2 (f5)", 0) == 0);
    CHECK(s.game().transcript() == "f5d6c3d3c4");  // unchanged by the failure
    CHECK(s.send("outflank-record f5x9")[0] == '?');

    // Setting a position: one or two words; a bad one changes nothing.
    const std::string pos = "---------------------------OX------XX-------X------------------- O";
    CHECK(s.send("outflank-position " + pos) == "= \n\n");
    CHECK(s.ok("outflank-position") == pos);
    CHECK(s.game().moves().empty());
    CHECK(s.send("outflank-position " + pos.substr(0, 64) + "O") == "= \n\n");
    CHECK(s.send("outflank-position " + pos.substr(0, 63))[0] == '?');
    CHECK(s.send("outflank-position " + std::string(64, 'Z') + " X")[0] == '?');
    CHECK(s.ok("outflank-position") == pos);
    REQUIRE(s.send("play w d6") == "= \n\n");
    CHECK(s.ok("outflank-record") == "position " + pos + "\nmoves d6");
    CHECK(s.send("undo") == "= \n\n");
    CHECK(s.send("undo") == "? cannot undo\n\n");
}
