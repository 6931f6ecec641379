// Legal-move generation and flip computation: the hot path of every search.
#pragma once

#include "core/bitboard.hpp"

#if defined(__AVX2__) || defined(__BMI2__)
#include <immintrin.h>
#endif

#include "core/line_tables.hpp"

namespace outflank {

// Squares where the side owning `player` may legally move (each outflanks at least one line).
// All eight directions at once with shifts and masks: a parallel-prefix fill per direction.
inline Bitboard legal_moves(Bitboard player, Bitboard opponent) {
    const Bitboard empty = ~(player | opponent);
#if defined(__AVX2__)
    // Lanes: E/W (1), SW/NE (7), S/N (8), SE/NW (9); masks keep runs from wrapping across files.
    const __m256i shift1 = _mm256_set_epi64x(9, 8, 7, 1);
    const __m256i shift2 = _mm256_set_epi64x(18, 16, 14, 2);
    const __m256i p = _mm256_set1_epi64x(static_cast<long long>(player));
    const __m256i inner = _mm256_and_si256(
        _mm256_set1_epi64x(static_cast<long long>(opponent)),
        _mm256_set_epi64x(0x007E7E7E7E7E7E00LL, -1LL, 0x007E7E7E7E7E7E00LL, 0x7E7E7E7E7E7E7E7ELL));

    __m256i fl = _mm256_and_si256(inner, _mm256_sllv_epi64(p, shift1));
    __m256i fr = _mm256_and_si256(inner, _mm256_srlv_epi64(p, shift1));
    fl = _mm256_or_si256(fl, _mm256_and_si256(inner, _mm256_sllv_epi64(fl, shift1)));
    fr = _mm256_or_si256(fr, _mm256_and_si256(inner, _mm256_srlv_epi64(fr, shift1)));
    const __m256i pre_l = _mm256_and_si256(inner, _mm256_sllv_epi64(inner, shift1));
    const __m256i pre_r = _mm256_srlv_epi64(pre_l, shift1);
    fl = _mm256_or_si256(fl, _mm256_and_si256(pre_l, _mm256_sllv_epi64(fl, shift2)));
    fr = _mm256_or_si256(fr, _mm256_and_si256(pre_r, _mm256_srlv_epi64(fr, shift2)));
    fl = _mm256_or_si256(fl, _mm256_and_si256(pre_l, _mm256_sllv_epi64(fl, shift2)));
    fr = _mm256_or_si256(fr, _mm256_and_si256(pre_r, _mm256_srlv_epi64(fr, shift2)));
    __m256i m = _mm256_or_si256(_mm256_sllv_epi64(fl, shift1), _mm256_srlv_epi64(fr, shift1));
    __m128i m2 = _mm_or_si128(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1));
    m2 = _mm_or_si128(m2, _mm_unpackhi_epi64(m2, m2));
    return static_cast<Bitboard>(_mm_cvtsi128_si64(m2)) & empty;
#else
    Bitboard moves = 0;
    auto direction = [&](Bitboard mask, int s) {
        Bitboard fl = mask & (player << s);
        Bitboard fr = mask & (player >> s);
        fl |= mask & (fl << s);
        fr |= mask & (fr >> s);
        const Bitboard pre_l = mask & (mask << s);
        const Bitboard pre_r = pre_l >> s;
        fl |= pre_l & (fl << (2 * s));
        fr |= pre_r & (fr >> (2 * s));
        fl |= pre_l & (fl << (2 * s));
        fr |= pre_r & (fr >> (2 * s));
        moves |= (fl << s) | (fr >> s);
    };
    const Bitboard inner = opponent & 0x7E7E7E7E7E7E7E7EULL;
    direction(inner, 1);
    direction(opponent, 8);
    direction(opponent & 0x007E7E7E7E7E7E00ULL, 7);
    direction(opponent & 0x007E7E7E7E7E7E00ULL, 9);
    return moves & empty;
#endif
}

// The same as flips(), computed with per-direction rays: the portable fallback, kept for cross-checking.
Bitboard flips_by_rays(Square sq, Bitboard player, Bitboard opponent);

// The discs that `player` flips by moving on the empty square `sq` (0 if the move is illegal).
// Inline: it is the hottest function of every search.
inline Bitboard flips(Square sq, Bitboard player, Bitboard opponent) {
#if defined(__BMI2__)
    const lines::LineSet& set = lines::kLines[sq];
    Bitboard flipped = 0;
    for (int l = 0; l < 4; ++l) {  // unrolled by the compiler: four independent chains
        const Bitboard mask = set.mask[l];
        const int pos = set.pos[l];
        const unsigned o = static_cast<unsigned>(_pext_u64(opponent, mask));
        const unsigned p = static_cast<unsigned>(_pext_u64(player, mask));
        flipped |= _pdep_u64(lines::kFlipped[pos][lines::kOutflank[pos][o] & p], mask);
    }
    return flipped;
#else
    return flips_by_rays(sq, player, opponent);
#endif
}

// Squares adjacent (8-neighbourhood) to any set square: used by potential mobility.
constexpr Bitboard neighbours(Bitboard b) {
    const Bitboard h = ((b << 1) & kNotFileA) | ((b >> 1) & kNotFileH) | b;
    return (h | (h << 8) | (h >> 8)) & ~b;
}

}  // namespace outflank
