// Measuring an evaluation on held-out positions: per game stage, the mean absolute error (discs)
// of the hand-made and of the active (trained) evaluation against exact scores (solved
// positions), deep-search values (the others) and the game results.
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "train/training_set.hpp"

namespace outflank {

struct ValidationRow {
    int stage = 0;
    std::size_t positions = 0;   // distinct positions (errors are weighted by occurrences)
    bool exact = false;          // the reference is the exact score for every position of the stage
    double handmade_vs_reference = 0, trained_vs_reference = 0;
    double handmade_vs_result = 0, trained_vs_result = 0;
};

// The reference of an unsolved position is a search of `depth` with the active evaluation.
std::vector<ValidationRow> validation_report(const TrainingSet& validation, int depth, unsigned threads,
                                             const std::function<void(const std::string&)>& log);

void print_validation_report(const std::vector<ValidationRow>& rows, int depth, std::FILE* out);

}  // namespace outflank
