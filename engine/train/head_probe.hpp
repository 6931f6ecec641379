// A measurement, not a shipped model: how much of the pattern evaluation's error against exact
// scores a small non-linear layer removes. The shipped evaluation is linear (a sum of one weight
// per pattern configuration, per stage); issue 17 asks for less error at 13-20 empties than data
// gave it. The probe fits, on the same positions of a training set (the solved ones, or with
// search labels the others too) and with the same optimiser, both
//   linear:     y = sum_f w[stage][c_f]
//   non-linear: y = linear + c[stage] + v[stage] . relu(W relu(b[empties] + sum_f e[c_f]) + d)
// where e[c] is a short vector per pattern configuration, shared by all stages, and reports
// their errors per stage after every epoch. `outflank train probe-head` runs it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "eval/patterns.hpp"
#include "train/training_set.hpp"

namespace outflank {

struct HeadProbeOptions {
    int min_empties = 9, max_empties = 20;  // positions used, training and validation alike
    int epochs = 8;
    int dims = 16;    // length of each configuration's vector e[c]
    int hidden = 16;  // units of the second layer
    double learning_rate = 0.01;  // Adam, per step, cosine decay to 1/20 of it
    std::uint64_t seed = 1;       // initial vectors and the order of the positions
    // 0: only the solved positions. Otherwise the unsolved ones too, labelled as the trainer's
    // searches label them (a search of this depth with the active evaluation, no selectivity),
    // and validated against a search of validation_depth: for the stages that play does not solve.
    int label_depth = 0;
    int validation_depth = 8;
    unsigned threads = 2;  // for those searches; the fit itself is single-threaded
};

enum class HeadModel { linear, nonlinear };

struct HeadProbeEpoch {
    HeadModel model;
    int epoch;
    // Weighted mean absolute error against the labels (discs: exact scores, or with label_depth
    // the searches' values) per stage; stages without positions are 0, and `positions` says
    // which have some.
    std::vector<double> train_mae, validation_mae;
    std::vector<std::size_t> train_positions, validation_positions;
};

// Fits the linear model, then the non-linear one, on the positions of `train` with min..max
// empties that have an exact score (or, with label_depth, all of them); after each epoch reports
// both errors. The fit is single-threaded and the result deterministic for given options (the
// labelling searches run on `threads` but do not depend on them). Throws Error on bad options or
// when either set has no such positions. Returns early when should_stop says so; progress of the
// labelling searches goes to `log`.
void probe_head(const TrainingSet& train, const TrainingSet& validation, const HeadProbeOptions& options,
                const std::function<void(const HeadProbeEpoch&)>& on_epoch,
                const std::function<bool()>& should_stop = {},
                const std::function<void(const std::string&)>& log = {});

}  // namespace outflank
