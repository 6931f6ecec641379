// The trainer's smoothing between stages: each stage is also fitted on its neighbours' positions
// within `overlap` empties of its range, counted with overlap_weight, while its validation stays
// on its own positions.
#include <catch2/catch.hpp>

#include "support/eval_support.hpp"
#include "support/train_support.hpp"
#include "train/trainer.hpp"
#include "train/training_set.hpp"

using namespace outflank;
using outflank::test::EvaluationGuard;

namespace {

std::size_t positions_with(const TrainingSet& set, int min_empties, int max_empties) {
    std::size_t n = 0;
    for (const TrainingPosition& p : set.positions()) n += p.empties() >= min_empties && p.empties() <= max_empties;
    return n;
}

TrainerState fitted(const TrainingSet& train, const TrainingSet& validation, int overlap, double overlap_weight) {
    TrainerOptions o;
    o.search_depth = 2;
    o.last_stage = 3;
    o.overlap = overlap;
    o.overlap_weight = overlap_weight;
    o.fit.epochs = 30;
    o.fit.threads = 2;
    TrainerState state = TrainerState::fresh();
    REQUIRE(train_evaluation(train, validation, o, state, {}));
    return state;
}

}  // namespace

TEST_CASE("train fit: a stage also fits its neighbours' positions within the overlap", "[train]") {
    EvaluationGuard guard;
    const TrainingSet train = test::self_play_set(12, 7, 10), validation = test::self_play_set(4, 8, 10);
    const TrainerState plain = fitted(train, validation, 0, 0.5);
    const TrainerState smooth = fitted(train, validation, 2, 0.5);
    const TrainerState zero_weight = fitted(train, validation, 2, 0.0);
    REQUIRE(plain.reports.size() == 4);
    REQUIRE(smooth.reports.size() == 4);
    for (int s = 0; s < 4; ++s) {
        INFO("stage " << s);
        CHECK(plain.reports[s].train_positions == positions_with(train, 4 * s + 1, 4 * s + 4));
        CHECK(smooth.reports[s].train_positions == positions_with(train, 4 * s - 1, 4 * s + 6));
        // Validation is the stage's own positions either way, so the errors compare.
        CHECK(plain.reports[s].validation_positions == positions_with(validation, 4 * s + 1, 4 * s + 4));
        CHECK(smooth.reports[s].validation_positions == plain.reports[s].validation_positions);
    }
    CHECK(smooth.weights != plain.weights);
    // Borrowed positions that count for nothing change nothing: the same weights, bit for bit.
    CHECK(zero_weight.weights == plain.weights);
}
