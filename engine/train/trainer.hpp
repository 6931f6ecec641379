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
    // Smoothing between neighbouring stages: a stage is also fitted on the training positions up
    // to `overlap` empties beyond its own range on each side, each counted with `overlap_weight`.
    // More data per weight and less of a jump in value where the search crosses from one weight
    // set to the next. Validation stays on the stage's own positions.
    int overlap = 2;
    double overlap_weight = 0.5;
    FitOptions fit;
};

struct StageReport {
    int stage = 0;
    int min_empties = 0, max_empties = 0;
    std::size_t train_positions = 0, validation_positions = 0;  // training: with the borrowed ones
    std::size_t exact_labels = 0, searched_labels = 0;
    double train_mae = 0, validation_mae = 0;  // against the labels, discs
    double seconds = 0;
};

// What a run has done so far: enough to go on from the next stage and end with the same
// weights, byte for byte, as a run that was never stopped (a checkpoint stores it).
struct TrainerState {
    int stages_done = 0;                // stages 0..stages_done-1 are trained
    std::vector<std::int16_t> weights;  // every stage in file order; untrained stages copy the last trained one
    std::vector<float> warm_start;      // the last trained stage's compact weights before rounding
    std::vector<StageReport> reports;   // one per trained stage

    // The state of a run that has not started: all weights zero.
    static TrainerState fresh();
};

struct TrainerHooks {
    std::function<void(const std::string&)> log;  // progress lines for stderr
    // After each stage, with the state that includes it (the place to write a checkpoint).
    std::function<void(const StageReport&, const TrainerState&)> on_stage;
    // Polled between searches and epochs; true abandons the stage in progress.
    std::function<bool()> should_stop;
};

// Trains the stages from state.stages_done up to options.last_stage, updating `state` after each.
// Returns true when all are trained, false when should_stop asked to stop (`state` then holds the
// stages finished before; the one in progress is dropped). Leaves the weights of `state` active
// (use_pattern_weights).
bool train_evaluation(const TrainingSet& train, const TrainingSet& validation, const TrainerOptions& options,
                      TrainerState& state, const TrainerHooks& hooks);

// Compact float weights (discs) -> stored int16 (1/kWeightScale discs), rounded and clamped.
std::vector<std::int16_t> quantize_weights(const std::vector<float>& weights);

}  // namespace outflank
