// NBoard protocol transcripts: a whole session as the GUI drives it, every malformed command
// refused without a change, passes, the opening-book hook, and the asynchronous part: a `ping`
// during a long search answered within 100 ms with nothing of the stopped search after the pong.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/error.hpp"
#include "records/ggf.hpp"
#include "nboard/nboard.hpp"
#include "support/nboard_support.hpp"
#include "core/notation.hpp"
#include "core/tokenizer.hpp"

using namespace outflank;
using namespace outflank::test;
using namespace std::chrono_literals;
using Catch::Contains;

namespace {

using Clock = std::chrono::steady_clock;

double number(const std::string& text) {
    const std::optional<double> v = text::parse_number(text);
    INFO("not a number: " << text);
    REQUIRE(v);
    return *v;
}

// Checks `=== MOVE/EVAL/TIME` and returns the move.
Square check_move_answer(const std::string& line, const Position& pos) {
    INFO(line);
    REQUIRE(starts_with(line, "=== "));
    const std::string answer = line.substr(4);
    const std::size_t slash = answer.find('/');
    REQUIRE(slash != std::string::npos);
    const Square sq = parse_move(answer.substr(0, slash));
    CHECK(pos.is_legal(sq));
    const std::size_t slash2 = answer.find('/', slash + 1);
    REQUIRE(slash2 != std::string::npos);
    CHECK(std::abs(number(answer.substr(slash + 1, slash2 - slash - 1))) <= 64);
    CHECK(number(answer.substr(slash2 + 1)) >= 0);
    return sq;
}

// The hint lines of one `hint` answer, checked: groups of `search PV EVAL 0 DEPTH` with one depth
// each, best first, legal distinct moves, a nodestats after each group, the waiting status last.
// Returns the depths of the groups in order.
std::vector<std::string> check_hints(const std::vector<std::string>& out, const Position& pos, int count) {
    REQUIRE(out.size() >= 3);
    CHECK(out.front() == "status outflank is thinking");
    CHECK(out.back() == "status outflank is waiting");
    std::vector<std::string> depths;
    std::vector<std::string> group;
    const auto close_group = [&] {
        REQUIRE(!group.empty());
        const std::size_t expected = std::min<std::size_t>(count, popcount(pos.moves()));
        CHECK(group.size() == expected);
        double previous = 1e9;
        std::vector<Square> seen;
        for (const std::string& line : group) {
            INFO(line);
            const std::vector<std::string> w = words_of(line);
            REQUIRE(w.size() == 5);
            CHECK(w[0] == "search");
            const Square sq = parse_move(w[1].substr(0, 2));
            CHECK(pos.is_legal(sq));
            CHECK(std::find(seen.begin(), seen.end(), sq) == seen.end());
            seen.push_back(sq);
            const double eval = number(w[2]);
            CHECK(eval <= previous);
            previous = eval;
            CHECK(w[3] == "0");
            CHECK(w[4] == words_of(group.front())[4]);
        }
        depths.push_back(words_of(group.front())[4]);
        group.clear();
    };
    for (std::size_t i = 1; i + 1 < out.size(); ++i) {
        if (starts_with(out[i], "search ")) group.push_back(out[i]);
        else if (starts_with(out[i], "nodestats ")) close_group();
        else FAIL("unexpected line in a hint answer: " << out[i]);
    }
    CHECK(group.empty());
    return depths;
}

// Black (b1) cannot take white's a1, so black must pass; white then plays c1 and the game ends
// with 2 white discs and 62 empties: a 64-0 win for white.
const std::string kPassGame = "(;GM[Othello]BO[8 O*" + std::string(62, '-') + " *];)";

class FakeBook : public NboardBook {
public:
    std::vector<Move> moves(const Position& pos) override {
        if (pos != Position::start()) return {};
        return {{parse_square("d3"), -1, 90, 22, false},
                {parse_square("a1"), 5, 1, 22, false},  // illegal: the session must drop it
                {parse_square("f5"), 0, 120, 22, false}};
    }
    void learn(const Game& game) override {
        if (fail) throw Error("the book file is read-only");
        learned.push_back(game.transcript());
    }
    bool fail = false;
    std::vector<std::string> learned;
};

}  // namespace

TEST_CASE("NBoard: a whole session as the GUI drives it", "[nboard]") {
    NboardDriver d;
    CHECK(d.run("nboard 2") == std::vector<std::string>{"set myname outflank"});
    CHECK(d.run("set depth 4") == std::vector<std::string>{"set myname outflank4"});
    CHECK(d.session().level() == 4);
    CHECK(d.run("set contempt 0").empty());
    CHECK(d.run(set_game("f5d6c3")).empty());
    CHECK(d.session().game().transcript() == "f5d6c3");
    CHECK(d.run("ping 1") == std::vector<std::string>{"pong 1"});

    // go: thinking, node counts, the move (not played), waiting.
    std::vector<std::string> out = d.run("go");
    REQUIRE(out.size() >= 4);
    CHECK(out.front() == "status outflank is thinking");
    CHECK(out.back() == "status outflank is waiting");
    for (std::size_t i = 1; i + 2 < out.size(); ++i) {
        INFO(out[i]);
        CHECK(starts_with(out[i], "nodestats "));
        CHECK(words_of(out[i]).size() == 3);
    }
    const Square move = check_move_answer(out[out.size() - 2], d.session().game().position());
    CHECK(d.session().game().moves().size() == 3);

    // The GUI plays it back with eval and time, after a ping.
    CHECK(d.run("ping 2") == std::vector<std::string>{"pong 2"});
    const std::string answer = out[out.size() - 2].substr(4);
    CHECK(d.run("move " + answer).empty());
    CHECK(d.session().game().moves().size() == 4);
    CHECK(d.session().game().moves().back() == move);

    // hint 3: the best three moves at depths 2, 3, 4.
    const Position pos = d.session().game().position();
    CHECK(check_hints(d.run("hint 3"), pos, 3) == std::vector<std::string>{"2", "3", "4"});

    // analyze: one line per move, from the last back to the first.
    out = d.run("analyze");
    REQUIRE(out.size() == 7);
    CHECK(out[0] == "status outflank is analysing the game");
    for (int i = 0; i < 4; ++i) {
        const std::vector<std::string> w = words_of(out[1 + i]);
        REQUIRE(w.size() == 3);
        CHECK(w[0] == "analysis");
        CHECK(w[1] == std::to_string(4 - i));
        CHECK(std::abs(number(w[2])) <= 64);
    }
    CHECK(starts_with(out[5], "nodestats "));
    CHECK(out[6] == "status outflank is waiting");

    CHECK_FALSE(d.send("quit"));
    CHECK_FALSE(d.send("go"));
    CHECK(d.take().empty());
    CHECK(d.take_log().empty());
}

TEST_CASE("NBoard: hint in the endgame: midgame passes, then one exact pass in the solving range", "[nboard]") {
    NboardDriver d;
    d.send("set depth 8");  // level 8 solves from 16 empties
    // A game played by always taking the lowest legal square, down to 18 empties.
    Game game;
    while (game.position().empty_count() > 18) {
        const Position& p = game.position();
        REQUIRE(!game.is_over());
        game.play(p.moves() ? lowest_square(p.moves()) : kPass);
    }
    // 18 empties: the moves lead to 17, outside the solving range: depths 2 to 8.
    d.send("set game " + to_ggf(game));
    d.take();
    CHECK(check_hints(d.run("hint 2"), game.position(), 2) ==
          std::vector<std::string>{"2", "3", "4", "5", "6", "7", "8"});
    // Two moves later the moves lead into the range: one exact pass.
    for (int i = 0; i < 2; ++i) {
        const Position& p = game.position();
        game.play(p.moves() ? lowest_square(p.moves()) : kPass);
    }
    REQUIRE(game.position().empty_count() - 1 <= 16);
    REQUIRE(game.position().moves() != 0);
    d.send("set game " + to_ggf(game));
    d.take();
    CHECK(check_hints(d.run("hint 2"), game.position(), 2) == std::vector<std::string>{"100%"});
}

TEST_CASE("NBoard: malformed and illegal commands are refused on stderr and change nothing", "[nboard]") {
    NboardDriver d;
    d.send("set depth 5");
    d.send(set_game("f5d6"));
    d.take();
    const std::vector<std::pair<std::string, std::string>> bad = {
        {"frobnicate", "frobnicate: unknown command"},
        {"set depth 0", "set depth: the depth must be an integer from 1 to 60"},
        {"set depth 61", "from 1 to 60"},
        {"set depth five", "not \"five\""},
        {"set depth", "expected \"set depth N\""},
        {"set depth 4 5", "expected \"set depth N\""},
        {"set contempt x", "set contempt N"},
        {"set colour 3", "set colour: unknown variable \"colour\""},
        {"set", "expected \"set depth N\""},
        {"set game", "GGF: empty text"},
        {"set game (;GM[Othello]B[F5]W[F5];)", "set game: GGF: move 2 (W[F5]): illegal move: f5"},
        {"set game (;GM[Othello]BO[8 ---];)", "GGF: BO"},
        {"set game nonsense", "must start with \"(;\""},
        {"move", "expected one move"},
        {"move z9", "move: "},
        {"move F5", "illegal move"},
        {"move C3/x", "eval \"x\" is not a number"},
        {"move PA", "pass"},
        {"move c3 d3", "expected one move"},
        {"ping", "expected \"ping N\""},
        {"ping x", "\"x\" is not an integer"},
        {"hint 0", "from 1 to 64"},
        {"hint many", "not \"many\""},
        {"hint 1 2", "expected \"hint N\""},
        {"nboard 3", "protocol version 3 is not supported"},
        {"nboard", "expected the protocol version"},
        {"go now", "go: takes no arguments"},
        {"analyze all", "analyze: takes no arguments"},
        {"learn it", "learn: takes no arguments"},
        {"Z9", "Z9: unknown command"},
    };
    for (const auto& [line, message] : bad) {
        INFO(line);
        CHECK(d.send(line));
        d.session().wait_until_idle();
        CHECK(d.take().empty());
        const std::vector<std::string> log = d.take_log();
        REQUIRE(log.size() == 1);
        CHECK_THAT(log[0], Contains(message) && Contains("(ignored)"));
        CHECK(starts_with(log[0], "outflank: "));
        CHECK(d.session().game().transcript() == "f5d6");
        CHECK(d.session().level() == 5);
    }
    // Blank lines, CR, tabs and case are tolerated.
    CHECK(d.run("").empty());
    CHECK(d.run("  \r").empty());
    CHECK(d.run("PING\t7\r") == std::vector<std::string>{"pong 7"});
    CHECK(d.take_log().empty());
}

TEST_CASE("NBoard: moves with eval and time, a bare move (NBoard 1.1), nboard 1", "[nboard]") {
    NboardDriver d;
    CHECK(d.run("nboard 1") == std::vector<std::string>{"set myname outflank"});
    CHECK(d.run("move f5/0.00/1.5").empty());
    CHECK(d.run("D6").empty());
    CHECK(d.run("move C3//0.01").empty());
    CHECK(d.session().game().transcript() == "f5d6c3");
    CHECK(d.take_log().empty());
}

TEST_CASE("NBoard: passes in go, hint, move and analyze; go after the end", "[nboard]") {
    NboardDriver d;
    d.send("set depth 3");
    d.send("set game " + kPassGame);
    d.take();
    CHECK(d.run("go") == std::vector<std::string>{"=== PA"});
    std::vector<std::string> out = d.run("hint 3");
    REQUIRE(out.size() == 4);
    CHECK(starts_with(out[1], "search PA-C1 -64.00 0 "));
    CHECK(starts_with(out[2], "nodestats "));

    CHECK(d.run("move PA").empty());
    CHECK(d.run("move C1").empty());
    CHECK(d.session().game().is_over());
    out = d.run("analyze");
    REQUIRE(out.size() == 5);
    CHECK(out[1] == "analysis 2 -64.00");  // black to move in the final position: lost 0-64
    CHECK(out[2] == "analysis 1 64.00");   // white to move after black's pass: wins 64-0

    CHECK(d.run("go").empty());
    CHECK_THAT(d.take_log().at(0), Contains("the game is over"));
    CHECK(d.run("hint 1").empty());  // nothing to hint in a finished game

    // An implied pass: white's move while black must pass records the pass too.
    d.send("set game " + kPassGame);
    CHECK(d.run("move C1").empty());
    CHECK(d.session().game().moves() == std::vector<Square>{kPass, parse_square("c1")});
}

TEST_CASE("NBoard: learn without a book says so and does not answer learned", "[nboard]") {
    NboardDriver d;
    d.send(set_game("f5d6"));
    const std::vector<std::string> out = d.run("learn");
    CHECK(out == std::vector<std::string>{"status outflank has no opening book: the game was not learned"});
    const std::vector<std::string> log = d.take_log();
    REQUIRE(log.size() == 1);
    CHECK_THAT(log[0], Contains("no opening book to learn into"));
}

TEST_CASE("NBoard: a book plugged in through NboardBook answers go, hint and learn", "[nboard]") {
    FakeBook book;
    NboardDriver d(NboardDriver::small_options(), &book);
    CHECK(d.run("go") == std::vector<std::string>{"=== F5/0.00/0.00"});
    CHECK(d.run("hint 5") ==
          std::vector<std::string>{"book F5 0.00 120 22", "book D3 -1.00 90 22", "status outflank is waiting"});
    CHECK(d.run("hint 1") == std::vector<std::string>{"book F5 0.00 120 22", "status outflank is waiting"});
    d.send(set_game("f5d6"));
    CHECK(d.run("learn") == std::vector<std::string>{"learned"});
    CHECK(book.learned == std::vector<std::string>{"f5d6"});
    // Out of book, go searches.
    d.send("set depth 2");
    d.take();
    const std::vector<std::string> out = d.run("go");
    REQUIRE(out.size() >= 3);
    check_move_answer(out[out.size() - 2], d.session().game().position());
    // A book that fails to learn: the error is logged and `learned` is not sent.
    book.fail = true;
    CHECK(d.run("learn").empty());
    CHECK_THAT(d.take_log().at(0), Contains("read-only"));
}

TEST_CASE("NBoard: ping during a long go, hint or analyze answers pong within 100 ms", "[nboard]") {
    NboardDriver d;
    d.send("set depth 60");  // solves everything: from 40 empties it would run for hours
    const std::string midgame = "f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4g4h3";  // 41 empties
    d.send(set_game(midgame));
    d.take();
    double worst = 0;
    int n = 0;
    for (const char* command : {"go", "hint 3", "analyze"}) {
        INFO(command);
        d.send(command);
        std::this_thread::sleep_for(150ms);
        REQUIRE(d.session().searching());
        const Clock::time_point sent = Clock::now();
        d.send("ping " + std::to_string(++n));
        const std::vector<NboardDriver::Line> lines = d.take_timed();
        REQUIRE(!lines.empty());
        CHECK(lines.back().text == "pong " + std::to_string(n));
        const double latency = ms_between(sent, lines.back().when);
        worst = std::max(worst, latency);
        CHECK(latency < 100);
        CHECK_FALSE(d.session().searching());
        // The stopped search sends nothing more: no stale ===, search or analysis line.
        std::this_thread::sleep_for(50ms);
        CHECK(d.take().empty());
        for (const auto& l : lines) CHECK_FALSE(starts_with(l.text, "=== "));
    }
    WARN("NBoard: slowest pong during a long search: " << worst << " ms");
}

TEST_CASE("NBoard: no answer of a search ever follows the pong of a later ping", "[nboard]") {
    NboardDriver d;
    d.send(set_game("f5d6c3"));
    d.take();
    int answered = 0;
    // Depth 1 finishes in microseconds, depth 60 never: pings land before, during and after the
    // search starts, including in the gap before Engine::search clears a pending stop.
    for (int i = 1; i <= 120; ++i) {
        d.send(i % 2 ? "set depth 1" : "set depth 60");
        d.take();
        d.send(i % 3 ? "go" : "hint 2");
        if (i % 4) std::this_thread::sleep_for(std::chrono::microseconds(i * 25));
        const Clock::time_point sent = Clock::now();
        d.send("ping " + std::to_string(i));
        const double ms = ms_between(sent, Clock::now());
        INFO("round " << i);
        CHECK(ms < 100);
        std::this_thread::sleep_for(std::chrono::microseconds(200));
        const std::vector<std::string> out = d.take();
        REQUIRE(!out.empty());
        CHECK(out.back() == "pong " + std::to_string(i));  // nothing after the pong
        for (const std::string& l : out) answered += starts_with(l, "=== ");
    }
    WARN("NBoard ordering: " << answered << " of 80 go searches answered before their ping");
}

TEST_CASE("NBoard: quit, end of input and destruction stop a search at once", "[nboard]") {
    for (int how = 0; how < 3; ++how) {
        INFO("how " << how);
        auto d = std::make_unique<NboardDriver>();
        d->send("set depth 60");
        d->send("go");
        std::this_thread::sleep_for(50ms);
        REQUIRE(d->session().searching());
        const Clock::time_point start = Clock::now();
        if (how == 0) CHECK_FALSE(d->send("quit"));
        else if (how == 1) d->session().finish();
        else d.reset();
        CHECK(ms_between(start, Clock::now()) < 100);
        if (d) {
            CHECK_FALSE(d->session().searching());
            const std::vector<std::string> out = d->take();
            for (const std::string& l : out) CHECK_FALSE(starts_with(l, "=== "));
        }
    }
}
