// Small training sets for the trainer's tests: self-play games (depth 2, reproducible from the
// seed), merged, with every position up to `solved_empties` empties solved, so that a fit sees
// labels of all three kinds (exact, searched, game results) in its first stages.
#pragma once

#include <cstdint>

#include "train/training_label.hpp"
#include "train/training_set.hpp"

namespace outflank::test {

inline TrainingSet self_play_set(int games, std::uint64_t seed, int solved_empties) {
    TrainingSet set;
    for (const Game& g : self_play(games, 2, seed, 2)) set.add_game(g, g.final_score_black());
    set.merge();
    solve_exact(set.positions(), solved_empties, 2);
    return set;
}

}  // namespace outflank::test
