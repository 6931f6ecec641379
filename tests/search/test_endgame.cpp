// The exact endgame solver and stable discs: against a plain minimax written here from the rules
// core, against the FFO test positions, with and without the transposition table, and stopping.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "search/endgame.hpp"
#include "core/notation.hpp"
#include "records/obf.hpp"
#include "support/search_support.hpp"
#include "core/position.hpp"
#include "core/stability.hpp"

using namespace outflank;

namespace {

bool sanitized() {
    const char* s = std::getenv("OUTFLANK_SANITIZED");
    return s && std::string(s) == "1";
}

// Plain negamax to the end of the game: the reference.
int minimax(Bitboard P, Bitboard O) {
    const Bitboard moves = legal_moves(P, O);
    if (!moves) {
        if (!legal_moves(O, P)) return final_score(P, O);
        return -minimax(O, P);
    }
    int best = -1000;
    for (Square sq : squares(moves)) {
        const Bitboard f = flips(sq, P, O);
        const int s = -minimax(O & ~f, P | f | bit(sq));
        if (s > best) best = s;
    }
    return best;
}

// Random play from the start until `empties` squares are left (restarting games that end early).
Position random_position(std::mt19937_64& rng, int empties) {
    for (;;) {
        Position pos = Position::start();
        while (pos.empty_count() > empties && !pos.is_game_over()) {
            const Bitboard moves = pos.moves();
            if (!moves) {
                pos.pass();
                continue;
            }
            const int n = popcount(moves);
            Bitboard m = moves;
            for (int k = static_cast<int>(rng() % n); k > 0; --k) m &= m - 1;
            pos.play(lowest_square(m));
        }
        if (pos.empty_count() == empties) return pos;
    }
}


struct Solver {
    TranspositionTable tt;
    SearchControl control;
    EndgameSolver solver;
    explicit Solver(std::size_t mb = 16) : tt(mb), solver(tt, control) { control.start(0, 0); }
};

}  // namespace

TEST_CASE("endgame: exact and WLD scores equal plain minimax on random positions", "[endgame]") {
    const int samples = sanitized() ? 300 : 2400;
    std::mt19937_64 rng(20240601);
    Solver s;
    int checked = 0;
    for (int i = 0; i < samples; ++i) {
        const int empties = static_cast<int>(i % 11);  // 0..10
        const Position pos = random_position(rng, empties);
        const int v = minimax(pos.player, pos.opponent);
        INFO("position " << position_string(pos) << " minimax " << v);
        if (i % 7 == 0) s.tt.clear();

        CHECK(s.solver.search(pos.player, pos.opponent, -64, 64) == v);
        Square best = kNoMove;
        CHECK(s.solver.search(pos.player, pos.opponent, -64, 64, &best) == v);
        // The best move reaches the value (a pass when forced, none when the game is over).
        if (pos.is_game_over()) {
            CHECK(best == kNoMove);
        } else if (pos.must_pass()) {
            CHECK(best == kPass);
        } else {
            REQUIRE(pos.is_legal(best));
            Position next = pos;
            next.play(best);
            CHECK(-minimax(next.player, next.opponent) == v);
        }

        // Fail-soft bounds on random windows, null windows included.
        const int alpha = static_cast<int>(rng() % 129) - 65;
        const int beta = rng() % 2 ? alpha + 1 : alpha + 1 + static_cast<int>(rng() % 40);
        const int r = s.solver.search(pos.player, pos.opponent, alpha, beta);
        if (v <= alpha) {
            CHECK(r <= alpha);
            CHECK(r >= v);
        } else if (v >= beta) {
            CHECK(r >= beta);
            CHECK(r <= v);
        } else {
            CHECK(r == v);
        }

        const SearchResult wld = s.solver.solve(pos, true);
        CHECK(wld.wld);
        CHECK(wld.score == (v > 0) - (v < 0));
        const SearchResult exact = s.solver.solve(pos, false);
        CHECK(exact.exact);
        CHECK(exact.score == v);
        ++checked;
    }
    CHECK(checked == samples);
}

TEST_CASE("endgame: solve reports pass, game over, PV and nodes", "[endgame]") {
    Solver s;
    // Game over with empties: black has everything; WOF gives the empties to the winner.
    Position over = Position::from_colors(~Bitboard{0} & ~bit(0) & ~bit(63), 0, Color::Black);
    SearchResult r = s.solver.solve(over, false);
    CHECK(r.best_move == kNoMove);
    CHECK(r.score == 64);
    CHECK(r.pv.empty());

    // PV of a random 12-empties position replays to the announced score.
    std::mt19937_64 rng(7);
    for (int i = 0; i < 20; ++i) {
        const Position pos = random_position(rng, 12);
        s.tt.clear();
        r = s.solver.solve(pos, false);
        CHECK(r.nodes > 0);
        REQUIRE(!r.pv.empty());
        CHECK(r.pv.front() == r.best_move);
        Position p = pos;
        for (Square m : r.pv) {
            REQUIRE((m == kPass ? p.must_pass() : p.is_legal(m)));
            p.play_or_pass(m);
        }
        CHECK(p.is_game_over());
        const int final_for_root = p.side == pos.side ? p.final_score() : -p.final_score();
        CHECK(final_for_root == r.score);
    }
}

TEST_CASE("endgame: results do not depend on the transposition table", "[endgame]") {
    const int samples = sanitized() ? 6 : 30;
    std::mt19937_64 rng(99);
    Solver big(64), tiny(1), none(1);
    none.solver.set_use_tt(false);
    for (int i = 0; i < samples; ++i) {
        const Position pos = random_position(rng, 14 + i % 3);
        INFO("position " << position_string(pos));
        const int a = big.solver.search(pos.player, pos.opponent, -64, 64);
        CHECK(tiny.solver.search(pos.player, pos.opponent, -64, 64) == a);
        CHECK(none.solver.search(pos.player, pos.opponent, -64, 64) == a);
        // Null windows around the value, on warm tables.
        CHECK(big.solver.search(pos.player, pos.opponent, a - 1, a) >= a);
        CHECK(tiny.solver.search(pos.player, pos.opponent, a, a + 1) <= a);
    }
}

TEST_CASE("endgame: a guessed score only sets the first window, never the result", "[endgame]") {
    const int samples = sanitized() ? 4 : 20;
    std::mt19937_64 rng(17);
    Solver s(16);
    for (int i = 0; i < samples; ++i) {
        const Position pos = random_position(rng, 12 + i % 4);
        INFO("position " << position_string(pos));
        s.tt.clear();
        const SearchResult plain = s.solver.solve(pos, false);
        // Guesses below, at and above the value, near and far (the aspiration fails low or high
        // and must widen, up to the score bounds).
        for (int guess : {plain.score - 30, plain.score - 3, plain.score, plain.score + 1, plain.score + 9, 64, -64}) {
            INFO("guess " << guess);
            s.tt.clear();
            const SearchResult r = s.solver.solve(pos, false, {}, guess);
            CHECK(r.score == plain.score);
            CHECK(!r.stopped);
            // The announced best move reaches that score.
            REQUIRE(r.best_move < 64);
            Position child = pos;
            child.play(r.best_move);
            CHECK(-s.solver.search(child.player, child.opponent, -64, 64) == r.score);
        }
    }
}

TEST_CASE("endgame: FFO #1-#19 and #20-#39 up to 20 empties, exact scores and best moves", "[ffo]") {
    std::vector<ObfProblem> positions = outflank::test::ffo_positions_up_to(sanitized() ? 16 : 20);
    if (positions.empty()) {
        WARN("FFO data not found in " << outflank::test::ffo_dir() << ": test skipped");
        return;
    }
    if (sanitized()) positions.resize(std::min<std::size_t>(positions.size(), 12));

    Solver s(64);
    for (const ObfProblem& e : positions) {
        INFO(position_string(e.pos));
        s.tt.clear();
        const SearchResult r = s.solver.solve(e.pos, false);
        CHECK(r.score == e.expected);
        CHECK((r.best_move < 64 && (e.best_moves & bit(r.best_move))));
        const SearchResult w = s.solver.solve(e.pos, true);
        CHECK(w.score == (e.expected > 0) - (e.expected < 0));
    }
}

TEST_CASE("stability: stable discs never flip in random continuations", "[endgame]") {
    const int samples = sanitized() ? 200 : 2000;
    std::mt19937_64 rng(12345);
    int nonzero = 0;
    for (int i = 0; i < samples; ++i) {
        Position pos = random_position(rng, static_cast<int>(rng() % 40) + 1);
        const Bitboard black = pos.black(), white = pos.white();
        const Bitboard stable_black = stable_discs(black, white);
        const Bitboard stable_white = stable_discs(white, black);
        REQUIRE((stable_black & ~black) == 0);
        REQUIRE((stable_white & ~white) == 0);
        nonzero += (stable_black | stable_white) != 0;
        for (int game = 0; game < 4; ++game) {
            Position p = pos;
            while (!p.is_game_over()) {
                const Bitboard moves = p.moves();
                if (!moves) {
                    p.pass();
                    continue;
                }
                Bitboard m = moves;
                for (int k = static_cast<int>(rng() % popcount(moves)); k > 0; --k) m &= m - 1;
                p.play(lowest_square(m));
                INFO("from " << position_string(pos));
                REQUIRE((p.black() & stable_black) == stable_black);
                REQUIRE((p.white() & stable_white) == stable_white);
            }
        }
    }
    CHECK(nonzero > samples / 10);  // the test saw stable discs, not only empty sets
}

TEST_CASE("stability: corners, full edges and a full board", "[endgame]") {
    CHECK(stable_discs(bit(0) | bit(9), bit(18)) == bit(0));
    CHECK(stable_discs(0xFFULL, 0) == 0xFFULL);                            // a full first row
    const Bitboard black = 0x0F0F0F0F0F0F0F0FULL;                           // full board
    CHECK(stable_discs(black, ~black) == black);
    CHECK(stable_discs(~black, black) == ~black);
    CHECK(stable_discs(Position::start().player, Position::start().opponent) == 0);
}

TEST_CASE("endgame: a stop request returns promptly", "[endgame]") {
    // FFO #40-ish depth: 24 empties would take seconds.
    std::mt19937_64 rng(5);
    const Position pos = random_position(rng, 26);
    Solver s(16);
    s.control.start(0, 0);
    std::thread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        s.control.request_stop();
    });
    const auto start = std::chrono::steady_clock::now();
    const SearchResult r = s.solver.solve(pos, false);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    stopper.join();
    CHECK(r.stopped);
    CHECK(pos.is_legal(r.best_move));
    CHECK(seconds < (sanitized() ? 2.0 : 0.5));

    // A deadline works the same way.
    s.control.start(0, 0.05);
    const SearchResult d = s.solver.solve(pos, false);
    CHECK(d.stopped);
    CHECK(d.seconds < (sanitized() ? 2.0 : 0.5));
}

TEST_CASE("endgame: a solve started after a stop returns at once and names a legal move", "[endgame]") {
    // The state of a prepared solve whose midgame search was stopped, or of a midgame node that
    // reaches the solver after the stop. Ordering the root moves by shallow searches costs
    // thousands of nodes at these depths (about 80 ms under ThreadSanitizer, enough to make a GUI's
    // `ping` late), so nothing may be searched.
    std::mt19937_64 rng(11);
    for (int empties : {20, 30, 50}) {
        const Position pos = random_position(rng, empties);
        Solver s;
        s.control.request_stop();
        REQUIRE(s.control.check(0));
        const SearchResult r = s.solver.solve(pos, false);
        INFO("empties " << empties);
        CHECK(r.stopped);
        CHECK(pos.is_legal(r.best_move));
        CHECK(r.nodes <= 1);
    }
}
