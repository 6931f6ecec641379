// The midgame search through the Engine API: legal answers, agreement between search variants on
// exact scores, and limits (time, nodes, stop) that are respected.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "search/engine.hpp"
#include "search/search_control.hpp"
#include "support/eval_support.hpp"
#include "core/game.hpp"
#include "core/notation.hpp"
#include "records/obf.hpp"
#include "support/rules_support.hpp"
#include "support/search_support.hpp"

using namespace outflank;
using outflank::test::EvaluationGuard;
using outflank::test::random_play_positions;
using outflank::test::Rng;
using outflank::test::sanitized;
using outflank::test::positions_with_empties;
using outflank::test::search_stopped_after;


TEST_CASE("search returns a legal move, a pass only when forced, no move when the game is over", "[search]") {
    Engine engine(16);
    const std::size_t n = sanitized() ? 60 : 300;
    for (const Position& pos : random_play_positions(n, 7)) {
        Limits limits;
        limits.depth = 3;
        const SearchResult r = engine.search(pos, limits);
        if (pos.is_game_over()) {
            CHECK(r.best_move == kNoMove);
            CHECK(r.score == pos.final_score());
        } else if (pos.must_pass()) {
            CHECK(r.best_move == kPass);
        } else {
            REQUIRE(r.best_move < 64);
            CHECK(pos.is_legal(r.best_move));
            CHECK(r.score >= -64);
            CHECK(r.score <= 64);
        }
    }
}

TEST_CASE("principal variations are legal move sequences", "[search]") {
    Engine engine(16);
    for (const Position& pos : positions_with_empties(20, 50, sanitized() ? 5 : 20, 11)) {
        Limits limits;
        limits.depth = 6;
        const SearchResult r = engine.search(pos, limits);
        Game game(pos);
        for (Square m : r.pv) {
            INFO(position_string(pos));
            REQUIRE(game.is_legal(m));
            game.play(m);
        }
        CHECK(!r.pv.empty());
        CHECK(r.pv.front() == r.best_move);
    }
}

TEST_CASE("exact scores agree with the TT and aspiration windows on and off", "[search]") {
    Engine engine(16);
    for (const Position& pos : positions_with_empties(12, 14, sanitized() ? 6 : 25, 3)) {
        Limits base;
        base.depth = 20;  // deeper than the empties: the search ends in the exact solver
        base.selective = false;
        base.endgame_auto = false;
        Limits no_tt = base;
        no_tt.use_tt = false;
        Limits no_aspiration = base;
        no_aspiration.use_aspiration = false;
        Limits solve = base;
        solve.exact = true;
        engine.new_game();
        const int a = engine.search(pos, base).score;
        engine.new_game();
        const int b = engine.search(pos, no_tt).score;
        engine.new_game();
        const int c = engine.search(pos, no_aspiration).score;
        engine.new_game();
        const SearchResult d = engine.search(pos, solve);
        INFO(position_string(pos));
        CHECK(a == b);
        CHECK(a == c);
        CHECK(a == d.score);
        CHECK(d.exact);
    }
}

TEST_CASE("prepared solves (selective passes first) give the exact scores of FFO", "[search]") {
    // From 20 empties an exact solve first runs a midgame search and a selective pass to the end
    // of the game (ProbCut with the endgame error model); the exact score must not change.
    const std::string dir = std::string(OUTFLANK_SHARED_DATA) + "/ffo/";
    if (!std::filesystem::exists(dir + "fforum-20-39.obf")) {
        WARN("FFO data not found in " << dir << ": test skipped");
        return;
    }
    std::vector<ObfProblem> positions;
    for (const ObfProblem& e : read_obf(dir + "fforum-20-39.obf"))
        if (e.pos.empty_count() >= 20 && e.pos.empty_count() <= (sanitized() ? 20 : 21)) positions.push_back(e);
    REQUIRE(!positions.empty());
    Engine engine(64);
    for (const ObfProblem& e : positions) {
        INFO(position_string(e.pos));
        engine.new_game();
        Limits exact;
        exact.exact = true;
        const SearchResult r = engine.search(e.pos, exact);
        CHECK(r.exact);
        CHECK(r.score == e.expected);
        CHECK((r.best_move < 64 && (e.best_moves & bit(r.best_move))));
        Limits wld;
        wld.wld = true;
        engine.new_game();
        CHECK(engine.search(e.pos, wld).score == (e.expected > 0) - (e.expected < 0));
    }
}

TEST_CASE("a prepared solve of FFO #59 (34 empties, a wipeout) finishes within 600 M nodes", "[search]") {
    // Without stability bounds in the selective pass this took billions of nodes; now ~200 M
    // (12 s; too slow for the sanitizer build, which skips it).
    if (sanitized()) return;
    const std::string file = std::string(OUTFLANK_SHARED_DATA) + "/ffo/fforum-40-59.obf";
    if (!std::filesystem::exists(file)) {
        WARN("FFO data not found: test skipped");
        return;
    }
    const std::vector<ObfProblem> problems = read_obf(file);
    REQUIRE(problems.size() == 20);
    const ObfProblem& ffo59 = problems.back();
    REQUIRE(ffo59.number == 59);
    // With the shipped evaluation, as the binary plays (the test binary starts with the hand-made
    // one, which needs ~430 M nodes here); the previous choice is restored afterwards.
    EvaluationGuard guard;
    use_pattern_weights(std::make_shared<const PatternWeights>(PatternWeights::load(default_weights_path())));
    Engine engine(64);
    Limits limits;
    limits.exact = true;
    limits.nodes = 600'000'000;
    const SearchResult r = engine.search(ffo59.pos, limits);
    CHECK(!r.stopped);
    CHECK(r.score == 64);
    CHECK((r.best_move < 64 && (ffo59.best_moves & bit(r.best_move))));
}

TEST_CASE("a node limit during a prepared solve gives a legal move and stops within one check interval", "[search]") {
    // FFO #45 (24 empties): the limits stop the preparing midgame search, the selective pass and
    // the exact solve. After 10 moves (50 empties): the preparing search is a depth-25 midgame
    // search, which every limit stops; its best move so far is the answer, and the solver is not
    // entered (its root ordering alone cost 27,000 nodes after the stop).
    struct Case {
        const char* name;
        Position pos;
        std::uint64_t limits[3];
    };
    const Case cases[] = {
        {"FFO #45", parse_position("---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO-- X"),
         {1000, 200000, 3000000}},
        {"50 empties", Game::from_transcript("f5d6c3d3c4f4f6f3e6e7").position(), {1, 30000, 300000}},
    };
    Engine engine(16, {}, 1);
    for (const Case& c : cases) {
        for (std::uint64_t nodes : c.limits) {
            engine.new_game();
            Limits limits;
            limits.exact = true;
            limits.nodes = nodes;
            const SearchResult r = engine.search(c.pos, limits);
            INFO(c.name << ", nodes " << nodes);
            CHECK(c.pos.is_legal(r.best_move));
            CHECK(r.stopped);
            CHECK(!r.exact);
            CHECK((r.score >= -64 && r.score <= 64));  // an estimate, not the solver's sentinel
            CHECK(r.nodes <= nodes + SearchControl::kCheckInterval + 100);  // + the unwinding
        }
    }
}

TEST_CASE("midgame move ordering: depth-13 searches of ten game positions stay within 3 M nodes", "[search]") {
    // A guard on the ordering's quality, with the shipped evaluation as the binary plays: the
    // ten positions (28-48 empties, WTHOR 2023 games) need 2.28 M nodes. Ordering by shallow
    // searches of every move (2 plies from depth 6, 4 from depth 10) needed 3.62 M, and that was
    // before depth-1 nodes evaluated every child unordered (1.73 M -> 2.28 M for today's ordering).
    const char* games[] = {
        "f5d6c3d3c4f4f6f3g4g3e6b3f2e3e2c5c6e7c7h4g5d2h5d7",
        "f5d6c3d3c4f4f6f3g4g3e6b3f2e3e2c5c6e7c7h4g5d2h5d7h3b6c1f1d1g2b4e1",
        "f5f6e6f4e3c5c4d3f3e2g4g5f2h4h6g3f7b4h5h7c2c3d2f1e1d1c1b1d6g1b5c6",
        "f5d6c5f4e3c6d3f6e6d7g3c4g6c3f7d2",
        "f5f6e6f4e3d3f3d6c4c3c5e2f2d2g4g5",
        "f5f6e6f4e3d3f3d6c4c3c5e2f2d2g4g5c6h3e1b4b3c7d7e8",
        "f5d6c5f4d3e3g4g5e6c4g3c6f3f6e7e2h6g6f7h4c2d2d1d7",
        "f5d6c5f4d3e3g4g5e6c4g3c6f3f6e7e2h6g6f7h4c2d2d1d7h5f1c1e8h3f2c3f8",
        "f5f6e6f4c3c4d3d7e3d6c5e2f3g4e7d8f8b4b5f2e1c2d2b3a3c1g6a4d1a6b1c6",
        "f5d6c3d3c4f4f6f3e6c6c5e7d7e8c7g6",
    };
    EvaluationGuard guard;
    use_pattern_weights(std::make_shared<const PatternWeights>(PatternWeights::load(default_weights_path())));
    Engine engine(16, {}, 1);
    std::uint64_t total = 0;
    for (const char* game : games) {
        engine.new_game();
        Limits limits;
        limits.depth = 13;
        const SearchResult r = engine.search(Game::from_transcript(game).position(), limits);
        REQUIRE(!r.stopped);
        total += r.nodes;
    }
    INFO("nodes " << total);
    CHECK(total <= 3'000'000);
}

TEST_CASE("a time limit is respected", "[search][timing]") {
    Engine engine(16);
    const Position pos = Game::from_transcript("f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1").position();
    Limits limits;
    limits.time = 1.0;
    const auto start = std::chrono::steady_clock::now();
    const SearchResult r = engine.search(pos, limits);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(pos.is_legal(r.best_move));
    CHECK(seconds < 1.5);  // generous: shared CI machines are noisy
    CHECK(r.depth >= 4);
}

TEST_CASE("a node limit stops the search and still gives a legal move", "[search]") {
    Engine engine(16);
    const Position pos = Game::from_transcript("f5d6c3d3c4f4c5b3c2").position();
    for (std::uint64_t nodes : {1ULL, 100ULL, 10000ULL}) {
        Limits limits;
        limits.depth = 30;
        limits.nodes = nodes;
        const SearchResult r = engine.search(pos, limits);
        CHECK(pos.is_legal(r.best_move));
        CHECK(r.nodes < nodes + 20000);
    }
}

TEST_CASE("stop() from another thread ends the search promptly", "[search][timing]") {
    Engine engine(16);
    const Position pos = Game::from_transcript("f5d6c3d3c4f4").position();
    Limits limits;
    limits.depth = 60;
    limits.endgame_auto = false;
    const auto [r, latency] = search_stopped_after(engine, pos, limits, std::chrono::milliseconds(300));
    CHECK(r.stopped);
    CHECK(pos.is_legal(r.best_move));
    CHECK(latency < (sanitized() ? 0.5 : 0.1));  // the target is < 10 ms; generous for noisy machines
}

TEST_CASE("evaluate_moves scores every legal move, best first", "[search]") {
    Engine engine(16);
    const Position pos = Game::from_transcript("f5d6c3d3c4f4c5b3c2e6").position();
    Limits limits;
    limits.depth = 4;
    const auto scores = engine.evaluate_moves(pos, limits);
    REQUIRE(static_cast<int>(scores.size()) == popcount(pos.moves()));
    Bitboard seen = 0;
    for (std::size_t i = 0; i < scores.size(); ++i) {
        CHECK(pos.is_legal(scores[i].move));
        seen |= bit(scores[i].move);
        if (i > 0) CHECK(scores[i - 1].score >= scores[i].score);
    }
    CHECK(seen == pos.moves());
}

TEST_CASE("evaluate_moves with exact limits matches the solver", "[search]") {
    Engine engine(16);
    for (const Position& pos : positions_with_empties(10, 12, sanitized() ? 3 : 10, 5)) {
        if (pos.must_pass()) continue;
        Limits exact;
        exact.exact = true;
        const auto scores = engine.evaluate_moves(pos, exact);
        const SearchResult r = engine.search(pos, exact);
        REQUIRE(!scores.empty());
        CHECK(scores.front().score == r.score);
        for (const MoveScore& m : scores) CHECK(m.exact);
    }
}

TEST_CASE("without a fixed depth the iterations end in selective passes to the end, then the exact one", "[search]") {
    // Once the midgame depth is within 10 plies of the end, each further iteration searches to
    // the end of the game at rising ProbCut confidence (73% ... 99%) and the last one is exact.
    const int empties = sanitized() ? 18 : 20;
    Engine engine(16);
    for (const Position& pos : positions_with_empties(empties, empties, 3, 91, true)) {
        INFO(position_string(pos));
        std::vector<std::pair<int, int>> steps;  // (depth, selectivity) of each iteration
        engine.new_game();
        Limits limits;
        limits.nodes = 2'000'000'000;
        const SearchResult r = engine.search(pos, limits, [&](const SearchInfo& i) {
            if (steps.empty() || steps.back() != std::make_pair(i.depth, i.selectivity))
                steps.emplace_back(i.depth, i.selectivity);
        });
        REQUIRE(r.exact);
        const std::vector<std::pair<int, int>> passes = {
            {empties, 73}, {empties, 87}, {empties, 95}, {empties, 98}, {empties, 99}, {empties, 100}};
        REQUIRE(steps.size() > passes.size());
        const std::size_t midgame = steps.size() - passes.size();
        CHECK(std::vector(steps.begin() + static_cast<std::ptrdiff_t>(midgame), steps.end()) == passes);
        CHECK(steps[midgame - 1].first == empties - 10);
        for (std::size_t i = 0; i < midgame; ++i) CHECK(steps[i] == std::make_pair(static_cast<int>(i) + 1, 87));
        Limits exact;
        exact.exact = true;
        engine.new_game();
        CHECK(engine.search(pos, exact).score == r.score);

        // A fixed depth stays a midgame search.
        Limits fixed;
        fixed.depth = empties - 1;
        engine.new_game();
        const SearchResult f = engine.search(pos, fixed);
        CHECK(f.depth == empties - 1);
        CHECK(!f.exact);
        CHECK(f.selectivity == 87);
    }
}

TEST_CASE("levels map to increasing depths with an exact solve near the end", "[search]") {
    for (int level = 1; level < 60; ++level) {
        const Limits a = level_limits(level), b = level_limits(level + 1);
        CHECK(a.depth < b.depth);
        CHECK(a.solve_empties <= b.solve_empties);
        CHECK(a.solve_empties >= a.depth);
    }
}
