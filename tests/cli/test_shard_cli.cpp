// `--shard K/N` and `outflank merge` through the binary: the merged shards of `analyze --batch`
// and `solve` equal a single run's output (apart from timing fields), whatever N, and every bad
// spec, missing or mismatched shard is refused with exit code 2, a message naming it, and nothing
// written.
#include <catch2/catch.hpp>

#include <algorithm>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/book_support.hpp"
#include "support/file_io_support.hpp"
#include "support/train_support.hpp"

using outflank::test::BoundedRun;
using outflank::test::file_bytes;
using outflank::test::run_outflank_bounded;
using outflank::test::ScratchDir;

namespace {

// Eight items (games, a position, an illegal game), with a comment and a blank line between them
// so that input line numbers and item numbers differ.
const std::string kBatch =
    "# eight items\n"
    "f5d6c3d3c4\n"
    "f5f6e6f4\n"
    "\n"
    "c4c3d3c5\n"
    "f5f5\n"
    "d3c3c4e3\n"
    "---------------------------OX------XO--------------------------- X\n"
    "e6f4e3f6g5d6\n"
    "c4e3f5e6\n";

// FFO #1, #2 and #3 (14-ish empties): quick to solve.
const std::string kObf =
    "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;\n"
    "-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X; A4:+10;\n"
    "----OX----OOXX---OOOXX-XOOXXOOOOOXXOXXOOOXXXOOOOOXXXXOXO--OOOOOX X; D1:+2;\n";

// The analysis JSON with its timing field ("seconds") zeroed: all else must match exactly.
std::string without_seconds(const std::string& json) {
    static const std::regex seconds("\"seconds\":[-+0-9.eE]+");
    return std::regex_replace(json, seconds, "\"seconds\":0");
}

// The solve table without its timing columns (seconds, nodes/s: the last two of every row).
std::string without_times(const std::string& table) {
    std::istringstream in(table);
    std::string out;
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::vector<std::string> w;
        for (std::string word; words >> word;) w.push_back(word);
        for (std::size_t i = 0; i + 2 < w.size(); ++i) out += w[i] + " ";
        out += "\n";
    }
    return out;
}

BoundedRun run(const std::string& args) { return run_outflank_bounded(args, {}, 60); }

void check_refused(const std::string& args, const std::string& message) {
    INFO("outflank " << args);
    const BoundedRun r = run(args);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find(message) != std::string::npos);
}

// Runs `command` as shards 1..count of `count`, each into DIR/<prefix>K, each with nothing on
// stdout (its results are in its file); the shard files, quoted, for `outflank merge`.
std::string run_shards(const ScratchDir& dir, const std::string& command, int count, const std::string& prefix) {
    std::string files;
    for (int k = 1; k <= count; ++k) {
        const std::string file = dir.file(prefix + std::to_string(k));
        const BoundedRun shard =
            run(command + " --shard " + std::to_string(k) + "/" + std::to_string(count) + " --output '" + file + "'");
        INFO("outflank " << command << " (shard " << k << "/" << count << "): " << shard.err);
        REQUIRE(shard.exit_code == 0);
        CHECK(shard.out.empty());
        files += " '" + file + "'";
    }
    return files;
}

}  // namespace

TEST_CASE("shard cli: analyze --batch shards merge into the single run's output", "[shard_cli]") {
    const ScratchDir dir("shard_analyze");
    const std::string input = dir.write("games.txt", kBatch);
    const std::string settings = " --depth 2 --exact-from 8 --threads 1 -q";
    const BoundedRun single = run("analyze --batch '" + input + "'" + settings);
    REQUIRE(single.exit_code == 0);
    CHECK(std::count(single.out.begin(), single.out.end(), '\n') == 8);

    for (const int n : {1, 3, 11}) {  // 11: more shards than items, some empty
        INFO(n << " shards");
        std::string files;
        for (int k = n; k >= 1; --k) {  // any order
            const std::string file = dir.file("a-" + std::to_string(k) + "-of-" + std::to_string(n));
            const BoundedRun shard = run("analyze --batch '" + input + "'" + settings + " --shard " +
                                              std::to_string(k) + "/" + std::to_string(n) + " --output '" + file + "'");
            REQUIRE(shard.exit_code == 0);
            CHECK(shard.out.empty());  // the results are in the shard file
            CHECK(file_bytes(file).starts_with("outflank-shard 1\nkind analyze\n"));
            files += " '" + file + "'";
        }
        const BoundedRun merged = run("merge" + files);
        REQUIRE(merged.exit_code == 0);
        CHECK(without_seconds(merged.out) == without_seconds(single.out));
        CHECK(merged.err.find("8 lines (1 error)") != std::string::npos);
        // --output: the same bytes, in a file.
        const BoundedRun to_file = run("merge -q -o '" + dir.file("merged.jsonl") + "'" + files);
        CHECK(to_file.exit_code == 0);
        CHECK(to_file.out.empty());
        CHECK(without_seconds(file_bytes(dir.file("merged.jsonl"))) == without_seconds(single.out));
    }

    const std::string a1 = " '" + dir.file("a-1-of-3") + "'", a2 = " '" + dir.file("a-2-of-3") + "'",
                      a3 = " '" + dir.file("a-3-of-3") + "'";
    check_refused("merge" + a1 + a3, "merge: shard 2 of 3 is missing");
    check_refused("merge" + a1, "merge: shards 2 and 3 of 3 are missing");
    check_refused("merge" + a1 + a2 + a3 + a2, "shard 2/3 is given twice");
    check_refused("merge" + a1 + a2 + " '" + dir.file("a-1-of-11") + "'", "all must be of the same N");

    // Shard 2 again with another depth, then of another input: the merge names the file.
    const std::string other_depth = dir.file("depth3");
    REQUIRE(run("analyze --batch '" + input + "' --depth 3 --exact-from 8 --threads 1 -q --shard 2/3 -o '" +
                     other_depth + "'").exit_code == 0);
    check_refused("merge" + a1 + a3 + " '" + other_depth + "'", other_depth + " was run with other settings");
    const std::string other_input = dir.write("other.txt", kBatch + "f5d6\n");
    const std::string other_file = dir.file("other");
    REQUIRE(run("analyze --batch '" + other_input + "'" + settings + " --shard 2/3 -o '" + other_file + "'")
                .exit_code == 0);
    check_refused("merge" + a1 + a3 + " '" + other_file + "'", other_file + " comes from another input");

    // Damaged, cut and foreign files.
    const std::string cut = dir.write("cut", file_bytes(dir.file("a-2-of-3")).substr(0, 300));
    check_refused("merge" + a1 + a3 + " '" + cut + "'", cut + ": ");
    check_refused("merge '" + input + "'", input + ": not an outflank shard file");
    check_refused("merge '" + dir.file("none") + "'", "cannot read");
}

TEST_CASE("shard cli: bad --shard specs and options are refused before any work", "[shard_cli]") {
    const ScratchDir dir("shard_refused");
    const std::string input = dir.write("games.txt", kBatch);
    const std::string out = dir.file("out");
    for (const char* spec : {"0/4", "5/4", "x/y", "4", "1/0", "-1/4", "1/4x"}) {
        check_refused("analyze --batch '" + input + "' --depth 2 --shard " + std::string(spec) + " -o '" + out + "'",
                      "--shard must be K/N with 1 <= K <= N");
        check_refused("solve '" + input + "' --shard " + std::string(spec) + " -o '" + out + "'",
                      "--shard must be K/N");
    }
    check_refused("match --engine1 a --engine2 b --shard 5/4 -o '" + out + "'", "match: --shard must be K/N");
    check_refused("train data --transcripts '" + input + "' --shard x/y --output '" + out + "'",
                  "train data: --shard must be K/N");
    check_refused("analyze --batch '" + input + "' --depth 2 --shard 1/2", "needs --output FILE");
    check_refused("analyze --batch '" + input + "' --depth 2 -o '" + out + "'", "--output goes with --shard");
    check_refused("analyze f5d6c3 --depth 2 --shard 1/2 -o '" + out + "'", "--shard goes with --batch");
    check_refused("analyze --batch '" + input + "' --depth 2 --shard 1/2 -o /nonexistent/dir/out", "cannot write");
    check_refused("merge", "shards is required");
    CHECK(dir.entries() == std::set<std::string>{"games.txt"});  // nothing written
}

TEST_CASE("shard cli: solve shards merge into the single run's table and verdict", "[shard_cli]") {
    const ScratchDir dir("shard_solve");
    const std::string obf = dir.write("three.obf", kObf);
    const BoundedRun single = run("solve '" + obf + "' --threads 1 -q");
    REQUIRE(single.exit_code == 0);
    const std::string files = run_shards(dir, "solve '" + obf + "' --threads 1 -q", 2, "s");
    const BoundedRun merged = run("merge -q" + files);
    CHECK(merged.exit_code == 0);
    CHECK(without_times(merged.out) == without_times(single.out));
    CHECK(merged.out.find("   2  14    a4    +10") != std::string::npos);  // item 1, shard 2's

    // --numbers is part of the settings: shards of another selection do not mix.
    const std::string numbered = dir.file("numbered");
    REQUIRE(run("solve '" + obf + "' --threads 1 -q --numbers 1-2 --shard 2/2 -o '" + numbered + "'").exit_code ==
            0);
    check_refused("merge '" + dir.file("s1") + "' '" + numbered + "'", "was run with other settings");

    // A wrong expected score: the shards succeed, the merge gives the verdict (exit 1), as solve does.
    std::string wrong_text = kObf;
    wrong_text.replace(wrong_text.find("D1:+2"), 5, "D1:+4");
    const std::string wrong = dir.write("wrong.obf", wrong_text);
    const std::string wrong_files = run_shards(dir, "solve '" + wrong + "' --threads 1 -q", 2, "w");
    const BoundedRun verdict = run("merge" + wrong_files);
    CHECK(verdict.exit_code == 1);
    CHECK(verdict.out.find("WRONG") != std::string::npos);
    CHECK(verdict.err.find("3 positions, 1 wrong") != std::string::npos);
    CHECK(without_times(verdict.out) == without_times(run("solve '" + wrong + "' --threads 1 -q").out));
}

TEST_CASE("shard cli: match shards merge into the single match's games and summary", "[shard_cli]") {
    const ScratchDir dir("shard_match");
    const std::string openings = dir.write("openings.txt", "f5d6c4d3c2b3b4b5\nf5f6d3c5d6c7b5e3\nf5f4e3d2c3e6e1g5\n");
    auto engine = [](int depth) {
        return std::string("'" OUTFLANK_BINARY "' gtp --depth ") + std::to_string(depth) +
               " --hash 4 --book none --quiet";
    };
    const std::string match = "match --engine1 \"" + engine(1) + "\" --engine2 \"" + engine(3) + "\" --openings '" +
                              openings + "' --games 6 --concurrency 1 -q";
    const BoundedRun single = run(match);
    REQUIRE(single.exit_code == 0);
    // 6 games in 4 shards: two shards of two games, two of one.
    const std::string files = run_shards(dir, match, 4, "m");
    const BoundedRun merged = run("merge -q --ggf '" + dir.file("games.ggf") + "'" + files);
    REQUIRE(merged.exit_code == 0);
    // The game lines' time=... field is the one timing field.
    static const std::regex times("\ttime=[0-9.]+/[0-9.]+");
    CHECK(std::regex_replace(merged.out, times, "") == std::regex_replace(single.out, times, ""));
    CHECK(merged.out.find("Elo difference") != std::string::npos);
    CHECK(merged.out.find("games 6, 3 openings in file order") != std::string::npos);
    const std::string ggf = file_bytes(dir.file("games.ggf"));
    CHECK(std::count(ggf.begin(), ggf.end(), '\n') == 6);
    CHECK(ggf.starts_with("(;GM[Othello]"));
    check_refused(match + " --sprt 0 5 --shard 1/2 -o '" + dir.file("x") + "'", "--sprt");
    check_refused("merge --ggf '" + dir.file("y.ggf") + "' '" + dir.file("m1") + "'", "shards 2, 3 and 4 of 4");
}

TEST_CASE("shard cli: train data shards merge into the single run's training set", "[shard_cli]") {
    const ScratchDir dir("shard_train");
    // Twelve short games played to the end by the engine itself would take long; a few full
    // transcripts from the eOthello set do, with the last 10 empties solved.
    const std::string games = dir.write("games.txt", outflank::test::kTwoGameTranscripts);
    const std::string options = " --transcripts '" + games + "' --exact-empties 10 --threads 1";
    const BoundedRun single = run("train data" + options + " --out '" + dir.file("single.set") + "'");
    REQUIRE(single.exit_code == 0);
    const std::string files = run_shards(dir, "train data" + options, 3, "t");
    const BoundedRun merged = run("merge -q -o '" + dir.file("merged.set") + "'" + files);
    REQUIRE(merged.exit_code == 0);
    CHECK(file_bytes(dir.file("merged.set")) == file_bytes(dir.file("single.set")));  // byte for byte
    check_refused("merge" + files, "give --output FILE");
    check_refused("train data" + options + " --shard 1/3 --output '" + dir.file("x") + "' --out '" + dir.file("y") + "'",
                  "with --shard the shard goes to --output");
}

TEST_CASE("shard cli: book build shards merge into the single build's book, byte for byte", "[shard_cli]") {
    const ScratchDir dir("shard_book_build");
    // 29 real openings to 10 plies at depth 7 with a small table: deep enough that a search's
    // result depends on what its engine searched before unless each starts from a new game
    // (RunControl::fresh_engines), which this comparison would catch.
    std::string lines;
    for (const std::string& line : outflank::test::book_openings()) lines += line + "\n";
    const std::string games = dir.write("games.txt", lines);
    const std::string build = "book build --games '" + games + "' --plies 10 --min-games 1 --depth 7 --hash 4";
    REQUIRE(run(build + " --threads 2 --out '" + dir.file("single.book") + "'").exit_code == 0);
    const std::string files = run_shards(dir, build + " --threads 1", 3, "b");
    const BoundedRun merged = run("merge -o '" + dir.file("merged.book") + "'" + files);
    REQUIRE(merged.exit_code == 0);
    CHECK(merged.err.find("3 shards of book results") != std::string::npos);
    CHECK(file_bytes(dir.file("merged.book")) == file_bytes(dir.file("single.book")));
    check_refused("merge" + files, "give --output FILE");
    check_refused(build + " --shard 1/3 --output '" + dir.file("x") + "' --out '" + dir.file("y") + "'",
                  "with --shard the shard goes to --output");
    check_refused(build + " --shard 4/3 --output '" + dir.file("x") + "'", "book build: --shard must be K/N");
}

TEST_CASE("shard cli: book merge of books built apart", "[shard_cli]") {
    const ScratchDir dir("shard_book");
    const std::string a = dir.write("a.txt", "f5d6c3d3c4f4\nf5d6c3d3c4f4\nf5f6e6f4e3c5\n");
    const std::string b = dir.write("b.txt", "f5f6e6f4e3c5\nf5f6e6f4e3c5\nd3c5f6f5e6e3\n");
    for (const char* name : {"a", "b"})
        REQUIRE(run(std::string("book build --games '") + dir.file(std::string(name) + ".txt") +
                         "' --plies 4 --min-games 2 --depth 3 --threads 1 --out '" + dir.file(std::string(name) + ".book") +
                         "'")
                    .exit_code == 0);
    const BoundedRun merged = run("book merge '" + dir.file("a.book") + "' '" + dir.file("b.book") + "' -o '" +
                                       dir.file("ab.book") + "'");
    REQUIRE(merged.exit_code == 0);
    CHECK(merged.out.find("from 2 books") != std::string::npos);
    const BoundedRun info = run("book info '" + dir.file("ab.book") + "'");
    CHECK(info.out.find("merged") != std::string::npos);
    check_refused("book merge '" + dir.file("a.txt") + "' -o '" + dir.file("x.book") + "'", "a.txt");
}
