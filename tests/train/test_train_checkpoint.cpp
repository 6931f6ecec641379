// The trainer stops and resumes: a fit stopped after a stage (or in the middle of one) and
// resumed from its checkpoint ends with the same weights, byte for byte, as a fit never stopped;
// checkpoints that are damaged or come from other settings or data are refused; and through the
// real binary, SIGTERM and SIGINT make `train fit` save, say how to resume and exit 143 or 130.
#include <catch2/catch.hpp>

#include <atomic>
#include <csignal>
#include <filesystem>
#include <fstream>

#include "core/checksum.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "support/file_io_support.hpp"
#include "eval/pattern_eval.hpp"
#include "support/book_support.hpp"
#include "support/eval_support.hpp"
#include "support/process_support.hpp"
#include "support/train_support.hpp"
#include "train/trainer.hpp"
#include "train/training_checkpoint.hpp"
#include "train/training_label.hpp"
#include "train/training_set.hpp"

using namespace outflank;
using outflank::test::EvaluationGuard;
using outflank::test::ShellProcess;
using outflank::test::TempDir;
using Catch::Contains;

namespace {

TrainingSet small_set(int games, std::uint64_t seed) { return test::self_play_set(games, seed, 8); }

TrainerOptions small_options() {
    TrainerOptions o;
    o.search_depth = 2;
    o.last_stage = 4;
    o.fit.epochs = 40;
    o.fit.threads = 2;
    return o;
}

}  // namespace

TEST_CASE("train fit: stopped after a stage or inside one, then resumed, gives the same weights", "[train]") {
    EvaluationGuard guard;
    TempDir dir("train_resume");
    const TrainingSet train = small_set(16, 5), validation = small_set(4, 99);
    const TrainerOptions options = small_options();

    TrainerState straight = TrainerState::fresh();
    REQUIRE(train_evaluation(train, validation, options, straight, {}));
    CHECK(straight.stages_done == 5);

    for (const bool inside_a_stage : {false, true}) {
        INFO("stopped " << (inside_a_stage ? "inside stage 2" : "after stage 1"));
        const std::string path = dir.file(inside_a_stage ? "inside.checkpoint" : "after.checkpoint");
        FitCheckpoint checkpoint;
        checkpoint.settings = fit_settings_text(options);
        TrainerHooks hooks;
        // should_stop is polled from the labelling threads too.
        std::atomic<bool> stop{false};
        std::atomic<int> stages_done{0}, polls_in_stage_2{0};
        hooks.on_stage = [&](const StageReport& r, const TrainerState& state) {
            checkpoint.state = state;
            save_fit_checkpoint(checkpoint, path);
            stages_done = state.stages_done;
            if (r.stage == 1 && !inside_a_stage) stop = true;
        };
        hooks.should_stop = [&] {
            // Inside: some polls into stage 2 (during its labelling searches or its epochs).
            if (inside_a_stage && stages_done == 2 && ++polls_in_stage_2 > 30) stop = true;
            return stop.load();
        };
        TrainerState first = TrainerState::fresh();
        CHECK_FALSE(train_evaluation(train, validation, options, first, hooks));
        CHECK(first.stages_done == 2);

        // A new process: another evaluation active, the state read back from the file.
        use_pattern_weights(nullptr);
        const FitCheckpoint loaded = load_fit_checkpoint(path);
        CHECK(loaded.settings == fit_settings_text(options));
        REQUIRE(loaded.state.stages_done == 2);
        REQUIRE(loaded.state.reports.size() == 2);
        CHECK(loaded.state.reports[1].train_mae == first.reports[1].train_mae);
        TrainerState resumed = loaded.state;
        REQUIRE(train_evaluation(train, validation, options, resumed, {}));
        CHECK(resumed.stages_done == 5);
        CHECK(PatternWeights(resumed.weights).serialize() == PatternWeights(straight.weights).serialize());
        CHECK(resumed.warm_start == straight.warm_start);
    }
}

TEST_CASE("train fit checkpoint: damage, other settings and other data are refused", "[train]") {
    TempDir dir("train_checkpoint");
    const std::string path = dir.file("fit.checkpoint");
    const TrainingSet train = small_set(3, 11);
    FitCheckpoint c;
    c.settings = fit_settings_text(small_options());
    c.train_checksum = training_set_checksum(train);
    c.validation_checksum = training_set_checksum(TrainingSet{});
    c.state = TrainerState::fresh();
    c.state.stages_done = 1;
    c.state.reports.push_back(StageReport{});
    c.state.weights[123] = 77;
    c.state.warm_start[5] = 1.25f;
    save_fit_checkpoint(c, path);
    const FitCheckpoint back = load_fit_checkpoint(path);
    CHECK(back.state.weights == c.state.weights);
    CHECK(back.state.warm_start == c.state.warm_start);
    CHECK_NOTHROW(check_fit_checkpoint_matches(back, path, c.settings, c.train_checksum, c.validation_checksum));

    TrainerOptions other = small_options();
    other.fit.learning_rate = 0.2500001;
    CHECK_THROWS_WITH(check_fit_checkpoint_matches(back, path, fit_settings_text(other), c.train_checksum,
                                                   c.validation_checksum),
                      Contains("other settings") && Contains("learning-rate=0.25"));
    TrainingSet changed = train;
    changed.positions()[0].count += 1;
    CHECK_THROWS_WITH(check_fit_checkpoint_matches(back, path, c.settings, training_set_checksum(changed),
                                                   c.validation_checksum),
                      Contains("another training set"));
    CHECK_THROWS_WITH(check_fit_checkpoint_matches(back, path, c.settings, c.train_checksum, 1),
                      Contains("another validation set"));

    std::string bytes = outflank::test::file_bytes(path);
    bytes[40] ^= 1;
    write_file_atomic(path, bytes);
    CHECK_THROWS_WITH(load_fit_checkpoint(path), Contains("damaged"));
    write_file_atomic(path, bytes.substr(0, 20));
    CHECK_THROWS_AS(load_fit_checkpoint(path), Error);
    write_file_atomic(path, "not a checkpoint at all");
    CHECK_THROWS_WITH(load_fit_checkpoint(path), Contains("not a checkpoint"));
}

TEST_CASE("outflank train fit: SIGTERM and SIGINT save the stages, exit 143 and 130; --resume ends as a straight run", "[train]") {
    EvaluationGuard guard;
    TempDir dir("train_cli");
    const std::string bin = "'" OUTFLANK_BINARY "' ";
    const std::string data = dir.file("data.bin");
    small_set(30, 3).save(data);
    const std::string settings = " --depth 2 --epochs 600 --last-stage 8 --threads 2 ";
    const auto fit = [&](const std::string& out, const std::string& extra) {
        return bin + "train fit '" + data + "' --out '" + out + "'" + settings + extra;
    };

    const std::string straight = dir.file("straight.ofw");
    {
        ShellProcess run(fit(straight, ""), dir.file("straight.out"), dir.file("straight.err"));
        REQUIRE(run.wait_exit(300) == 0);
        CHECK_FALSE(std::filesystem::exists(straight + ".checkpoint"));
    }
    const std::string straight_bytes = outflank::test::file_bytes(straight);

    for (const auto& [signal, code] : {std::pair{SIGTERM, 143}, std::pair{SIGINT, 130}}) {
        INFO("signal " << signal);
        const std::string out = dir.file("resumed" + std::to_string(signal) + ".ofw");
        const std::string checkpoint = out + ".checkpoint";
        // Files of their own: a stale stderr would let the test signal the next run too early.
        const std::string name = "interrupted" + std::to_string(signal);
        {
            ShellProcess run(fit(out, ""), dir.file(name + ".out"), dir.file(name + ".err"));
            REQUIRE(run.wait_for_stderr("stage 1 done", 300));
            run.signal(signal);
            CHECK(run.wait_exit(60) == code);
            INFO(run.err());
            CHECK_THAT(run.err(), Contains("stopped by SIG") && Contains("--resume to continue") &&
                                      Contains(checkpoint));
            CHECK_FALSE(std::filesystem::exists(out));
        }
        REQUIRE(std::filesystem::exists(checkpoint));
        const std::string saved = outflank::test::file_bytes(checkpoint);
        CHECK(load_fit_checkpoint(checkpoint).state.stages_done >= 2);
        {
            // Without --resume the checkpoint is not thrown away; with other settings it is refused.
            ShellProcess again(fit(out, ""), dir.file("b" + name + ".out"), dir.file("b" + name + ".err"));
            CHECK(again.wait_exit(60) == 2);
            CHECK_THAT(again.err(), Contains("add --resume"));
            ShellProcess other(fit(out, "--resume --l2 3"), dir.file("c" + name + ".out"), dir.file("c" + name + ".err"));
            CHECK(other.wait_exit(60) == 2);
            CHECK_THAT(other.err(), Contains("other settings"));
            CHECK(outflank::test::file_bytes(checkpoint) == saved);
        }
        ShellProcess resume(fit(out, "--resume"), dir.file("d" + std::to_string(signal) + ".out"),
                            dir.file("d" + std::to_string(signal) + ".err"));
        REQUIRE(resume.wait_exit(300) == 0);
        CHECK_THAT(resume.out(), Contains("(resumed)"));
        CHECK(outflank::test::file_bytes(out) == straight_bytes);
        CHECK_FALSE(std::filesystem::exists(checkpoint));
    }
    ShellProcess nothing(fit(dir.file("never.ofw"), "--resume"), dir.file("e.out"), dir.file("e.err"));
    CHECK(nothing.wait_exit(60) == 2);
    CHECK_THAT(nothing.err(), Contains("no checkpoint"));
}

TEST_CASE("outflank train data: SIGTERM while solving saves the solved positions; --resume ends as a straight run", "[train]") {
    TempDir dir("train_data_cli");
    const std::string bin = "'" OUTFLANK_BINARY "' ";
    const auto data = [&](const std::string& out, const std::string& extra) {
        return bin + "train data --selfplay 60 --selfplay-depth 2 --seed 4 --exact-empties 17 --threads 2 --out '" +
               out + "' " + extra;
    };
    const std::string straight = dir.file("straight.bin");
    {
        ShellProcess run(data(straight, ""), dir.file("s.out"), dir.file("s.err"));
        REQUIRE(run.wait_exit(300) == 0);
    }
    const std::string out = dir.file("resumed.bin");
    const std::string checkpoint = out + ".checkpoint";
    {
        ShellProcess run(data(out, ""), dir.file("a.out"), dir.file("a.err"));
        REQUIRE(run.wait_for_stderr("solving", 300));
        run.signal(SIGTERM);
        CHECK(run.wait_exit(60) == 143);
        INFO(run.err());
        CHECK_THAT(run.err(), Contains("stopped by SIGTERM") && Contains("--resume to continue"));
    }
    REQUIRE(std::filesystem::exists(checkpoint));
    const DataCheckpoint saved = load_data_checkpoint(checkpoint);
    std::size_t unsolved = 0;
    for (const TrainingPosition& p : saved.set.positions()) unsolved += p.empties() <= 17 && p.exact == kUnknownScore;
    CHECK(unsolved > 0);  // stopped part-way
    {
        ShellProcess other(data(out, "--resume --exact-all 10"), dir.file("b.out"), dir.file("b.err"));
        CHECK(other.wait_exit(60) == 2);
        CHECK_THAT(other.err(), Contains("other options"));
    }
    ShellProcess resume(data(out, "--resume"), dir.file("c.out"), dir.file("c.err"));
    REQUIRE(resume.wait_exit(300) == 0);
    CHECK_THAT(resume.out(), Contains("(resumed)"));
    CHECK(outflank::test::file_bytes(out) == outflank::test::file_bytes(straight));
    CHECK_FALSE(std::filesystem::exists(checkpoint));
}
