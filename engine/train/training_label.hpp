// Labels for the trainer, all computed through the Engine API: exact scores from the solver,
// search values with the evaluation trained so far, and self-play games from random openings.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/game.hpp"
#include "core/parallel.hpp"
#include "train/training_set.hpp"

namespace outflank {

// Solves exactly every position with at most `max_empties` empties that has no exact score yet.
// Once should_stop returns true no new solve starts (those running finish): the positions left
// keep kUnknownScore, so a later call goes on where this one stopped.
void solve_exact(std::vector<TrainingPosition>& positions, int max_empties, unsigned threads,
                 const Progress& progress = {}, const std::function<bool()>& should_stop = {});

// The value (discs, side to move) of a fixed-depth search of each position, without selectivity
// or transposition table so that the result does not depend on which thread searched what
// before. Uses the evaluation active now (use_pattern_weights). Once should_stop returns true the
// positions not searched yet are skipped (their values are 0): the caller must drop the result.
std::vector<float> search_values(const std::vector<const TrainingPosition*>& positions, int depth,
                                 unsigned threads, const Progress& progress = {},
                                 const std::function<bool()>& should_stop = {});

// `count` games of the engine against itself: each starts with 8-24 random moves (its own random
// stream from `seed` and the game number), then both sides search to `depth`. Deterministic.
// Once should_stop returns true the games not started are left empty: drop the result.
std::vector<Game> self_play(int count, int depth, std::uint64_t seed, unsigned threads,
                            const Progress& progress = {}, const std::function<bool()>& should_stop = {});

}  // namespace outflank
