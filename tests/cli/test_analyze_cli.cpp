// `outflank analyze` and `outflank board` end to end: outputs, files, batch from stdin, and
// malformed input (a clear error naming the place, exit code 2, nothing on stdout).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "support/analyze_support.hpp"
#include "support/rules_support.hpp"

using outflank::test::BinaryRun;
using outflank::test::elements;
using outflank::test::JsonParser;
using outflank::test::run_outflank;
using outflank::test::XmlChecker;

namespace {

std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("outflank_analyze_" + std::to_string(::getpid()) + "_" + name))
        .string();
}

std::string read_all(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void check_rejected(const std::string& args, const std::string& message) {
    INFO("outflank " << args);
    const BinaryRun r = run_outflank(args);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find(message) != std::string::npos);
}

}  // namespace

TEST_CASE("analyze: table, JSON, CSV and the SVG graph from the command line", "[analyze_cli]") {
    const BinaryRun table = run_outflank("analyze f5d6c3d3c4 --depth 2 --quiet");
    CHECK(table.exit_code == 0);
    CHECK(table.out.starts_with("Analysis of 5 moves: depth 2, exact from 20 empties\n"));
    CHECK(table.err.empty());

    const std::string svg = temp_path("graph.svg");
    const BinaryRun json = run_outflank("analyze e6f4e3f6g5d6e7f5c5 --depth 2 --json --svg '" + svg + "'");
    CHECK(json.exit_code == 0);
    const auto doc = JsonParser::parse(json.out);
    CHECK(doc["analysis"].array.size() == 9);
    CHECK(doc["final_score_black"].number == 64);
    CHECK_FALSE(json.err.empty());  // progress
    const auto root = XmlChecker::parse(read_all(svg));
    CHECK(elements(*root, "polyline", "score").size() == 1);
    CHECK(elements(*root, "text", "title")[0]->text == "Black vs White: B+64, 9 moves");  // a transcript names no one
    std::filesystem::remove(svg);

    // The players' names come from the record's header: SGF PB/PW, GGF PB/PW.
    const std::string sgf = temp_path("named.sgf");
    std::ofstream(sgf) << "(;GM[2]SZ[8]PB[Alice]PW[Bob];B[f5];W[d6];B[c3])";
    REQUIRE(run_outflank("analyze '" + sgf + "' --depth 2 -q --svg '" + svg + "'").exit_code == 0);
    CHECK(elements(*XmlChecker::parse(read_all(svg)), "text", "title")[0]->text ==
          "Alice (black) vs Bob (white): unfinished, 3 moves");
    const std::string ggf = temp_path("named.ggf");
    std::ofstream(ggf) << "(;GM[Othello]PC[GGS]PB[Carol]PW[Dave]TY[8]B[F5]W[D6];)";
    REQUIRE(run_outflank("analyze '" + ggf + "' --depth 2 -q --svg '" + svg + "'").exit_code == 0);
    CHECK(elements(*XmlChecker::parse(read_all(svg)), "text", "title")[0]->text ==
          "Carol (black) vs Dave (white): unfinished, 2 moves");
    std::filesystem::remove(sgf);
    std::filesystem::remove(ggf);

    // WTHOR: the names from the .JOU file beside the .wtb (the shared data has them).
    const std::string wtb = std::string(OUTFLANK_SHARED_DATA) + "/wthor/WTH_2023.wtb";
    if (std::filesystem::exists(wtb)) {
        REQUIRE(run_outflank("analyze '" + wtb + "' --game 3 --depth 1 --exact-from 0 -q --svg '" + svg + "'").exit_code == 0);
        CHECK(elements(*XmlChecker::parse(read_all(svg)), "text", "title")[0]->text ==
              "Kinoshita Hisako (black) vs Okudaira Fuyumi (white): B+12, 60 moves");
    } else {
        WARN("skipped the WTHOR names: no " << wtb);
    }
    std::filesystem::remove(svg);

    const BinaryRun csv = run_outflank("analyze f5d6c3 --depth 2 --csv -q");
    CHECK(csv.exit_code == 0);
    CHECK(std::count(csv.out.begin(), csv.out.end(), '\n') == 4);

    const BinaryRun position =
        run_outflank("analyze --position '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X' --json -q");
    CHECK(position.exit_code == 0);
    const auto p = JsonParser::parse(position.out);
    CHECK(p["best_move"].string == "g8");
    CHECK(p["score"].number == 18);  // FFO #1's published value
    CHECK(p["exact"].boolean);
}

TEST_CASE("analyze --batch from stdin: JSON Lines in input order, errors inline", "[analyze_cli]") {
    const BinaryRun r = run_outflank("analyze --batch - --depth 2 --threads 2",
                                     "f5d6c3\nf5f5\n---------------------------OX------XO--------------------------- X\n");
    CHECK(r.exit_code == 0);
    std::vector<std::string> lines;
    for (std::size_t at = 0, end; (end = r.out.find('\n', at)) != std::string::npos; at = end + 1)
        lines.push_back(r.out.substr(at, end - at));
    REQUIRE(lines.size() == 3);
    CHECK(JsonParser::parse(lines[0])["type"].string == "game");
    CHECK(JsonParser::parse(lines[1])["error"].string == "transcript: move 2 (f5) is illegal");
    CHECK(JsonParser::parse(lines[1])["line"].number == 2);
    CHECK(JsonParser::parse(lines[2])["type"].string == "position");
    CHECK(r.err.find("3 lines (1 error)") != std::string::npos);
    CHECK(r.err.find("of 1 thread") != std::string::npos);
}

TEST_CASE("board: text, and an SVG picture with the legal moves", "[analyze_cli]") {
    const BinaryRun text = run_outflank("board --moves f5d6c3");
    CHECK(text.exit_code == 0);
    CHECK(text.out.starts_with("  a b c d e f g h\n"));
    CHECK(text.out.find("Black 5, white 2. White to move; last move c3\n") != std::string::npos);

    // The scores on their squares, as the SVG writes them; the best marked and named.
    const BinaryRun scores = run_outflank("board --moves f5d6c3 --scores --depth 2 -q");
    CHECK(scores.exit_code == 0);
    CHECK(scores.err.empty());
    CHECK(scores.out.starts_with("     a   b   c   d   e   f   g   h\n"));
    const auto row = [&](char rank) {
        const std::size_t at = scores.out.find(std::string("\n ") + rank + ' ');
        REQUIRE(at != std::string::npos);
        return scores.out.substr(at + 1, scores.out.find('\n', at + 1) - at - 1);
    };
    CHECK(row('3').substr(0, 15) == " 3   .   .   X ");  // a3 b3 empty, c3 black, then d3's score
    // The best move is named (one of white's four legal moves; which one is the evaluation's
    // call), and marked on its square's row.
    const std::size_t best = scores.out.find("Best: ");
    REQUIRE(best != std::string::npos);
    const std::string best_move = scores.out.substr(best + 6, 2);
    CHECK((best_move == "d3" || best_move == "f3" || best_move == "f4" || best_move == "g5"));
    CHECK(row(best_move[1]).find('<') != std::string::npos);

    // The end of a game: the result instead of the side to move.
    const BinaryRun over = run_outflank("board --position '" + std::string(64, 'X') + " O'");
    CHECK(over.out.find("Black 64, white 0. Black wins by 64\n") != std::string::npos);

    // --depth and --exact only mean something with --scores.
    const BinaryRun depth_alone = run_outflank("board --moves f5 --depth 3");
    CHECK(depth_alone.exit_code == 2);
    CHECK(depth_alone.err == "outflank: board: --depth goes with --scores\n");
    CHECK(depth_alone.out.empty());
    CHECK(run_outflank("board --moves f5 --scores --depth 3 --exact").exit_code == 2);

    const std::string svg = temp_path("board.svg");
    const BinaryRun picture = run_outflank("board --moves f5d6c3 --legal --svg '" + svg + "'");
    CHECK(picture.exit_code == 0);
    CHECK(picture.out.empty());
    const auto root = XmlChecker::parse(read_all(svg));
    CHECK(elements(*root, "circle", "disc").size() == 7);
    CHECK(elements(*root, "circle", "last-move").size() == 1);
    CHECK_FALSE(elements(*root, "circle", "legal").empty());
    std::filesystem::remove(svg);

    const BinaryRun scored = run_outflank("board --moves f5d6c3 --scores --depth 2 --svg -");
    CHECK(scored.exit_code == 0);
    const auto scored_root = XmlChecker::parse(scored.out);
    CHECK(elements(*scored_root, "text", "move-score").size() == 4);  // white's replies d3 f3 f4 g5
}

TEST_CASE("analyze: malformed input is named, exits 2 and prints nothing on stdout", "[analyze_cli]") {
    check_rejected("analyze f5d6z9 --depth 2", "transcript: move 3: \"z9\": column must be a-h");
    check_rejected("analyze f5d6c3d3c4f4f5 --depth 2", "transcript: move 7 (f5) is illegal");
    check_rejected("analyze f5d6c --depth 2", "transcript: incomplete move \"c\" at the end");
    check_rejected("analyze no_such_game.sgf", "cannot read no_such_game.sgf: no such file");
    check_rejected("analyze /", "cannot read /: not a regular file");
    check_rejected("analyze --batch no_such_list.txt", "cannot read no_such_list.txt: no such file");
    check_rejected("analyze --position 'XXXX X'", "analyze: --position: position has 6 characters");
    check_rejected("analyze --position '---------------------------OX------XO--------------------------- X' --exact",
                   "too many empties to solve: 60 (at most 40)");
    check_rejected("analyze", "analyze: give a GAME");
    check_rejected("analyze f5 --position '---------------------------OX------XO--------------------------- X'",
                   "give only one of");
    check_rejected("analyze f5 --json --csv", "excludes");
    check_rejected("analyze --batch - --game 2", "analyze: --game N goes with a GAME file");
    check_rejected("analyze f5 --depth 0", "--depth");
    check_rejected("analyze f5 --exact-from 41", "--exact-from");
    check_rejected("analyze f5d6 --svg /no/such/dir/graph.svg --depth 1", "cannot write /no/such/dir/graph.svg");
    check_rejected("board --moves f5f5", "transcript: move 2 (f5) is illegal");

    // An SGF file with an illegal move: the file and the move are named.
    const std::string sgf = temp_path("bad.sgf");
    std::ofstream(sgf) << "(;GM[2]FF[4]SZ[8];B[f5];W[f5])";
    check_rejected("analyze '" + sgf + "'", sgf + ": move 2");
    std::filesystem::remove(sgf);

    // A GGF file with an illegal move: the file and the move are named too.
    const std::string ggf = temp_path("bad.ggf");
    std::ofstream(ggf) << "(;GM[Othello]TY[8]B[F5]W[E6]B[C4];)";
    check_rejected("analyze '" + ggf + "'", ggf + ": GGF: ");
    std::ofstream(ggf) << "(;GM[Othello]PB[someone]PW[other]TY[8]B[F5//1.2]W[F6]B[E6];)";
    const BinaryRun good = run_outflank("analyze '" + ggf + "' --depth 2 --json -q");
    CHECK(good.exit_code == 0);
    CHECK(JsonParser::parse(good.out)["moves"].string == "f5f6e6");
    std::filesystem::remove(ggf);

    const auto wthor = outflank::test::shared_data("wthor");
    if (wthor.empty()) {
        WARN("../shared/data/wthor is absent: the WTHOR part is skipped");
        return;
    }
    const std::string wtb = (wthor / "WTH_1980.wtb").string();
    check_rejected("analyze '" + wtb + "'", "a WTHOR file needs --game N (the file has games 1-");
    const BinaryRun ok = run_outflank("analyze '" + wtb + "' --game 3 --depth 1 --exact-from 8 --csv -q");
    CHECK(ok.exit_code == 0);
    CHECK(ok.out.starts_with("move,player,"));
}
