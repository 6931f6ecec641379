// The parallel search (thread_pool.hpp): exact and WLD scores on 2 and 4 threads equal the
// single-thread scores (random positions and FFO), midgame searches on several threads give legal
// moves and PVs, and stop() and every limit hold with more threads than cores.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "core/error.hpp"
#include "core/game.hpp"
#include "core/notation.hpp"
#include "records/obf.hpp"
#include "search/engine.hpp"
#include "support/rules_support.hpp"
#include "support/search_support.hpp"

using namespace outflank;
using outflank::test::positions_with_empties;
using outflank::test::search_stopped_after;
using outflank::test::sanitized;

namespace {

Limits exact_limits(bool wld) {
    Limits limits;
    limits.exact = !wld;
    limits.wld = wld;
    return limits;
}

double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

TEST_CASE("exact and WLD scores on 2 and 4 threads equal the single-thread scores", "[parallel]") {
    const std::size_t count = sanitized() ? 40 : 500;
    const std::vector<Position> positions = positions_with_empties(14, 20, count, 2026, true);
    REQUIRE(positions.size() == count);
    Engine one(16, {}, 1), two(16, {}, 2), four(16, {}, 4);
    CHECK(one.threads() == 1);
    CHECK(four.threads() == 4);
    int splits_seen = 0;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const Position& pos = positions[i];
        INFO("position " << position_string(pos));
        const bool wld = i % 3 == 2;  // a third WLD, the rest exact
        // Fresh tables every few positions, warm ones otherwise: both must give the same scores.
        if (i % 5 == 0) {
            one.new_game();
            two.new_game();
            four.new_game();
        }
        const SearchResult a = one.search(pos, exact_limits(wld));
        const SearchResult b = two.search(pos, exact_limits(wld));
        const SearchResult c = four.search(pos, exact_limits(wld));
        REQUIRE(!a.stopped);
        CHECK(b.score == a.score);
        CHECK(c.score == a.score);
        CHECK(!b.stopped);
        CHECK(!c.stopped);
        // The best move of each reaches the score (the moves may differ between equal moves);
        // checked on every tenth position, as it costs two more solves.
        if (i % 10 == 0) for (const SearchResult* r : {&b, &c}) {
            REQUIRE(pos.is_legal(r->best_move));
            Position child = pos;
            child.play(r->best_move);
            const SearchResult reply = one.search(child, exact_limits(wld));
            CHECK(-reply.score == a.score);
        }
        splits_seen += b.nodes != a.nodes || c.nodes != a.nodes;
    }
    // The threads did take part (node counts differ from one thread's somewhere).
    CHECK(splits_seen > 0);
}

TEST_CASE("FFO positions up to 20 empties: the same exact scores on 1, 2 and 4 threads", "[parallel]") {
    std::vector<ObfProblem> positions = outflank::test::ffo_positions_up_to(20);
    if (positions.empty()) {
        WARN("FFO data not found in " << outflank::test::ffo_dir() << ": test skipped");
        return;
    }
    if (sanitized()) positions.resize(6);
    for (int threads : {2, 4}) {
        Engine engine(64, {}, threads);
        for (const ObfProblem& e : positions) {
            INFO("#" << e.number << " on " << threads << " threads");
            engine.new_game();
            const SearchResult r = engine.search(e.pos, exact_limits(false));
            CHECK(r.score == e.expected);
            CHECK((r.best_move < 64 && (e.best_moves & bit(r.best_move))));
            const SearchResult w = engine.search(e.pos, exact_limits(true));
            CHECK(w.score == (e.expected > 0) - (e.expected < 0));
        }
    }
}

TEST_CASE("midgame searches on several threads give legal moves and legal PVs", "[parallel]") {
    const std::vector<Position> positions = positions_with_empties(24, 50, sanitized() ? 4 : 24, 77, true);
    Engine engine(16, {}, 3);
    for (const Position& pos : positions) {
        INFO("position " << position_string(pos));
        Limits limits;
        limits.depth = sanitized() ? 6 : 9;
        const SearchResult r = engine.search(pos, limits);
        REQUIRE(pos.is_legal(r.best_move));
        CHECK(r.depth == limits.depth);
        REQUIRE(!r.pv.empty());
        CHECK(r.pv.front() == r.best_move);
        Position p = pos;
        for (Square m : r.pv) {
            REQUIRE((m == kPass ? p.must_pass() : p.is_legal(m)));
            p.play_or_pass(m);
        }
    }
}

TEST_CASE("threads: set_threads changes the pool between searches; bad counts are refused", "[parallel]") {
    Engine engine(8, {}, 1);
    const Position pos = Game::from_transcript("f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1").position();
    Limits limits;
    limits.depth = 8;
    const SearchResult single = engine.search(pos, limits);
    engine.new_game();
    CHECK(engine.search(pos, limits).nodes == single.nodes);  // one thread: reproducible
    for (int t : {4, 2, 1}) {
        engine.set_threads(t);
        CHECK(engine.threads() == t);
        engine.new_game();
        const SearchResult r = engine.search(pos, limits);
        CHECK(pos.is_legal(r.best_move));
        if (t == 1) CHECK(r.nodes == single.nodes);
    }
    CHECK_THROWS_AS(engine.set_threads(0), Error);
    CHECK_THROWS_AS(engine.set_threads(Engine::kMaxThreads + 1), Error);
    CHECK(engine.threads() == 1);
    CHECK_THROWS_AS(Engine(8, {}, 0), Error);
}

// More threads than cores on purpose: the limits must hold all the same.
TEST_CASE("stop() and time limits hold with 4 threads on any machine", "[parallel][limits]") {
    Engine engine(16, {}, 4);
    const double slack = sanitized() ? 0.5 : 0.1;

    SECTION("stop() during a midgame search") {
        const Position pos = Game::from_transcript("f5d6c3d3c4f4").position();
        Limits limits;
        limits.depth = 60;
        limits.endgame_auto = false;
        const auto [r, latency] = search_stopped_after(engine, pos, limits, std::chrono::milliseconds(300));
        CHECK(r.stopped);
        CHECK(pos.is_legal(r.best_move));
        CHECK(latency < slack);
    }
    SECTION("stop() during an exact solve") {
        const std::vector<Position> deep = positions_with_empties(28, 28, 1, 5, true);
        REQUIRE(deep.size() == 1);
        const auto [r, latency] =
            search_stopped_after(engine, deep[0], exact_limits(false), std::chrono::milliseconds(300));
        CHECK(r.stopped);
        CHECK(!r.exact);
        CHECK(deep[0].is_legal(r.best_move));
        CHECK(latency < slack);
    }
    SECTION("a time limit, midgame and endgame") {
        for (const char* moves : {"f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1",
                                  "f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1f3f6e7g6g5d7c7b6"}) {
            const Position pos = Game::from_transcript(moves).position();
            Limits limits;
            limits.time = 0.3;
            const auto start = std::chrono::steady_clock::now();
            const SearchResult r = engine.search(pos, limits);
            CHECK(pos.is_legal(r.best_move));
            CHECK(seconds_since(start) < 0.3 + slack);
        }
    }
    SECTION("a search after a stop is clean: the full result, the same score as one thread") {
        const std::vector<Position> positions = positions_with_empties(18, 18, 1, 9, true);
        REQUIRE(positions.size() == 1);
        engine.stop();  // a stop request before the search is forgotten when it starts
        const SearchResult r = engine.search(positions[0], exact_limits(false));
        CHECK(!r.stopped);
        Engine one(16, {}, 1);
        CHECK(r.score == one.search(positions[0], exact_limits(false)).score);
    }
}
