// Deterministic random games for the GTP tests (fixed seeds; std::mt19937 is the same everywhere).
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "core/notation.hpp"

namespace outflank::test {

// Plays uniformly random legal moves (passes when forced) to the end of the game.
inline Game random_game(std::uint32_t seed) {
    std::mt19937 rng(seed);
    Game game;
    while (!game.is_over()) {
        const Position& pos = game.position();
        if (pos.must_pass()) {
            game.play(kPass);
            continue;
        }
        std::vector<Square> moves;
        for (Square sq : squares(pos.moves())) moves.push_back(sq);
        game.play(moves[rng() % moves.size()]);
    }
    return game;
}

// The first random game (from seed `first` on) in which `passer` passes before the last move.
inline Game random_game_with_pass(Color passer, std::uint32_t first = 1) {
    for (std::uint32_t seed = first;; ++seed) {
        Game g = random_game(seed);
        for (std::size_t i = 0; i + 1 < g.moves().size(); ++i)
            if (g.moves()[i] == kPass && g.position_at(i).side == passer) return g;
    }
}

// Index of the first pass by `passer` in the game's moves (the game must have one).
inline std::size_t first_pass(const Game& g, Color passer) {
    for (std::size_t i = 0; i < g.moves().size(); ++i)
        if (g.moves()[i] == kPass && g.position_at(i).side == passer) return i;
    return g.moves().size();
}

inline std::string color_word(Color c) { return c == Color::Black ? "black" : "white"; }

}  // namespace outflank::test
