// The endgame search above the last few empties: fastest-first ordered null-window search, with
// the transposition table from kHashMin empties, and the PVS used on the principal variation.
#include "search/endgame_internal.hpp"
#include "core/position.hpp"
#include "core/stability.hpp"
#include "search/thread_pool.hpp"

namespace outflank::endgame {
namespace {

inline bool stability_cutoff(Bitboard P, Bitboard O, int alpha, int n_empties, int& score) {
    if (alpha < kStabilityThreshold[n_empties]) return false;
    score = 64 - 2 * popcount(stable_discs(O, P));
    return score <= alpha;
}

}  // namespace

int nws_mid(Context& c, Bitboard P, Bitboard O, int alpha, int n_empties, unsigned parity) {
    ++c.nodes;
    int score;
    if (stability_cutoff(P, O, alpha, n_empties, score)) return score;
    const Bitboard moves = legal_moves(P, O);
    if (!moves) {
        if (!legal_moves(O, P)) return final_score(P, O);
        return -nws_mid(c, O, P, -alpha - 1, n_empties, parity);
    }
    MoveList list;
    fastest_first(list, P, O, moves, parity, kNoMove);
    int best = -kInfinity;
    for (int i = 0; i < list.count; ++i) {
        const MoveEntry& m = list.pick(i);
        const Bitboard nP = O ^ m.flipped, nO = P ^ m.flipped ^ bit(m.sq);
        const unsigned np = parity ^ kQuadrantBit[m.sq];
        score = n_empties - 1 >= kMidMin ? -nws_mid(c, nP, nO, -alpha - 1, n_empties - 1, np)
                                         : -nws_shallow(c, nP, nO, -alpha - 1, n_empties - 1, np);
        if (score > alpha) return score;
        if (score > best) best = score;
    }
    return best;
}

int nws_hash(Context& c, Bitboard P, Bitboard O, int alpha, int n_empties, unsigned parity) {
    ++c.nodes;
    if (c.should_stop()) return alpha;
    int score;
    if (stability_cutoff(P, O, alpha, n_empties, score)) return score;

    const std::uint64_t key = hash_discs(P, O);
    Square tt_move = kNoMove;
    TTData data;
    if (c.tt && c.tt->probe(key, data)) {
        if (data.depth == n_empties && data.selectivity == kNoSelectivity) {
            if (data.upper <= alpha) return data.upper;
            if (data.lower > alpha) return data.lower;
        }
        tt_move = data.move;
    }

    const Bitboard moves = legal_moves(P, O);
    if (!moves) {
        if (!legal_moves(O, P)) return final_score(P, O);
        return -nws_hash(c, O, P, -alpha - 1, n_empties, parity);
    }
    MoveList list;
    if (n_empties >= kEtcMin && c.tt) {
        // Enhanced transposition cut-off: a child already known to be bad enough for the
        // opponent ends this node without a search. Every child's bucket is requested before
        // the first is read, so that their cache misses overlap instead of queueing.
        std::uint64_t child_keys[MoveList::kMax];
        int n = 0;
        for (Square sq : squares(moves)) {
            const Bitboard f = flip(sq, P, O);
            child_keys[n] = hash_discs(O ^ f, P ^ f ^ bit(sq));
            c.tt->prefetch(child_keys[n++]);
        }
        n = 0;
        for (Square sq : squares(moves)) {
            TTData child;
            if (c.tt->probe(child_keys[n++], child) && child.depth == n_empties - 1 &&
                child.selectivity == kNoSelectivity && -child.upper > alpha) {
                c.tt->store(key, n_empties, kNoSelectivity, alpha, alpha + 1, -child.upper, sq);
                return -child.upper;
            }
        }
    }
    order_moves(c, list, P, O, moves, parity, tt_move, n_empties, alpha);
    if (n_empties - 1 >= kHashMin && n_empties < kEtcMin && c.tt) {
        // The children probe the table first thing: request their buckets now (from kEtcMin
        // empties the cut-off above already has).
        for (int i = 0; i < list.count; ++i) {
            const MoveEntry& m = list.moves[i];
            c.tt->prefetch(hash_discs(O ^ m.flipped, P ^ m.flipped ^ bit(m.sq)));
        }
    }
    int best = -kInfinity;
    Square best_move = kNoMove;
    for (int i = 0; i < list.count; ++i) {
        const MoveEntry& m = list.pick(i);
        const Bitboard nP = O ^ m.flipped, nO = P ^ m.flipped ^ bit(m.sq);
        score = -nws(c, nP, nO, -alpha - 1, n_empties - 1, parity ^ kQuadrantBit[m.sq]);
        if (c.stopped()) return alpha;  // the score is meaningless: store nothing
        if (score > best) {
            best = score;
            best_move = m.sq;
            if (score > alpha) break;
        }
        // The eldest brother failed low: the others may be shared with idle threads.
        if (i == 0 && list.count > 2 && n_empties >= kEndSplitEmpties && c.pool && c.pool->has_idle_helper()) {
            SplitPoint sp(SplitPoint::Kind::endgame, P, O, alpha, n_empties);
            sp.parity = parity;
            sp.share_moves_after_first(list, list.count, best_move, best);
            c.pool->split(*c.worker, sp);
            if (c.stopped()) return alpha;
            best = sp.best;
            best_move = sp.best_move;
            break;
        }
    }
    if (c.tt) c.tt->store(key, n_empties, kNoSelectivity, alpha, alpha + 1, best, best_move);
    return best;
}

void work_at(Context& c, SplitPoint& sp) {
    const Bitboard P = sp.player, O = sp.opponent;
    work_through(c, sp, [&](int i) {
        const Bitboard f = sp.flipped[i];
        return -nws(c, O ^ f, P ^ f ^ bit(sp.moves[i]), -sp.alpha - 1, sp.depth - 1, sp.parity ^ kQuadrantBit[sp.moves[i]]);
    });
}

int pvs(Context& c, Bitboard P, Bitboard O, int alpha, int beta, int n_empties, unsigned parity) {
    if (beta == alpha + 1) return nws(c, P, O, alpha, n_empties, parity);
    ++c.nodes;
    if (n_empties == 0) return final_score(P, O);
    if (c.should_stop()) return alpha;

    const bool use_tt = c.tt && n_empties >= kHashMin;
    const std::uint64_t key = use_tt ? hash_discs(P, O) : 0;
    Square tt_move = kNoMove;
    TTData data;
    if (use_tt && c.tt->probe(key, data)) {
        if (data.depth == n_empties && data.selectivity == kNoSelectivity) {
            if (data.upper <= alpha) return data.upper;
            if (data.lower >= beta) return data.lower;
            if (data.lower == data.upper) return data.lower;
        }
        tt_move = data.move;
    }

    const Bitboard moves = legal_moves(P, O);
    if (!moves) {
        if (!legal_moves(O, P)) return final_score(P, O);
        return -pvs(c, O, P, -beta, -alpha, n_empties, parity);
    }
    MoveList list;
    order_moves(c, list, P, O, moves, parity, tt_move, n_empties, alpha);
    int best = -kInfinity;
    Square best_move = kNoMove;
    int a = alpha;
    for (int i = 0; i < list.count; ++i) {
        const MoveEntry& m = list.pick(i);
        const Bitboard nP = O ^ m.flipped, nO = P ^ m.flipped ^ bit(m.sq);
        const unsigned np = parity ^ kQuadrantBit[m.sq];
        int score;
        if (i == 0) {
            score = -pvs(c, nP, nO, -beta, -a, n_empties - 1, np);
        } else {
            score = -nws(c, nP, nO, -a - 1, n_empties - 1, np);
            if (score > a && score < beta && !c.stopped()) score = -pvs(c, nP, nO, -beta, -a, n_empties - 1, np);
        }
        if (c.stopped()) return alpha;
        if (score > best) {
            best = score;
            best_move = m.sq;
            if (best >= beta) break;
            if (best > a) a = best;
        }
    }
    if (use_tt) c.tt->store(key, n_empties, kNoSelectivity, alpha, beta, best, best_move);
    return best;
}

}  // namespace outflank::endgame
