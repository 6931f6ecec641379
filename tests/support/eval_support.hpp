// For tests that switch the evaluation: restores the one the test binary had, whatever a test
// selects, when the guard goes out of scope (also when a REQUIRE fails).
#pragma once

#include <memory>

#include "eval/eval.hpp"
#include "eval/pattern_eval.hpp"

namespace outflank::test {

struct EvaluationGuard {
    const PatternWeights* before = active_pattern_weights();
    std::shared_ptr<const PatternWeights> keep;
    EvaluationGuard() {
        if (before) keep = std::make_shared<const PatternWeights>(*before);
    }
    ~EvaluationGuard() { use_pattern_weights(keep); }
};

}  // namespace outflank::test
