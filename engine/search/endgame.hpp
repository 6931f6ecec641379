// The exact endgame solver: perfect play to the end of the game. Scores are final disc
// differences for the side to move (WOF rule: empties to the winner), -64..64.
//
// Usage: the midgame search hands positions over when its depth reaches the end of the game
// (search(), with any window, on single positions or root moves); `outflank solve` and
// Engine::search with exact/WLD limits call solve().
#pragma once

#include <optional>

#include "core/bitboard.hpp"
#include "core/position.hpp"
#include "search/search_control.hpp"
#include "search/thread_context.hpp"
#include "search/search_types.hpp"
#include "search/tt.hpp"

namespace outflank {

class EndgameSolver {
public:
    // A solver of its own, on one thread (tests and tools): the table (entries with depth =
    // empties and selectivity kNoSelectivity) and the control (node counting, stop requests,
    // deadlines; the caller starts it, the solver only counts nodes and obeys it) are shared with
    // the caller.
    EndgameSolver(TranspositionTable& tt, SearchControl& control);
    // The solver of a search thread (SearchWorker): it works on that thread's context, whose
    // table, control and split points the thread's owner sets up.
    explicit EndgameSolver(ThreadContext& context) : ctx_(context) {}
    EndgameSolver(const EndgameSolver&) = delete;
    EndgameSolver& operator=(const EndgameSolver&) = delete;

    // Exact fail-soft alpha-beta (PVS) on the window (alpha, beta), alpha < beta, for `player`
    // to move: a result r with alpha < r < beta is exact, r <= alpha an upper bound, r >= beta a
    // lower bound. Passes are handled, a finished game scores final_score(). `best_move` (if
    // given) receives the best move found (kPass / kNoMove when the side passes / the game is over).
    // When control.should_stop() turns true the search returns promptly: discard the result.
    int search(Bitboard player, Bitboard opponent, int alpha, int beta, Square* best_move = nullptr);

    // Solves a root position: best move, score, principal variation (from the table's best moves,
    // completed by small searches where the table has none), nodes and seconds.
    // Exact: score is the disc difference, info.exact = true.
    // WLD (wld = true): score is -1 (loss), 0 (draw) or +1 (win) for the side to move, info.wld =
    //   true; the PV then only shows one way to reach that result.
    // best_move is kPass when the side to move must pass (score and PV from the opponent's reply
    // on), kNoMove when the game is over (score = final score). `stopped` is set when the control
    // stopped the search: best_move is then the best move so far and the score is not reliable.
    // on_info is called once with the final result. `guess` (an estimate of the exact score,
    // e.g. from selective searches) starts the search with a narrow aspiration window.
    SearchResult solve(const Position& pos, bool wld, const InfoCallback& on_info = {},
                       std::optional<int> guess = std::nullopt);

    // For tests (own solvers only): search without the transposition table.
    void set_use_tt(bool use) { own_.tt = use ? table_ : nullptr; }

private:
    // Own solvers re-read the control's stop state at each call (it was started by the caller).
    void sync();

    ThreadContext own_;
    TranspositionTable* table_ = nullptr;  // own solvers: the table set_use_tt switches
    ThreadContext& ctx_;
};

}  // namespace outflank
