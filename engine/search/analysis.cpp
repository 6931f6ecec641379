#include "search/analysis.hpp"

#include <algorithm>
#include <chrono>
#include <string>

#include "core/error.hpp"

namespace outflank {
namespace {

bool solved_exactly(const Position& pos, const AnalysisSettings& settings) {
    return pos.empty_count() <= std::min(settings.exact_from, kMaxSolveEmpties);
}

// The limits for searching `pos` itself. Exactness is decided by exact_from alone (no automatic
// hand-over to the solver), so that a row is either all midgame or all exact.
Limits position_limits(const Position& pos, const AnalysisSettings& settings) {
    Limits limits;
    limits.selective = settings.selective;
    limits.endgame_auto = false;
    if (solved_exactly(pos, settings)) {
        limits.exact = true;
    } else if (settings.time > 0) {
        limits.time = settings.time;
    } else {
        limits.depth = std::max(1, settings.depth);
    }
    return limits;
}

// The limits for the position after a move, so that its score is comparable with the parent's
// search, which looked at that move one ply less deep.
Limits child_limits(const Limits& parent) {
    Limits limits = parent;
    if (!parent.exact && parent.depth > 0) limits.depth = std::max(1, parent.depth - 1);
    return limits;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

MoveAnalysis analyze_move(Engine& engine, const Position& pos, Square played, const AnalysisSettings& settings) {
    MoveAnalysis a;
    a.position = pos;
    a.played = played;

    const Limits limits = position_limits(pos, settings);
    const SearchResult best = engine.search(pos, limits);
    a.best = best.best_move;
    a.best_score = best.score;
    a.exact = best.exact;
    a.depth = best.exact ? pos.empty_count() : best.depth;
    a.nodes = best.nodes;
    a.seconds = best.seconds;

    if (played == best.best_move) {
        a.played_score = best.score;
    } else {
        Position after = pos;
        after.play(played);
        const SearchResult reply = engine.search(after, child_limits(limits));
        a.played_score = -reply.score;
        a.exact = a.exact && reply.exact;
        a.nodes += reply.nodes;
        a.seconds += reply.seconds;
        // A played move as good as the engine's choice is a best move too (ties are common). And a
        // midgame search of the move on its own can see further than the root search did for it;
        // the engine then prefers the played move, which loses nothing.
        if (a.played_score >= a.best_score) {
            a.best = played;
            a.best_score = a.played_score;
        }
    }
    a.loss = a.best_score - a.played_score;
    a.mark = mark_for_loss(a.loss);
    return a;
}

void add_to_totals(PlayerTotals& totals, const MoveAnalysis& a) {
    ++totals.moves;
    totals.total_loss += a.loss;
    totals.mistakes += a.mark == Mark::Mistake;
    totals.blunders += a.mark == Mark::Blunder;
}

}  // namespace

Mark mark_for_loss(int loss) {
    if (loss >= kBlunderLoss) return Mark::Blunder;
    if (loss >= kMistakeLoss) return Mark::Mistake;
    return Mark::None;
}

const char* mark_name(Mark mark) {
    switch (mark) {
        case Mark::Mistake: return "mistake";
        case Mark::Blunder: return "blunder";
        case Mark::None: break;
    }
    return "";
}

GameAnalysis analyze_game(Engine& engine, const Game& game, const AnalysisSettings& settings,
                          const AnalysisProgress& progress) {
    GameAnalysis result{game, settings, {}, {}, {}, 0, 0};
    const auto start = std::chrono::steady_clock::now();

    std::vector<std::size_t> plies;  // the plies that place a disc
    for (std::size_t i = 0; i < game.moves().size(); ++i)
        if (game.moves()[i] != kPass) plies.push_back(i);
    result.moves.resize(plies.size());

    engine.new_game();
    const int total = static_cast<int>(plies.size());
    for (int k = total - 1; k >= 0; --k) {
        if (progress) progress(total - 1 - k, total);
        const std::size_t ply = plies[static_cast<std::size_t>(k)];
        MoveAnalysis& a = result.moves[static_cast<std::size_t>(k)];
        a = analyze_move(engine, game.position_at(ply), game.moves()[ply], settings);
        a.number = k + 1;
        a.ply = ply;
        result.nodes += a.nodes;
    }
    if (progress) progress(total, total);

    for (const MoveAnalysis& a : result.moves)
        add_to_totals(a.player() == Color::Black ? result.black : result.white, a);
    result.seconds = seconds_since(start);
    return result;
}

PositionAnalysis analyze_position(Engine& engine, const Position& pos, const AnalysisSettings& settings,
                                  bool exact) {
    if (exact && pos.empty_count() > kMaxSolveEmpties)
        throw Error("too many empties to solve: " + std::to_string(pos.empty_count()) + " (at most " +
                    std::to_string(kMaxSolveEmpties) + ")");
    PositionAnalysis result;
    result.position = pos;
    result.settings = settings;
    const auto start = std::chrono::steady_clock::now();
    engine.new_game();

    Limits limits = position_limits(pos, settings);
    if (exact) {
        limits = Limits{};
        limits.exact = true;
    }
    result.exact = limits.exact || pos.is_game_over();
    if (pos.must_pass()) {
        // Nothing to choose; the score is that of the opponent's best reply.
        const SearchResult r = engine.search(pos, limits);
        result.moves.push_back({kPass, r.score, r.exact});
    } else if (!pos.is_game_over()) {
        result.moves = engine.evaluate_moves(pos, limits);
    }
    for (const MoveScore& m : result.moves) result.exact = result.exact && m.exact;
    result.seconds = seconds_since(start);
    return result;
}

}  // namespace outflank
