// The last plies of the endgame, where most nodes are: hand-specialised code for 1-4 empties
// (no move generation: each empty square is tried directly, its flips computed only when it has an
// opponent neighbour) and the parity-ordered shallow search for 5-6 empties.
#include <utility>

#include "search/endgame_internal.hpp"
#include "core/stability.hpp"

namespace outflank::endgame {
namespace {

// One empty square x left, `P` to move (the opponent owns every other square). The score is
// counted without making the move: P + O = 63, so it follows from |P| and the flip count alone.
inline int score_1(Context& c, Bitboard P, Square x) {
    ++c.nodes;
    const int p2 = 2 * popcount(P);
    if (const int n2 = last_flip_count(x, P)) return p2 - 62 + n2;  // (P+1+n) - (O-n)
    const Bitboard O = ~P & ~bit(x);
    if (const int m2 = last_flip_count(x, O)) return p2 - 64 - m2;  // (P-m) - (O+1+m)
    return p2 > 63 ? p2 - 62 : p2 - 64;                             // nobody can play: empty to the winner
}

inline int solve_2(Context& c, Bitboard P, Bitboard O, int alpha, Square x1, Square x2) {
    ++c.nodes;
    int best = -kInfinity;
    if (O & kNeighbour[x1]) {
        if (const Bitboard f = flip(x1, P, O)) {
            best = -score_1(c, O ^ f, x2);
            if (best > alpha) return best;
        }
    }
    if (O & kNeighbour[x2]) {
        if (const Bitboard f = flip(x2, P, O)) {
            const int score = -score_1(c, O ^ f, x1);
            return score > best ? score : best;
        }
    }
    if (best != -kInfinity) return best;

    // P passes: O plays, with the window turned around.
    ++c.nodes;
    if (P & kNeighbour[x1]) {
        if (const Bitboard f = flip(x1, O, P)) {
            best = score_1(c, P ^ f, x2);
            if (best <= alpha) return best;
        }
    }
    if (P & kNeighbour[x2]) {
        if (const Bitboard f = flip(x2, O, P)) {
            const int score = score_1(c, P ^ f, x1);
            return best == -kInfinity || score < best ? score : best;
        }
    }
    if (best != -kInfinity) return best;
    return final_score(P, O);
}

// Three empties: x1 x2 x3 already in the order to try them.
inline int solve_3(Context& c, Bitboard P, Bitboard O, int alpha, Square x1, Square x2, Square x3) {
    ++c.nodes;
    int best = -kInfinity;
    if (O & kNeighbour[x1]) {
        if (const Bitboard f = flip(x1, P, O)) {
            best = -solve_2(c, O ^ f, P ^ f ^ bit(x1), -alpha - 1, x2, x3);
            if (best > alpha) return best;
        }
    }
    if (O & kNeighbour[x2]) {
        if (const Bitboard f = flip(x2, P, O)) {
            const int score = -solve_2(c, O ^ f, P ^ f ^ bit(x2), -alpha - 1, x1, x3);
            if (score > alpha) return score;
            if (score > best) best = score;
        }
    }
    if (O & kNeighbour[x3]) {
        if (const Bitboard f = flip(x3, P, O)) {
            const int score = -solve_2(c, O ^ f, P ^ f ^ bit(x3), -alpha - 1, x1, x2);
            return score > best ? score : best;
        }
    }
    if (best != -kInfinity) return best;

    ++c.nodes;  // P passes
    if (P & kNeighbour[x1]) {
        if (const Bitboard f = flip(x1, O, P)) {
            best = solve_2(c, P ^ f, O ^ f ^ bit(x1), alpha, x2, x3);
            if (best <= alpha) return best;
        }
    }
    if (P & kNeighbour[x2]) {
        if (const Bitboard f = flip(x2, O, P)) {
            const int score = solve_2(c, P ^ f, O ^ f ^ bit(x2), alpha, x1, x3);
            if (score <= alpha) return score;
            if (best == -kInfinity || score < best) best = score;
        }
    }
    if (P & kNeighbour[x3]) {
        if (const Bitboard f = flip(x3, O, P)) {
            const int score = solve_2(c, P ^ f, O ^ f ^ bit(x3), alpha, x1, x2);
            return best == -kInfinity || score < best ? score : best;
        }
    }
    if (best != -kInfinity) return best;
    return final_score(P, O);
}

// The three squares left after playing x, squares of odd quadrants first (parity ordering).
struct Three {
    Square a, b, c;
};
inline Three order_3(Square x1, Square x2, Square x3, unsigned parity) {
    // Stable partition: odd-quadrant squares keep their order and move ahead of the others.
    if (!(parity & kQuadrantBit[x1])) {
        if (parity & kQuadrantBit[x2]) return (parity & kQuadrantBit[x3]) ? Three{x2, x3, x1} : Three{x2, x1, x3};
        if (parity & kQuadrantBit[x3]) return {x3, x1, x2};
    } else if (!(parity & kQuadrantBit[x2]) && (parity & kQuadrantBit[x3])) {
        return {x1, x3, x2};
    }
    return {x1, x2, x3};
}

}  // namespace

int solve_4(Context& c, Bitboard P, Bitboard O, int alpha, unsigned parity) {
    ++c.nodes;
    // The four empties, odd quadrants first.
    const Bitboard E = ~(P | O);
    const Bitboard odd = E & kParityMask[parity];
    Square x[4];
    int k = 0;
    for (Square s : squares(odd)) x[k++] = s;
    for (Square s : squares(E ^ odd)) x[k++] = s;

    int best = -kInfinity;
    for (int i = 0; i < 4; ++i) {
        const Square sq = x[i];
        if (!(O & kNeighbour[sq])) continue;
        const Bitboard f = flip(sq, P, O);
        if (!f) continue;
        // The other three, in order, then re-ordered by the parity after this move.
        Square r[3];
        for (int j = 0, n = 0; j < 4; ++j)
            if (j != i) r[n++] = x[j];
        const unsigned child_parity = parity ^ kQuadrantBit[sq];
        const Three t = order_3(r[0], r[1], r[2], child_parity);
        const int score = -solve_3(c, O ^ f, P ^ f ^ bit(sq), -alpha - 1, t.a, t.b, t.c);
        if (score > alpha) return score;
        if (score > best) best = score;
    }
    if (best != -kInfinity) return best;
    if (!legal_moves(O, P)) return final_score(P, O);
    return -solve_4(c, O, P, -alpha - 1, parity);
}

int nws_shallow(Context& c, Bitboard P, Bitboard O, int alpha, int n_empties, unsigned parity) {
    ++c.nodes;
    if (alpha >= kStabilityThreshold[n_empties]) {
        const int upper = 64 - 2 * popcount(stable_discs(O, P));
        if (upper <= alpha) return upper;
    }
    const Bitboard moves = legal_moves(P, O);
    if (!moves) {
        if (!legal_moves(O, P)) return final_score(P, O);
        return -nws_shallow(c, O, P, -alpha - 1, n_empties, parity);
    }
    int best = -kInfinity;
    const Bitboard odd = moves & kParityMask[parity];
    // Parity ordering: moves in odd quadrants first; within each group, corners first.
    const Bitboard groups[4] = {odd & kCorners, odd & ~kCorners, moves & ~odd & kCorners, moves & ~odd & ~kCorners};
    for (Bitboard group : groups) {
        for (Square sq : squares(group)) {
            const Bitboard f = flip(sq, P, O);
            const Bitboard nP = O ^ f, nO = P ^ f ^ bit(sq);
            const unsigned np = parity ^ kQuadrantBit[sq];
            const int score = n_empties == 5 ? -solve_4(c, nP, nO, -alpha - 1, np)
                                             : -nws_shallow(c, nP, nO, -alpha - 1, n_empties - 1, np);
            if (score > alpha) return score;
            if (score > best) best = score;
        }
    }
    return best;
}

// Any number of empties (used by the layers above and by the PV search's null windows).
int nws(Context& c, Bitboard P, Bitboard O, int alpha, int n_empties, unsigned parity) {
    if (n_empties >= kHashMin) return nws_hash(c, P, O, alpha, n_empties, parity);
    if (n_empties >= kMidMin) return nws_mid(c, P, O, alpha, n_empties, parity);
    if (n_empties >= 5) return nws_shallow(c, P, O, alpha, n_empties, parity);
    const Bitboard E = ~(P | O);
    switch (n_empties) {
        case 4: return solve_4(c, P, O, alpha, parity);
        case 3: {
            Square x[3];
            int k = 0;
            for (Square s : squares(E)) x[k++] = s;
            const Three t = order_3(x[0], x[1], x[2], parity);
            return solve_3(c, P, O, alpha, t.a, t.b, t.c);
        }
        case 2: return solve_2(c, P, O, alpha, lowest_square(E), lowest_square(E & (E - 1)));
        case 1: return score_1(c, P, lowest_square(E));
        default: ++c.nodes; return final_score(P, O);
    }
}

}  // namespace outflank::endgame
