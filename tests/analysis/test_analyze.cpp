// Game and position analysis (engine/analysis) against the exact solver, the batch runner, and
// where games come from (protocol/game_input). Shallow depths keep it fast.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "search/analysis.hpp"
#include "analysis/analysis_batch.hpp"
#include "search/engine.hpp"
#include "core/error.hpp"
#include "core/game.hpp"
#include "analysis/game_input.hpp"
#include "records/ggf.hpp"
#include "core/notation.hpp"
#include "records/records.hpp"
#include "support/file_io_support.hpp"
#include "support/rules_support.hpp"

using namespace outflank;

namespace {

// An eOthello game (B+28) with a forced white pass before black's h2.
const char* const kKnownGame =
    "f5d6c4d3e6f4e3f6c5b4e7f3c6d7b5a5c3b3g5h5g4h4e2g6b6d8c7c8a4a6a7f1a3c2d2b2e1b7g3h3f2d1a1a2b1a8c1g1f7g8e8f8b8g7h8h7h6h2g2h1";
// Black wipes white out in nine moves.
const char* const kWipeout = "e6f4e3f6g5d6e7f5c5";

int solve(Engine& engine, const Position& pos) {
    Limits exact;
    exact.exact = true;
    const SearchResult r = engine.search(pos, exact);
    REQUIRE(r.exact);
    return r.score;
}

Position after(Position pos, Square move) {
    pos.play(move);
    return pos;
}

}  // namespace

TEST_CASE("mistakes lose 2-5 discs, blunders 6 or more", "[analyze]") {
    CHECK(mark_for_loss(0) == Mark::None);
    CHECK(mark_for_loss(1) == Mark::None);
    CHECK(mark_for_loss(2) == Mark::Mistake);
    CHECK(mark_for_loss(5) == Mark::Mistake);
    CHECK(mark_for_loss(6) == Mark::Blunder);
    CHECK(mark_for_loss(40) == Mark::Blunder);
    CHECK(std::string(mark_name(Mark::None)).empty());
    CHECK(std::string(mark_name(Mark::Mistake)) == "mistake");
    CHECK(std::string(mark_name(Mark::Blunder)) == "blunder");
}

TEST_CASE("a known game: every move analysed, the exact part agrees with the solver", "[analyze]") {
    const Game game = Game::from_transcript(kKnownGame);
    REQUIRE(game.is_over());
    REQUIRE(game.moves().size() == 61);  // 60 discs and one pass
    AnalysisSettings settings;
    settings.depth = 2;
    settings.exact_from = 14;
    Engine engine(16);
    int calls = 0;
    const GameAnalysis a = analyze_game(engine, game, settings, [&](int done, int total) {
        CHECK(done == calls++);
        CHECK(total == 60);
    });
    CHECK(calls == 61);
    REQUIRE(a.moves.size() == 60);

    Engine solver(16);
    PlayerTotals black, white;
    for (std::size_t k = 0; k < a.moves.size(); ++k) {
        const MoveAnalysis& m = a.moves[k];
        INFO("move " << m.number << " " << square_name(m.played));
        CHECK(m.number == static_cast<int>(k) + 1);
        REQUIRE(m.ply < game.moves().size());
        CHECK(game.moves()[m.ply] == m.played);
        CHECK(game.position_at(m.ply) == m.position);
        CHECK(m.position.is_legal(m.best));
        CHECK(m.loss == m.best_score - m.played_score);
        CHECK(m.loss >= 0);
        CHECK(m.mark == mark_for_loss(m.loss));
        if (m.played == m.best) CHECK(m.loss == 0);
        const int empties = m.position.empty_count();
        if (empties <= settings.exact_from) {
            CHECK(m.exact);
            CHECK(m.depth == empties);
            const int value = solve(solver, m.position);
            CHECK(m.best_score == value);
            CHECK(-solve(solver, after(m.position, m.best)) == value);  // the best move reaches it
            CHECK(m.played_score == -solve(solver, after(m.position, m.played)));
        } else {
            CHECK_FALSE(m.exact);
            CHECK(m.depth == settings.depth);
        }
        PlayerTotals& t = m.player() == Color::Black ? black : white;
        ++t.moves;
        t.total_loss += m.loss;
        t.mistakes += m.mark == Mark::Mistake;
        t.blunders += m.mark == Mark::Blunder;
    }
    // Black plays twice around white's pass: moves 57 and 58, plies 56 and 58.
    CHECK(a.moves[56].player() == Color::Black);
    CHECK(a.moves[57].player() == Color::Black);
    CHECK(a.moves[57].ply == 58);
    CHECK(game.moves()[57] == kPass);
    // After the last move the game is over: its score is the result.
    CHECK(a.moves.back().score_black_after() == game.final_score_black());

    CHECK(a.black.moves == black.moves);
    CHECK(a.black.total_loss == black.total_loss);
    CHECK(a.black.mistakes == black.mistakes);
    CHECK(a.black.blunders == black.blunders);
    CHECK(a.white.moves == white.moves);
    CHECK(a.white.total_loss == white.total_loss);
    CHECK(a.white.mistakes == white.mistakes);
    CHECK(a.white.blunders == white.blunders);
    CHECK(a.black.moves == 31);
    CHECK(a.white.moves == 29);
    CHECK(a.black.average_loss() == Approx(static_cast<double>(black.total_loss) / 31));
}

TEST_CASE("a nine-move wipeout: the winning move is found and nothing is lost on it", "[analyze]") {
    const Game game = Game::from_transcript(kWipeout);
    REQUIRE(game.is_over());
    CHECK(game.final_score_black() == 64);
    AnalysisSettings settings;
    settings.depth = 2;
    Engine engine(16);
    const GameAnalysis a = analyze_game(engine, game, settings);
    REQUIRE(a.moves.size() == 9);
    const MoveAnalysis& last = a.moves.back();
    CHECK(last.played == parse_square("c5"));
    CHECK(last.best == last.played);
    CHECK(last.best_score == 64);
    CHECK(last.loss == 0);
    CHECK(last.score_black_after() == 64);
    CHECK(a.white.moves == 4);
    CHECK(a.black.moves == 5);
}

TEST_CASE("analysis is reproducible: the same game gives the same rows on a used engine", "[analyze]") {
    const Game game = Game::from_transcript(std::string(kKnownGame).substr(0, 60));
    AnalysisSettings settings;
    settings.depth = 4;
    Engine engine(16);
    const GameAnalysis first = analyze_game(engine, game, settings);
    const GameAnalysis second = analyze_game(engine, game, settings);
    REQUIRE(first.moves.size() == 30);
    REQUIRE(second.moves.size() == 30);
    for (std::size_t k = 0; k < first.moves.size(); ++k) {
        CHECK(first.moves[k].best == second.moves[k].best);
        CHECK(first.moves[k].best_score == second.moves[k].best_score);
        CHECK(first.moves[k].played_score == second.moves[k].played_score);
        CHECK(first.moves[k].nodes == second.moves[k].nodes);
    }
}

TEST_CASE("position analysis: every legal move, best first; exact scores agree with the solver", "[analyze]") {
    Engine engine(16);
    AnalysisSettings settings;
    settings.depth = 3;

    const PositionAnalysis start = analyze_position(engine, Position::start(), settings);
    REQUIRE(start.moves.size() == 4);
    Bitboard seen = 0;
    for (std::size_t i = 0; i < start.moves.size(); ++i) {
        seen |= bit(start.moves[i].move);
        if (i > 0) CHECK(start.moves[i - 1].score >= start.moves[i].score);
    }
    CHECK(seen == Position::start().moves());
    CHECK_FALSE(start.exact);

    // 14 empties: solved under the default exact_from; each score is the solver's.
    const Position pos = parse_position("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X");
    const PositionAnalysis solved = analyze_position(engine, pos, settings);
    CHECK(solved.exact);
    REQUIRE(solved.moves.size() == static_cast<std::size_t>(popcount(pos.moves())));
    Engine solver(16);
    for (const MoveScore& m : solved.moves) {
        CHECK(m.exact);
        CHECK(m.score == -solve(solver, after(pos, m.move)));
    }
    CHECK(solved.moves.front().score == solve(solver, pos));

    // A forced pass is the only entry; a finished game has none.
    const Game with_pass = Game::from_transcript(kKnownGame);
    const Position must_pass = with_pass.position_at(57);
    REQUIRE(must_pass.must_pass());
    const PositionAnalysis pass = analyze_position(engine, must_pass, settings);
    REQUIRE(pass.moves.size() == 1);
    CHECK(pass.moves[0].move == kPass);
    CHECK(pass.moves[0].score == -solve(solver, with_pass.position_at(58)));
    const PositionAnalysis over = analyze_position(engine, with_pass.position(), settings);
    CHECK(over.moves.empty());
    CHECK(over.game_over());

    CHECK_THROWS_AS(analyze_position(engine, Position::start(), settings, true), Error);
}

TEST_CASE("batch: transcripts, GGF games and positions in input order, an error object per bad line, the same "
          "on 1 and 2 threads",
          "[analyze]") {
    const std::string input = std::string("# a comment\n") + kWipeout + "\n\n" +
                              "f5d6c3d3c4f4f5\n"
                              "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X\n"
                              "zz\r\n"
                              "XXXX X\n" +
                              std::string(kKnownGame).substr(0, 40) + "\n" +
                              to_ggf(Game::from_transcript("f5f6e6")) + "\n";
    const std::vector<BatchLine> lines = batch_lines(input);
    REQUIRE(lines.size() == 7);
    CHECK(lines[0].number == 2);
    CHECK(lines[1].number == 4);
    CHECK(lines[3].text == "zz");

    BatchOptions options;
    options.settings.depth = 3;
    options.hash_mb = 8;
    auto run = [&](int threads) {
        options.threads = threads;
        std::vector<std::string> out;
        int last_done = 0;
        const BatchSummary s = run_batch(lines, options, [&](const std::string& json) { out.push_back(json); },
                                         [&](int done, int total, int) {
                                             CHECK(done == last_done + 1);
                                             CHECK(total == 7);
                                             last_done = done;
                                         });
        CHECK(s.lines == 7);
        CHECK(s.errors == 3);
        return out;
    };
    const std::vector<std::string> two = run(2);
    const std::vector<std::string> one = run(1);
    REQUIRE(two.size() == 7);
    const int expected_lines[] = {2, 4, 5, 6, 7, 8, 9};
    for (std::size_t i = 0; i < two.size(); ++i) {
        INFO(two[i]);
        CHECK(two[i].starts_with("{\"line\":" + std::to_string(expected_lines[i]) + ","));
        CHECK(two[i].ends_with("}\n"));
        CHECK(two[i].find('\n') == two[i].size() - 1);
    }
    CHECK(two[0].find("\"type\":\"game\"") != std::string::npos);
    CHECK(two[1].find("\"error\":\"transcript: move 7 (f5) is illegal\"") != std::string::npos);
    CHECK(two[2].find("\"type\":\"position\"") != std::string::npos);
    CHECK(two[3].find("\"error\":") != std::string::npos);
    CHECK(two[4].find("\"error\":") != std::string::npos);
    CHECK(two[5].find("\"type\":\"game\"") != std::string::npos);
    CHECK(two[6].find("\"moves\":\"f5f6e6\"") != std::string::npos);

    // Each line starts from a cleared table, so the threads change nothing but the timings.
    auto without_seconds = [](std::string s) {
        for (std::size_t at; (at = s.find("\"seconds\":")) != std::string::npos;) {
            const std::size_t end = s.find_first_of(",}", at);
            s.erase(at, end - at);
        }
        return s;
    };
    for (std::size_t i = 0; i < two.size(); ++i) CHECK(without_seconds(two[i]) == without_seconds(one[i]));
}

TEST_CASE("games come from transcripts, SGF, GGF, text and WTHOR files; bad sources name the place", "[analyze]") {
    CHECK(load_game("f5d6c3").transcript() == "f5d6c3");
    CHECK_THROWS_WITH(load_game("f5d6c3d3c4f4f5"), "transcript: move 7 (f5) is illegal");
    CHECK_THROWS_WITH(load_game("no/such/game.sgf"), "cannot read no/such/game.sgf: no such file");
    CHECK_THROWS_WITH(load_game(std::filesystem::temp_directory_path().string()),
                      Catch::Contains("not a regular file"));
    CHECK_THROWS_WITH(load_game("f5d6", 3), "--game N is only for WTHOR .wtb and GGF files");

    const Game sgf = load_game(std::string(OUTFLANK_TESTS_DIR) + "/gtp/quarry_game.sgf");
    CHECK_FALSE(sgf.moves().empty());

    const auto dir = std::filesystem::temp_directory_path();
    const auto text = dir / "outflank_analyze_transcript.txt";
    std::ofstream(text) << "f5d6c3\nd3c4\n";
    CHECK(load_game(text.string()).transcript() == "f5d6c3d3c4");
    std::ofstream(text) << "f5d6c3\nd3c4a1\n";
    CHECK_THROWS_WITH(load_game(text.string()), text.string() + ": transcript: move 6 (a1) is illegal");
    // An empty file is not a game without moves: most likely the wrong file.
    std::ofstream(text) << " \n\n";
    CHECK_THROWS_WITH(load_game(text.string()), text.string() + ": no game in the file (it is empty)");
    std::filesystem::remove(text);
    // Devices and FIFOs are refused at once, whatever the extension.
    const auto fifo = dir / ("outflank_analyze_fifo_" + std::to_string(::getpid()) + ".sgf");
    std::filesystem::remove(fifo);
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const outflank::test::HangGuard no_hang;
    CHECK_THROWS_WITH(load_game(fifo.string()), "cannot read " + fifo.string() + ": not a regular file");
    std::filesystem::remove(fifo);
    CHECK_THROWS_WITH(load_game("/dev/zero"), "cannot read /dev/zero: not a regular file");

    // GGF: one game, several (one a line, as GGS archives), a bad move, and found by content.
    const Game ggf_game = Game::from_transcript("f5d6c3d3c4");
    const auto ggf = dir / "outflank_analyze_games.ggf";
    std::ofstream(ggf) << to_ggf(ggf_game) << "\n";
    CHECK(load_game(ggf.string()).moves() == ggf_game.moves());
    std::ofstream(ggf) << to_ggf(ggf_game) << "\n" << to_ggf(Game::from_transcript("e6f4")) << "\n";
    CHECK_THROWS_WITH(load_game(ggf.string()), ggf.string() + ": the file holds 2 games; choose one with --game N");
    CHECK(load_game(ggf.string(), 2).transcript() == "e6f4");
    CHECK_THROWS_WITH(load_game(ggf.string(), 3), Catch::Contains("there is no game 3 (the file has games 1-2)"));
    std::ofstream(ggf) << "(;GM[Othello]TY[8]B[F5]W[F5];)\n";
    CHECK_THROWS_WITH(load_game(ggf.string()), Catch::StartsWith(ggf.string() + ": GGF: ") && Catch::Contains("2"));
    const auto ggf_text = dir / "outflank_analyze_game_record";
    std::ofstream(ggf_text) << "  " << to_ggf(ggf_game) << "\n";
    CHECK(load_game(ggf_text.string()).moves() == ggf_game.moves());
    std::filesystem::remove(ggf);
    std::filesystem::remove(ggf_text);

    const auto wthor = test::shared_data("wthor");
    if (wthor.empty()) {
        WARN("../shared/data/wthor is absent: the WTHOR part is skipped");
        return;
    }
    const std::string file = (wthor / "WTH_1980.wtb").string();
    const WthorFile records = read_wthor(file);
    CHECK(load_game(file, 5).moves() == replay_moves(records.games[4].moves).moves());
    CHECK_THROWS_WITH(load_game(file), Catch::Contains("a WTHOR file needs --game N"));
    CHECK_THROWS_WITH(load_game(file, 100000), Catch::Contains("there is no game 100000"));
}
