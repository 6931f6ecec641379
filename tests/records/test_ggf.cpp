// GGF game records: GGS/NBoard records read into a Game, written back, and real WTHOR games
// converted to GGF and back; malformed records rejected with a message that names the problem.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/game.hpp"
#include "records/ggf.hpp"
#include "core/notation.hpp"
#include "records/records.hpp"
#include "support/rules_support.hpp"

using namespace outflank;
using Catch::Contains;
namespace fs = std::filesystem;

namespace {

// The start position as GGS writes it (one 64-character word) and as the match referee writes it
// (eight row words).
constexpr const char* kStartBoard = "8 ---------------------------O*------*O--------------------------- *";
constexpr const char* kStartBoardRows = "8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *";

// Black (b1) cannot take white's a1 (nothing lies beyond it), so black must pass; white takes b1
// from c1, after which the board holds only white discs and the game is over.
constexpr const char* kBlackMustPass =
    "8 O*------ -------- -------- -------- -------- -------- -------- -------- *";

}  // namespace

TEST_CASE("GGF: a record as NBoard sends it", "[ggf]") {
    const std::string text = std::string("(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]"
                                         "TI[15:00]TY[8]BO[") +
                             kStartBoard + "]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";
    const Game g = parse_ggf(text);
    CHECK(g.start_position() == Position::start());
    CHECK(g.transcript() == "f5f6d3c5e6f7e7f4");
    CHECK(g.position() == Game::from_transcript("f5f6d3c5e6f7e7f4").position());
}

TEST_CASE("GGF: moves with eval and time, lowercase, row-separated boards, spacing, escapes", "[ggf]") {
    const std::string text = std::string("  \n(;GM[othello]PC[GGS/os]C[a comment with \\] inside]TY[s8r20]\n  BO[") +
                             kStartBoardRows +
                             "]\nB[f5/1.23/0.5] W[D6//0.05]B[C3/-2]W[d3/+0.00/1e-2]\nKM[0][1];)  \n";
    const Game g = parse_ggf(text);
    CHECK(g.transcript() == "f5d6c3d3");
    CHECK(g.position().side == Color::Black);
}

TEST_CASE("GGF: without BO the game starts from the usual four discs", "[ggf]") {
    CHECK(parse_ggf("(;GM[Othello]B[F5]W[D6];)").transcript() == "f5d6");
    CHECK(parse_ggf("(;;)").moves().empty());
    CHECK(parse_ggf("(;GM[Othello];)").position() == Position::start());
}

TEST_CASE("GGF: passes written as PA, or implied by the other colour's move", "[ggf]") {
    const std::string board = std::string("BO[") + kBlackMustPass + "]";
    const Position start = parse_position("O*" + std::string(62, '-') + " X");
    REQUIRE(start.must_pass());

    const Game explicit_pass = parse_ggf("(;GM[Othello]" + board + "B[PA]W[C1];)");
    REQUIRE(explicit_pass.moves() == std::vector<Square>{kPass, parse_square("c1")});
    CHECK(explicit_pass.start_position() == start);
    CHECK(explicit_pass.is_over());
    CHECK(explicit_pass.final_score_black() == -64);

    const Game implied = parse_ggf("(;GM[Othello]" + board + "W[c1];)");
    CHECK(implied.moves() == explicit_pass.moves());

    // Written back: the pass is explicit, the result is there, and it reads back the same.
    const std::string ggf = to_ggf(implied);
    CHECK(ggf == std::string("(;GM[Othello]PC[outflank]RE[-64.000]TY[8]BO[8 O*") + std::string(62, '-') +
                     " *]B[PA]W[C1];)");
    CHECK(parse_ggf(ggf).moves() == implied.moves());
}

TEST_CASE("GGF: to_ggf of a game from the start", "[ggf]") {
    const Game g = Game::from_transcript("f5d6c3");
    CHECK(to_ggf(g) == std::string("(;GM[Othello]PC[outflank]TY[8]BO[") + kStartBoard + "]B[F5]W[D6]B[C3];)");
    CHECK(to_ggf(Game()) == std::string("(;GM[Othello]PC[outflank]TY[8]BO[") + kStartBoard + "];)");
}

TEST_CASE("GGF: malformed records are rejected with a message naming the problem", "[ggf]") {
    const std::string bo = std::string("BO[") + kStartBoard + "]";
    const std::string pre = "(;GM[Othello]" + bo;
    struct Bad {
        std::string text;
        std::vector<std::string> says;
    };
    const std::vector<Bad> cases = {
        {"", {"GGF: ", "empty"}},
        {"   \n", {"empty"}},
        {"GM[Othello]B[F5];)", {"must start with \"(;\"", "GM[Othello]"}},
        {"(;GM[Othello]B[F5]", {"not closed with \";)\""}},
        {"(;GM[Othello]B[F5", {"B[F5", "not closed with ']'"}},
        {"(;GM[Othello]B;)", {"property B has no [value]"}},
        {"(;GM[Othello]5[x];)", {"expected a property name"}},
        {"(;GM[Othello];) (;GM[Othello];)", {"text after the end of the game"}},
        {"(;GM[Go];)", {"GM[Go]", "not an Othello game"}},
        {"(;TY[10];)", {"TY[10]", "only 8x8"}},
        {"(;TY[8a];)", {"TY[8a]", "anti-Othello"}},
        {"(;BO[];)", {"BO[] is empty"}},
        {"(;BO[10 ----];)", {"BO: board size \"10\""}},
        {"(;BO[8 ---- *];)", {"BO: only 5 squares"}},  // the * counts as a square here
        {"(;BO[8 " + std::string(63, '-') + "Z *];)", {"BO: square h8 is 'Z'"}},
        {"(;BO[8 " + std::string(64, '-') + "];)", {"side to move", "missing"}},
        {"(;BO[8 " + std::string(65, '-') + " *];)", {"more than 64 squares"}},
        {"(;BO[8 " + std::string(64, '-') + " B];)", {"side to move \"B\""}},
        {"(;BO[8 " + std::string(64, '-') + " * extra];)", {"unexpected \"extra\""}},
        {pre + bo + ";)", {"BO appears twice"}},
        {"(;GM[Othello]B[F5]" + bo + ";)", {"BO comes after the first move"}},
        {pre + "B[Z9];)", {"move 1 (B[Z9])"}},
        {pre + "B[F5]W[F5];)", {"move 2 (W[F5])", "illegal move"}},
        {pre + "B[F5]B[D6];)", {"move 2 (B[D6])", "not black's turn"}},
        {pre + "W[F5];)", {"move 1 (W[F5])", "not white's turn"}},
        {pre + "B[PA];)", {"move 1 (B[PA])", "pass"}},
        {pre + "B[F5/abc];)", {"move 1", "eval \"abc\" is not a number"}},
        {pre + "B[F5/1/x];)", {"time \"x\" is not a number"}},
        {pre + "B[F5/1/2/3];)", {"too many '/' fields"}},
        {pre + "B[];)", {"move 1 (B[])"}},
    };
    for (const Bad& bad : cases) {
        INFO("GGF: " << bad.text);
        try {
            parse_ggf(bad.text);
            FAIL("accepted");
        } catch (const Error& e) {
            const std::string message = e.what();
            CHECK(message.rfind("GGF: ", 0) == 0);
            for (const std::string& part : bad.says) CHECK_THAT(message, Contains(part));
        }
    }
    // A long bad value is quoted only in part.
    try {
        parse_ggf("(;GM[" + std::string(10000, 'x') + "];)");
        FAIL("accepted");
    } catch (const Error& e) {
        CHECK(std::string(e.what()).size() < 10100);
    }
}

TEST_CASE("GGF: real WTHOR games converted to GGF and back", "[ggf]") {
    const fs::path dir = outflank::test::shared_data("wthor");
    if (dir.empty()) {
        WARN("shared data not found at " OUTFLANK_SHARED_DATA "/wthor; skipping the WTHOR round trip");
        return;
    }
    // Three decades, including the early files whose games sometimes stop before the end.
    std::size_t games = 0, with_pass = 0, unfinished = 0, from_midgame = 0;
    for (const char* name : {"WTH_1985.wtb", "WTH_2004.wtb", "WTH_2023.wtb"}) {
        const fs::path path = dir / name;
        if (!fs::exists(path)) {
            WARN(path.string() << " is missing; skipped");
            continue;
        }
        const WthorFile file = read_wthor(path.string());
        for (std::size_t i = 0; i < file.games.size(); ++i) {
            INFO(name << " game " << i + 1);
            Game game;
            try {
                game = replay_moves(file.games[i].moves);
            } catch (const Error&) {
                continue;  // test_records counts these; there are none in the shared set
            }
            const std::string ggf = to_ggf(game);
            const Game back = parse_ggf(ggf);
            REQUIRE(back.start_position() == game.start_position());
            REQUIRE(back.moves() == game.moves());
            REQUIRE(back.position() == game.position());
            REQUIRE(to_ggf(back) == ggf);
            ++games;
            if (std::find(game.moves().begin(), game.moves().end(), kPass) != game.moves().end()) ++with_pass;
            if (!game.is_over()) ++unfinished;
            else CHECK(ggf.find("RE[") != std::string::npos);

            // The same game from its 20th position: BO carries a midgame position.
            if (i % 10 == 0 && game.moves().size() > 30) {
                Game tail(game.position_at(20));
                for (std::size_t m = 20; m < game.moves().size(); ++m) tail.play(game.moves()[m]);
                const Game tail_back = parse_ggf(to_ggf(tail));
                REQUIRE(tail_back.start_position() == game.position_at(20));
                REQUIRE(tail_back.position() == game.position());
                ++from_midgame;
            }
        }
    }
    WARN("GGF round trip: " << games << " WTHOR games (" << with_pass << " with a pass, " << unfinished
                            << " unfinished), " << from_midgame << " from a midgame position");
    CHECK(games > 4000);
    CHECK(with_pass > 0);
}

TEST_CASE("GGF: a file's records are split outside the [values]", "[ggf]") {
    const std::string text =
        "(;GM[Othello]PC[a;)b]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5];)\n"
        "junk (;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6];)"
        "(;GM[Othello]B[F5]";
    const auto records = outflank::ggf_records(text);
    REQUIRE(records.size() == 3);
    CHECK(outflank::parse_ggf(records[0]).moves().size() == 1);  // the ";)" inside PC[...] is not an end
    CHECK(outflank::parse_ggf(records[1]).moves().size() == 2);
    CHECK(records[2] == "(;GM[Othello]B[F5]");  // unclosed: passed on whole
    CHECK_THROWS_AS(outflank::parse_ggf(records[2]), outflank::Error);
}
