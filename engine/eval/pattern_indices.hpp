// The configuration index of every pattern instance (patterns.hpp), kept as a vector with one
// 16-bit lane per instance so that a move can update them all from the squares it changes, and
// the evaluation only has to look the weights up (PatternWeights::evaluate(indices, ...)).
//
// Why it works: an instance's index is a sum over its squares of digit x 3^k (digit 0 empty,
// 1 side to move, 2 opponent; k the square's place in the pattern's base orientation). Each
// board square therefore contributes a fixed vector (kSquareDigit: 3^k in the lanes of the
// instances that read it, 0 elsewhere), scaled by its digit. A move changes the digits of the
// played square and the flipped ones only, so it costs a few vector additions instead of the 92
// gathers and table look-ups of the evaluation from the board.
//
// An update is one 16-lane AVX2 addition per 16 instances and changed square (a plain loop over the lanes,
// which the compiler turns into SSE, in the portable build), with no branch but the loop over
// the flipped discs. Indices fit 16 bits (3^10 < 2^16), and the arithmetic wraps modulo 2^16,
// so intermediate "negative" lanes come out right.
#pragma once

#include <array>
#include <cstdint>

#include "core/bitboard.hpp"
#include "eval/patterns.hpp"

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace outflank::patterns {

// One lane per instance, padded to whole 16-lane (256-bit) vectors; the spare lanes stay 0.
inline constexpr int kIndexVectors = (kInstanceCount + 15) / 16;
inline constexpr int kIndexLanes = 16 * kIndexVectors;

struct alignas(32) IndexVector {
    std::uint16_t lane[kIndexLanes];
};

// Lane i of a square's vector: 3^k if instance i (layout().instances[i]) reads the square as its
// k-th digit, else 0.
extern const std::array<IndexVector, 64> kSquareDigit;

// The indices of one position from both sides: `mover` reads the side to move as digit 1 (what
// the evaluator looks up), `waiting` the same board with the roles swapped (digit 1 for the
// opponent), which becomes the child's `mover` after a move or a pass.
struct PatternIndices {
    IndexVector mover;
    IndexVector waiting;
};

// From the board, for `player` to move.
PatternIndices indices_of(Bitboard player, Bitboard opponent);

// The child's indices after the side to move plays `sq` and turns the discs `flipped` over:
// every flipped disc goes from 2 to 1 from the mover's side and from 1 to 2 from the other, and
// the sides swap (the child's mover is the parent's opponent, for whom the played disc is a 2).
inline void indices_after_move(const PatternIndices& parent, Square sq, Bitboard flipped, PatternIndices& child) {
    const IndexVector& played = kSquareDigit[sq];
#if defined(__AVX2__)
    // kIndexVectors 16-lane registers; the sums stay in registers (the portable loop below makes
    // the compiler keep them in memory across the loop over the flipped discs).
    auto load = [](const IndexVector& v, int k) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(v.lane) + k); };
    auto store = [](IndexVector& v, int k, __m256i x) { _mm256_store_si256(reinterpret_cast<__m256i*>(v.lane) + k, x); };
    __m256i flips[kIndexVectors];
    for (int k = 0; k < kIndexVectors; ++k) flips[k] = _mm256_setzero_si256();
    for (Square f : squares(flipped))
        for (int k = 0; k < kIndexVectors; ++k) flips[k] = _mm256_add_epi16(flips[k], load(kSquareDigit[f], k));
    for (int k = 0; k < kIndexVectors; ++k) {
        const __m256i p = load(played, k);
        store(child.mover, k, _mm256_add_epi16(_mm256_add_epi16(load(parent.waiting, k), flips[k]), _mm256_add_epi16(p, p)));
        store(child.waiting, k, _mm256_sub_epi16(_mm256_add_epi16(load(parent.mover, k), p), flips[k]));
    }
#else
    IndexVector flips{};
    for (Square f : squares(flipped))
        for (int i = 0; i < kIndexLanes; ++i) flips.lane[i] += kSquareDigit[f].lane[i];
    for (int i = 0; i < kIndexLanes; ++i) {
        child.mover.lane[i] = static_cast<std::uint16_t>(parent.waiting.lane[i] + 2 * played.lane[i] + flips.lane[i]);
        child.waiting.lane[i] = static_cast<std::uint16_t>(parent.mover.lane[i] + played.lane[i] - flips.lane[i]);
    }
#endif
}

// After a pass only the side to move changes.
inline void indices_after_pass(const PatternIndices& parent, PatternIndices& child) {
    child.mover = parent.waiting;
    child.waiting = parent.mover;
}

}  // namespace outflank::patterns
