#include "movegen.hpp"

#include <array>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace outflank {
namespace {

// ---- Ray tables: for each square and direction, the squares from it (exclusive) to the edge. ---
struct Direction { int df, dr; };
// The first four directions walk towards higher bit indices, the last four towards lower ones.
constexpr std::array<Direction, 8> kDirections{{
    {1, 0}, {-1, 1}, {0, 1}, {1, 1},     // E, SW, S, SE
    {-1, 0}, {1, -1}, {0, -1}, {-1, -1}  // W, NE, N, NW
}};

constexpr std::array<std::array<Bitboard, 8>, 64> make_rays() {
    std::array<std::array<Bitboard, 8>, 64> rays{};
    for (int sq = 0; sq < 64; ++sq) {
        for (int d = 0; d < 8; ++d) {
            int f = file_of(sq) + kDirections[d].df, r = rank_of(sq) + kDirections[d].dr;
            Bitboard ray = 0;
            while (f >= 0 && f < 8 && r >= 0 && r < 8) {
                ray |= bit(r * 8 + f);
                f += kDirections[d].df;
                r += kDirections[d].dr;
            }
            rays[sq][d] = ray;
        }
    }
    return rays;
}
constexpr auto kRays = make_rays();

}  // namespace

Bitboard flips_by_rays(Square sq, Bitboard player, Bitboard opponent) {
    Bitboard flipped = 0;
    const auto& rays = kRays[sq];
    for (int d = 0; d < 4; ++d) {  // towards higher indices: the first non-opponent disc is the lowest
        const Bitboard ray = rays[d];
        const Bitboard stop = ray & ~opponent;
        const Bitboard first = stop & (0 - stop);
        const Bitboard run = (first - 1) & ray;
        flipped |= run & (0 - static_cast<Bitboard>((first & player) != 0));
    }
    for (int d = 4; d < 8; ++d) {  // towards lower indices: the first non-opponent disc is the highest
        const Bitboard ray = rays[d];
        const Bitboard stop = ray & ~opponent;
        const Bitboard first = stop ? (Bitboard{1} << 63) >> std::countl_zero(stop) : 0;
        const Bitboard run = ray & (0 - (first << 1));
        flipped |= run & (0 - static_cast<Bitboard>((first & player) != 0));
    }
    return flipped;
}

#if defined(__BMI2__)
namespace {

// ---- Line tables for the pext path -----------------------------------------------------------
// Every square lies on four lines (row, column, diagonal, anti-diagonal). pext gathers a line's
// discs into one byte; two 2 KB tables then give the flipped discs of that line, and pdep puts
// them back on the board. No loops and no branches per direction.
struct LineSet {
    std::array<Bitboard, 4> mask;
    std::array<std::uint8_t, 4> pos;  // index of the square within each gathered line
};

constexpr std::array<LineSet, 64> make_lines() {
    std::array<LineSet, 64> lines{};
    for (int sq = 0; sq < 64; ++sq) {
        const int f = file_of(sq), r = rank_of(sq);
        Bitboard diag = 0, anti = 0;
        for (int s = 0; s < 64; ++s) {
            if (file_of(s) - rank_of(s) == f - r) diag |= bit(s);
            if (file_of(s) + rank_of(s) == f + r) anti |= bit(s);
        }
        lines[sq].mask = {Bitboard{0xFF} << (8 * r), kFileA << f, diag, anti};
        lines[sq].pos = {static_cast<std::uint8_t>(f), static_cast<std::uint8_t>(r),
                         static_cast<std::uint8_t>(r < f ? r : f),
                         static_cast<std::uint8_t>(r < 7 - f ? r : 7 - f)};
    }
    return lines;
}

// kOutflank[pos][opponent line]: the squares where a player disc would close a run of opponent
// discs that starts next to pos (at most one on each side).
constexpr std::array<std::array<std::uint8_t, 256>, 8> make_outflank() {
    std::array<std::array<std::uint8_t, 256>, 8> table{};
    for (int pos = 0; pos < 8; ++pos) {
        for (int o = 0; o < 256; ++o) {
            int out = 0;
            int i = pos + 1;
            while (i < 8 && (o >> i & 1)) ++i;
            if (i > pos + 1 && i < 8) out |= 1 << i;
            i = pos - 1;
            while (i >= 0 && (o >> i & 1)) --i;
            if (i < pos - 1 && i >= 0) out |= 1 << i;
            table[pos][o] = static_cast<std::uint8_t>(out);
        }
    }
    return table;
}

// kFlipped[pos][outflanking discs]: the squares strictly between pos and each outflanking disc.
constexpr std::array<std::array<std::uint8_t, 256>, 8> make_flipped() {
    std::array<std::array<std::uint8_t, 256>, 8> table{};
    for (int pos = 0; pos < 8; ++pos) {
        for (int out = 0; out < 256; ++out) {
            int flipped = 0;
            int hi = pos + 1;
            while (hi < 8 && !(out >> hi & 1)) ++hi;
            if (hi < 8) for (int i = pos + 1; i < hi; ++i) flipped |= 1 << i;
            int lo = pos - 1;
            while (lo >= 0 && !(out >> lo & 1)) --lo;
            if (lo >= 0) for (int i = lo + 1; i < pos; ++i) flipped |= 1 << i;
            table[pos][out] = static_cast<std::uint8_t>(flipped);
        }
    }
    return table;
}

constexpr auto kLines = make_lines();
constexpr auto kOutflank = make_outflank();
constexpr auto kFlipped = make_flipped();

}  // namespace

Bitboard flips(Square sq, Bitboard player, Bitboard opponent) {
    const LineSet& lines = kLines[sq];
    Bitboard flipped = 0;
    for (int l = 0; l < 4; ++l) {  // unrolled by the compiler: four independent chains
        const Bitboard mask = lines.mask[l];
        const int pos = lines.pos[l];
        const unsigned o = static_cast<unsigned>(_pext_u64(opponent, mask));
        const unsigned p = static_cast<unsigned>(_pext_u64(player, mask));
        flipped |= _pdep_u64(kFlipped[pos][kOutflank[pos][o] & p], mask);
    }
    return flipped;
}
#else
Bitboard flips(Square sq, Bitboard player, Bitboard opponent) {
    return flips_by_rays(sq, player, opponent);
}
#endif

}  // namespace outflank
