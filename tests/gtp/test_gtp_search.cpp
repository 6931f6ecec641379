// GTP commands that search: genmove / reg_genmove (passes, implied passes, legality), the clock
// (never exceeded), the analysis extensions, and the replay of the traffic Quarry sends.
#include <catch2/catch.hpp>

#include <chrono>
#include <random>

#include "gtp/gtp_session.hpp"
#include "gtp/random_games.hpp"
#include "core/notation.hpp"
#include "common/search_format.hpp"

using namespace outflank;
using namespace outflank::test;

namespace {

double seconds_of(GtpSession& s, const std::string& line, std::string* answer = nullptr) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::string a = s.send(line);
    if (answer) *answer = a;
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Exact negamax (WOF scoring) for checking outflank-solve on small positions.
int negamax(Bitboard p, Bitboard o) {
    const Bitboard moves = legal_moves(p, o);
    if (!moves) {
        if (!legal_moves(o, p)) return final_score(p, o);
        return -negamax(o, p);
    }
    int best = -65;
    for (Square sq : squares(moves)) {
        const Bitboard f = flips(sq, p, o);
        best = std::max(best, -negamax(o & ~f, p | f | bit(sq)));
    }
    return best;
}

// A legal move answer: "= D3" style (uppercase), legal in `pos`.
bool is_legal_answer(const std::string& answer, const Position& pos) {
    if (answer.size() != 6 || answer.compare(0, 2, "= ") != 0 || answer.compare(4, 2, "\n\n") != 0) return false;
    const std::string v = answer.substr(2, 2);
    if (v[0] < 'A' || v[0] > 'H') return false;
    return pos.is_legal(parse_square(v));
}

}  // namespace

TEST_CASE("genmove answers an uppercase legal move and records it; reg_genmove only answers", "[gtp_search]") {
    GtpSession s;
    std::string a = s.send("reg_genmove black");
    CHECK(is_legal_answer(a, Position::start()));
    CHECK(s.game().moves().empty());
    a = s.send("genmove b");
    REQUIRE(is_legal_answer(a, Position::start()));
    CHECK(s.game().moves().size() == 1);
    CHECK(square_name(s.game().moves()[0], true) == a.substr(2, 2));
    const Position after = s.game().position();
    a = s.send("7 genmove W");
    CHECK(a.rfind("=7 ", 0) == 0);
    CHECK(s.game().moves().size() == 2);
    CHECK(after.is_legal(s.game().moves()[1]));
    CHECK(s.send("undo") == "= \n\n");
    CHECK(s.game().position() == after);
}

TEST_CASE("genmove errors leave the game unchanged", "[gtp_search]") {
    GtpSession s;
    CHECK(s.send("genmove") == "? syntax error\n\n");
    CHECK(s.send("genmove red") == "? syntax error\n\n");
    CHECK(s.send("genmove b w") == "? syntax error\n\n");
    CHECK(s.send("genmove white") == "? illegal move\n\n");  // black is to move and can
    CHECK(s.send("3 reg_genmove white") == "?3 illegal move\n\n");
    CHECK(s.game().moves().empty());
}

TEST_CASE("genmove across passes: pass only when forced, implied pass for the other colour", "[gtp_search]") {
    for (Color passer : {Color::Black, Color::White}) {
        const Game g = random_game_with_pass(passer, 100);
        const std::size_t p = first_pass(g, passer);
        GtpSession s;
        for (std::size_t i = 0; i < p; ++i)
            if (g.moves()[i] != kPass)
                REQUIRE(s.send("play " + color_word(g.position_at(i).side) + " " + square_name(g.moves()[i])) ==
                        "= \n\n");
        REQUIRE(s.game().position().must_pass());
        // The colour that must pass: genmove says pass and records it; undo takes it back.
        CHECK(s.send("reg_genmove " + color_word(passer)) == "= pass\n\n");
        CHECK(s.send("genmove " + color_word(passer)) == "= pass\n\n");
        CHECK(s.game().moves().size() == p + 1);
        CHECK(s.send("undo") == "= \n\n");
        // The other colour, asked although it is not its turn: a legal move after the implied pass.
        Position after_pass = g.position_at(p);
        after_pass.pass();
        const std::string a = s.send("genmove " + color_word(~passer));
        CHECK(is_legal_answer(a, after_pass));
        CHECK(s.game().moves().size() == p + 2);
        CHECK(s.game().moves()[p] == kPass);
        CHECK(s.send("undo") == "= \n\n");
        CHECK(s.game().position() == g.position_at(p));
    }
}

TEST_CASE("genmove plays whole games to the end with legal moves only", "[gtp_search]") {
    GtpSession s(fast_gtp_options(1));
    int moves = 0;
    while (!s.game().is_over() && moves < 130) {
        const Position pos = s.game().position();
        const std::string color = color_word(pos.side);
        const std::string a = s.send("genmove " + color);
        if (pos.must_pass()) CHECK(a == "= pass\n\n");
        else CHECK(is_legal_answer(a, pos));
        ++moves;
    }
    CHECK(s.game().is_over());
    CHECK(s.send("genmove b") == "= pass\n\n");
    CHECK(s.ok("final_score") == final_score_string(s.game().final_score_black()));
}

TEST_CASE("the GTP clock: settings, byo-yomi, booking", "[gtp_search]") {
    GtpClock c;
    CHECK_FALSE(c.limited(Color::Black));
    c.set(0, 15, 1);  // Quarry: 15 s per move
    CHECK(c.limited(Color::Black));
    CHECK(c.stones(Color::White) == 1);
    CHECK(c.remaining(Color::White) == 15);
    TimeBudget b = c.budget(Color::Black, 40);
    CHECK(b.hard <= 15 - kDefaultMoveOverhead);
    CHECK(b.soft > 1);
    c.spend(Color::Black, 10);  // a period of one stone starts afresh
    CHECK(c.remaining(Color::Black) == 15);
    CHECK(c.stones(Color::Black) == 1);

    c.set(60, 30, 5);  // Canadian: 60 s, then 30 s per 5 moves
    CHECK(c.stones(Color::Black) == 0);
    c.spend(Color::Black, 70);  // 10 s into the first period, which this move opened
    CHECK(c.stones(Color::Black) == 4);
    CHECK(c.remaining(Color::Black) == Approx(20));
    b = c.budget(Color::Black, 30);
    CHECK(b.hard < 20);

    c.set(300, 0, 0);  // sudden death
    b = c.budget(Color::White, 60);
    CHECK(b.hard < 300);
    CHECK(b.soft < 300.0 / 10);

    c.set(0, 10, 0);  // byo-yomi without stones: no limit
    CHECK_FALSE(c.limited(Color::Black));
    c.set(0, 0, 0);
    CHECK_FALSE(c.limited(Color::Black));
    c.set_left(Color::White, 5, 0);  // time_left alone makes a clock
    CHECK(c.limited(Color::White));
    CHECK_FALSE(c.limited(Color::Black));
    CHECK(c.budget(Color::White, 20).hard < 5);
    c.set_left(Color::White, -3, 0);
    CHECK(c.remaining(Color::White) == 0);
    CHECK(c.budget(Color::White, 20).hard == 0);
    c.set(1e300, 0, 0);
    CHECK(c.remaining(Color::Black) == GtpClock::kMaxSeconds);
    c.clear();
    CHECK_FALSE(c.limited(Color::Black));
}

TEST_CASE("genmove never exceeds the clock", "[gtp_search]") {
    // The default strength (no explicit level), so that only the clock limits the search.
    GtpOptions o;
    o.hash_mb = 16;
    o.show_info = false;
    GtpSession s(o);
    const Game g = random_game(3);
    std::string transcript = transcript_string(std::vector<Square>(g.moves().begin(), g.moves().begin() + 20));
    REQUIRE(s.send("outflank-record " + transcript) == "= \n\n");

    SECTION("per-move byo-yomi, as Quarry sets it") {
        REQUIRE(s.send("time_settings 0 0.4 1") == "= \n\n");
        for (int i = 0; i < 4 && !s.game().is_over(); ++i) {
            const std::string c = color_word(s.game().position().side);
            REQUIRE(s.send("time_left " + c + " 0.4 1") == "= \n\n");
            std::string a;
            CHECK(seconds_of(s, "genmove " + c, &a) < 0.4);
            CHECK(a[0] == '=');
        }
    }
    SECTION("sudden death: the whole game's moves fit in the main time") {
        REQUIRE(s.send("time_settings 1.5 0 0") == "= \n\n");
        double used[2] = {0, 0};
        while (!s.game().is_over()) {
            const Color side = s.game().position().side;
            used[side == Color::Black ? 0 : 1] += seconds_of(s, "genmove " + color_word(side));
        }
        CHECK(used[0] < 1.5);
        CHECK(used[1] < 1.5);
    }
    SECTION("no time left: an instant answer") {
        REQUIRE(s.send("time_left black 0 0") == "= \n\n");
        REQUIRE(s.send("time_left white 0 0") == "= \n\n");
        std::string a;
        CHECK(seconds_of(s, "genmove " + color_word(s.game().position().side), &a) < 0.1);
        CHECK(a[0] == '=');
    }
    SECTION("an explicit strength is capped by the clock") {
        REQUIRE(s.send("outflank-level 60") == "= \n\n");
        REQUIRE(s.send("time_settings 0 0.3 1") == "= \n\n");
        CHECK(seconds_of(s, "genmove " + color_word(s.game().position().side)) < 0.3);
    }
    SECTION("time per move") {
        REQUIRE(s.send("outflank-time 0.2") == "= \n\n");
        CHECK(seconds_of(s, "genmove " + color_word(s.game().position().side)) < 0.3);
    }
}

TEST_CASE("outflank-level, -depth, -time and -hash set and report the strength", "[gtp_search]") {
    GtpSession s(GtpOptions{});
    CHECK(s.ok("outflank-level") == "level " + std::to_string(GtpOptions::kDefaultLevel));
    CHECK(s.send("outflank-level 5") == "= \n\n");
    CHECK(s.ok("outflank-level") == "level 5");
    CHECK(s.send("outflank-depth 3") == "= \n\n");
    CHECK(s.ok("outflank-depth") == "depth 3");
    CHECK(s.send("outflank-time 0.5") == "= \n\n");
    CHECK(s.ok("outflank-time") == "time 0.500");
    for (const char* bad : {"outflank-level 0", "outflank-level 61", "outflank-level x", "outflank-depth -1",
                            "outflank-time 0", "outflank-time -1", "outflank-time abc", "outflank-level 1 2"})
        CHECK(s.send(bad) == "? syntax error\n\n");
    CHECK(s.ok("outflank-level") == "time 0.500");
    CHECK(s.ok("outflank-hash") == "64");
    CHECK(s.send("outflank-hash 2") == "= \n\n");
    CHECK(s.ok("outflank-hash") == "2");
    CHECK(s.send("outflank-hash 0") == "? syntax error\n\n");
    // More than the machine can hold: refused with the reason, the old table kept.
    CHECK_THAT(s.send("outflank-hash 99999999"), Catch::Matchers::StartsWith("? a 99999999 MB hash table is more than half"));
    CHECK(s.ok("outflank-hash") == "2");
    CHECK(s.send("outflank-level 1") == "= \n\n");
    CHECK(s.send("genmove b")[0] == '=');
    CHECK(s.send("outflank-hash 1") == "= \n\n");  // resizing a live engine
    CHECK(s.ok("outflank-hash") == "1");
}

TEST_CASE("outflank-threads sets and reports the search threads", "[gtp_search]") {
    GtpSession s;
    CHECK(std::stoi(s.ok("outflank-threads")) >= 1);  // the CPUs this process may use by default
    CHECK(s.send("outflank-threads 3") == "= \n\n");
    CHECK(s.ok("outflank-threads") == "3");
    for (const char* bad : {"outflank-threads 0", "outflank-threads -2", "outflank-threads x", "outflank-threads 1 2",
                            "outflank-threads 257"})
        CHECK(s.send(bad) == "? syntax error\n\n");
    CHECK(s.ok("outflank-threads") == "3");
    CHECK(s.send("outflank-level 3") == "= \n\n");
    CHECK(s.send("genmove b")[0] == '=');  // searches on 3 threads
    CHECK(s.send("outflank-threads 1") == "= \n\n");
    CHECK(s.send("genmove w")[0] == '=');
}

TEST_CASE("outflank-evaluate scores every move, best first", "[gtp_search]") {
    GtpSession s;
    for (const char* command : {"outflank-evaluate", "outflank-evaluate depth 3", "outflank-evaluate level 2",
                                "outflank-evaluate time 0.2"}) {
        INFO(command);
        const std::string r = s.ok(command);
        std::istringstream lines(r);
        std::string move, score, rest;
        int count = 0, last = 65;
        std::string line;
        while (std::getline(lines, line)) {
            std::istringstream words(line);
            words >> move >> score;
            CHECK(Position::start().is_legal(parse_square(move)));
            const int v = std::stoi(score);
            CHECK(v <= last);
            last = v;
            ++count;
        }
        CHECK(count == 4);
    }
    for (const char* bad : {"outflank-evaluate depth", "outflank-evaluate depth 0", "outflank-evaluate fast 3",
                            "outflank-evaluate time -1"})
        CHECK(s.send(bad) == "? syntax error\n\n");
}

TEST_CASE("outflank-solve finds the exact score; outflank-pv reports the last search", "[gtp_search]") {
    GtpSession s;
    CHECK(s.send("outflank-pv") == "? no search yet\n\n");
    CHECK(s.send("outflank-solve").rfind("? too many empties to solve: 60", 0) == 0);
    for (std::uint32_t seed = 20; seed < 26; ++seed) {
        const Game g = random_game(seed);
        if (g.moves().size() < 60) continue;
        // The position with about 10 empties.
        std::size_t i = 0;
        while (g.position_at(i).empty_count() > 10 || g.position_at(i).is_game_over() || g.position_at(i).must_pass()) ++i;
        const Position pos = g.position_at(i);
        INFO(position_string(pos));
        REQUIRE(s.send("outflank-position " + position_string(pos)) == "= \n\n");
        const int expected = negamax(pos.player, pos.opponent);
        const std::string r = s.ok("outflank-solve");
        const std::size_t space = r.find(' ');
        REQUIRE(space == 2);
        CHECK(pos.is_legal(parse_square(r.substr(0, 2))));
        CHECK(std::stoi(r.substr(3)) == expected);
        const std::string w = s.ok("outflank-solve wld");
        CHECK(w.substr(3) == (expected > 0 ? "win" : expected < 0 ? "loss" : "draw"));
        CHECK(s.ok("outflank-pv").rfind("move ", 0) == 0);
    }
    CHECK(s.send("outflank-solve exact") == "? syntax error\n\n");
}

TEST_CASE("Quarry's traffic: handshake, game setup, time_left before each genmove, EOF", "[gtp_search]") {
    bool saw_black_pass = false, saw_white_pass = false;
    for (std::uint32_t seed = 1; seed <= 200 && !(saw_black_pass && saw_white_pass); ++seed) {
        INFO("seed " << seed);
        GtpSession s;
        // Quarry sends the first four commands without waiting for the answers.
        s.in.str("protocol_version\nname\nversion\nlist_commands\n");
        REQUIRE(s.gtp.run() == 0);
        const std::string hello = s.out.str();
        REQUIRE(hello.rfind("= 2\n\n= outflank\n\n= " OUTFLANK_VERSION "\n\n= protocol_version\n", 0) == 0);
        REQUIRE(split_answers(hello).size() == 4);
        s.in.clear();
        REQUIRE(s.send("list_games") == "= Othello\n\n");
        REQUIRE(s.send("set_game Othello") == "= \n\n");
        REQUIRE(s.send("boardsize 8") == "= \n\n");
        REQUIRE(s.send("clear_board") == "= \n\n");
        REQUIRE(s.send("time_settings 0 15 1") == "= \n\n");

        // The engine plays black; "the user" plays white through Quarry (uppercase vertices).
        // Quarry never sends a pass: a side without moves is skipped, so the other colour
        // appears twice in a row.
        Game mirror;
        std::mt19937 rng(seed);
        std::string last_sent_color;
        while (!mirror.is_over()) {
            const Position& pos = mirror.position();
            if (pos.must_pass()) {
                mirror.play(kPass);
                continue;
            }
            if (pos.side == Color::Black) {
                REQUIRE(s.send("time_left black 15 1") == "= \n\n");
                const std::string a = s.send("genmove black");
                REQUIRE(is_legal_answer(a, pos));
                if (last_sent_color == "black") saw_white_pass = true;
                last_sent_color = "black";
                mirror.play(parse_square(a.substr(2, 2)));
            } else {
                std::vector<Square> moves;
                for (Square sq : squares(pos.moves())) moves.push_back(sq);
                const Square m = moves[rng() % moves.size()];
                REQUIRE(s.send("play white " + square_name(m, true)) == "= \n\n");
                if (last_sent_color == "white") saw_black_pass = true;
                last_sent_color = "white";
                mirror.play(m);
            }
            REQUIRE(s.game().position() == mirror.position());
        }
        CHECK(s.ok("final_score") == final_score_string(mirror.final_score_black()));
        // Quarry closes the pipe at the end instead of sending quit.
        s.out.str("");
        CHECK(s.gtp.run() == 0);
        CHECK(s.out.str().empty());
    }
    CHECK(saw_black_pass);
    CHECK(saw_white_pass);
}
