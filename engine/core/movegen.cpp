#include "core/movegen.hpp"

#include <array>


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


}  // namespace outflank
