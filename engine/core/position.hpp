// A position: the discs of the side to move and of its opponent, plus whose turn it is.
// The rules of RULES.md live here and in movegen.hpp; nothing else re-implements them.
#pragma once

#include <cstdint>

#include "core/bitboard.hpp"
#include "core/movegen.hpp"

namespace outflank {

enum class Color : std::uint8_t { Black = 0, White = 1 };
constexpr Color operator~(Color c) { return c == Color::Black ? Color::White : Color::Black; }

struct Position {
    Bitboard player = 0;    // discs of the side to move
    Bitboard opponent = 0;  // discs of the other side
    Color side = Color::Black;

    static Position start();
    // Builds a position from the discs of each colour and the colour to move.
    static Position from_colors(Bitboard black, Bitboard white, Color to_move);

    Bitboard black() const { return side == Color::Black ? player : opponent; }
    Bitboard white() const { return side == Color::Black ? opponent : player; }
    Bitboard empties() const { return ~(player | opponent); }
    int empty_count() const { return popcount(empties()); }
    int disc_count() const { return popcount(player | opponent); }

    Bitboard moves() const { return legal_moves(player, opponent); }
    bool is_legal(Square sq) const { return sq >= 0 && sq < 64 && (moves() & bit(sq)); }
    bool must_pass() const { return moves() == 0 && legal_moves(opponent, player) != 0; }
    bool is_game_over() const { return moves() == 0 && legal_moves(opponent, player) == 0; }

    // Plays a legal move (the caller checks legality; use Game for checked play).
    void play(Square sq) {
        const Bitboard f = flips(sq, player, opponent);
        const Bitboard new_player = player | f | bit(sq);
        player = opponent & ~f;
        opponent = new_player;
        side = ~side;
    }
    void pass() {
        const Bitboard t = player;
        player = opponent;
        opponent = t;
        side = ~side;
    }
    // Plays sq, or passes when sq is kPass.
    void play_or_pass(Square sq) { sq == kPass ? pass() : play(sq); }

    // Disc difference for the side to move at the end of the game, empties to the winner (WOF rule).
    int final_score() const;
    // The same from black's point of view.
    int final_score_black() const { return side == Color::Black ? final_score() : -final_score(); }

    // A 64-bit hash of the discs and the side to move (stable across versions: books store it).
    std::uint64_t hash() const;

    // The position under one of the eight board symmetries (0 = identity).
    Position transformed(int symmetry) const {
        return {apply_symmetry(player, symmetry), apply_symmetry(opponent, symmetry), side};
    }

    friend bool operator==(const Position&, const Position&) = default;
};

// Hash of a bare player/opponent pair (used by the search, which does not track colour).
inline std::uint64_t hash_discs(Bitboard player, Bitboard opponent) {
    // Two rounds of a 64-bit finaliser (splitmix64): cheap and well mixed, and fixed forever.
    auto mix = [](std::uint64_t z) {
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    };
    return mix(player + mix(opponent ^ 0x9E3779B97F4A7C15ULL));
}

// Final disc difference for `player` under the WOF rule (empties go to the winner).
inline int final_score(Bitboard player, Bitboard opponent) {
    const int p = popcount(player), o = popcount(opponent), e = 64 - p - o;
    return p > o ? p - o + e : p < o ? p - o - e : 0;
}

}  // namespace outflank
