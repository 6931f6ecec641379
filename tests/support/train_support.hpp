// Small training sets for the trainer's tests: self-play games (depth 2, reproducible from the
// seed), merged, with every position up to `solved_empties` empties solved, so that a fit sees
// labels of all three kinds (exact, searched, game results) in its first stages.
#pragma once

#include <cstdint>
#include <string>

#include "train/training_label.hpp"
#include "train/training_set.hpp"

namespace outflank::test {

// Two full games (transcripts, one a line) for `train data --transcripts`: quicker than
// self-play games played to the end by the engine, with a few hundred positions.
inline const std::string kTwoGameTranscripts =
    "f5d6c4d3e6f4e3f6c5b4e7f3c6d7b5a5c3b3g5h5g4h4e2g6b6d8c7c8a4a6a7f1a3c2d2b2e1b7g3h3f2d1a1a2b1a8c1g1f7g8e8f8b8g7h8h7h6h2g2h1\n"
    "d3c5f6f5e6e3d6f7b6d7e2c6d8c4e7c3f4c8c7d2d1a6b3f3b8f8b5f2e8a8b4b7a7a5g3f1g4g5h6a4g6e1b2c1c2h3h4g2g7h2h1a1g1b1a2a3h7h8g8h5\n";

inline TrainingSet self_play_set(int games, std::uint64_t seed, int solved_empties) {
    TrainingSet set;
    for (const Game& g : self_play(games, 2, seed, 2)) set.add_game(g, g.final_score_black());
    set.merge();
    solve_exact(set.positions(), solved_empties, 2);
    return set;
}

}  // namespace outflank::test
