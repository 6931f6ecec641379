// The midgame search: iterative deepening over a negamax principal-variation search with
// aspiration windows, a transposition table, multi-ProbCut selectivity, and a hand-over to the
// exact endgame solver when the depth reaches the end of the game. Engine (engine.hpp) is its
// public face; this header is for the engine layer and its tests.
#pragma once

#include <cstddef>
#include <vector>

#include "search/endgame.hpp"
#include "core/move_list.hpp"
#include "core/position.hpp"
#include "eval/pattern_indices.hpp"
#include "search/search_control.hpp"
#include "search/search_types.hpp"
#include "search/tt.hpp"

namespace outflank {

class Searcher {
public:
    explicit Searcher(std::size_t hash_mb, const AllocationProgress& progress = {});

    SearchResult search(const Position& pos, const Limits& limits, const InfoCallback& on_info);
    std::vector<MoveScore> evaluate_moves(const Position& pos, const Limits& limits);
    void request_stop() { control_.request_stop(); }
    void new_game() { tt_.clear(); }
    TranspositionTable& tt() { return tt_; }

private:
    static constexpr int kMaxPly = 80;  // 60 moves plus passes

    int pvs(Bitboard player, Bitboard opponent, int depth, int alpha, int beta, int ply, bool pv_node);
    bool probcut(Bitboard player, Bitboard opponent, int depth, int alpha, int beta, int ply, int& score);
    void order_moves(MoveList& list, Bitboard player, Bitboard opponent, int depth, int ply, Square hash_move);
    int aspiration_search(const Position& pos, int depth, int previous, bool use_aspiration);

    SearchResult search_position(const Position& pos, const Limits& limits, const InfoCallback& on_info);
    SearchResult midgame(const Position& pos, const Limits& limits, const InfoCallback& on_info);
    SearchResult solve(const Position& pos, bool wld, const InfoCallback& on_info);
    void update_pv(int ply, Square move);
    std::vector<Square> root_pv() const;

    TranspositionTable tt_;
    SearchControl control_;
    EndgameSolver endgame_;
    int selectivity_ = kNoSelectivity;
    bool use_tt_ = true;
    Square pv_[kMaxPly + 1][kMaxPly + 1]{};
    // The evaluation's pattern indices of the position at each ply (pvs's invariant: indices_[ply]
    // describes its player/opponent on entry), updated from each move's flips; one child ahead.
    patterns::PatternIndices indices_[kMaxPly + 2];
    int pv_length_[kMaxPly + 1]{};
};

// Estimated exact-solve time in seconds for a position with this many empties (used to decide
// when the solver can take over in timed play; calibrated on game positions, see search.cpp).
double estimated_solve_seconds(int empties);

}  // namespace outflank
