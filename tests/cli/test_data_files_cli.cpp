// The data files through the real binary, copied away from the build as a user would move it:
// beside its weights and book, and in an installed layout (PREFIX/bin, PREFIX/share/outflank),
// run from another working folder; `--version` names the files, the GTP `version` answer carries
// no warning; OUTFLANK_EVAL and OUTFLANK_BOOK naming a missing or damaged file stop every front
// end with exit 2, naming the variable and the file.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "book/default_book.hpp"
#include "eval/eval.hpp"
#include "support/file_io_support.hpp"

using outflank::test::BoundedRun;
using outflank::test::file_bytes;
using outflank::test::run_program_bounded;
using outflank::test::ScratchDir;
using Catch::Contains;

namespace {

namespace fs = std::filesystem;

// Runs `binary ARGS` in the folder `cwd` with the two variables unset, then `env` (shell words,
// "OUTFLANK_EVAL=..."), `input` on stdin, under a time limit.
BoundedRun run_in(const std::string& cwd, const std::string& env, const std::string& binary, const std::string& args,
                  const std::string& input = {}) {
    return run_program_bounded("cd '" + cwd + "' && env -u OUTFLANK_EVAL -u OUTFLANK_BOOK " + env, binary, args, input);
}

std::string copy_program(const std::string& folder) {
    fs::create_directories(folder);
    const std::string to = folder + "/outflank";
    fs::copy_file(OUTFLANK_BINARY, to, fs::copy_options::overwrite_existing);
    fs::permissions(to, fs::perms::owner_all, fs::perm_options::add);
    return to;
}

void copy_data(const std::string& folder) {
    fs::create_directories(folder);
    fs::copy_file(outflank::default_weights_path(), folder + "/eval.ofw", fs::copy_options::overwrite_existing);
    fs::copy_file(outflank::book_lookup().source_tree_file, folder + "/outflank.book", fs::copy_options::overwrite_existing);
}

const std::string kGtp = "boardsize 8\nclear_board\nversion\ngenmove b\nquit\n";

}  // namespace

TEST_CASE("a copied binary finds the weights and the book beside it, or in ../share/outflank", "[data_files_cli]") {
    if (!fs::exists(outflank::book_lookup().source_tree_file)) {
        WARN("skipped: no shipped book (scripts/build-book makes it)");
        return;
    }
    ScratchDir dir("moved");
    const std::string elsewhere = dir.file("cwd");
    fs::create_directories(elsewhere);

    // Beside the program.
    const std::string flat = copy_program(dir.file("flat"));
    copy_data(dir.file("flat"));
    BoundedRun r = run_in(elsewhere, "", flat, "--version");
    INFO(r.out << r.err);
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Contains("program: " + flat));
    CHECK_THAT(r.out, Contains("weights: " + dir.file("flat/eval.ofw") + " (beside the program): trained pattern evaluation"));
    CHECK_THAT(r.out, Contains("book: " + dir.file("flat/outflank.book") + " (beside the program): "));

    // The installed layout, moved as a whole.
    const std::string installed = copy_program(dir.file("prefix/bin"));
    copy_data(dir.file("prefix/share/outflank"));
    r = run_in(elsewhere, "", installed, "--version");
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Contains("weights: " + dir.file("prefix/share/outflank/eval.ofw") + " (installed)"));
    CHECK_THAT(r.out, Contains("book: " + dir.file("prefix/share/outflank/outflank.book") + " (installed)"));
    // It plays from the book with the trained weights: no warning in `version`, none on stderr.
    r = run_in(elsewhere, "", installed, "gtp --depth 2 --hash 1", kGtp);
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Contains("= " OUTFLANK_VERSION "\n\n"));
    CHECK_THAT(r.err, Contains("info book") && !Contains("hand-made") && !Contains("without"));

    // The variables name other files; `none` asks for none.
    r = run_in(elsewhere, "OUTFLANK_EVAL='" + dir.file("flat/eval.ofw") + "' OUTFLANK_BOOK=none", installed, "--version");
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Contains("weights: " + dir.file("flat/eval.ofw") + " ($OUTFLANK_EVAL)"));
    CHECK_THAT(r.out, Contains("book: none (OUTFLANK_BOOK=none)"));
    r = run_in(elsewhere, "OUTFLANK_EVAL=none", installed, "--version");
    CHECK_THAT(r.out, Contains("weights: none (OUTFLANK_EVAL=none): hand-made evaluation"));
    r = run_in(elsewhere, "OUTFLANK_EVAL=/nonexistent.ofw", installed, "--eval none --version");
    CHECK(r.exit_code == 0);  // --eval wins over the variable
    CHECK_THAT(r.out, Contains("weights: none (--eval none): hand-made evaluation"));
}

TEST_CASE("OUTFLANK_EVAL and OUTFLANK_BOOK naming a missing or damaged file stop the program, naming them", "[data_files_cli]") {
    ScratchDir dir("variables");
    std::string damaged = file_bytes(outflank::default_weights_path());
    REQUIRE(damaged.size() > 1000);
    damaged[200] ^= 1;
    const std::string corrupt = dir.write("corrupt.ofw", damaged);
    const std::string missing = dir.file("missing.ofw");
    const std::string bad_book = dir.write("bad.book", "not a book at all");
    const struct {
        std::string env, message;
    } cases[] = {
        {"OUTFLANK_EVAL='" + missing + "'", "environment variable OUTFLANK_EVAL: cannot read " + missing + ": no such file"},
        {"OUTFLANK_EVAL='" + corrupt + "'", "environment variable OUTFLANK_EVAL: " + corrupt + ": weights file checksum mismatch"},
        {"OUTFLANK_BOOK='" + dir.file("missing.book") + "'",
         "environment variable OUTFLANK_BOOK: cannot read " + dir.file("missing.book") + ": no such file"},
        {"OUTFLANK_BOOK='" + bad_book + "'", "environment variable OUTFLANK_BOOK: book " + bad_book + ": not an outflank book"},
    };
    for (const auto& c : cases) {
        INFO(c.env);
        for (const std::string args : {"gtp", "", "nboard"}) {
            INFO(args);
            const BoundedRun r = run_in(dir.path().string(), c.env, OUTFLANK_BINARY, args, "quit\n");
            CHECK(r.exit_code == 2);
            CHECK_THAT(r.err, Contains("outflank: " + c.message));
            CHECK(r.out.empty());
        }
        // --version says what is wrong, and exits 2 as the commands would.
        const BoundedRun r = run_in(dir.path().string(), c.env, OUTFLANK_BINARY, "--version");
        CHECK(r.exit_code == 2);
        CHECK_THAT(r.out, Contains("ERROR: " + c.message));
    }
}
