// NBoard searches, run on the session's worker thread: `go` (the move to play), `hint` (the best
// few moves, sent again at every depth), `analyze` (the value of every position of the game).
// Every line goes through send_for(), which drops it once a `ping` or another command has
// cancelled the search; each body also checks cancelled() before starting another search.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "search/engine.hpp"
#include "nboard/nboard.hpp"
#include "common/search_format.hpp"
#include "core/notation.hpp"

namespace outflank {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

std::string fixed2(double x) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.2f", x);
    return buf;
}

std::string nodestats(std::uint64_t nodes, double seconds) {
    return "nodestats " + std::to_string(nodes) + " " + fixed2(seconds);
}

// A root move with its score and line, for `hint`.
struct ScoredMove {
    Square move;
    int score;
    std::vector<Square> pv;
};

}  // namespace

std::string nboard_eval(int score) { return fixed2(score); }

std::string nboard_pv(const std::vector<Square>& pv) { return pv_string(pv, '-', true); }

std::string nboard_depth(bool exact, int depth) { return exact ? "100%" : std::to_string(depth); }

void NboardSession::go_job(std::uint64_t job, Position pos, Limits limits) {
    const Clock::time_point start = Clock::now();
    const SearchResult r = engine_->search(pos, limits, [&](const SearchInfo& info) {
        send_for(job, nodestats(info.nodes, info.seconds));
    });
    if (cancelled(job)) return;
    const double seconds = seconds_since(start);
    send_for(job, nodestats(r.nodes, seconds));
    if (r.best_move == kNoMove) {  // cmd_go refuses finished games, so this is a bug if it happens
        log("go: the search returned no move");
    } else {
        send_for(job, "=== " + square_name(r.best_move, true) + "/" + nboard_eval(r.score) + "/" + fixed2(seconds));
    }
    send_for(job, status_waiting());
}

// Every root move is searched to depth d - 1 (d = 2, 3, ... up to the level's depth) and the best
// `count` are sent after each complete pass, so the GUI's hints improve as the search deepens.
// Positions within the level's solving range get one exact pass instead (depth "100%").
// Each pass reuses the previous ones through the transposition table.
void NboardSession::hint_job(std::uint64_t job, Position pos, int count, Limits limits) {
    const Clock::time_point start = Clock::now();
    std::uint64_t nodes = 0;
    if (pos.must_pass()) {
        const SearchResult r = engine_->search(pos, limits);  // the PV starts with the pass
        if (cancelled(job)) return;
        send_for(job, "search " + nboard_pv(r.pv) + " " + nboard_eval(r.score) + " 0 " +
                          nboard_depth(r.exact, r.depth + 1));
        send_for(job, nodestats(r.nodes, seconds_since(start)));
        send_for(job, status_waiting());
        return;
    }
    const bool solve = pos.empty_count() - 1 <= limits.solve_empties;
    const int last_depth = solve ? 2 : std::max(2, limits.depth);
    for (int depth = 2; depth <= last_depth; ++depth) {
        Limits child_limits = limits;
        child_limits.depth = depth - 1;
        std::vector<ScoredMove> scored;
        bool all_exact = true;
        for (Square sq : squares(pos.moves())) {
            Position child = pos;
            child.play(sq);
            const SearchResult r = engine_->search(child, child_limits);
            if (cancelled(job)) return;
            nodes += r.nodes;
            all_exact = all_exact && r.exact;
            ScoredMove m{sq, -r.score, {sq}};
            m.pv.insert(m.pv.end(), r.pv.begin(), r.pv.end());
            scored.push_back(std::move(m));
        }
        std::stable_sort(scored.begin(), scored.end(),
                         [](const ScoredMove& a, const ScoredMove& b) { return a.score > b.score; });
        // One depth text for the whole pass: NBoard replaces the hints of an older depth by it.
        const std::string depth_text = nboard_depth(all_exact, depth);
        for (std::size_t i = 0; i < scored.size() && i < static_cast<std::size_t>(count); ++i)
            send_for(job, "search " + nboard_pv(scored[i].pv) + " " + nboard_eval(scored[i].score) + " 0 " + depth_text);
        send_for(job, nodestats(nodes, seconds_since(start)));
        if (all_exact) break;  // deeper passes cannot change a solved result
    }
    send_for(job, status_waiting());
}

// From the last position back to the first: the endgame solves are quick and fill the table that
// the earlier, deeper-looking midgame searches then reuse.
void NboardSession::analyze_job(std::uint64_t job, Game game, Limits limits) {
    const Clock::time_point start = Clock::now();
    std::uint64_t nodes = 0;
    const std::size_t moves = game.moves().size();
    for (std::size_t i = moves; i >= 1; --i) {
        if (cancelled(job)) return;
        const Position& pos = game.position_at(i);
        int score;
        if (pos.is_game_over()) {
            score = pos.final_score();
        } else {
            const SearchResult r = engine_->search(pos, limits);
            if (cancelled(job)) return;
            nodes += r.nodes;
            score = r.score;
        }
        // Move number = moves played (passes count); the eval is for the side to move there.
        send_for(job, "analysis " + std::to_string(i) + " " + nboard_eval(score));
    }
    send_for(job, nodestats(nodes, seconds_since(start)));
    send_for(job, status_waiting());
}

}  // namespace outflank
