// Files through the real binary: every input is read by the one reader (devices and FIFOs refused
// at once, so each run has a time limit and a read that blocks fails the test instead of hanging
// it), an unloadable `--eval FILE` stops every command (exit 2) instead of playing weaker, input
// with nothing in it is an error rather than an empty success, and outputs are replaced whole
// with no temporary left beside them.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "eval/eval.hpp"
#include "support/file_io_support.hpp"

using outflank::test::BoundedRun;
using outflank::test::file_bytes;
using outflank::test::run_outflank_bounded;
using outflank::test::ScratchDir;

namespace {

const std::string kStart = "---------------------------OX------XO--------------------------- X";
// FFO #1: 14 empties, a fast solve.
const std::string kFfo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;\n";

std::string quoted(const std::string& path) { return "'" + path + "'"; }

// Exit code 2, the message on stderr after "outflank: ", and nothing on stdout.
void check_refused(const BoundedRun& r, const std::string& message) {
    INFO("stdout: " << r.out << "\nstderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("outflank: " + message));
    CHECK(r.out.empty());
}

}  // namespace

TEST_CASE("--eval FILE that cannot be loaded: every command exits 2 naming it, GTP and NBoard do not start", "[files_cli]") {
    ScratchDir dir("eval_cli");
    std::string damaged = file_bytes(outflank::default_weights_path());
    REQUIRE(damaged.size() > 1000);
    damaged[200] ^= 1;
    const std::string corrupt = dir.write("corrupt.ofw", damaged);
    const std::string fifo = dir.fifo("fifo.ofw");
    const std::string obf = dir.write("one.obf", kFfo1);
    const std::vector<std::pair<std::string, std::string>> bad = {
        {"/dev/zero", "cannot read /dev/zero: not a regular file"},
        {fifo, "cannot read " + fifo + ": not a regular file"},
        {dir.file("missing.ofw"), "cannot read " + dir.file("missing.ofw") + ": no such file"},
        {corrupt, corrupt + ": weights file checksum mismatch"},
    };
    const std::string protocol_input = "name\nprotocol_version\nquit\n";
    for (const auto& [path, message] : bad) {
        INFO(path);
        const std::string eval = "--eval " + quoted(path) + " ";
        check_refused(run_outflank_bounded(eval + "solve " + quoted(obf)), message);
        check_refused(run_outflank_bounded(eval + "gtp", protocol_input), message);
        check_refused(run_outflank_bounded("gtp " + eval, protocol_input), message);  // after the subcommand
        check_refused(run_outflank_bounded(eval, protocol_input), message);          // plain `outflank`: GTP
        check_refused(run_outflank_bounded(eval + "nboard", "nboard 2\nping 1\n"), message);
        check_refused(run_outflank_bounded(eval + "search --depth 2"), message);
    }
    // The hand-made evaluation on request, and the shipped weights by default, still start.
    const BoundedRun none = run_outflank_bounded("--eval none gtp", protocol_input);
    CHECK(none.exit_code == 0);
    CHECK_THAT(none.out, Catch::Contains("= outflank"));
    const BoundedRun shipped = run_outflank_bounded("gtp", protocol_input);
    CHECK(shipped.exit_code == 0);
    CHECK(shipped.err.find("hand-made") == std::string::npos);
}

TEST_CASE("devices and FIFOs as input files: refused at once with exit 2", "[files_cli]") {
    ScratchDir dir("inputs_cli");
    const std::string fifo = dir.fifo("fifo");
    for (const std::string& path : {std::string("/dev/zero"), fifo}) {
        INFO(path);
        const std::string message = "cannot read " + path + ": not a regular file";
        check_refused(run_outflank_bounded("book info " + quoted(path)), message);
        check_refused(run_outflank_bounded("book show " + quoted(path)), message);
        check_refused(run_outflank_bounded("book import " + quoted(path) + " --out " + quoted(dir.file("x.book"))),
                      message);
        check_refused(run_outflank_bounded("solve " + quoted(path)), message);
        check_refused(run_outflank_bounded("analyze " + quoted(path)), message);
        check_refused(run_outflank_bounded("analyze --batch " + quoted(path)), message);
        // GTP reports an unreadable book and plays on without it (its own rule); it must not block.
        const BoundedRun gtp = run_outflank_bounded("gtp --book " + quoted(path), "quit\n");
        CHECK(gtp.exit_code != 124);
        CHECK_THAT(gtp.err, Catch::Contains(message));
    }
    CHECK(dir.entries() == std::set<std::string>{"fifo"});
}

TEST_CASE("nothing to work on is an error, not an empty success: exit 2 and nothing written", "[files_cli]") {
    ScratchDir dir("empty_cli");
    const std::string empty = dir.write("empty.txt", "");
    const std::string blank = dir.write("blank.txt", "# a comment\n\n   \n");
    const std::string empty_obf = dir.write("empty.obf", "% only a comment\n\n");
    const std::string obf = dir.write("one.obf", kFfo1);
    const std::string out = dir.file("out.book"), svg = dir.file("graph.svg");

    check_refused(run_outflank_bounded("solve " + quoted(empty_obf)), "solve: " + empty_obf + ": no positions in the file");
    check_refused(run_outflank_bounded("solve " + quoted(obf) + " --numbers 40-49"),
                  "solve: --numbers 40-49 selects no position of " + obf + " (it holds 1-1)");
    check_refused(run_outflank_bounded("analyze " + quoted(empty) + " --svg " + quoted(svg)),
                  empty + ": no game in the file (it is empty)");
    check_refused(run_outflank_bounded("analyze --batch " + quoted(empty)), "analyze: " + empty + ": no transcript or position");
    check_refused(run_outflank_bounded("analyze --batch " + quoted(blank)), "analyze: " + blank + ": no transcript or position");
    check_refused(run_outflank_bounded("analyze --batch -", ""), "analyze: stdin: no transcript or position");
    check_refused(run_outflank_bounded("book import " + quoted(empty) + " --out " + quoted(out)),
                  "book text " + empty + ": no positions in the file");
    check_refused(run_outflank_bounded("book import " + quoted(blank) + " --out " + quoted(out)),
                  "book text " + blank + ": no positions in the file");
    check_refused(run_outflank_bounded("book import " + quoted(dir.path().string()) + " --out " + quoted(out)),
                  "cannot read " + dir.path().string() + ": not a regular file");
    CHECK(dir.entries() == std::set<std::string>{"empty.txt", "blank.txt", "empty.obf", "one.obf"});
}

TEST_CASE("outputs are replaced whole, with no temporary beside them; a folder as the output is refused", "[files_cli]") {
    ScratchDir dir("outputs_cli");
    const std::string text = dir.write("book.txt", kStart + " d3 +0 4 10 +0\n");
    const std::string book = dir.file("one.book");
    BoundedRun r = run_outflank_bounded("book import " + quoted(text) + " --out " + quoted(book));
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("one.book: 1 positions"));
    // Over an existing file too.
    REQUIRE(run_outflank_bounded("book import " + quoted(text) + " --out " + quoted(book)).exit_code == 0);
    REQUIRE(run_outflank_bounded("book export " + quoted(book) + " --out " + quoted(dir.file("again.txt"))).exit_code == 0);
    CHECK_THAT(file_bytes(dir.file("again.txt")), Catch::Contains(kStart.substr(0, 64)));
    REQUIRE(run_outflank_bounded("board --moves f5 --svg " + quoted(dir.file("board.svg"))).exit_code == 0);
    CHECK_THAT(file_bytes(dir.file("board.svg")), Catch::StartsWith("<svg") || Catch::StartsWith("<?xml"));
    CHECK(dir.entries() == std::set<std::string>{"book.txt", "one.book", "again.txt", "board.svg"});

    // A folder where the output should go: exit 2, and no `out.d.tmp` (or any other file) left.
    std::filesystem::create_directory(dir.file("out.d"));
    const std::string folder = dir.file("out.d");
    check_refused(run_outflank_bounded("book import " + quoted(text) + " --out " + quoted(folder)),
                  "cannot write " + folder + ": it is a directory");
    check_refused(run_outflank_bounded("book export " + quoted(book) + " --out " + quoted(folder)),
                  "cannot write " + folder + ": it is a directory");
    check_refused(run_outflank_bounded("board --svg " + quoted(folder)), "cannot write " + folder + ": it is a directory");
    check_refused(run_outflank_bounded("analyze f5d6 --depth 1 --svg " + quoted(folder)),
                  "cannot write " + folder + ": it is a directory");
    CHECK(dir.entries() == std::set<std::string>{"book.txt", "one.book", "again.txt", "board.svg", "out.d"});
    CHECK(std::filesystem::is_empty(folder));
}
