// The trained evaluation's machinery: pattern layout, symmetry, the weights file (round trip,
// corruption, which failures stop the program, atomic saves), and the trainer's pieces (fitting, labels, determinism).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>

#include "search/engine.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "eval/eval.hpp"
#include "core/movegen.hpp"
#include "eval/pattern_eval.hpp"
#include "eval/patterns.hpp"
#include "support/eval_support.hpp"
#include "support/file_io_support.hpp"
#include "support/rules_support.hpp"
#include "train/trainer.hpp"
#include "train/training_fit.hpp"
#include "train/training_label.hpp"
#include "train/training_set.hpp"

using namespace outflank;
using namespace outflank::patterns;
using outflank::test::EvaluationGuard;
using outflank::test::file_bytes;
using outflank::test::FileSizeLimit;
using outflank::test::HangGuard;
using outflank::test::ScratchDir;
using outflank::test::Rng;

namespace {

// The weights lookup of a world with no environment and no program folder, where the default
// file is `file`: a build with or without its shipped weights.
DataFileLookup only_default(const std::string& file) {
    DataFileLookup lookup = weights_lookup();
    lookup.environment = {};
    lookup.program_dir.clear();
    lookup.source_tree_file = file;
    return lookup;
}

std::vector<std::int16_t> random_weights(std::uint64_t seed) {
    Rng rng(seed);
    std::vector<std::int16_t> w(std::size_t{kStageCount} * layout().compact_size);
    for (auto& x : w) x = static_cast<std::int16_t>(rng.below(2001) - 1000);
    return w;
}

std::string temp_path(const char* name) {
    return (std::filesystem::temp_directory_path() / (std::string("outflank_test_") + name)).string();
}

}  // namespace

TEST_CASE("patterns: instances cover the board as the classic pattern sets do", "[eval]") {
    const Layout& lay = layout();
    int per_pattern[kPatternCount] = {};
    for (const Instance& in : lay.instances) ++per_pattern[in.pattern];
    // edge+2X, corner 3x3, corner 2x5, lines 2-4, diagonals 8..4, triangle, edge block, diagonal band
    const int expected[kPatternCount] = {4, 4, 8, 4, 4, 4, 2, 4, 4, 4, 4, 4, 4, 4};
    for (int p = 0; p < kPatternCount; ++p) CHECK(per_pattern[p] == expected[p]);
    // Every square is read by some instance; corners by the most.
    Bitboard covered = 0;
    for (const Instance& in : lay.instances)
        for (Square sq = 0; sq < 64; ++sq)
            if (apply_symmetry(bit(sq), in.symmetry) & kPatterns[in.pattern].mask) covered |= bit(sq);
    CHECK(covered == ~Bitboard{0});
    // Symmetric patterns store about half their configurations.
    CHECK(lay.compact_size < lay.full_size);
    CHECK(lay.compact_size > lay.full_size / 2);
}

TEST_CASE("patterns: the evaluation is the same on all eight symmetric boards", "[eval]") {
    const PatternWeights weights(random_weights(7));
    for (const Position& pos : test::random_play_positions(3000, 11)) {
        if (pos.is_game_over()) continue;
        const int e = weights.evaluate(pos.player, pos.opponent);
        for (int s = 1; s < kSymmetryCount; ++s)
            REQUIRE(weights.evaluate(apply_symmetry(pos.player, s), apply_symmetry(pos.opponent, s)) == e);
    }
}

TEST_CASE("patterns: the trainer's feature indices give the evaluator's sum", "[eval]") {
    const auto compact = random_weights(3);
    const PatternWeights weights(compact);
    const std::uint32_t size = layout().compact_size;
    for (const Position& pos : test::random_play_positions(2000, 5)) {
        if (pos.is_game_over()) continue;
        const FitSample s = make_sample(pos.player, pos.opponent, 0, 1);
        const std::size_t base = std::size_t{static_cast<unsigned>(stage_of(pos.empty_count()))} * size;
        int sum = 0;
        for (std::uint32_t f : s.feature) sum += compact[base + f];
        const int div = kWeightScale / kEvalScale;
        REQUIRE(weights.evaluate(pos.player, pos.opponent) == (sum >= 0 ? sum + div / 2 : sum - div / 2) / div);
    }
}

TEST_CASE("stages tile the empties 1-60 in order, kStageEmpties each", "[eval]") {
    int expected = 0;
    for (int empties = 1; empties <= 60; ++empties) {
        const int s = stage_of(empties);
        if (empties > 1 && s != stage_of(empties - 1)) ++expected;
        REQUIRE(s == expected);
        REQUIRE(stage_min_empties(s) <= empties);
        REQUIRE(empties <= stage_max_empties(s));
        REQUIRE(stage_max_empties(s) - stage_min_empties(s) + 1 == kStageEmpties);
    }
    CHECK(expected == kStageCount - 1);
    CHECK(stage_of(0) == 0);  // counts out of range are clamped to the first or last stage
    CHECK(stage_of(64) == kStageCount - 1);
}

TEST_CASE("weights file: round trip, and every kind of damage is refused", "[eval]") {
    const PatternWeights weights(random_weights(9));
    const std::string bytes = weights.serialize();
    CHECK(PatternWeights::parse(bytes, "w").compact() == weights.compact());
    CHECK(bytes.size() < 8u * 1024 * 1024);

    std::string flipped = bytes;
    flipped[bytes.size() / 2] ^= 0x10;
    CHECK_THROWS_WITH(PatternWeights::parse(flipped, "w"), Catch::Contains("checksum"));
    CHECK_THROWS_WITH(PatternWeights::parse(bytes.substr(0, bytes.size() - 100), "w"), Catch::Contains("truncated"));
    CHECK_THROWS_WITH(PatternWeights::parse("hello", "w"), Catch::Contains("not an outflank weights file"));
    std::string version = bytes;
    version[8] = 9;
    CHECK_THROWS_WITH(PatternWeights::parse(version, "w"), Catch::Contains("version"));
    CHECK_THROWS_AS(PatternWeights::load("/nonexistent/weights"), Error);
}

TEST_CASE("weights file: a named file that cannot be loaded is an error, and changes nothing", "[eval]") {
    EvaluationGuard guard;
    const Position pos = Game::from_transcript("f5d6c3d3c4f4").position();
    ScratchDir dir("weights_select");
    const std::string good = dir.file("good.ofw");
    PatternWeights(random_weights(1)).save(good);
    REQUIRE(select_evaluation(good) == "pattern weights " + good);
    const PatternWeights* loaded = active_pattern_weights();
    REQUIRE(loaded != nullptr);

    std::string bytes = PatternWeights(random_weights(2)).serialize();
    bytes[100] ^= 1;
    const std::string corrupt = dir.write("corrupt.ofw", bytes);
    const std::string fifo = dir.fifo("fifo.ofw");
    const std::pair<std::string, std::string> refused[] = {
        {corrupt, corrupt + ": weights file checksum mismatch"},
        {dir.file("missing.ofw"), "cannot read " + dir.file("missing.ofw") + ": no such file"},
        {dir.path().string(), "cannot read " + dir.path().string() + ": not a regular file"},
        {"/dev/zero", "cannot read /dev/zero: not a regular file"},
        // Refused at once: a FIFO with no writer must not block start-up.
        {fifo, "cannot read " + fifo + ": not a regular file"},
    };
    const HangGuard no_hang;
    for (const auto& [path, message] : refused) {
        INFO(path);
        CHECK_THROWS_WITH(select_evaluation(path), Catch::Contains(message));
        // The evaluation in use is the one before the failed choice.
        CHECK(active_pattern_weights() == loaded);
        // The default path is treated the same way when the file is there but cannot be loaded.
        if (path != dir.file("missing.ofw")) CHECK_THROWS_WITH(select_evaluation("", only_default(path)), Catch::Contains(message));
    }
    // A file larger than any weights file is refused before it is read whole.
    const std::string huge = dir.write("huge.ofw", "");
    std::filesystem::resize_file(huge, kMaxWeightsFileBytes + 1);  // sparse: nothing written
    CHECK_THROWS_WITH(select_evaluation(huge), Catch::Contains("too large"));

    CHECK(select_evaluation("none") == "hand-made evaluation");
    CHECK(active_pattern_weights() == nullptr);
    CHECK(evaluate(pos.player, pos.opponent) == evaluate_handmade(pos.player, pos.opponent));
    REQUIRE(select_evaluation(good).find("pattern weights") == 0);
    REQUIRE(active_pattern_weights() != nullptr);
    CHECK(evaluate(pos.player, pos.opponent) ==
          std::clamp(active_pattern_weights()->evaluate(pos.player, pos.opponent), -64 * kEvalScale + 1, 64 * kEvalScale - 1));
}

TEST_CASE("weights file: only an absent default file falls back to the hand-made evaluation", "[eval]") {
    EvaluationGuard guard;
    ScratchDir dir("weights_default");
    // A build without the shipped weights: no default file at all.
    CHECK(select_evaluation("", only_default(dir.file("eval.ofw"))) == "hand-made evaluation");
    CHECK(active_pattern_weights() == nullptr);
    // ... and says so, for the front ends to show; asking for the hand-made evaluation does not.
    CHECK(evaluation_warning() == "hand-made evaluation: trained weights not found");
    CHECK(select_evaluation("none") == "hand-made evaluation");
    CHECK(evaluation_warning().empty());
    // With the file there, the default loads it.
    PatternWeights(random_weights(3)).save(dir.file("eval.ofw"));
    CHECK(select_evaluation("", only_default(dir.file("eval.ofw"))) == "pattern weights " + dir.file("eval.ofw"));
    CHECK(active_pattern_weights() != nullptr);
    CHECK(evaluation_warning().empty());
}

TEST_CASE("weights file: saved atomically; a failed save leaves the old file whole and no temporary", "[eval]") {
    ScratchDir dir("weights_save");
    const std::string path = dir.file("w.ofw");
    const PatternWeights first(random_weights(4));
    first.save(path);
    first.save(path);  // replacing an existing file leaves nothing beside it
    CHECK(dir.entries() == std::set<std::string>{"w.ofw"});
    CHECK(file_bytes(path) == first.serialize());
    {
        // A full disk, half-way through the 3.4 MB file.
        FileSizeLimit limit(1 << 20);
        CHECK_THROWS_WITH(PatternWeights(random_weights(5)).save(path), Catch::Contains("cannot write " + path));
    }
    CHECK(file_bytes(path) == first.serialize());
    CHECK(dir.entries() == std::set<std::string>{"w.ofw"});
    CHECK_THROWS_WITH(first.save(dir.path().string()), Catch::Contains("is a directory"));
    CHECK(dir.entries() == std::set<std::string>{"w.ofw"});
}

TEST_CASE("weights file: the shipped weights load", "[eval]") {
    if (!std::filesystem::exists(default_weights_path())) FAIL("missing " << default_weights_path());
    CHECK_NOTHROW(PatternWeights::load(default_weights_path()));
}

TEST_CASE("training set: symmetric positions merge, and the file round-trips", "[eval]") {
    TrainingSet set;
    const Game a = Game::from_transcript("f5d6c3d3c4");
    const Game b = Game::from_transcript("e6f4c3c4d3");  // the same game reflected in the a1-h8 diagonal
    set.add_game(a, 10);
    set.add_game(b, -6);
    set.merge();
    CHECK(set.positions().size() == 5);  // the positions before each of the 5 moves, met twice each
    for (const TrainingPosition& p : set.positions()) {
        CHECK(p.count == 2);
        // Results are for the side to move: black at even plies.
        CHECK(std::abs(p.mean_result()) == 2.0f);
    }
    const std::string path = temp_path("set.bin");
    set.save(path);
    const TrainingSet loaded = TrainingSet::load(path);
    REQUIRE(loaded.positions().size() == set.positions().size());
    CHECK(loaded.positions()[3].player == set.positions()[3].player);
    CHECK(loaded.positions()[3].result_sum == set.positions()[3].result_sum);
    std::ofstream(path, std::ios::binary | std::ios::app) << "x";
    CHECK_THROWS_AS(TrainingSet::load(path), Error);
    std::filesystem::remove(path);
}

TEST_CASE("training set: saved atomically; a failed save leaves the old file whole and no temporary", "[eval]") {
    ScratchDir dir("set_save");
    const std::string path = dir.file("set.bin");
    TrainingSet small;
    small.add_game(Game::from_transcript("f5d6"), 2);
    small.save(path);
    const std::string before = file_bytes(path);
    TrainingSet large;
    large.add_game(Game::from_transcript("f5d6c3d3c4f4f6f3e6e7d7c6"), -4);
    {
        // A full disk: room for the small set, not for the large one.
        FileSizeLimit limit(before.size() + 10);
        CHECK_THROWS_WITH(large.save(path), Catch::Contains("cannot write " + path));
    }
    CHECK(file_bytes(path) == before);
    CHECK(dir.entries() == std::set<std::string>{"set.bin"});
    CHECK(TrainingSet::load(path).positions().size() == 2);
    // Not a regular file: refused at once.
    const HangGuard no_hang;
    CHECK_THROWS_WITH(TrainingSet::load(dir.fifo("fifo.bin")), Catch::Contains("not a regular file"));
    CHECK_THROWS_WITH(TrainingSet::load("/dev/zero"), Catch::Contains("not a regular file"));
}

TEST_CASE("training labels: exact labels are the solver's, self-play is deterministic", "[eval]") {
    TrainingSet set;
    for (const Game& g : self_play(6, 2, 42, 2)) {
        CHECK(g.is_over());
        set.add_game(g, g.final_score_black());
    }
    const auto again = self_play(6, 2, 42, 1);
    CHECK(again[3].transcript() == self_play(6, 2, 42, 2)[3].transcript());
    set.merge();
    solve_exact(set.positions(), 8, 2);
    Engine engine(1);
    Limits exact;
    exact.exact = true;
    int checked = 0;
    for (const TrainingPosition& p : set.positions()) {
        if (p.empties() > 8) {
            CHECK(p.exact == kUnknownScore);
            continue;
        }
        REQUIRE(p.exact != kUnknownScore);
        CHECK(p.exact == engine.search(Position{p.player, p.opponent, Color::Black}, exact).score);
        ++checked;
    }
    CHECK(checked > 20);
}

TEST_CASE("fitting: recovers a known linear model and is deterministic", "[eval]") {
    // Targets from known weights on random positions of one stage; the fit must get close.
    const std::uint32_t size = layout().compact_size;
    const auto truth_q = random_weights(5);
    std::vector<FitSample> samples;
    for (const Position& pos : test::random_play_positions(160000 / kStageEmpties, 17)) {
        if (pos.is_game_over() || stage_of(pos.empty_count()) != 10) continue;
        FitSample s = make_sample(pos.player, pos.opponent, 0, 1);
        float t = 0;
        for (std::uint32_t f : s.feature) t += truth_q[10 * size + f] / 1000.f;  // about +-1 disc each
        s.target = t;
        samples.push_back(s);
    }
    REQUIRE(samples.size() > 2000);
    std::vector<float> zero(size, 0.f), w1, w2;
    const double before = mean_absolute_error(samples, zero);
    FitOptions options;
    options.epochs = 150;
    options.l2 = 0.1;
    w1 = zero;
    fit_stage(samples, {}, w1, options);
    w2 = zero;
    fit_stage(samples, {}, w2, options);
    CHECK(w1 == w2);
    CHECK(mean_absolute_error(samples, w1) < 0.2 * before);
}
