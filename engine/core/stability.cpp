// Stable discs, the classic bitboard way: edges exactly (from a table of every edge
// configuration), interior discs on four full lines, then growth: an interior disc is stable when,
// on each of the four axes, its line is full or one of its two neighbours on that axis is already
// a stable disc of the same colour (a flip along that axis would have to flip that neighbour too).
#include "core/stability.hpp"

#include <array>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace outflank {
namespace {

// ---- Edges ---------------------------------------------------------------------------------
// On an edge, a disc can only be flipped along the edge (on every other axis it is the end of its
// line). kEdgeStable[p * 256 + o] is the set of discs of either colour on an 8-square line that
// no sequence of moves on that line can flip. Any empty square may be played by either colour
// (in 2-D a move there may be legal through another direction and flip nothing on the edge), so
// the table is exact for the edge and a safe under-estimate on the board.
std::uint8_t line_flips(int x, unsigned p, unsigned o) {
    unsigned flipped = 0;
    for (int dir : {-1, 1}) {
        unsigned run = 0;
        int i = x + dir;
        while (i >= 0 && i < 8 && (o >> i & 1)) { run |= 1u << i; i += dir; }
        if (i >= 0 && i < 8 && (p >> i & 1)) flipped |= run;
    }
    return static_cast<std::uint8_t>(flipped);
}

struct EdgeTable {
    std::array<std::uint8_t, 65536> stable{};
    EdgeTable() {
        // Positions with fewer empties first, so successors are always known.
        for (int empties = 0; empties <= 8; ++empties) {
            for (unsigned p = 0; p < 256; ++p) {
                for (unsigned o = 0; o < 256; ++o) {
                    if (p & o) continue;
                    const unsigned e = ~(p | o) & 0xFF;
                    if (std::popcount(e) != empties) continue;
                    unsigned s = p | o;
                    for (int x = 0; x < 8 && s; ++x) {
                        if (!(e >> x & 1)) continue;
                        // x played by p's side, then by o's side.
                        const unsigned fp = line_flips(x, p, o);
                        s &= ~fp & stable[((p | fp | (1u << x)) << 8) | (o & ~fp)];
                        const unsigned fo = line_flips(x, o, p);
                        s &= ~fo & stable[((p & ~fo) << 8) | (o | fo | (1u << x))];
                    }
                    stable[(p << 8) | o] = static_cast<std::uint8_t>(s);
                }
            }
        }
    }
};
const EdgeTable kEdges;

constexpr Bitboard kRank1 = 0xFFULL;

inline unsigned gather_file(Bitboard b, Bitboard file_mask, int shift) {
#if defined(__BMI2__)
    (void)shift;
    return static_cast<unsigned>(_pext_u64(b, file_mask));
#else
    (void)file_mask;
    // Bring the file to file A, then gather the column into one byte with a multiply.
    return static_cast<unsigned>((((b >> shift) & kFileA) * 0x8040201008040201ULL) >> 56);
#endif
}
inline Bitboard scatter_file(unsigned bits, Bitboard file_mask, int shift) {
#if defined(__BMI2__)
    (void)shift;
    return _pdep_u64(bits, file_mask);
#else
    Bitboard b = 0;
    for (int r = 0; r < 8; ++r) b |= static_cast<Bitboard>(bits >> r & 1) << (8 * r);
    return (b << shift) & file_mask;
#endif
}

Bitboard edge_stable(Bitboard P, Bitboard O) {
    Bitboard s = kEdges.stable[((P & kRank1) << 8) | (O & kRank1)];
    s |= static_cast<Bitboard>(kEdges.stable[((P >> 56) << 8) | (O >> 56)]) << 56;
    s |= scatter_file(kEdges.stable[(gather_file(P, kFileA, 0) << 8) | gather_file(O, kFileA, 0)], kFileA, 0);
    s |= scatter_file(kEdges.stable[(gather_file(P, kFileH, 7) << 8) | gather_file(O, kFileH, 7)], kFileH, 7);
    return s & P;
}

// ---- Full lines ----------------------------------------------------------------------------
// Squares whose line along a diagonal axis (shift 7 or 9) has no empty square: spread the empty
// squares both ways along the axis (Kogge-Stone fill with the wrap masks), and take the rest.
template <int S>
Bitboard full_diagonal(Bitboard empty) {
    // Going up (<< S) moves one file right for S = 9 and one file left for S = 7.
    constexpr Bitboard up_mask = S == 9 ? kNotFileA : kNotFileH;
    constexpr Bitboard down_mask = S == 9 ? kNotFileH : kNotFileA;
    Bitboard up = empty, pro = up_mask;
    up |= pro & (up << S);
    pro &= pro << S;
    up |= pro & (up << (2 * S));
    pro &= pro << (2 * S);
    up |= pro & (up << (4 * S));
    Bitboard down = empty;
    pro = down_mask;
    down |= pro & (down >> S);
    pro &= pro >> S;
    down |= pro & (down >> (2 * S));
    pro &= pro >> (2 * S);
    down |= pro & (down >> (4 * S));
    return ~(up | down);
}

struct FullLines {
    Bitboard h, v, d7, d9;
};

FullLines full_lines(Bitboard discs) {
    FullLines f;
    Bitboard h = discs;  // bit 0 of a row ends up set iff the row is full
    h &= h >> 4;
    h &= h >> 2;
    h &= h >> 1;
    f.h = (h & kFileA) * 0xFF;
    Bitboard v = discs;  // bit r of row 0 ends up set iff file r is full
    v &= v >> 32;
    v &= v >> 16;
    v &= v >> 8;
    f.v = (v & 0xFF) * kFileA;
    const Bitboard empty = ~discs;
    f.d7 = full_diagonal<7>(empty);
    f.d9 = full_diagonal<9>(empty);
    return f;
}

}  // namespace

Bitboard stable_discs(Bitboard player, Bitboard opponent) {
    constexpr Bitboard kInterior = 0x007E7E7E7E7E7E00ULL;
    const FullLines full = full_lines(player | opponent);
    const Bitboard central = player & kInterior;

    Bitboard stable = edge_stable(player, opponent);
    stable |= full.h & full.v & full.d7 & full.d9 & central;
    if (!stable) return 0;

    // Interior squares only, so the unmasked shifts never wrap onto a wrong neighbour.
    for (;;) {
        const Bitboard old = stable;
        const Bitboard h = (stable >> 1) | (stable << 1) | full.h;
        const Bitboard v = (stable >> 8) | (stable << 8) | full.v;
        const Bitboard d7 = (stable >> 7) | (stable << 7) | full.d7;
        const Bitboard d9 = (stable >> 9) | (stable << 9) | full.d9;
        stable |= h & v & d7 & d9 & central;
        if (stable == old) return stable;
    }
}

}  // namespace outflank
