// The features of the trained evaluation: board patterns in the style of Logistello and Edax
// (the first eleven) and three 10-square corner shapes that newer engines add (a triangle, an
// edge block, a band along the main diagonal; README "Evaluation" has what they bought), plus
// mobility terms, by game stage. Shared by the evaluator (pattern_eval) and the trainer, so that
// both index the weights the same way.
//
// A pattern is a set of squares in a base orientation (for example the bottom edge and its two
// X-squares). Its instances are its images under the eight board symmetries; every instance
// reads the board through the symmetry that maps it onto the base squares, so all instances share
// one weight table. A configuration is a base-3 number: digit k is the state of the pattern's
// k-th lowest square (0 empty, 1 side to move, 2 opponent).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/bitboard.hpp"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace outflank::patterns {

struct Pattern {
    const char* name;
    Bitboard mask;  // the squares in the base orientation
};

inline constexpr std::array<Pattern, 14> kPatterns{{
    {"edge+2X", 0x42FFULL},              // a1-h1, b2, g2
    {"corner 3x3", 0x070707ULL},         // a1-c3
    {"corner 2x5", 0x1F1FULL},           // a1-e2
    {"line 2", 0xFF00ULL},               // a2-h2
    {"line 3", 0xFF0000ULL},             // a3-h3
    {"line 4", 0xFF000000ULL},           // a4-h4
    {"diagonal 8", 0x8040201008040201ULL},
    {"diagonal 7", 0x0080402010080402ULL},  // b1-h7
    {"diagonal 6", 0x0000804020100804ULL},  // c1-h6
    {"diagonal 5", 0x0000008040201008ULL},  // d1-h5
    {"diagonal 4", 0x0000000080402010ULL},  // e1-h4
    {"triangle", 0x0103070FULL},            // a1-d1, a2-c2, a3-b3, a4
    {"edge block", 0x3CBDULL},              // a1, c1-f1, h1, c2-f2
    {"diagonal band", 0x0C0E0703ULL},       // a1-b1, a2-c2, b3-d3, c4-d4: the main diagonal and its neighbours
}};
inline constexpr int kPatternCount = static_cast<int>(kPatterns.size());

// The square set that symmetry `s` reads as the pattern's base squares (`mask`).
constexpr Bitboard instance_squares(Bitboard mask, int s) {
    Bitboard set = 0;
    for (Square sq = 0; sq < 64; ++sq)
        if (apply_symmetry(bit(sq), s) & mask) set |= bit(sq);
    return set;
}

// A pattern's instances: the symmetries, in order, that read a square set no earlier one read
// (a symmetric pattern has fewer than eight). Writes them to `symmetries` and returns how many.
// The evaluator, build_layout and kInstanceCount all enumerate instances through this.
constexpr int instance_symmetries(Bitboard mask, int (&symmetries)[kSymmetryCount]) {
    Bitboard seen[kSymmetryCount] = {};
    int n = 0;
    for (int s = 0; s < kSymmetryCount; ++s) {
        const Bitboard set = instance_squares(mask, s);
        bool repeated = false;
        for (int j = 0; j < n; ++j) repeated |= seen[j] == set;
        if (repeated) continue;
        seen[n] = set;
        symmetries[n++] = s;
    }
    return n;
}

constexpr int count_instances() {
    int n = 0;
    for (const Pattern& pattern : kPatterns) {
        int symmetries[kSymmetryCount] = {};
        n += instance_symmetries(pattern.mask, symmetries);
    }
    return n;
}

// Instances of all patterns on the board (4 edges, 4 corner squares, 8 corner rectangles, ...).
inline constexpr int kInstanceCount = count_instances();
static_assert(kInstanceCount == 58, "the shipped weights were trained on 58 pattern instances");

// Extra features, each a table indexed by a small count.
inline constexpr int kMobilityCap = 32;   // legal moves counted up to this
inline constexpr int kPotentialCap = 40;  // potential mobility counted up to this
enum Extra { kMobilityPlayer, kMobilityOpponent, kPotentialPlayer, kPotentialOpponent, kEmptiesBias, kExtraCount };
inline constexpr std::array<int, kExtraCount> kExtraSizes{kMobilityCap + 1, kMobilityCap + 1, kPotentialCap + 1,
                                                          kPotentialCap + 1, 4};
inline constexpr int kFeatureCount = kInstanceCount + kExtraCount;

// Game stages: one weight set per 4 empties (1-4, 5-8, ..., 57-60). The trainer, the weights
// file and the evaluator all follow kStageEmpties (it must divide 60). One set per 2 empties
// fitted only 0.01-0.05 discs better for a file twice the size (README, "Evaluation").
inline constexpr int kStageEmpties = 4;
static_assert(60 % kStageEmpties == 0, "the stages must tile the 60 empties");
inline constexpr int kStageCount = 60 / kStageEmpties;
constexpr int stage_of(int empties) {
    const int s = (empties - 1) / kStageEmpties;
    return s < 0 ? 0 : (s >= kStageCount ? kStageCount - 1 : s);
}
constexpr int stage_min_empties(int stage) { return stage * kStageEmpties + 1; }
constexpr int stage_max_empties(int stage) { return stage * kStageEmpties + kStageEmpties; }

struct Instance {
    int pattern;
    int symmetry;  // the board is read through apply_symmetry(board, symmetry)
};

// How the weights of one stage are laid out: "full" tables have one entry per configuration (the
// evaluator's fast path), "compact" ones one per class of configurations that a symmetry of the
// pattern maps onto each other (what is trained and stored).
struct Layout {
    std::array<Instance, kInstanceCount> instances{};
    std::array<std::uint32_t, kPatternCount> full_offset{};     // of each pattern's table
    std::array<std::uint32_t, kExtraCount> extra_full_offset{};
    std::uint32_t full_size = 0;                                 // entries per stage
    std::vector<std::uint32_t> compact_of_full;                  // full index -> compact index
    std::uint32_t compact_size = 0;
    std::uint64_t signature = 0;  // identifies this feature set in weight files
};

// Built once on first use.
const Layout& layout();

// Ternary value of the bits `b` (bit k -> digit k): the base-3 reading of a pext result.
extern const std::array<std::uint16_t, 1024> kTernary;

inline std::uint64_t gather_bits(Bitboard b, Bitboard mask) {
#if defined(__BMI2__)
    return _pext_u64(b, mask);
#else
    std::uint64_t out = 0;
    for (int k = 0; mask; ++k, mask &= mask - 1)
        if (b & (mask & -mask)) out |= std::uint64_t{1} << k;
    return out;
#endif
}

// The full-table index of every feature of a position (pattern offsets included), for
// `player` to move. Used by the trainer; the evaluator inlines the same computation.
void full_indices(Bitboard player, Bitboard opponent, std::array<std::uint32_t, kFeatureCount>& out);

}  // namespace outflank::patterns
