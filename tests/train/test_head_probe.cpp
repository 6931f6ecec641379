// `train probe-head`: the linear model and the one with a non-linear layer, fitted on the solved
// positions, reproducibly; both learn, the larger one fits its training positions more closely;
// with --label-depth the unsolved positions too, labelled by searches; bad options and sets
// without such positions are refused, on the command line too.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "support/file_io_support.hpp"
#include "support/train_support.hpp"
#include "train/head_probe.hpp"

using namespace outflank;
using Catch::Contains;

namespace {

std::vector<HeadProbeEpoch> probe(const TrainingSet& train, const TrainingSet& validation, const HeadProbeOptions& o) {
    std::vector<HeadProbeEpoch> reports;
    probe_head(train, validation, o, [&](const HeadProbeEpoch& r) { reports.push_back(r); });
    return reports;
}

// Per stage: solved positions with min..max empties, and the error of predicting 0 for them.
void solved_by_stage(const TrainingSet& set, int min_empties, int max_empties, std::vector<std::size_t>& count,
                     std::vector<double>& zero_mae) {
    count.assign(patterns::kStageCount, 0);
    std::vector<double> sum(patterns::kStageCount, 0.0), weight(patterns::kStageCount, 0.0);
    for (const TrainingPosition& p : set.positions()) {
        const int e = p.empties();
        if (p.exact == kUnknownScore || e < min_empties || e > max_empties) continue;
        const int st = patterns::stage_of(e);
        ++count[st];
        sum[st] += p.count * std::abs(p.exact);
        weight[st] += p.count;
    }
    zero_mae.assign(patterns::kStageCount, 0.0);
    for (int st = 0; st < patterns::kStageCount; ++st) zero_mae[st] = weight[st] > 0 ? sum[st] / weight[st] : 0;
}

// A probe small enough for a test: few passes, short vectors.
HeadProbeOptions small_probe(int min_empties, int max_empties, int epochs, int size) {
    HeadProbeOptions o;
    o.min_empties = min_empties;
    o.max_empties = max_empties;
    o.epochs = epochs;
    o.dims = o.hidden = size;
    return o;
}

}  // namespace

TEST_CASE("train probe-head: both models learn from the solved positions, reproducibly", "[train]") {
    const TrainingSet train = test::self_play_set(16, 7, 12), validation = test::self_play_set(4, 8, 12);
    HeadProbeOptions o = small_probe(5, 12, 12, 4);
    o.learning_rate = 0.05;
    const std::vector<HeadProbeEpoch> reports = probe(train, validation, o);
    REQUIRE(reports.size() == 2u * o.epochs);
    CHECK(reports.front().model == HeadModel::linear);
    CHECK(reports.back().model == HeadModel::nonlinear);
    CHECK(reports.back().epoch == o.epochs);

    std::vector<std::size_t> train_count, validation_count;
    std::vector<double> zero_mae, unused;
    solved_by_stage(train, 5, 12, train_count, zero_mae);
    solved_by_stage(validation, 5, 12, validation_count, unused);
    const HeadProbeEpoch& linear = reports[o.epochs - 1];
    const HeadProbeEpoch& nonlinear = reports.back();
    for (int st = 0; st < patterns::kStageCount; ++st) {
        INFO("stage " << st);
        CHECK(linear.train_positions[st] == train_count[st]);
        CHECK(linear.validation_positions[st] == validation_count[st]);
        // Only stages 1 and 2 (5-8, 9-12 empties) are in the range, and have positions.
        CHECK((train_count[st] > 0) == (st == 1 || st == 2));
        if (train_count[st] == 0) continue;
        CHECK(linear.train_mae[st] < 0.7 * zero_mae[st]);
        CHECK(nonlinear.train_mae[st] < linear.train_mae[st]);
    }
    // Single-threaded and seeded: a second run reports the same figures, bit for bit.
    const std::vector<HeadProbeEpoch> again = probe(train, validation, o);
    REQUIRE(again.size() == reports.size());
    for (std::size_t i = 0; i < reports.size(); ++i) {
        CHECK(again[i].train_mae == reports[i].train_mae);
        CHECK(again[i].validation_mae == reports[i].validation_mae);
    }
}

TEST_CASE("train probe-head --label-depth: unsolved positions labelled by searches", "[train]") {
    // Solved only up to 8 empties: at 9-12 every position needs a search label.
    const TrainingSet train = test::self_play_set(6, 7, 8), validation = test::self_play_set(3, 8, 8);
    HeadProbeOptions o = small_probe(9, 12, 2, 2);
    o.label_depth = 2;
    o.validation_depth = 3;
    std::vector<std::string> lines;
    std::vector<HeadProbeEpoch> reports;
    probe_head(train, validation, o, [&](const HeadProbeEpoch& r) { reports.push_back(r); }, {},
               [&](const std::string& line) { lines.push_back(line); });
    REQUIRE(reports.size() == 4);
    std::size_t in_range = 0, validation_in_range = 0;
    for (const TrainingPosition& p : train.positions()) in_range += p.empties() >= 9 && p.empties() <= 12;
    for (const TrainingPosition& p : validation.positions()) validation_in_range += p.empties() >= 9 && p.empties() <= 12;
    REQUIRE(in_range > 0);
    CHECK(reports.back().train_positions[2] == in_range);
    CHECK(reports.back().validation_positions[2] == validation_in_range);
    CHECK(reports.back().train_mae[2] > 0);
    REQUIRE(!lines.empty());
    CHECK_THAT(lines.front(), Contains("searching training positions at depth 2"));
    CHECK_THAT(lines.back(), Contains("searching validation positions at depth 3"));
    // Without search labels the same set has nothing to fit there.
    o.label_depth = 0;
    CHECK_THROWS_WITH(probe_head(train, validation, o, {}), Contains("no solved positions with 9-12"));
    o.label_depth = 13;
    CHECK_THROWS_WITH(probe_head(train, validation, o, {}), Contains("label depth must be 0-12"));
}

TEST_CASE("train probe-head: bad options and sets without solved positions are refused", "[train]") {
    const TrainingSet set = test::self_play_set(2, 7, 8);
    const auto never = [](const HeadProbeEpoch&) { FAIL("no epoch may run"); };
    HeadProbeOptions o;
    o.min_empties = 12;
    o.max_empties = 9;
    CHECK_THROWS_WITH(probe_head(set, set, o, never), Contains("1 <= min <= max <= 60"));
    o = {};
    o.dims = 0;
    CHECK_THROWS_AS(probe_head(set, set, o, never), Error);
    o = {};  // 9-20 empties: nothing there is solved (only up to 8)
    CHECK_THROWS_WITH(probe_head(set, set, o, never), Contains("the training set has no solved positions with 9-20"));

    const test::ScratchDir dir("probe_head_cli");
    const std::string path = dir.file("set.bin");
    set.save(path);
    const auto run = test::run_outflank_bounded("train probe-head '" + path + "' --validation '" + path + "' -q", {}, 60);
    CHECK(run.exit_code != 0);
    CHECK_THAT(run.err, Contains("no solved positions with 9-20 empties"));
    const auto ok = test::run_outflank_bounded("train probe-head '" + path + "' --validation '" + path +
                                                   "' --min-empties 5 --max-empties 8 --epochs 2 --dims 2 --hidden 2 -q",
                                               {}, 60);
    INFO(ok.err);
    CHECK(ok.exit_code == 0);
    CHECK_THAT(ok.out, Contains("linear") && Contains("nonlinear") && Contains("5-8"));
}
