// Bitboards: one bit per square, a1 = bit 0, h1 = bit 7, a8 = bit 56 (row-major,
// rows 1..8 from top to bottom). Everything else in the engine is built on these.
#pragma once

#include <bit>
#include <cstdint>

namespace outflank {

using Bitboard = std::uint64_t;

// A square index 0..63; 64 (= kPass) stands for a pass, 65 for "no move".
using Square = int;
inline constexpr Square kPass = 64;
inline constexpr Square kNoMove = 65;

inline constexpr Bitboard kFileA = 0x0101010101010101ULL;
inline constexpr Bitboard kFileH = 0x8080808080808080ULL;
inline constexpr Bitboard kNotFileA = ~kFileA;
inline constexpr Bitboard kNotFileH = ~kFileH;
inline constexpr Bitboard kCorners = 0x8100000000000081ULL;

constexpr Bitboard bit(Square sq) { return Bitboard{1} << sq; }
constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr Square lowest_square(Bitboard b) { return std::countr_zero(b); }
constexpr int file_of(Square sq) { return sq & 7; }
constexpr int rank_of(Square sq) { return sq >> 3; }

// Iterates the set squares of a bitboard, lowest first: for (Square s : squares(b)).
class SquareRange {
public:
    class Iterator {
    public:
        constexpr explicit Iterator(Bitboard b) : bits_(b) {}
        constexpr Square operator*() const { return lowest_square(bits_); }
        constexpr Iterator& operator++() { bits_ &= bits_ - 1; return *this; }
        constexpr bool operator!=(const Iterator& other) const { return bits_ != other.bits_; }
    private:
        Bitboard bits_;
    };
    constexpr explicit SquareRange(Bitboard b) : bits_(b) {}
    constexpr Iterator begin() const { return Iterator(bits_); }
    constexpr Iterator end() const { return Iterator(0); }
private:
    Bitboard bits_;
};
constexpr SquareRange squares(Bitboard b) { return SquareRange(b); }

// --- The eight board symmetries -------------------------------------------------------------
// Index 0 is the identity; 1..7 are the other elements of the dihedral group of the square.
constexpr Bitboard flip_vertical(Bitboard b) { return __builtin_bswap64(b); }

constexpr Bitboard mirror_horizontal(Bitboard b) {
    b = ((b >> 1) & 0x5555555555555555ULL) | ((b & 0x5555555555555555ULL) << 1);
    b = ((b >> 2) & 0x3333333333333333ULL) | ((b & 0x3333333333333333ULL) << 2);
    b = ((b >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((b & 0x0F0F0F0F0F0F0F0FULL) << 4);
    return b;
}

// Transposes along the a1-h8 diagonal: square (file f, rank r) goes to (file r, rank f).
constexpr Bitboard transpose(Bitboard b) {
    Bitboard t;
    t = (b ^ (b >> 7)) & 0x00AA00AA00AA00AAULL; b ^= t ^ (t << 7);
    t = (b ^ (b >> 14)) & 0x0000CCCC0000CCCCULL; b ^= t ^ (t << 14);
    t = (b ^ (b >> 28)) & 0x00000000F0F0F0F0ULL; b ^= t ^ (t << 28);
    return b;
}

inline constexpr int kSymmetryCount = 8;

constexpr Bitboard apply_symmetry(Bitboard b, int symmetry) {
    if (symmetry & 1) b = flip_vertical(b);
    if (symmetry & 2) b = mirror_horizontal(b);
    if (symmetry & 4) b = transpose(b);
    return b;
}

constexpr Square apply_symmetry(Square sq, int symmetry) {
    if (sq >= 64) return sq;
    return lowest_square(apply_symmetry(bit(sq), symmetry));
}

}  // namespace outflank
