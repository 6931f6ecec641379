#include "train/trainer.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>

#include "core/error.hpp"
#include "eval/eval.hpp"
#include "eval/pattern_eval.hpp"
#include "train/training_label.hpp"

namespace outflank {
namespace {

using patterns::kStageCount;
using patterns::stage_of;

struct StageData {
    std::vector<const TrainingPosition*> positions;
    std::vector<float> targets;
    std::vector<float> weights;  // how much each position counts: its occurrences, less if borrowed
    std::size_t exact = 0, searched = 0;
};

// The positions of one stage, with `overlap` empties of its neighbours' on each side (counted
// with overlap_weight), and their labels: exact scores where solved, otherwise a blend of the
// labelling search (with the evaluation trained so far) and the game results.
// Empty (and incomplete) when should_stop asked to stop during the searches.
std::optional<StageData> label_stage(const TrainingSet& set, int stage, int overlap, const TrainerOptions& options,
                                     const TrainerHooks& hooks, const char* what) {
    StageData data;
    const int min_empties = patterns::stage_min_empties(stage) - overlap,
              max_empties = patterns::stage_max_empties(stage) + overlap;
    for (const TrainingPosition& p : set.positions()) {
        const int empties = p.empties();
        if (empties < min_empties || empties > max_empties) continue;
        const bool borrowed = stage_of(empties) != stage;
        data.positions.push_back(&p);
        data.weights.push_back(static_cast<float>(p.count) * (borrowed ? static_cast<float>(options.overlap_weight) : 1.f));
    }
    std::vector<const TrainingPosition*> unsolved;
    for (const TrainingPosition* p : data.positions)
        if (p->exact == kUnknownScore) unsolved.push_back(p);
    std::vector<float> searched;
    if (!unsolved.empty() && options.blend > 0) {
        char line[160];
        searched = search_values(
            unsolved, options.search_depth, options.fit.threads,
            [&](std::size_t done) {
                std::snprintf(line, sizeof line, "stage %d: searching %s positions %zu/%zu", stage, what, done,
                              unsolved.size());
                if (hooks.log) hooks.log(line);
            },
            hooks.should_stop);
        if (hooks.should_stop && hooks.should_stop()) return std::nullopt;
    }
    std::size_t u = 0;
    for (const TrainingPosition* p : data.positions) {
        if (p->exact != kUnknownScore) {
            data.targets.push_back(p->exact);
            ++data.exact;
        } else {
            const float result = p->mean_result();
            data.targets.push_back(searched.empty() ? result
                                                    : static_cast<float>(options.blend * searched[u] +
                                                                         (1 - options.blend) * result));
            ++u;
            ++data.searched;
        }
    }
    return data;
}

std::vector<FitSample> samples_of(const StageData& data) {
    std::vector<FitSample> samples;
    samples.reserve(data.positions.size());
    for (std::size_t i = 0; i < data.positions.size(); ++i) {
        const TrainingPosition& p = *data.positions[i];
        samples.push_back(make_sample(p.player, p.opponent, data.targets[i], data.weights[i]));
    }
    return samples;
}

}  // namespace

std::vector<std::int16_t> quantize_weights(const std::vector<float>& weights) {
    std::vector<std::int16_t> out(weights.size());
    for (std::size_t i = 0; i < weights.size(); ++i)
        out[i] = static_cast<std::int16_t>(std::clamp(std::lround(weights[i] * kWeightScale), -32767L, 32767L));
    return out;
}

TrainerState TrainerState::fresh() {
    const std::size_t size = patterns::layout().compact_size;
    TrainerState state;
    state.weights.assign(std::size_t{kStageCount} * size, 0);
    state.warm_start.assign(size, 0.f);
    return state;
}

bool train_evaluation(const TrainingSet& train, const TrainingSet& validation, const TrainerOptions& options,
                      TrainerState& state, const TrainerHooks& hooks) {
    const std::size_t size = patterns::layout().compact_size;
    if (state.weights.size() != std::size_t{kStageCount} * size || state.warm_start.size() != size)
        throw Error("train fit: the saved state does not match the pattern layout");
    const auto stop = [&] { return hooks.should_stop && hooks.should_stop(); };
    const int last = std::min(options.last_stage, kStageCount - 1);
    for (int stage = state.stages_done; stage <= last; ++stage) {
        const auto start = std::chrono::steady_clock::now();
        // The stages not trained yet hold copies of the last trained one, so that the labelling
        // search's move ordering and its rare same-stage leaves (after passes) see sensible values.
        use_pattern_weights(std::make_shared<const PatternWeights>(state.weights));

        const std::optional<StageData> train_data = label_stage(train, stage, options.overlap, options, hooks, "training");
        if (!train_data) return false;
        const std::optional<StageData> validation_data = label_stage(validation, stage, 0, options, hooks, "validation");
        if (!validation_data) return false;
        const std::vector<FitSample> train_samples = samples_of(*train_data);
        const std::vector<FitSample> validation_samples = samples_of(*validation_data);

        StageReport report;
        report.stage = stage;
        report.min_empties = patterns::stage_min_empties(stage);
        report.max_empties = patterns::stage_max_empties(stage);
        report.train_positions = train_samples.size();
        report.validation_positions = validation_samples.size();
        report.exact_labels = train_data->exact;
        report.searched_labels = train_data->searched;
        // The warm start is copied: an abandoned stage must leave the state as it was.
        std::vector<float> weights = state.warm_start;
        const bool fitted = fit_stage(
            train_samples, validation_samples, weights, options.fit,
            [&](const FitProgress& p) {
                char line[160];
                std::snprintf(line, sizeof line, "stage %d: epoch %d/%d  train MAE %.3f  validation MAE %.3f", stage,
                              p.epoch, options.fit.epochs, p.train_mae, p.validation_mae);
                if (hooks.log) hooks.log(line);
                report.train_mae = p.train_mae;
                report.validation_mae = p.validation_mae;
            },
            hooks.should_stop);
        if (!fitted) return false;
        const std::vector<std::int16_t> trained = quantize_weights(weights);
        for (int s = stage; s < kStageCount; ++s)
            std::copy(trained.begin(), trained.end(), state.weights.begin() + static_cast<std::ptrdiff_t>(s * size));
        state.warm_start = std::move(weights);
        state.stages_done = stage + 1;
        report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        state.reports.push_back(report);
        if (hooks.on_stage) hooks.on_stage(report, state);
        // Checked after the stage is saved, so a stop during the last epochs keeps the stage.
        if (stop() && stage < last) {
            use_pattern_weights(std::make_shared<const PatternWeights>(state.weights));
            return false;
        }
    }
    use_pattern_weights(std::make_shared<const PatternWeights>(state.weights));
    return true;
}

}  // namespace outflank
