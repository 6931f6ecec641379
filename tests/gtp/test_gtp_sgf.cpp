// SGF reading (GM[2] Othello games) and GTP's loadsgf.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "gtp/gtp_session.hpp"
#include "records/sgf.hpp"
#include "core/notation.hpp"

using namespace outflank;
using namespace outflank::test;

namespace {

std::string data_file(const char* name) {
    return (std::filesystem::path(__FILE__).parent_path() / name).string();
}

std::string temp_file(const std::string& name, const std::string& contents) {
    const auto path = std::filesystem::temp_directory_path() / ("outflank_test_" + name);
    std::ofstream(path, std::ios::binary) << contents;
    return path.string();
}

}  // namespace

TEST_CASE("SGF: moves in SGF points and Othello notation, main line only", "[gtp]") {
    const SgfGame a = parse_sgf_game("(;GM[2]SZ[8];B[fe];W[df](;B[cc];W[dc])(;B[ee]))");
    CHECK(a.game.transcript() == "f5d6c3d3");
    CHECK(a.move_sizes == std::vector<int>{1, 1, 1, 1});
    const SgfGame b = parse_sgf_game("(;GM[2];B[f5];W[D6];B[c3])");
    CHECK(b.game.transcript() == "f5d6c3");
    // No GM at all is taken as Othello; text before the tree is ignored; whitespace anywhere.
    const SgfGame c = parse_sgf_game("junk (\n ; SZ [8]\n ;B [fe] ; W[df] )");
    CHECK(c.game.transcript() == "f5d6");
    // stop_before: the position before move N.
    CHECK(parse_sgf_game("(;GM[2];B[fe];W[df];B[cc])", 3).game.transcript() == "f5d6");
    CHECK(parse_sgf_game("(;GM[2];B[fe];W[df];B[cc])", 1).game.moves().empty());
    CHECK(parse_sgf_game("(;GM[2];B[fe];W[df];B[cc])", 99).game.transcript() == "f5d6c3");
}

TEST_CASE("SGF: setup with AB/AW/AE (compressed lists) and PL", "[gtp]") {
    const SgfGame s = parse_sgf_game("(;GM[2]SZ[8]AB[aa:hb]AW[dd][ee]AE[bb]PL[W])");
    const Position& pos = s.game.position();
    CHECK(pos.side == Color::White);
    CHECK(popcount(pos.black()) == 15);
    CHECK((pos.white() == (bit(parse_square("d4")) | bit(parse_square("e5")))));
    CHECK_FALSE(pos.black() & bit(parse_square("b2")));
    // The usual start written out as setup stones, then a move.
    const SgfGame t = parse_sgf_game("(;GM[2]AB[ed][de]AW[dd][ee];B[dc])");
    CHECK(t.game.start_position() == Position::start());
    CHECK(t.game.transcript() == "d3");
}

TEST_CASE("SGF: passes, written or implied", "[gtp]") {
    // White to move without a legal move (its only disc is h4); black can play h5. Written as
    // setup stones, then black moves with white's pass left out, or written in one of its forms.
    const Position pos = parse_position("XXXXXXXX" "XXXXXXXX" "XXXXXXXX" "XXXXXXXO" "XXXXXX--" "--------"
                                        "--------" "-------- O");
    REQUIRE(pos.must_pass());
    std::string setup = "AB";
    std::string aw = "AW";
    for (int sq = 0; sq < 64; ++sq) {
        const std::string point{static_cast<char>('a' + file_of(sq)), static_cast<char>('a' + rank_of(sq))};
        if (pos.black() & bit(sq)) setup += "[" + point + "]";
        if (pos.white() & bit(sq)) aw += "[" + point + "]";
    }
    Position after_pass = pos;
    after_pass.pass();
    const Square m = lowest_square(after_pass.moves());
    const std::string mv = square_name(m);
    const SgfGame implied = parse_sgf_game("(;GM[2]" + setup + aw + "PL[W];B[" + mv + "])");
    CHECK(implied.game.moves() == std::vector<Square>{kPass, m});
    CHECK(implied.move_sizes == std::vector<int>{2});
    for (const char* pass : {"", "tt", "pass", "PA"}) {
        const SgfGame explicit_pass = parse_sgf_game("(;GM[2]" + setup + aw + "PL[W];W[" + pass + "];B[" + mv + "])");
        CHECK(explicit_pass.game.moves() == std::vector<Square>{kPass, m});
        CHECK(explicit_pass.move_sizes == std::vector<int>{1, 1});
    }
}

TEST_CASE("SGF: errors say what is wrong", "[gtp]") {
    const std::vector<std::string> bad = {
        "",
        "no tree here",
        "(;GM[1];B[dc])",
        "(;GM[2]SZ[19];B[dc])",
        "(;GM[2];B[dc]",
        "(;GM[2];B[dc",
        "(;GM[2];B[zz])",
        "(;GM[2];B[a1])",  // a1 is empty and flips nothing
        "(;GM[2];W[fe])",  // not white's turn
        "(;GM[2];B[])",    // black cannot pass at the start
        "(;GM[2];B[d9])",
        "(GM[2])",
        "(;GM[2];B)",
        "(;GM[2];1[dc])",
        "(;AB[aa:zz])",
    };
    for (const std::string& text : bad) {
        INFO(text);
        CHECK_THROWS_AS(parse_sgf_game(text), Error);
    }
    // Deep nesting is read without recursion.
    CHECK(parse_sgf_game(std::string(100000, '(') + ";GM[2];B[fe]" + std::string(100000, ')')).game.transcript() == "f5");
}

TEST_CASE("loadsgf: files, move numbers, errors", "[gtp]") {
    GtpSession s;
    CHECK(s.send("loadsgf " + data_file("quarry_game.sgf")) == "= \n\n");
    CHECK(s.game().transcript() == "f5d6c3d3c4f4f3");
    CHECK(s.gtp.action_sizes().size() == 7);
    CHECK(s.send("undo") == "= \n\n");
    CHECK(s.game().transcript() == "f5d6c3d3c4f4");
    CHECK(s.send("1 loadsgf " + data_file("quarry_game.sgf") + " 3") == "=1 \n\n");
    CHECK(s.game().transcript() == "f5d6");
    CHECK(s.send("loadsgf " + data_file("othello_notation.sgf")) == "= \n\n");
    CHECK(s.game().transcript() == "f5d6c3d3c4");
    CHECK(s.send("loadsgf " + data_file("setup_position.sgf")) == "= \n\n");
    CHECK(s.game().position().side == Color::White);
    CHECK(s.send("undo") == "? cannot undo\n\n");

    REQUIRE(s.send("loadsgf " + data_file("othello_notation.sgf")) == "= \n\n");
    const Position before = s.game().position();
    const std::vector<std::string> failing = {
        "loadsgf /nonexistent/file.sgf",
        "loadsgf /dev/zero",
        "loadsgf /",
        "loadsgf " + temp_file("go.sgf", "(;GM[1]SZ[19];B[aa])"),
        "loadsgf " + temp_file("size.sgf", "(;GM[2]SZ[10])"),
        "loadsgf " + temp_file("broken.sgf", "(;GM[2];B[fe"),
        "loadsgf " + temp_file("illegal.sgf", "(;GM[2];B[aa])"),
    };
    for (const std::string& command : failing) {
        INFO(command);
        CHECK(s.send(command) == "? cannot load file\n\n");
        CHECK(s.game().position() == before);
    }
    CHECK(s.log.str().find("loadsgf: ") != std::string::npos);
    CHECK(s.send("loadsgf") == "? syntax error\n\n");
    CHECK(s.send("loadsgf a.sgf 0") == "? syntax error\n\n");
    CHECK(s.send("loadsgf a.sgf x") == "? syntax error\n\n");
    CHECK(s.send("loadsgf a.sgf 1 2") == "? syntax error\n\n");
}
