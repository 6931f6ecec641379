// Robustness: 100,000 random and mutated lines (fixed seed) into one GTP engine. After every line
// the answer must be framed correctly (exactly one answer, the id echoed, no empty line inside);
// periodically the game must be consistent (replaying its moves gives its position, undo sizes
// add up) and the engine alive. Searches are capped by a node limit so genmove stays instant.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <random>

#include "gtp/gtp_session.hpp"
#include "core/notation.hpp"
#include "core/tokenizer.hpp"

using namespace outflank;
using namespace outflank::test;

namespace {

const std::vector<std::string>& corpus() {
    static const std::vector<std::string> lines = [] {
        const std::string sgf = (std::filesystem::path(__FILE__).parent_path() / "quarry_game.sgf").string();
        std::vector<std::string> v = {
            "protocol_version", "name", "version", "known_command play", "known_command xyz", "list_commands",
            "boardsize 8", "boardsize 19", "clear_board", "komi 6.5", "komi x", "play b d3", "play w c3",
            "play black F5", "play white pass", "play b pass", "play B E6", "play w e3", "play w c5", "genmove b",
            "genmove w", "genmove black", "reg_genmove white", "undo", "undo", "undo", "showboard", "final_score",
            "loadsgf " + sgf, "loadsgf " + sgf + " 4", "loadsgf /nonexistent", "list_games", "set_game Othello",
            "set_game Go", "time_settings 0 15 1", "time_settings 300 0 0", "time_settings 10 5 3",
            "time_left black 15 1", "time_left white 0 0", "time_left b 3.5 2", "gogui-rules_game_id",
            "gogui-rules_board_size", "gogui-rules_board", "gogui-rules_legal_moves", "gogui-rules_side_to_move",
            "gogui-rules_final_result", "gogui-analyze_commands", "outflank-position",
            "outflank-position ---------------------------OX------XO--------------------------- X",
            "outflank-position XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOXXXXXX------------------------- O",
            "outflank-record", "outflank-record f5d6c3d3c4f4", "outflank-legal_moves", "outflank-evaluate",
            "outflank-evaluate depth 3", "outflank-evaluate time 0.01", "outflank-solve", "outflank-solve wld",
            "outflank-pv", "outflank-level 3", "outflank-depth 2", "outflank-time 0.01", "outflank-hash 1",
            "outflank-hash 2", "12 name", "# comment", "", "\t", "name\r", "3 play b d3 # x",
        };
        return v;
    }();
    return lines;
}

const char* const kVocabulary[] = {"b", "w", "black", "white", "pass", "PASS", "d3", "C4", "a1", "h8", "i9",
                                   "0", "-1", "1e309", "99999999999999999999", "1.5", "#", "\t", "\r", "nan",
                                   "genmove", "play", "undo", "quit_not", "time_left", "", "  ", "\x01"};

std::string random_bytes(std::mt19937& rng, std::size_t n) {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) {
        char c = static_cast<char>(rng() % 256);
        if (c == '\n') c = ' ';  // a real stream would split the line there
        s += c;
    }
    return s;
}

std::string mutate(std::string s, std::mt19937& rng) {
    const int count = 1 + static_cast<int>(rng() % 4);
    for (int k = 0; k < count; ++k) {
        const std::size_t pos = s.empty() ? 0 : rng() % (s.size() + 1);
        switch (rng() % 7) {
            case 0:  // flip a byte
                if (!s.empty()) s[rng() % s.size()] = static_cast<char>(rng() % 256);
                break;
            case 1:  // insert a random byte
                s.insert(pos, 1, static_cast<char>(rng() % 256));
                break;
            case 2:  // delete a run
                if (!s.empty()) s.erase(rng() % s.size(), 1 + rng() % 4);
                break;
            case 3:  // insert a word from the vocabulary
                s.insert(pos, std::string(" ") + kVocabulary[rng() % std::size(kVocabulary)] + " ");
                break;
            case 4:  // truncate
                s.resize(pos);
                break;
            case 5:  // prefix an id
                s = std::to_string(rng() % 100000) + " " + s;
                break;
            default:  // splice with another corpus line
                s += " " + corpus()[rng() % corpus().size()];
                break;
        }
    }
    for (char& c : s)
        if (c == '\n') c = ' ';
    return s;
}

// A legal move (or the other colour's move across a pass) so that games actually progress.
std::string progressing_move(const Game& game, std::mt19937& rng) {
    const Position& pos = game.position();
    if (pos.is_game_over()) return "final_score";
    if (pos.must_pass()) {
        const Bitboard theirs = legal_moves(pos.opponent, pos.player);
        std::vector<Square> m;
        for (Square sq : squares(theirs)) m.push_back(sq);
        const std::string color = pos.side == Color::Black ? "w" : "b";
        return rng() % 2 ? "play " + color + " " + square_name(m[rng() % m.size()], rng() % 2)
                         : "genmove " + color;
    }
    std::vector<Square> m;
    for (Square sq : squares(pos.moves())) m.push_back(sq);
    const std::string color = pos.side == Color::Black ? "b" : "w";
    return rng() % 3 ? "play " + color + " " + square_name(m[rng() % m.size()], rng() % 2) : "genmove " + color;
}

void check_consistent(const GtpSession& s) {
    const Game& g = s.gtp.game();
    Position p = g.start_position();
    for (std::size_t i = 0; i < g.moves().size(); ++i) {
        REQUIRE(g.position_at(i) == p);
        const Square m = g.moves()[i];
        if (m == kPass) REQUIRE(p.must_pass());
        else REQUIRE(p.is_legal(m));
        p.play_or_pass(m);
    }
    REQUIRE(g.position() == p);
    REQUIRE(((p.player & p.opponent) == 0));
    std::size_t total = 0;
    for (int n : s.gtp.action_sizes()) {
        REQUIRE((n == 1 || n == 2));
        total += static_cast<std::size_t>(n);
    }
    REQUIRE(total == g.moves().size());
}

}  // namespace

TEST_CASE("100,000 random and mutated lines: every answer framed, state consistent, engine alive", "[gtp_fuzz]") {
    const char* sanitized = std::getenv("OUTFLANK_SANITIZED");
    const int line_count = sanitized && std::string(sanitized) == "1" ? 10000 : 100000;
    GtpOptions options = fast_gtp_options(1);
    options.max_nodes = 3000;
    options.max_solve_empties = 14;
    options.max_hash_mb = 2;
    GtpSession s(options);
    std::mt19937 rng(20240531);
    const auto start = std::chrono::steady_clock::now();
    int answered = 0;
    for (int n = 0; n < line_count; ++n) {
        std::string line;
        const unsigned mode = rng() % 100;
        if (mode < 30) line = corpus()[rng() % corpus().size()];
        else if (mode < 70) line = mutate(corpus()[rng() % corpus().size()], rng);
        else if (mode < 85) line = progressing_move(s.gtp.game(), rng);
        else line = random_bytes(rng, rng() % 80);

        // quit would end the session (tested elsewhere); every other line must be answered.
        const std::string cleaned = text::clean_line(line, '#');
        auto words = text::split_words(cleaned);
        std::string id;
        if (!words.empty() && text::is_digits(words.front())) {
            id = std::string(words.front());
            words.erase(words.begin());
        }
        if (!words.empty() && equals_ignoring_case(words.front(), "quit")) continue;

        const std::string answer = s.send(line);
        INFO("line " << n << ": \"" << line << "\"");
        if (cleaned.empty() || text::split_words(cleaned).empty()) {
            REQUIRE(answer.empty());
            continue;
        }
        ++answered;
        REQUIRE(answer.size() >= 4);
        REQUIRE((answer[0] == '=' || answer[0] == '?'));
        REQUIRE(answer.compare(1, id.size() + 1, id + " ") == 0);
        REQUIRE(answer.compare(answer.size() - 2, 2, "\n\n") == 0);
        REQUIRE(answer.find("\n\n") == answer.size() - 2);
        if (n % 500 == 0) check_consistent(s);
    }
    check_consistent(s);
    CHECK(answered > line_count / 2);
    // Alive and usable afterwards: a fresh game plays normally.
    CHECK(s.send("protocol_version") == "= 2\n\n");
    CHECK(s.send("clear_board") == "= \n\n");
    CHECK(s.send("time_settings 0 0 0") == "= \n\n");
    CHECK(s.send("play b d3") == "= \n\n");
    const std::string a = s.send("genmove w");
    REQUIRE(a.size() == 6);
    CHECK(s.game().position_at(1).is_legal(parse_square(a.substr(2, 2))));
    CHECK(s.ok("showboard").find("Black (X) to move") != std::string::npos);
    WARN(line_count << " lines in "
                    << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << " s");
}
