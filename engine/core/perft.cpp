#include "core/perft.hpp"

namespace outflank {
namespace {

// A position with no move contributes exactly one leaf at the last ply whether it passes or the
// game is over, so the last ply is counted by a popcount, clamped to at least one.
inline std::uint64_t leaves_at_depth_one(Bitboard player, Bitboard opponent) {
    const int n = popcount(legal_moves(player, opponent));
    return static_cast<std::uint64_t>(n + (n == 0));
}

std::uint64_t count(Bitboard player, Bitboard opponent, int depth, bool passed) {
    Bitboard moves = legal_moves(player, opponent);
    if (moves == 0) {
        if (passed) return 1;  // neither side can move: the game is over
        return depth == 1 ? 1 : count(opponent, player, depth - 1, true);
    }
    if (depth == 1) return static_cast<std::uint64_t>(popcount(moves));
    std::uint64_t total = 0;
    if (depth == 2) {
        for (; moves; moves &= moves - 1) {
            const Square sq = lowest_square(moves);
            const Bitboard f = flips(sq, player, opponent);
            total += leaves_at_depth_one(opponent & ~f, player | f | bit(sq));
        }
        return total;
    }
    for (; moves; moves &= moves - 1) {
        const Square sq = lowest_square(moves);
        const Bitboard f = flips(sq, player, opponent);
        total += count(opponent & ~f, player | f | bit(sq), depth - 1, false);
    }
    return total;
}

}  // namespace

std::uint64_t perft(const Position& pos, int depth) {
    if (depth <= 0) return 1;
    return count(pos.player, pos.opponent, depth, false);
}

std::vector<DivideEntry> perft_divide(const Position& pos, int depth) {
    std::vector<DivideEntry> entries;
    if (depth <= 0 || pos.is_game_over()) return entries;
    if (pos.must_pass()) {
        Position next = pos;
        next.pass();
        entries.push_back({kPass, perft(next, depth - 1)});
        return entries;
    }
    for (Square sq : squares(pos.moves())) {
        Position next = pos;
        next.play(sq);
        entries.push_back({sq, perft(next, depth - 1)});
    }
    return entries;
}

}  // namespace outflank
