// GTP conformance: input preprocessing, ids, answer framing, pipelining, EOF and quit, and the
// administrative commands. Exact-output transcript tests.
#include <catch2/catch.hpp>

#include "gtp/gtp_session.hpp"
#include "core/notation.hpp"
#include "core/tokenizer.hpp"

using namespace outflank;
using namespace outflank::test;

TEST_CASE("tokenizer cleans lines and splits words", "[gtp]") {
    CHECK(text::clean_line("play b d3\r") == "play b d3");
    CHECK(text::clean_line("a\tb\x01\x7f c", '#') == "a b c");
    CHECK(text::clean_line("name # why not", '#') == "name ");
    CHECK(text::clean_line("#", '#').empty());
    const auto w = text::split_words("  1  play   b d3 ");
    REQUIRE(w.size() == 4);
    CHECK(w[0] == "1");
    CHECK(w[3] == "d3");
    CHECK(text::split_words("   ").empty());
    CHECK(text::join_words(w, 1) == "play b d3");
    CHECK(text::parse_hex64("ff") == 255u);
    CHECK(text::parse_hex64("8000000000000001") == 0x8000000000000001ull);
    CHECK_FALSE(text::parse_hex64(""));
    CHECK_FALSE(text::parse_hex64("10000000000000000"));  // 17 digits
    CHECK_FALSE(text::parse_hex64("0x1f"));
    CHECK_FALSE(text::parse_hex64("-1"));
    CHECK_FALSE(text::parse_hex64("12g"));
    CHECK(text::parse_integer("42") == 42);
    CHECK(text::parse_integer("+7") == 7);
    CHECK(text::parse_integer("-3") == -3);
    CHECK_FALSE(text::parse_integer("4x"));
    CHECK_FALSE(text::parse_integer(""));
    CHECK_FALSE(text::parse_integer("99999999999999999999999"));
    CHECK(text::parse_number("1.5") == 1.5);
    CHECK(text::parse_number("-2") == -2.0);
    CHECK_FALSE(text::parse_number("inf"));
    CHECK_FALSE(text::parse_number("nan"));
    CHECK_FALSE(text::parse_number("0x10"));
    CHECK_FALSE(text::parse_number("1e999"));
    CHECK(text::is_digits("007"));
    CHECK_FALSE(text::is_digits("7a"));
    CHECK(equals_ignoring_case("BlAcK", "black"));
}

TEST_CASE("administrative commands, with and without ids", "[gtp]") {
    GtpSession s;
    CHECK(s.send("protocol_version") == "= 2\n\n");
    CHECK(s.send("1 protocol_version") == "=1 2\n\n");
    CHECK(s.send("name") == "= outflank\n\n");
    CHECK(s.send("22 name") == "=22 outflank\n\n");
    CHECK(s.send("version") == "= " OUTFLANK_VERSION "\n\n");
    CHECK(s.send("3 version") == "=3 " OUTFLANK_VERSION "\n\n");
    CHECK(s.send("known_command genmove") == "= true\n\n");
    CHECK(s.send("4 known_command gogui-rules_board") == "=4 true\n\n");
    CHECK(s.send("known_command fly") == "= false\n\n");
    CHECK(s.send("known_command") == "? syntax error\n\n");
    CHECK(s.send("5 known_command") == "?5 syntax error\n\n");
}

TEST_CASE("list_commands lists exactly the known commands, one per line", "[gtp]") {
    GtpSession s;
    const std::string list = s.ok("list_commands");
    std::vector<std::string> listed;
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t end = list.find('\n', start);
        listed.push_back(list.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos) break;
        start = end + 1;
    }
    CHECK(listed == GtpEngine::command_names());
    // `help`, what a person types first, answers the same (and is not listed: it is an alias).
    CHECK(s.ok("help") == list);
    CHECK(s.ok("HELP") == list);
    for (const std::string& name : listed) {
        CHECK(s.send("known_command " + name) == "= true\n\n");
        CHECK_FALSE(name.empty());
    }
    const std::vector<std::string> required = {
        "protocol_version", "name", "version", "known_command", "list_commands", "quit", "boardsize",
        "clear_board", "komi", "play", "genmove", "reg_genmove", "undo", "showboard", "final_score", "loadsgf",
        "list_games", "set_game", "time_settings", "time_left", "gogui-rules_game_id", "gogui-rules_board_size",
        "gogui-rules_board", "gogui-rules_legal_moves", "gogui-rules_side_to_move", "gogui-rules_final_result"};
    for (const std::string& r : required) CHECK(std::find(listed.begin(), listed.end(), r) != listed.end());
}

TEST_CASE("unknown commands and ids without a command", "[gtp]") {
    GtpSession s;
    CHECK(s.send("fly") == "? unknown command\n\n");
    CHECK(s.send("7 fly away") == "?7 unknown command\n\n");
    CHECK(s.send("7") == "?7 unknown command\n\n");
    CHECK(s.send("-1 name") == "? unknown command\n\n");  // an id is digits only
    CHECK(s.send("NAME") == "= outflank\n\n");             // names are matched in any case
}

TEST_CASE("preprocessing: CR, tabs, control characters, comments, empty lines", "[gtp]") {
    GtpSession s;
    CHECK(s.send("name\r") == "= outflank\n\n");
    CHECK(s.send("8 name\r") == "=8 outflank\n\n");
    CHECK(s.send("\tname\t") == "= outflank\n\n");
    CHECK(s.send("na\x01me") == "= outflank\n\n");
    CHECK(s.send("name # a comment") == "= outflank\n\n");
    CHECK(s.send("# only a comment").empty());
    CHECK(s.send("").empty());
    CHECK(s.send("   \t  \r").empty());
    CHECK(s.send("9\tknown_command\tname") == "=9 true\n\n");
}

TEST_CASE("pipelined input with CRLF, comments and ids: one answer per command, in order", "[gtp]") {
    int code = -1;
    const std::string out = run_gtp(
        "1 protocol_version\r\n"
        "# comment line\r\n"
        "\r\n"
        "2 name\r\n"
        "version\r\n"
        "3 play b d3 # black opens\r\n"
        "4 play b d3\r\n"
        "5 undo\r\n"
        "6 undo\r\n",
        &code);
    CHECK(code == 0);
    CHECK(out ==
          "=1 2\n\n"
          "=2 outflank\n\n"
          "= " OUTFLANK_VERSION "\n\n"
          "=3 \n\n"
          "?4 illegal move\n\n"
          "=5 \n\n"
          "?6 cannot undo\n\n");
    CHECK(out.find('\r') == std::string::npos);
}

TEST_CASE("quit answers and stops reading; EOF without quit exits cleanly", "[gtp]") {
    int code = -1;
    CHECK(run_gtp("name\nquit\nname\n", &code) == "= outflank\n\n= \n\n");
    CHECK(code == 0);
    CHECK(run_gtp("10 quit\n", &code) == "=10 \n\n");
    CHECK(code == 0);
    CHECK(run_gtp("name", &code) == "= outflank\n\n");  // last line without newline, then EOF
    CHECK(code == 0);
    CHECK(run_gtp("", &code).empty());
    CHECK(code == 0);

    GtpSession s;
    CHECK(s.send("quit") == "= \n\n");
    CHECK(s.send("name").empty());  // nothing after quit
}

TEST_CASE("answers never contain an empty line and error messages stay on one line", "[gtp]") {
    const std::string out = run_gtp("showboard\nlist_commands\ngogui-rules_board\nouflank\nplay\n");
    const auto answers = split_answers(out);
    REQUIRE(answers.size() == 5);
    for (const std::string& a : answers) {
        CHECK(a.find("\n\n") == std::string::npos);
        CHECK((a[0] == '=' || a[0] == '?'));
    }
}

TEST_CASE("overlong lines are cut, not fatal", "[gtp]") {
    const std::string line = "name " + std::string(200000, 'x') + "\nname\n";
    const std::string out = run_gtp(line);
    CHECK(out == "= outflank\n\n= outflank\n\n");  // extra arguments of argument-less commands are ignored
}
