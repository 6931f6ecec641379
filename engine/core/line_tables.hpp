// The line tables behind the pext flip computation, shared by the rules core (movegen) and the
// endgame solver's last-move counter. Every square lies on four lines (row, column, diagonal,
// anti-diagonal); pext gathers a line's discs into one byte, two 2 KB tables then give the
// flipped discs of that line, and pdep puts them back on the board.
#pragma once

#include <array>
#include <cstdint>

#include "core/bitboard.hpp"

namespace outflank::lines {

struct LineSet {
    std::array<Bitboard, 4> mask;
    std::array<std::uint8_t, 4> pos;
};
inline constexpr auto kLines = [] {
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
                         static_cast<std::uint8_t>(r < f ? r : f), static_cast<std::uint8_t>(r < 7 - f ? r : 7 - f)};
    }
    return lines;
}();
// kOutflank[pos][opponent line]: where a player disc would close a run of opponent discs next to pos.
inline constexpr auto kOutflank = [] {
    std::array<std::array<std::uint8_t, 256>, 8> t{};
    for (int pos = 0; pos < 8; ++pos)
        for (int o = 0; o < 256; ++o) {
            int out = 0, i = pos + 1;
            while (i < 8 && (o >> i & 1)) ++i;
            if (i > pos + 1 && i < 8) out |= 1 << i;
            i = pos - 1;
            while (i >= 0 && (o >> i & 1)) --i;
            if (i < pos - 1 && i >= 0) out |= 1 << i;
            t[pos][o] = static_cast<std::uint8_t>(out);
        }
    return t;
}();
// kFlipped[pos][outflanking discs]: the squares strictly between pos and each outflanking disc.
inline constexpr auto kFlipped = [] {
    std::array<std::array<std::uint8_t, 256>, 8> t{};
    for (int pos = 0; pos < 8; ++pos)
        for (int out = 0; out < 256; ++out) {
            int flipped = 0, hi = pos + 1;
            while (hi < 8 && !(out >> hi & 1)) ++hi;
            if (hi < 8)
                for (int i = pos + 1; i < hi; ++i) flipped |= 1 << i;
            int lo = pos - 1;
            while (lo >= 0 && !(out >> lo & 1)) --lo;
            if (lo >= 0)
                for (int i = lo + 1; i < pos; ++i) flipped |= 1 << i;
            t[pos][out] = static_cast<std::uint8_t>(flipped);
        }
    return t;
}();

}  // namespace outflank::lines
