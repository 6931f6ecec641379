// Labels for the trainer, all computed through the Engine API: exact scores from the solver,
// search values with the evaluation trained so far, and self-play games from random openings.
#pragma once

#include <cstdint>
#include <vector>

#include "core/game.hpp"
#include "core/parallel.hpp"
#include "train/training_set.hpp"

namespace outflank {

// Solves exactly every position with at most `max_empties` empties that has no exact score yet.
void solve_exact(std::vector<TrainingPosition>& positions, int max_empties, unsigned threads,
                 const Progress& progress = {});

// The value (discs, side to move) of a fixed-depth search of each position, without selectivity
// or transposition table so that the result does not depend on which thread searched what
// before. Uses the evaluation active now (use_pattern_weights).
std::vector<float> search_values(const std::vector<const TrainingPosition*>& positions, int depth,
                                 unsigned threads, const Progress& progress = {});

// `count` games of the engine against itself: each starts with 8-24 random moves (its own random
// stream from `seed` and the game number), then both sides search to `depth`. Deterministic.
std::vector<Game> self_play(int count, int depth, std::uint64_t seed, unsigned threads,
                            const Progress& progress = {});

}  // namespace outflank
