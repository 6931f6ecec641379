// Training the pattern evaluation from the end of the game backwards: stage 0 (1-4 empties)
// first, each later stage labelled with exact scores where the solver has them and otherwise
// with a search that reaches the stages already trained, blended with the game results.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "train/training_fit.hpp"
#include "train/training_set.hpp"

namespace outflank {

struct TrainerOptions {
    int search_depth = 4;  // labelling search; its leaves lie in the stages already trained
    double blend = 0.5;    // label = blend x search value + (1 - blend) x game result (no exact score)
    int last_stage = patterns::kStageCount - 1;  // train stages 0..last_stage (for experiments)
    FitOptions fit;
};

struct StageReport {
    int stage = 0;
    int min_empties = 0, max_empties = 0;
    std::size_t train_positions = 0, validation_positions = 0;
    std::size_t exact_labels = 0, searched_labels = 0;
    double train_mae = 0, validation_mae = 0;  // against the labels, discs
    double seconds = 0;
};

// Trains all stages; `log` receives progress lines for stderr, `on_stage` a report per stage.
// Leaves the trained weights active (use_pattern_weights) and returns them in file order.
std::vector<std::int16_t> train_evaluation(const TrainingSet& train, const TrainingSet& validation,
                                           const TrainerOptions& options,
                                           const std::function<void(const std::string&)>& log,
                                           const std::function<void(const StageReport&)>& on_stage);

// Compact float weights (discs) -> stored int16 (1/kWeightScale discs), rounded and clamped.
std::vector<std::int16_t> quantize_weights(const std::vector<float>& weights);

}  // namespace outflank
