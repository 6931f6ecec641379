#include "eval/patterns.hpp"

#include "eval/pattern_indices.hpp"

#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include <algorithm>

#include "core/movegen.hpp"

namespace outflank::patterns {
namespace {

constexpr std::uint32_t power_of_3(int n) {
    std::uint32_t p = 1;
    while (n-- > 0) p *= 3;
    return p;
}

std::array<std::uint16_t, 1024> make_ternary() {
    std::array<std::uint16_t, 1024> t{};
    for (unsigned b = 0; b < 1024; ++b) {
        unsigned v = 0, p = 1;
        for (int k = 0; k < 10; ++k, p *= 3)
            if (b >> k & 1) v += p;
        t[b] = static_cast<std::uint16_t>(v);
    }
    return t;
}

std::uint32_t configuration(Bitboard player, Bitboard opponent, Bitboard mask) {
    return kTernary[gather_bits(player, mask)] + 2u * kTernary[gather_bits(opponent, mask)];
}

// The discs of configuration `c` of a pattern, placed on its base squares.
void discs_of(std::uint32_t c, Bitboard mask, Bitboard& player, Bitboard& opponent) {
    player = opponent = 0;
    for (Square sq : squares(mask)) {
        const std::uint32_t digit = c % 3;
        c /= 3;
        if (digit == 1) player |= bit(sq);
        if (digit == 2) opponent |= bit(sq);
    }
}

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
    h ^= v + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
    return h * 0xBF58476D1CE4E5B9ULL;
}

Layout build_layout() {
    Layout out;
    int n = 0;
    std::uint32_t full = 0, compact = 0;
    for (int p = 0; p < kPatternCount; ++p) {
        const Bitboard mask = kPatterns[p].mask;
        int symmetries[kSymmetryCount] = {};
        for (int i = 0, count = instance_symmetries(mask, symmetries); i < count; ++i)
            out.instances[n++] = {p, symmetries[i]};
        // The pattern's own symmetries (those that read its base squares).
        std::vector<int> stabiliser;
        for (int s = 0; s < kSymmetryCount; ++s)
            if (instance_squares(mask, s) == mask) stabiliser.push_back(s);
        // Compact classes: configurations that a symmetry of the pattern maps onto each other.
        const std::uint32_t size = power_of_3(popcount(mask));
        out.full_offset[p] = full;
        out.compact_of_full.resize(full + size);
        std::vector<std::uint32_t> class_of_canonical(size, UINT32_MAX);
        for (std::uint32_t c = 0; c < size; ++c) {
            Bitboard pl, op;
            discs_of(c, mask, pl, op);
            std::uint32_t canonical = c;
            for (int h : stabiliser)
                canonical = std::min(canonical, configuration(apply_symmetry(pl, h), apply_symmetry(op, h), mask));
            if (class_of_canonical[canonical] == UINT32_MAX) class_of_canonical[canonical] = compact++;
            out.compact_of_full[full + c] = class_of_canonical[canonical];
        }
        full += size;
        out.signature = mix(out.signature, mask);
    }
    for (int e = 0; e < kExtraCount; ++e) {
        out.extra_full_offset[e] = full;
        for (int i = 0; i < kExtraSizes[e]; ++i) out.compact_of_full.push_back(compact++);
        full += kExtraSizes[e];
        out.signature = mix(out.signature, kExtraSizes[e]);
    }
    out.signature = mix(out.signature, kStageCount);
    out.full_size = full;
    out.compact_size = compact;
    return out;
}

// Lane i of square sq: 3^k when instance i reads sq as digit k (through its symmetry).
std::array<IndexVector, 64> make_square_digits() {
    std::array<IndexVector, 64> out{};
    const Layout& lay = layout();
    for (int i = 0; i < kInstanceCount; ++i) {
        const Bitboard mask = kPatterns[lay.instances[i].pattern].mask;
        for (Square sq = 0; sq < 64; ++sq) {
            const Bitboard image = apply_symmetry(bit(sq), lay.instances[i].symmetry);
            if (image & mask) out[sq].lane[i] = static_cast<std::uint16_t>(power_of_3(popcount(mask & (image - 1))));
        }
    }
    return out;
}

}  // namespace

const std::array<std::uint16_t, 1024> kTernary = make_ternary();
// Defined after kTernary, in the same file, because building it builds the layout, which reads
// kTernary: the order of dynamic initialisation is only fixed within one file.
const std::array<IndexVector, 64> kSquareDigit = make_square_digits();

const Layout& layout() {
    static const Layout instance = build_layout();
    return instance;
}

PatternIndices indices_of(Bitboard player, Bitboard opponent) {
    PatternIndices out;
#if defined(__AVX2__)
    // The same sums as the loop below, kept in registers (see indices_after_move).
    auto load = [](Square sq, int k) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(kSquareDigit[sq].lane) + k); };
    __m256i own[kIndexVectors] = {}, other[kIndexVectors] = {};
    for (Square sq : squares(player))
        for (int k = 0; k < kIndexVectors; ++k) own[k] = _mm256_add_epi16(own[k], load(sq, k));
    for (Square sq : squares(opponent))
        for (int k = 0; k < kIndexVectors; ++k) other[k] = _mm256_add_epi16(other[k], load(sq, k));
    for (int k = 0; k < kIndexVectors; ++k) {
        _mm256_store_si256(reinterpret_cast<__m256i*>(out.mover.lane) + k, _mm256_add_epi16(own[k], _mm256_add_epi16(other[k], other[k])));
        _mm256_store_si256(reinterpret_cast<__m256i*>(out.waiting.lane) + k, _mm256_add_epi16(other[k], _mm256_add_epi16(own[k], own[k])));
    }
#else
    IndexVector own{}, other{};
    for (Square sq : squares(player))
        for (int i = 0; i < kIndexLanes; ++i) own.lane[i] += kSquareDigit[sq].lane[i];
    for (Square sq : squares(opponent))
        for (int i = 0; i < kIndexLanes; ++i) other.lane[i] += kSquareDigit[sq].lane[i];
    for (int i = 0; i < kIndexLanes; ++i) {
        out.mover.lane[i] = static_cast<std::uint16_t>(own.lane[i] + 2 * other.lane[i]);
        out.waiting.lane[i] = static_cast<std::uint16_t>(2 * own.lane[i] + other.lane[i]);
    }
#endif
    return out;
}

void full_indices(Bitboard player, Bitboard opponent, std::array<std::uint32_t, kFeatureCount>& out) {
    const Layout& lay = layout();
    for (int i = 0; i < kInstanceCount; ++i) {
        const Instance& in = lay.instances[i];
        const Bitboard mask = kPatterns[in.pattern].mask;
        out[i] = lay.full_offset[in.pattern] +
                 configuration(apply_symmetry(player, in.symmetry), apply_symmetry(opponent, in.symmetry), mask);
    }
    const Bitboard empty = ~(player | opponent);
    const int counts[kExtraCount] = {
        std::min(popcount(legal_moves(player, opponent)), kMobilityCap),
        std::min(popcount(legal_moves(opponent, player)), kMobilityCap),
        std::min(popcount(neighbours(opponent) & empty), kPotentialCap),
        std::min(popcount(neighbours(player) & empty), kPotentialCap),
        popcount(empty) & 3,
    };
    for (int e = 0; e < kExtraCount; ++e) out[kInstanceCount + e] = lay.extra_full_offset[e] + counts[e];
}

}  // namespace outflank::patterns
