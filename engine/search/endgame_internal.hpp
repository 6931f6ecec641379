// Internals of the exact endgame solver shared by its .cpp files (not part of the engine API):
// inline flip computation (so the hot loops can inline it), the last-move flip counter, quadrant
// parity, and the per-depth search functions.
//
// Layers, by number of empties n (all null-window, fail-soft, scores in discs for the mover):
//   n >= kHashMin        nws_hash:    transposition table, fastest-first ordering, ETC
//   kMidMin..kHashMin-1  nws_mid:     fastest-first ordering, stability cut-off
//   5..kMidMin-1         nws_shallow: parity ordering, stability cut-off
// The thresholds were set by node counts and times on FFO #40-#43: fastest-first from 6 empties
// and the table from 10 saved ~15% of the nodes over 7 and 11 at the same speed.
//   4, 3, 2, 1           solve_4..score_1: hand-specialised, no move generation
// pvs() handles windows wider than one (the PV and the root).
#pragma once

#include <array>
#include <utility>
#include <cstdint>

#include "core/bitboard.hpp"
#include "core/line_tables.hpp"
#include "core/movegen.hpp"
#include "core/position.hpp"
#include "search/split_point.hpp"
#include "search/thread_context.hpp"
#include "search/tt.hpp"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace outflank::endgame {

inline constexpr int kMidMin = 6;
inline constexpr int kHashMin = 10;
inline constexpr int kInfinity = 127;

// Everything a search thread needs (the table, the limits, its node counter, the split point
// it works for): see thread_context.hpp.
using Context = ThreadContext;

// Null-window nodes with at least this many empties may be shared between threads (YBWC, see
// thread_pool.hpp): smaller subtrees cost less than the hand-over. On FFO #40-#47 with 2 threads
// (`outflank solve fforum-40-59.obf -n 40-47 -t 2`, quiet machine, one run each), 10, 12, 14 and 16
// took 8.31, 8.32, 8.14 and 8.40 s against 16.2 s on one thread, with 1.01-1.03 times its nodes.
inline constexpr int kEndSplitEmpties = 12;
// A thread's work at an endgame split point: null-window searches of its moves until none is
// left or one fails high.
void work_at(Context& c, SplitPoint& sp);

// ---- Squares and parity --------------------------------------------------------------------
// Quadrant of each square as one bit; the parity word has a bit set per quadrant with an odd
// number of empties, updated by xor when a square is filled.
constexpr unsigned quadrant_bit(Square sq) { return 1u << ((rank_of(sq) >= 4) * 2 + (file_of(sq) >= 4)); }
inline constexpr auto kQuadrantBit = [] {
    std::array<std::uint8_t, 64> q{};
    for (int s = 0; s < 64; ++s) q[s] = static_cast<std::uint8_t>(quadrant_bit(s));
    return q;
}();
// The squares of the quadrants whose bit is set in a parity word.
inline constexpr auto kParityMask = [] {
    std::array<Bitboard, 16> m{};
    for (unsigned p = 0; p < 16; ++p)
        for (int s = 0; s < 64; ++s)
            if (p & quadrant_bit(s)) m[p] |= bit(s);
    return m;
}();
inline unsigned parity_of(Bitboard empties) {
    unsigned p = 0;
    for (Square s : squares(empties)) p ^= kQuadrantBit[s];
    return p;
}

// The 8 neighbours of each square: no flip is possible on a square without opponent neighbours.
inline constexpr auto kNeighbour = [] {
    std::array<Bitboard, 64> n{};
    for (int s = 0; s < 64; ++s) n[s] = neighbours(bit(s));
    return n;
}();

// ---- Flips ---------------------------------------------------------------------------------
// flips() (movegen.hpp) is inline, so the hot loops inline it; the line tables also give the
// last-move flip counter below.
using lines::kFlipped;
using lines::kLines;
using lines::kOutflank;
using lines::LineSet;

// kLastFlips[pos][player line]: twice the number of discs flipped by a move on pos when every
// other square of the line is full (the last empty square): non-player squares are opponent.
// Squares past the end of a short diagonal gather as 0 (opponent) and, having no player disc
// beyond them, never close a run: the count stays right.
inline constexpr auto kLastFlips = [] {
    std::array<std::array<std::uint8_t, 256>, 8> t{};
    for (int pos = 0; pos < 8; ++pos)
        for (int p = 0; p < 256; ++p) {
            if (p >> pos & 1) continue;
            const int o = ~p & 0xFF & ~(1 << pos);
            t[pos][p] = static_cast<std::uint8_t>(2 * std::popcount(static_cast<unsigned>(kFlipped[pos][kOutflank[pos][o] & p])));
        }
    return t;
}();

inline Bitboard flip(Square sq, Bitboard P, Bitboard O) { return flips(sq, P, O); }

#if defined(__BMI2__)
// Twice the number of discs `P` flips by playing the last empty square `sq`.
inline int last_flip_count(Square sq, Bitboard P) {
    const LineSet& l = kLines[sq];
    return kLastFlips[l.pos[0]][_pext_u64(P, l.mask[0])] + kLastFlips[l.pos[1]][_pext_u64(P, l.mask[1])] +
           kLastFlips[l.pos[2]][_pext_u64(P, l.mask[2])] + kLastFlips[l.pos[3]][_pext_u64(P, l.mask[3])];
}
#else
inline int last_flip_count(Square sq, Bitboard P) {
    return 2 * popcount(flips(sq, P, ~P & ~bit(sq)));
}
#endif

// ---- Move lists ----------------------------------------------------------------------------
struct MoveEntry {
    Bitboard flipped;
    int score;
    Square sq;
};
struct MoveList {
    static constexpr int kMax = 36;  // positions with 33 legal moves exist; never more than 36
    MoveEntry moves[kMax];
    int count = 0;

    // Moves the best-scored of moves[i..] to i and returns it (selection: cut-offs often come
    // early, so a full sort would be wasted work).
    const MoveEntry& pick(int i) {
        int best = i;
        for (int j = i + 1; j < count; ++j)
            if (moves[j].score > moves[best].score) best = j;
        if (best != i) std::swap(moves[i], moves[best]);
        return moves[i];
    }
};

// Discs of `P` on a corner or next to an own corner along an edge: a cheap stability estimate.
inline int corner_stability(Bitboard P) {
    const Bitboard stable = ((((0x0100000000000001ULL & P) << 1) | ((0x8000000000000080ULL & P) >> 1) |
                              ((0x0000000000000081ULL & P) << 8) | ((0x8100000000000000ULL & P) >> 8) | kCorners) &
                             P);
    return popcount(stable);
}

// Fills `list` with the legal moves `moves` of P, scored for fastest-first ordering: the
// opponent's (corner-weighted) mobility after the move dominates, then our corner stability,
// the opponent's potential mobility and parity. `tt_move` (or kNoMove) goes first.
inline void fastest_first(MoveList& list, Bitboard P, Bitboard O, Bitboard moves, unsigned parity, Square tt_move) {
    list.count = 0;
    for (Square sq : squares(moves)) {
        MoveEntry& m = list.moves[list.count++];
        m.sq = sq;
        m.flipped = flip(sq, P, O);
        if (sq == tt_move) {
            m.score = 1 << 30;
            continue;
        }
        const Bitboard nP = O ^ m.flipped, nO = P ^ m.flipped ^ bit(sq);
        const Bitboard mob = legal_moves(nP, nO);
        const Bitboard empty = ~(nP | nO);
        int score = (36 - popcount(mob) - popcount(mob & kCorners)) << 15;
        score += corner_stability(nO) << 11;
        score += (36 - popcount(neighbours(nO) & empty)) << 5;
        if (parity & kQuadrantBit[sq]) score += 1 << 4;
        m.score = score;
    }
}

// From this many empties, moves are ordered by shallow searches on the evaluation (deep_order);
// below, by fastest-first alone.
inline constexpr int kDeepOrderMin = 16;
// Weight of one evaluation unit (1/16 disc) against one unit of opponent mobility (1 << 15):
// 2 discs of shallow value count as much as one opponent move. Measured on FFO #40-#48 with the
// trained evaluation: 1 << 10 needed 25% fewer nodes than 1 << 8 (tuned for the hand-made
// evaluation) and 10% fewer than 1 << 12.
inline constexpr int kEvalOrderWeight = 1 << 10;
// Depth of the ordering searches, by empties: 1 ply at 15-17 empties, one more every 3 empties,
// at most 4 (deeper ordering saved nodes but not time on FFO #40-#48).
constexpr int sort_depth(int n_empties) { return n_empties < 15 ? 0 : n_empties >= 24 ? 4 : (n_empties - 12) / 3; }
// Fills `list` like fastest_first, then adds the shallow search value of every move.
void deep_order(Context& c, MoveList& list, Bitboard P, Bitboard O, Bitboard moves, unsigned parity, Square tt_move,
                int n_empties, int alpha);
// Orders a node's moves: shallow searches from kDeepOrderMin empties, fastest-first below.
inline void order_moves(Context& c, MoveList& list, Bitboard P, Bitboard O, Bitboard moves, unsigned parity,
                        Square tt_move, int n_empties, int alpha) {
    if (n_empties >= kDeepOrderMin)
        deep_order(c, list, P, O, moves, parity, tt_move, n_empties, alpha);
    else
        fastest_first(list, P, O, moves, parity, tt_move);
}
// Enhanced transposition cut-off from this many empties: before searching, look every child up.
inline constexpr int kEtcMin = 12;

// ---- Search layers -------------------------------------------------------------------------
// All return a fail-soft score for the side to move against the null window (alpha, alpha + 1).
int solve_4(Context& c, Bitboard P, Bitboard O, int alpha, unsigned parity);
int nws_shallow(Context& c, Bitboard P, Bitboard O, int alpha, int n_empties, unsigned parity);
int nws_mid(Context& c, Bitboard P, Bitboard O, int alpha, int n_empties, unsigned parity);
int nws_hash(Context& c, Bitboard P, Bitboard O, int alpha, int n_empties, unsigned parity);
// Any empties count.
int nws(Context& c, Bitboard P, Bitboard O, int alpha, int n_empties, unsigned parity);
// Fail-soft alpha-beta with any window (alpha < beta), PVS inside.
int pvs(Context& c, Bitboard P, Bitboard O, int alpha, int beta, int n_empties, unsigned parity);

// Stability cut-off: the mover can never score more than 64 - 2 * (opponent's stable discs).
// Computing stability costs more than a small node, so only try when alpha is high enough for
// the bound to have a chance (thresholds as in the best engines, by empties).
inline constexpr std::array<int, 61> kStabilityThreshold = [] {
    std::array<int, 61> t{};
    constexpr int base[] = {99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40,
                            42, 44, 46, 48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64};
    for (int i = 0; i <= 60; ++i) t[i] = i <= 40 ? base[i] : 99;
    return t;
}();

}  // namespace outflank::endgame
