// Game-record readers: unit tests on small files written here, then every game of the shared
// WTHOR and eOthello sets replayed with the rules core (passes implied) and checked against its
// recorded result.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/game.hpp"
#include "core/notation.hpp"
#include "records/obf.hpp"
#include "records/records.hpp"
#include "records/sgf.hpp"
#include "support/file_io_support.hpp"
#include "support/rules_support.hpp"

using namespace outflank;
namespace fs = std::filesystem;
using Catch::Contains;

namespace {

// A scratch directory, removed with everything in it at the end of the test.
class TempDir {
public:
    TempDir() {
        static int counter = 0;
        path_ = fs::temp_directory_path() /
                ("outflank-records-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
        fs::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const fs::path& path() const { return path_; }
    std::string write(const std::string& name, const std::string& bytes) const {
        const fs::path file = path_ / name;
        std::ofstream(file, std::ios::binary) << bytes;
        return file.string();
    }

private:
    fs::path path_;
};

void put16(std::string& s, std::size_t at, unsigned v) {
    s[at] = static_cast<char>(v & 0xFF);
    s[at + 1] = static_cast<char>(v >> 8 & 0xFF);
}

std::string wthor_header(std::uint32_t games, unsigned names = 0, int board_size = 8) {
    std::string h(16, '\0');
    h[0] = 20, h[1] = 24, h[2] = 6, h[3] = 1;  // created 2024-06-01
    put16(h, 4, games & 0xFFFF);
    put16(h, 6, games >> 16);
    put16(h, 8, names);
    put16(h, 10, 2023);
    h[12] = static_cast<char>(board_size);
    h[14] = 24;
    return h;
}

std::string wthor_record(unsigned tournament, unsigned black, unsigned white, int discs, int theoretical,
                         std::string_view transcript) {
    std::string r(68, '\0');
    put16(r, 0, tournament);
    put16(r, 2, black);
    put16(r, 4, white);
    r[6] = static_cast<char>(discs);
    r[7] = static_cast<char>(theoretical);
    std::size_t i = 8;
    for (Square sq : parse_transcript(transcript))
        r[i++] = static_cast<char>(10 * (rank_of(sq) + 1) + file_of(sq) + 1);
    return r;
}

// The shortest possible game (white wiped out 13-0, 51 empties: 64 under WOF) and a game start.
constexpr std::string_view kShortest = "f5d6c5f4e3f6g5e6e7";
constexpr std::string_view kOpening = "f5d6c3d3c4f4";

std::string two_game_file() {
    return wthor_header(2) + wthor_record(7, 100, 200, 64, 40, kShortest) +
           wthor_record(8, 300, 4000, 30, 33, kOpening);
}

// Black (c1, a3) has no move at the start; white has d1 and a4.
Position forced_pass_position() {
    return parse_position("OOX-----" "O-------" "X-------" + std::string(40, '-') + " X");
}

}  // namespace

// ---- WTHOR reader --------------------------------------------------------------------------------

TEST_CASE("WTHOR: header fields, indexes, scores and moves of each game", "[records]") {
    TempDir dir;
    const std::string path = dir.write("WTH_2023.wtb", two_game_file());
    const WthorFile file = read_wthor(path);
    CHECK(file.header.created_year == 2024);
    CHECK(file.header.created_month == 6);
    CHECK(file.header.created_day == 1);
    CHECK(file.header.game_count == 2);
    CHECK(file.header.games_year == 2023);
    CHECK(file.header.board_size == 8);
    CHECK(file.header.theoretical_empties == 24);
    REQUIRE(file.games.size() == 2);

    const WthorGame& g = file.games[0];
    CHECK(g.tournament == 7);
    CHECK(g.black_player == 100);
    CHECK(g.white_player == 200);
    CHECK(g.black_discs == 64);
    CHECK(g.theoretical_black == 40);
    CHECK(g.moves == parse_transcript(kShortest));
    CHECK(file.games[1].white_player == 4000);  // two-byte indexes
    CHECK(file.games[1].moves == parse_transcript(kOpening));

    const Game replayed = replay_moves(g.moves);
    CHECK(replayed.is_over());
    CHECK(wthor_discs_from_score(replayed.final_score_black()) == g.black_discs);
    CHECK_FALSE(replay_moves(file.games[1].moves).is_over());

    // A full 60-move record has no terminating zero.
    std::string full = wthor_record(0, 0, 0, 32, 32, "");
    const std::vector<Square> sixty = [] {
        Game game;
        outflank::test::Rng rng(1);
        while (!game.is_over() && game.moves().size() < 70) {
            const Bitboard m = game.position().moves();
            game.play(m ? rng.pick(m) : kPass);
        }
        std::vector<Square> moves;
        for (Square sq : game.moves())
            if (sq != kPass) moves.push_back(sq);
        return moves;
    }();
    REQUIRE(sixty.size() == 60);
    for (std::size_t i = 0; i < sixty.size(); ++i)
        full[8 + i] = static_cast<char>(10 * (rank_of(sixty[i]) + 1) + file_of(sixty[i]) + 1);
    const WthorFile one = parse_wthor(wthor_header(1) + full, "memory");
    CHECK(one.games.at(0).moves == sixty);
}

TEST_CASE("WTHOR: board size 0 means 8x8; an empty database is fine", "[records]") {
    CHECK(parse_wthor(wthor_header(0, 0, 0), "x.wtb").games.empty());
    CHECK(parse_wthor(wthor_header(1, 0, 0) + wthor_record(0, 0, 0, 32, 32, kOpening), "x.wtb").games.size() == 1);
}

TEST_CASE("WTHOR: unreadable, truncated and corrupt files throw an Error naming file and place", "[records]") {
    TempDir dir;
    const std::string good = two_game_file();

    SECTION("a missing file") {
        const std::string path = (dir.path() / "missing.wtb").string();
        CHECK_THROWS_WITH(read_wthor(path), Contains("cannot read") && Contains("missing.wtb"));
    }
    SECTION("a directory") {
        CHECK_THROWS_WITH(read_wthor(dir.path().string()), Contains("cannot read") && Contains(dir.path().string()));
    }
    SECTION("an empty file or a cut header") {
        CHECK_THROWS_WITH(read_wthor(dir.write("empty.wtb", "")),
                          Contains("empty.wtb") && Contains("truncated header") && Contains("0 bytes"));
        CHECK_THROWS_WITH(read_wthor(dir.write("short.wtb", good.substr(0, 10))),
                          Contains("short.wtb") && Contains("truncated header"));
    }
    SECTION("a record cut short") {
        const std::string path = dir.write("cut.wtb", good.substr(0, 16 + 68 + 30));
        CHECK_THROWS_WITH(read_wthor(path),
                          Contains("cut.wtb: game 2 (byte 84): truncated record") && Contains("114 bytes"));
        CHECK_THROWS_WITH(read_wthor(dir.write("nogames.wtb", good.substr(0, 16))),
                          Contains("game 1 (byte 16): truncated record"));
    }
    SECTION("more bytes than the header announces") {
        std::string extra = good;
        put16(extra, 4, 1);
        CHECK_THROWS_WITH(parse_wthor(extra, "extra.wtb"), Contains("extra.wtb: bad header: it announces 1 games"));
        CHECK_THROWS_WITH(parse_wthor(good + "abc", "tail.wtb"), Contains("and 3 bytes more"));
    }
    SECTION("a board that is not 8x8") {
        std::string ten = good;
        ten[12] = 10;
        CHECK_THROWS_WITH(parse_wthor(ten, "ten.wtb"), Contains("ten.wtb: bad header: board size 10"));
    }
    SECTION("a move byte that is no square") {
        std::string bad = good;
        bad[16 + 8 + 2] = 90;  // game 1, move 3
        CHECK_THROWS_WITH(parse_wthor(bad, "bad.wtb"), "bad.wtb: game 1 (byte 16), move 3: byte 90 is not a square "
                                                       "(10 * row + column, each 1-8)");
        bad[16 + 8 + 2] = 49;  // column 9
        CHECK_THROWS_AS(parse_wthor(bad, "bad.wtb"), Error);
    }
    SECTION("a move after the end of the game") {
        std::string bad = good;
        bad[16 + 68 + 8 + 20] = 56;  // game 2 ends after 6 moves; a stray f5 at move 21
        CHECK_THROWS_WITH(parse_wthor(bad, "gap.wtb"),
                          Contains("gap.wtb: game 2 (byte 84), move 21") && Contains("after the end of the game"));
    }
    SECTION("a disc count over 64") {
        std::string bad = good;
        bad[16 + 68 + 6] = 65;
        CHECK_THROWS_WITH(parse_wthor(bad, "disc.wtb"), Contains("game 2 (byte 84): black's disc count is 65"));
        bad[16 + 68 + 6] = 30;
        bad[16 + 68 + 7] = static_cast<char>(200);
        CHECK_THROWS_WITH(parse_wthor(bad, "disc.wtb"), Contains("theoretical score is 200"));
    }
}

TEST_CASE("WTHOR: player and tournament names, Latin-1 to UTF-8", "[records]") {
    TempDir dir;
    auto name_field = [](std::string name, std::size_t size) {
        name.resize(size, '\0');
        return name;
    };
    const std::string jou = wthor_header(0, 3) + name_field("???", 20) + name_field("Tastet Marc", 20) +
                            name_field("B\xE9zier Ana", 20);
    const std::vector<std::string> players = read_wthor_names(dir.write("WTH.JOU", jou));
    CHECK(players == std::vector<std::string>{"???", "Tastet Marc", "B\xC3\xA9zier Ana"});

    const std::string trn = wthor_header(0, 2) + name_field("Diverses parties", 26) +
                            name_field("World Championship", 26);
    CHECK(read_wthor_names(dir.write("WTH.TRN", trn)).at(1) == "World Championship");
    CHECK(parse_wthor_names(wthor_header(0, 0), "none").empty());

    CHECK_THROWS_WITH(parse_wthor_names(trn.substr(0, trn.size() - 1), "cut.TRN"),
                      Contains("cut.TRN") && Contains("2 names in 51 bytes"));
    CHECK_THROWS_WITH(parse_wthor_names(wthor_header(0, 0) + "x", "odd.JOU"), Contains("odd.JOU: bad header"));
    CHECK_THROWS_AS(parse_wthor_names("abc", "tiny.JOU"), Error);
}

TEST_CASE("WTHOR disc counts and WOF scores convert both ways", "[records]") {
    CHECK(wthor_discs_from_score(24) == 44);  // 40-20 with 4 empties
    CHECK(wthor_discs_from_score(-24) == 20);
    CHECK(wthor_discs_from_score(0) == 32);   // a draw splits the empties
    CHECK(wthor_discs_from_score(64) == 64);
    CHECK(wthor_discs_from_score(-64) == 0);
    for (int discs = 0; discs <= 64; ++discs) CHECK(wthor_discs_from_score(score_from_wthor_discs(discs)) == discs);
}

// ---- eOthello CSV ------------------------------------------------------------------------------------

TEST_CASE("eOthello CSV: header skipped, ids, winners, moves and line numbers", "[records]") {
    TempDir dir;
    const std::string text = "eOthello_game_id,winner,game_moves\r\n"
                             "1056798,1,f5d6c5f4e3f6g5e6e7\r\n"
                             "\r\n"
                             "42,-1,F5D6C3\n"
                             "7,0,f5f6";  // no newline at the end
    const std::vector<EOthelloGame> games = read_eothello_csv(dir.write("games.csv", text));
    REQUIRE(games.size() == 3);
    CHECK(games[0].id == 1056798);
    CHECK(games[0].winner == 1);
    CHECK(games[0].moves == parse_transcript(kShortest));
    CHECK(games[0].line == 2);
    CHECK(games[1].winner == -1);
    CHECK(games[1].moves == parse_transcript("f5d6c3"));
    CHECK(games[1].line == 4);
    CHECK(games[2].winner == 0);
    CHECK(games[2].line == 5);
    // No header at all is fine too.
    CHECK(parse_eothello_csv("5,1,f5\n", "x.csv").size() == 1);
}

TEST_CASE("eOthello CSV: malformed lines throw an Error with file and line", "[records]") {
    const std::string header = "eOthello_game_id,winner,game_moves\n";
    CHECK_THROWS_WITH(parse_eothello_csv(header + "1,1\n", "g.csv"), Contains("g.csv:2: expected 3 columns"));
    CHECK_THROWS_WITH(parse_eothello_csv(header + "1,1,f5,x\n", "g.csv"), Contains("g.csv:2: expected 3 columns"));
    CHECK_THROWS_WITH(parse_eothello_csv(header + "1,1,f5\n1,2,f5\n", "g.csv"),
                      Contains("g.csv:3: winner \"2\" is not 1 (black), -1 (white) or 0 (draw)"));
    CHECK_THROWS_WITH(parse_eothello_csv(header + "1,1,f5\nabc,1,f5\n", "g.csv"),
                      Contains("g.csv:3: game id \"abc\" is not a number"));
    CHECK_THROWS_WITH(parse_eothello_csv(header + "1,1,f5z9\n", "g.csv"),
                      Contains("g.csv:2: transcript: move 2: \"z9\": column must be a-h"));
    CHECK_THROWS_WITH(read_eothello_csv("/nonexistent/dir/g.csv"), Contains("cannot read /nonexistent/dir/g.csv: no such file"));
}

// ---- Transcript lists ----------------------------------------------------------------------------------

TEST_CASE("transcript files: one a line, # comments and blank lines skipped", "[records]") {
    TempDir dir;
    const std::string text = "# XOT-style list\n"
                             "\n"
                             "f5d6c3d3c4f4  # trailing comment\r\n"
                             "   \t\n"
                             "F5 PA d6\n";
    const std::vector<TranscriptRecord> records = read_transcripts(dir.write("list.txt", text));
    REQUIRE(records.size() == 2);
    CHECK(records[0].moves == parse_transcript(kOpening));
    CHECK(records[0].line == 3);
    CHECK(records[1].moves == std::vector<Square>{parse_square("f5"), kPass, parse_square("d6")});
    CHECK(records[1].line == 5);
    CHECK(parse_transcripts("", "empty").empty());
    CHECK_THROWS_WITH(parse_transcripts("f5d6\nf5d6c\n", "list.txt"),
                      Contains("list.txt:2: transcript: incomplete move \"c\""));
    CHECK_THROWS_WITH(read_transcripts((dir.path() / "none.txt").string()), Contains("none.txt"));
}

// ---- Replay ----------------------------------------------------------------------------------------------

TEST_CASE("replay_moves implies passes and names the first illegal move", "[records]") {
    const Position start = forced_pass_position();
    const Game game = replay_moves({parse_square("d1")}, start);
    CHECK(game.moves() == std::vector<Square>{kPass, parse_square("d1")});
    CHECK(replay_moves({kPass, parse_square("d1")}, start).moves() == game.moves());  // written passes too
    CHECK(replay_moves({}).position() == Position::start());
    CHECK_THROWS_WITH(replay_moves(parse_transcript("f5d6a1")), "move 3 (a1) is illegal");
    CHECK_THROWS_WITH(replay_moves({parse_square("f5"), kPass}), "move 2 (pass) is illegal");
    CHECK_THROWS_WITH(replay_moves({parse_square("h8")}, start), "move 1 (h8) is illegal");
}

// ---- The shared data sets ------------------------------------------------------------------------------

namespace {

// SOURCES.md says "a few" WTHOR records from before 2001 stop before the game ends and "a
// handful" have a stored score that differs from the replayed result. Measured on the 131,737
// games: 413 records (0.3%, all from 1981-2000: resignations, time losses, unfinished sheets) stop
// early, and no finished game's score differs (7 of them are draws with empties, scored 32). The
// bounds are those counts, the second with SOURCES.md's "handful"; a rules-core bug breaks far more.
constexpr std::size_t kMaxTruncatedWthor = 413;
constexpr std::size_t kMaxInconsistentWthor = 5;
// Reports the first few of each kind, so the log names them without flooding.
constexpr int kReportFirst = 5;

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TEST_CASE("every WTHOR game replays legally and its recorded score matches the replay", "[records]") {
    const fs::path dir = outflank::test::shared_data("wthor");
    if (dir.empty()) {
        WARN("shared data not found at " OUTFLANK_SHARED_DATA "/wthor; skipping the WTHOR replay");
        return;
    }
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().extension() == ".wtb") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    REQUIRE_FALSE(files.empty());

    const std::size_t players = read_wthor_names((dir / "WTH.JOU").string()).size();
    const std::size_t tournaments = read_wthor_names((dir / "WTH.TRN").string()).size();
    const auto start = std::chrono::steady_clock::now();
    std::size_t games = 0, illegal = 0, truncated = 0, inconsistent = 0, bad_index = 0, not_f5 = 0;
    std::size_t truncated_after_2000 = 0;
    for (const fs::path& path : files) {
        const WthorFile file = read_wthor(path.string());
        CHECK(file.header.games_year == std::stoi(path.stem().string().substr(4)));
        for (std::size_t i = 0; i < file.games.size(); ++i, ++games) {
            const WthorGame& g = file.games[i];
            auto place = [&] { return path.filename().string() + " game " + std::to_string(i + 1); };
            if (g.black_player >= static_cast<int>(players) || g.white_player >= static_cast<int>(players) ||
                g.tournament >= static_cast<int>(tournaments))
                ++bad_index;
            if (g.moves.empty() || g.moves.front() != parse_square("f5")) ++not_f5;
            Game game;
            try {
                game = replay_moves(g.moves);
            } catch (const Error& e) {
                if (++illegal <= kReportFirst) WARN(place() << ": " << e.what());
                continue;
            }
            if (!game.is_over()) {
                if (file.header.games_year > 2000) ++truncated_after_2000;
                if (++truncated <= kReportFirst)
                    WARN(place() << " stops before the end of the game after " << g.moves.size() << " moves ("
                               << transcript_string(g.moves) << "), recorded " << g.black_discs << " discs");
                continue;
            }
            const int discs = wthor_discs_from_score(game.final_score_black());
            if (discs != g.black_discs && ++inconsistent <= kReportFirst)
                WARN(place() << ": recorded " << g.black_discs << " discs for black, the replay gives " << discs
                           << " (" << transcript_string(g.moves) << ")");
        }
    }
    WARN("WTHOR: " << games << " games in " << files.size() << " files read and replayed in "
                   << seconds_since(start) << " s: " << illegal << " illegal, " << truncated << " unfinished, "
                   << inconsistent << " with a recorded score that differs from the replay");
    CHECK(games == 131737);
    CHECK(illegal == 0);
    CHECK(not_f5 == 0);
    CHECK(bad_index == 0);
    CHECK(truncated <= kMaxTruncatedWthor);
    CHECK(truncated_after_2000 == 0);
    CHECK(inconsistent <= kMaxInconsistentWthor);
}

TEST_CASE("every eOthello game replays legally and its winner matches the replay", "[records]") {
    const fs::path dir = outflank::test::shared_data("eothello");
    if (dir.empty()) {
        WARN("shared data not found at " OUTFLANK_SHARED_DATA "/eothello; skipping the eOthello replay");
        return;
    }
    const auto start = std::chrono::steady_clock::now();
    const std::vector<EOthelloGame> games = read_eothello_csv((dir / "othello_dataset.csv").string());
    std::size_t illegal = 0, unfinished = 0, wrong_winner = 0;
    for (const EOthelloGame& g : games) {
        Game game;
        try {
            game = replay_moves(g.moves);
        } catch (const Error& e) {
            if (++illegal <= kReportFirst) WARN("othello_dataset.csv:" << g.line << ": " << e.what());
            continue;
        }
        if (!game.is_over()) {
            ++unfinished;  // resigned or lost on time: the winner cannot be checked from the board
            continue;
        }
        const int score = game.final_score_black();
        const int winner = score > 0 ? 1 : score < 0 ? -1 : 0;
        if (winner != g.winner && ++wrong_winner <= kReportFirst)
            WARN("othello_dataset.csv:" << g.line << ": winner " << g.winner << " recorded, the replay gives "
                                        << score);
    }
    WARN("eOthello: " << games.size() << " games read and replayed in " << seconds_since(start)
                      << " s: " << illegal << " illegal, " << unfinished << " unfinished, " << wrong_winner
                      << " with a recorded winner that differs from the replay");
    CHECK(games.size() == 25657);
    CHECK(illegal == 0);
    CHECK(wrong_winner == 0);
}

TEST_CASE("OBF: positions, best scores and moves, numbering, malformed lines", "[records]") {
    const std::string start = "---------------------------OX------XO--------------------------- X";
    ObfProblem p = parse_obf_line(start + "; F5:+0; D3:+0; C4:-2; E6:+0;", 7);
    CHECK(p.line == 7);
    CHECK(p.pos == Position::start());
    CHECK(p.has_expected);
    CHECK(p.expected == 0);
    CHECK(p.best_moves == (bit(parse_move("f5")) | bit(parse_move("d3")) | bit(parse_move("e6"))));
    p = parse_obf_line(start + ";", 1);
    CHECK(!p.has_expected);

    // Each malformed line names its line and what is wrong.
    const std::vector<std::pair<std::string, std::string>> bad = {
        {"XXO X;", "line 3"},
        {start + "; F5+0;", "MOVE:SCORE"},
        {start + "; F5:+x;", "bad score"},
        {start + "; F5:+65;", "bad score"},
        {start + "; A1:+0;", "not legal"},
        {start + "; Z9:+0;", "line 3"},
    };
    for (const auto& [line, message] : bad) {
        INFO(line);
        try {
            parse_obf_line(line, 3);
            FAIL("no error");
        } catch (const Error& e) {
            CHECK_THAT(e.what(), Catch::Contains(message));
            CHECK_THAT(e.what(), Catch::Contains("line 3"));
        }
    }

    // FFO files number their positions from the first number of the name; comments are skipped.
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("outflank-obf-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string ffo = (dir / "fforum-40-41.obf").string(), other = (dir / "mine.obf").string();
    std::ofstream(ffo) << "% comment\n" << start << "; F5:+0;\n\n" << start << ";\n";
    std::ofstream(other) << start << ";\n";
    const std::vector<ObfProblem> problems = read_obf(ffo);
    REQUIRE(problems.size() == 2);
    CHECK(problems[0].number == 40);
    CHECK(problems[0].line == 2);
    CHECK(problems[1].number == 41);
    CHECK(problems[1].line == 4);
    CHECK(read_obf(other).at(0).number == 1);
    CHECK_THROWS_AS(read_obf((dir / "missing.obf").string()), Error);
    std::filesystem::remove_all(dir);

    int first = 0, last = 0;
    CHECK((parse_number_range("40-49", first, last) && first == 40 && last == 49));
    CHECK((parse_number_range("7", first, last) && first == 7 && last == 7));
    CHECK_FALSE(parse_number_range("4x", first, last));
    CHECK_FALSE(parse_number_range("-3", first, last));
}

TEST_CASE("every reader takes regular files only, within its kind's cap, and never blocks", "[records]") {
    TempDir dir;
    const std::string fifo = (dir.path() / "fifo").string();
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    // A FIFO without a writer would block an ordinary open forever; /dev/zero would never end.
    const outflank::test::HangGuard no_hang;
    for (const std::string& path : {fifo, std::string("/dev/zero")}) {
        INFO(path);
        const std::string refused = "cannot read " + path + ": not a regular file";
        CHECK_THROWS_WITH(read_wthor(path), refused);
        CHECK_THROWS_WITH(read_wthor_names(path), refused);
        CHECK_THROWS_WITH(read_eothello_csv(path), refused);
        CHECK_THROWS_WITH(read_transcripts(path), refused);
        CHECK_THROWS_WITH(read_obf(path), refused);
        CHECK_THROWS_WITH(load_sgf_file(path), refused);
    }
    // Over the cap: refused by its size, before it is read. (Sparse files: nothing is written.)
    const std::string big_obf = dir.write("big.obf", "");
    fs::resize_file(big_obf, kMaxObfFileBytes + 1);
    CHECK_THROWS_WITH(read_obf(big_obf), Contains("cannot read " + big_obf + ": too large"));
    const std::string big_sgf = dir.write("big.sgf", "");
    fs::resize_file(big_sgf, kMaxSgfFileBytes + 1);
    CHECK_THROWS_WITH(load_sgf_file(big_sgf), Contains("too large"));
    CHECK_NOTHROW(load_sgf_file(dir.write("ok.sgf", "(;GM[2]FF[4]SZ[8];B[f5])"), 0, kMaxSgfFileBytes));
    CHECK_THROWS_WITH(load_sgf_file(dir.write("ok2.sgf", "(;GM[2]FF[4]SZ[8];B[f5])"), 0, 10), Contains("too large"));
    const std::string big_wtb = dir.write("big.wtb", "");
    fs::resize_file(big_wtb, kMaxGameRecordFileBytes + 1);
    CHECK_THROWS_WITH(read_wthor(big_wtb), Contains("too large"));
}
