// One thread's midgame search: negamax principal-variation search with a transposition table,
// multi-ProbCut selectivity and a hand-over to the exact endgame solver when the depth reaches the
// end of the game, with the per-thread state it needs (principal variation, pattern indices per
// ply, node counter). The Searcher (search.hpp) drives the main worker; the ThreadPool gives
// each helper thread one, which it uses at split points (thread_pool.hpp).
#pragma once

#include "core/move_list.hpp"
#include "core/position.hpp"
#include "eval/pattern_indices.hpp"
#include "search/endgame.hpp"
#include "search/root_progress.hpp"
#include "search/split_point.hpp"
#include "search/thread_context.hpp"
#include "search/tt.hpp"

#include <vector>

namespace outflank {

class ThreadPool;

class SearchWorker {
public:
    static constexpr int kMaxPly = 80;  // 60 moves plus passes
    static constexpr int kInfinity = 1000;

    explicit SearchWorker(ThreadPool* pool);
    SearchWorker(const SearchWorker&) = delete;
    SearchWorker& operator=(const SearchWorker&) = delete;

    // Starts this thread's part of a search on `control` (tt == nullptr: without the table).
    void begin(TranspositionTable* tt, SearchControl* control) { ctx_.begin(tt, control); }
    ThreadContext& context() { return ctx_; }
    EndgameSolver& endgame() { return endgame_; }
    void set_selectivity(int selectivity) { selectivity_ = selectivity; }
    int selectivity() const { return selectivity_; }

    // The root search of `depth` plies from `pos` (aspiration window around `previous` when asked).
    int aspiration_search(const Position& pos, int depth, int previous, bool use_aspiration);
    // Root move ordering for a search too short to finish depth 1: the best-ordered move.
    Square best_ordered_move(const Position& pos);
    std::vector<Square> root_pv() const;
    // After a stop inside aspiration_search, or from another thread during it: what the
    // unfinished iteration has proven, that is the root move that last raised alpha (or failed
    // high in an earlier window of the iteration), with its PV and score (a lower bound). False
    // when it has proven nothing.
    bool interrupted_best(std::vector<Square>& pv, int& score, bool wait = true) const {
        return root_progress_.best(pv, score, wait);
    }
    // Forgets it, once the iteration has completed and its own result is known.
    void forget_interrupted_best() { root_progress_.begin_iteration(); }

    // This thread's work at a split point of either kind: searches moves until none is left.
    void work_at(SplitPoint& sp);

private:
    int pvs(Bitboard player, Bitboard opponent, int depth, int alpha, int beta, int ply, bool pv_node);
    // A depth-1 node (its children are evaluated): see the definition.
    int search_depth1(Bitboard player, Bitboard opponent, Bitboard moves, int alpha, int beta, int ply);
    bool probcut(Bitboard player, Bitboard opponent, int depth, int alpha, int beta, int ply, int& score);
    void order_moves(MoveList& list, Bitboard player, Bitboard opponent, int depth, int ply, Square hash_move);
    void update_pv(int ply, Square move);
    // A root move raised alpha with `score` (its PV is in pv_[0]): recorded for a stop.
    void note_root_move(int score);
    void midgame_work_at(SplitPoint& sp);

    ThreadContext ctx_;
    EndgameSolver endgame_;
    int selectivity_ = kNoSelectivity;
    Square pv_[kMaxPly + 1][kMaxPly + 1]{};
    int pv_length_[kMaxPly + 1]{};
    RootProgress root_progress_;  // what the unfinished iteration has proven at the root
    static_assert(RootProgress::kMaxLength == kMaxPly + 1, "RootProgress holds a whole root PV");
    // The evaluation's pattern indices of the position at each ply (pvs's invariant: indices_[ply]
    // describes its player/opponent on entry), updated from each move's flips; one child ahead.
    patterns::PatternIndices indices_[kMaxPly + 2];
};

// Null-window midgame nodes of at least this depth may be shared between threads.
// Measured on four midgame positions at depth 19 on 2 threads: 3, 4, 6 and 8 took 1.41, 1.36,
// 1.32 and 1.33 s (one run each, within the noise of each other); 4 keeps more work to share
// for machines with more cores.
inline constexpr int kMidSplitDepth = 4;

}  // namespace outflank
