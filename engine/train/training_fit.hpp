// Fitting the weights of one game stage: weighted least squares over sparse pattern features,
// regularised (ridge), minimised with full-batch Adam on several threads. Deterministic: the
// work is split and summed in a fixed order.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/bitboard.hpp"
#include "eval/patterns.hpp"

namespace outflank {

struct FitSample {
    std::array<std::uint32_t, patterns::kFeatureCount> feature;  // compact indices
    float target;  // discs, side to move
    float weight;  // how many positions this sample stands for
};

FitSample make_sample(Bitboard player, Bitboard opponent, float target, float weight);

struct FitOptions {
    int epochs = 400;
    double learning_rate = 0.25;  // discs per step at the start; decays to 1/50 of it (cosine)
    double l2 = 4.0;              // ridge penalty, in units of one sample's weight
    unsigned threads = 2;
};

struct FitProgress {
    int epoch;
    double train_mae;       // weighted mean absolute error, discs
    double validation_mae;  // same on the validation samples (0 when there are none)
};

// Fits compact weights (in discs) for one stage, starting from `weights` (resized to
// layout().compact_size; pass zeros or the previous stage's weights as a warm start). Returns
// false, with `weights` part-way, when should_stop (polled every epoch) asks to stop.
bool fit_stage(const std::vector<FitSample>& train, const std::vector<FitSample>& validation,
               std::vector<float>& weights, const FitOptions& options,
               const std::function<void(const FitProgress&)>& on_epoch = {},
               const std::function<bool()>& should_stop = {});

// Weighted mean absolute error of `weights` on `samples`.
double mean_absolute_error(const std::vector<FitSample>& samples, const std::vector<float>& weights);

}  // namespace outflank
