// `train data --solve-eval`: another evaluation orders the exact solves. The scores are exact
// whatever orders the search, so the training set is the same byte for byte (self-play keeps the
// command's evaluation), shards solved with and without it merge (but not shards whose self-play
// games different evaluations played), and a file that cannot be loaded is refused before any
// work, with nothing written.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "eval/eval.hpp"
#include "support/file_io_support.hpp"
#include "support/train_support.hpp"

using outflank::test::BoundedRun;
using outflank::test::file_bytes;
using outflank::test::run_outflank_bounded;
using outflank::test::ScratchDir;
using Catch::Contains;

namespace {

BoundedRun run(const std::string& args) { return run_outflank_bounded(args, {}, 120); }

}  // namespace

TEST_CASE("train data --solve-eval: the same set, ordered by other weights; bad files refused", "[train]") {
    const ScratchDir dir("train_solve_eval");
    const std::string games = dir.write("games.txt", outflank::test::kTwoGameTranscripts);
    // Self-play too: it must still be played with the command's evaluation (here the hand-made
    // one), or its games, and so the set, would change.
    const std::string collect = "train data --transcripts '" + games +
                                "' --selfplay 6 --selfplay-depth 2 --seed 3 --exact-empties 12 --threads 2";
    const std::string data = "--eval none " + collect;
    const std::string weights = outflank::default_weights_path();
    REQUIRE(std::filesystem::exists(weights));

    const BoundedRun plain = run(data + " --out '" + dir.file("plain.set") + "'");
    REQUIRE(plain.exit_code == 0);
    CHECK_THAT(plain.err, !Contains("the solves are ordered by"));
    const BoundedRun ordered = run(data + " --solve-eval '" + weights + "' --out '" + dir.file("ordered.set") + "'");
    INFO(ordered.err);
    REQUIRE(ordered.exit_code == 0);
    CHECK_THAT(ordered.err, Contains("the solves are ordered by the pattern weights " + weights));
    CHECK(file_bytes(dir.file("ordered.set")) == file_bytes(dir.file("plain.set")));

    // Not a setting of the set: shards solved with and without it merge into the same set.
    const std::string shards = " --shard 1/2 --output '" + dir.file("s1") + "'";
    REQUIRE(run(data + " --solve-eval '" + weights + "'" + shards).exit_code == 0);
    REQUIRE(run(data + " --shard 2/2 --output '" + dir.file("s2") + "'").exit_code == 0);
    const BoundedRun merged = run("merge -q -o '" + dir.file("merged.set") + "' '" + dir.file("s1") + "' '" +
                                  dir.file("s2") + "'");
    REQUIRE(merged.exit_code == 0);
    CHECK(file_bytes(dir.file("merged.set")) == file_bytes(dir.file("plain.set")));
    // The evaluation that plays the self-play games is one: a shard whose games the shipped
    // weights played is not merged with one whose games the hand-made evaluation played.
    REQUIRE(run(collect + " --shard 2/2 --output '" + dir.file("s2w") + "'").exit_code == 0);
    const BoundedRun mixed = run("merge -q -o '" + dir.file("mixed.set") + "' '" + dir.file("s1") + "' '" +
                                 dir.file("s2w") + "'");
    CHECK(mixed.exit_code == 2);
    // (The settings text, with every input file's checksum, is a train shard's input identity.)
    CHECK_THAT(mixed.err, Contains("comes from another input"));
    CHECK_FALSE(std::filesystem::exists(dir.file("mixed.set")));

    // `none` selects the hand-made evaluation for the solves.
    const BoundedRun none = run("train data --transcripts '" + games +
                                "' --exact-empties 12 --solve-eval none --out '" + dir.file("none.set") + "'");
    REQUIRE(none.exit_code == 0);
    CHECK_THAT(none.err, Contains("the solves are ordered by the hand-made evaluation"));

    // A file that cannot be loaded: exit code 2 before any work, the file named, nothing written.
    const std::string damaged = dir.write("damaged.ofw", "not weights\n");
    for (const std::string& bad : {damaged, dir.file("missing.ofw")}) {
        INFO(bad);
        const BoundedRun r = run(data + " --solve-eval '" + bad + "' --out '" + dir.file("bad.set") + "'");
        CHECK(r.exit_code == 2);
        CHECK_THAT(r.err, Contains("train data --solve-eval: ") && Contains(bad));
        CHECK_THAT(r.err, !Contains("finished games"));  // refused before the games were read
        CHECK_FALSE(std::filesystem::exists(dir.file("bad.set")));
    }
}
