#include "train/training_report.hpp"

#include <cmath>

#include "eval/eval.hpp"
#include "eval/patterns.hpp"
#include "train/training_label.hpp"

namespace outflank {

std::vector<ValidationRow> validation_report(const TrainingSet& validation, int depth, unsigned threads,
                                             const std::function<void(const std::string&)>& log) {
    using patterns::kStageCount;
    std::vector<const TrainingPosition*> unsolved;
    for (const TrainingPosition& p : validation.positions())
        if (p.exact == kUnknownScore) unsolved.push_back(&p);
    const std::vector<float> searched = search_values(unsolved, depth, threads, [&](std::size_t done) {
        log("reference searches " + std::to_string(done) + "/" + std::to_string(unsolved.size()));
    });

    std::vector<ValidationRow> rows(kStageCount);
    std::vector<double> weight(kStageCount, 0.0);
    for (int s = 0; s < kStageCount; ++s) rows[s].stage = s, rows[s].exact = true;
    std::size_t u = 0;
    for (const TrainingPosition& p : validation.positions()) {
        const int s = patterns::stage_of(p.empties());
        double reference;
        if (p.exact != kUnknownScore) {
            reference = p.exact;
        } else {
            reference = searched[u++];
            rows[s].exact = false;
        }
        const double handmade = static_cast<double>(evaluate_handmade(p.player, p.opponent)) / kEvalScale;
        const double trained = static_cast<double>(evaluate(p.player, p.opponent)) / kEvalScale;
        const double result = p.mean_result(), w = p.count;
        ValidationRow& r = rows[s];
        ++r.positions;
        weight[s] += w;
        r.handmade_vs_reference += w * std::abs(handmade - reference);
        r.trained_vs_reference += w * std::abs(trained - reference);
        r.handmade_vs_result += w * std::abs(handmade - result);
        r.trained_vs_result += w * std::abs(trained - result);
    }
    for (int s = 0; s < kStageCount; ++s) {
        if (weight[s] == 0) continue;
        rows[s].handmade_vs_reference /= weight[s];
        rows[s].trained_vs_reference /= weight[s];
        rows[s].handmade_vs_result /= weight[s];
        rows[s].trained_vs_result /= weight[s];
    }
    return rows;
}

void print_validation_report(const std::vector<ValidationRow>& rows, int depth, std::FILE* out) {
    std::fprintf(out, "stage  empties  positions  reference         hand-made  trained   | vs game result: hand-made  trained\n");
    for (const ValidationRow& r : rows) {
        char reference[32];
        if (r.positions == 0) std::snprintf(reference, sizeof reference, "-");
        else if (r.exact) std::snprintf(reference, sizeof reference, "exact");
        else std::snprintf(reference, sizeof reference, "depth-%d search", depth);
        std::fprintf(out, "%5d  %2d-%-2d    %9zu  %-16s  %9.2f  %7.2f   | %24.2f  %7.2f\n", r.stage,
                     patterns::stage_min_empties(r.stage), patterns::stage_max_empties(r.stage), r.positions, reference,
                     r.handmade_vs_reference, r.trained_vs_reference, r.handmade_vs_result, r.trained_vs_result);
    }
}

}  // namespace outflank
