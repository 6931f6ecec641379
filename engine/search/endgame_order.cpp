// Move ordering for the deep endgame nodes (many empties): a node there costs thousands of leaf
// nodes, so a few shallow searches with the evaluation to order its moves pay for themselves.
// The score mixes the shallow search value with the fastest-first terms (opponent mobility,
// corner stability), as the best engines do; the table move always comes first.
#include "search/endgame_internal.hpp"
#include "eval/eval.hpp"

namespace outflank::endgame {
namespace {

// Plain alpha-beta on the evaluation (units of 1/kEvalScale discs), depth plies. The pattern
// indices travel with the position (one update from each move's flips), as in the midgame
// search: a leaf's evaluation is then a table lookup per pattern instead of a computation from
// the board.
int eval_search(Context& c, const patterns::PatternIndices& indices, Bitboard P, Bitboard O, int alpha, int beta,
                int depth) {
    ++c.nodes;
    const Bitboard moves = legal_moves(P, O);
    if (!moves) {
        if (!legal_moves(O, P)) return final_score(P, O) * kEvalScale;
        patterns::PatternIndices passed;
        patterns::indices_after_pass(indices, passed);
        return -eval_search(c, passed, O, P, -beta, -alpha, depth);
    }
    if (depth == 0) return evaluate(indices, P, O);
    int best = -kInfinity * kEvalScale;
    patterns::PatternIndices child;
    for (Square sq : squares(moves)) {
        const Bitboard f = flip(sq, P, O);
        patterns::indices_after_move(indices, sq, f, child);
        const int score = -eval_search(c, child, O ^ f, P ^ f ^ bit(sq), -beta, -alpha, depth - 1);
        if (score > best) {
            best = score;
            if (best >= beta) break;
            if (best > alpha) alpha = best;
        }
    }
    return best;
}

}  // namespace

void deep_order(Context& c, MoveList& list, Bitboard P, Bitboard O, Bitboard moves, unsigned parity, Square tt_move,
                int n_empties, int alpha) {
    fastest_first(list, P, O, moves, parity, tt_move);
    if (list.count < 2) return;
    const int depth = sort_depth(n_empties);
    // The window: far below alpha nothing matters but "bad"; above it, the exact shallow value.
    const int lo = (alpha - 8) * kEvalScale, hi = kMaxScore * kEvalScale + 1;
    const patterns::PatternIndices indices = patterns::indices_of(P, O);
    patterns::PatternIndices child;
    for (int i = 0; i < list.count; ++i) {
        MoveEntry& m = list.moves[i];
        if (m.sq == tt_move) continue;
        // Thousands of nodes per move at 24+ empties: a stop must not wait for all of them.
        if (c.should_stop()) return;
        const Bitboard nP = O ^ m.flipped, nO = P ^ m.flipped ^ bit(m.sq);
        patterns::indices_after_move(indices, m.sq, m.flipped, child);
        const int value = -eval_search(c, child, nP, nO, -hi, -lo, depth);
        m.score += value * kEvalOrderWeight;
    }
}

}  // namespace outflank::endgame
