#include "core/position.hpp"

namespace outflank {

Position Position::start() {
    // White on d4 and e5, black on d5 and e4; black moves first.
    const Bitboard black = bit(4 + 3 * 8) | bit(3 + 4 * 8);  // e4, d5
    const Bitboard white = bit(3 + 3 * 8) | bit(4 + 4 * 8);  // d4, e5
    return from_colors(black, white, Color::Black);
}

Position Position::from_colors(Bitboard black, Bitboard white, Color to_move) {
    return to_move == Color::Black ? Position{black, white, Color::Black}
                                   : Position{white, black, Color::White};
}

int Position::final_score() const { return outflank::final_score(player, opponent); }

std::uint64_t Position::hash() const {
    const std::uint64_t h = hash_discs(player, opponent);
    return side == Color::Black ? h : h ^ 0xD6E8FEB86659FD93ULL;
}

}  // namespace outflank
