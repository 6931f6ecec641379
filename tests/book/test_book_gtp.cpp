// Play with the book: GTP genmove answers from the book while the position is in it and searches
// after; randomness; outflank-book and outflank-pv; a damaged book is reported and the engine
// plays on; the binary's --book options; the shipped book itself; the `book` commands from the shell.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <set>
#include <sstream>

#include "book/book_file.hpp"
#include "support/book_support.hpp"
#include "book/default_book.hpp"
#include "gtp/gtp_session.hpp"
#include "nboard/nboard_file_book.hpp"
#include "core/notation.hpp"

using namespace outflank;
using namespace outflank::test;

namespace {

// A book file from the test openings (8 plies, 2 games, depth 4), built once per test.
std::string make_book(const TempDir& dir) {
    const std::string path = dir.file("gtp.book");
    REQUIRE(build_book(small_build(write_openings(dir)), path, small_run()).finished);
    return path;
}

GtpOptions with_book(const std::string& path, int randomness = 0, std::uint64_t seed = 1) {
    GtpOptions o = fast_gtp_options(1);
    o.book_path = path;
    o.book_randomness = randomness;
    o.book_seed = seed;
    o.show_info = true;
    return o;
}

std::string run_shell(const std::string& command) {
    std::string out;
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe);
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) out.append(buf, n);
    pclose(pipe);
    return out;
}

}  // namespace

TEST_CASE("genmove plays the book's move while in the book, then searches", "[book]") {
    TempDir dir("book_gtp");
    const Book book = load_book(make_book(dir));
    GtpSession s(with_book(dir.file("gtp.book")));
    CHECK(s.log.str().empty());  // loaded without a word

    int from_book = 0;
    for (int ply = 0; ply < 30 && !s.game().is_over(); ++ply) {
        const Position pos = s.game().position();
        const auto probe = book.probe(pos);
        s.log.str("");
        const std::string colour = pos.side == Color::Black ? "b" : "w";
        const std::string answer = s.ok("genmove " + colour);
        if (answer == "pass") continue;
        const std::string pv = s.ok("outflank-pv");
        if (probe) {
            // The best book move (randomness 0), answered without a search.
            CHECK(answer == square_name(probe->moves.front().move, true));
            CHECK(s.log.str().rfind("info book " + answer + " score ", 0) == 0);
            CHECK_THAT(pv, Catch::StartsWith("move " + answer) && Catch::Contains(" book depth 4"));
            ++from_book;
        } else {
            CHECK(s.log.str().find("info book") == std::string::npos);
            CHECK_THAT(pv, Catch::Contains("nodes"));
        }
    }
    CHECK(from_book >= 3);
    // outflank-book lists the moves of a book position, and nothing elsewhere.
    s.ok("clear_board");
    const std::string moves = s.ok("outflank-book");
    CHECK_THAT(moves, Catch::Contains("D3 ") && Catch::Contains("C4 ") && Catch::Contains("F5 ") && Catch::Contains("E6 "));
    CHECK_THAT(moves, Catch::Contains("games 29"));
    s.ok("outflank-record f5f4e3f6d3");
    CHECK(s.ok("outflank-book").empty());
}

TEST_CASE("book randomness varies the moves among those within D discs", "[book]") {
    TempDir dir("book_gtp_random");
    const std::string path = make_book(dir);
    std::set<std::string> first_moves;
    for (std::uint64_t seed = 1; seed <= 24; ++seed) {
        GtpSession s(with_book(path, 1, seed));
        first_moves.insert(s.ok("genmove b"));
    }
    // The four first moves are equal by symmetry, so all are within any randomness.
    CHECK(first_moves == std::set<std::string>{"C4", "D3", "E6", "F5"});
    GtpSession fixed(with_book(path, 0, 7));
    CHECK(fixed.ok("genmove b") == "D3");
}

TEST_CASE("a damaged or missing book is reported once and the engine plays on without it", "[book]") {
    TempDir dir("book_gtp_damaged");
    const std::string good = make_book(dir);
    std::string bytes = serialize_book(load_book(good));
    bytes.resize(bytes.size() / 2);
    const std::string truncated = write_text(dir.file("truncated.book"), bytes);
    const std::string garbage = write_text(dir.file("garbage.book"), "this is not a book\n");

    for (const std::string& path : {truncated, garbage, dir.file("missing.book")}) {
        GtpSession s(with_book(path));
        INFO(s.log.str());
        CHECK_THAT(s.log.str(), (Catch::Contains("outflank: book " + path) || Catch::Contains("outflank: cannot read " + path)) &&
                                    Catch::Contains("playing without a book"));
        const std::string answer = s.ok("genmove b");
        CHECK(Position::start().is_legal(parse_square(answer)));
        CHECK_THAT(s.ok("outflank-pv"), Catch::Contains("nodes"));  // searched, not from a book
        CHECK(s.send("outflank-book") == "? no book\n\n");
    }
    CHECK_THAT(truncated, Catch::EndsWith("truncated.book"));
    GtpSession s(with_book(truncated));
    CHECK_THAT(s.log.str(), Catch::Contains("truncated"));
}

TEST_CASE("outflank gtp --book FILE|none and --book-randomness", "[book]") {
    TempDir dir("book_gtp_cli");
    const std::string path = make_book(dir);
    const std::string input = write_text(dir.file("in.txt"), "genmove b\noutflank-pv\nquit\n");
    const std::string bin = "'" OUTFLANK_BINARY "' gtp --depth 1 --hash 1 ";
    std::string out = run_shell("cat '" + input + "' | " + bin + "--book '" + path + "' 2>&1");
    CHECK_THAT(out, Catch::Contains("= D3\n\n") && Catch::Contains("book depth 4"));
    out = run_shell("cat '" + input + "' | " + bin + "--book none -q 2>&1");
    CHECK_THAT(out, Catch::Contains("nodes") && !Catch::Contains("book"));
    out = run_shell("cat '" + input + "' | " + bin + "--book '" + dir.file("nope.book") + "' -q 2>&1");
    CHECK_THAT(out, Catch::Contains("cannot read " + dir.file("nope.book") + ": no such file") && Catch::Contains("playing without a book") &&
                        Catch::Contains("nodes"));
    out = run_shell("cat '" + input + "' | " + bin + "--book '" + path + "' --book-randomness -1 2>&1; echo \"exit $?\"");
    CHECK_THAT(out, Catch::Contains("exit 2"));
}

TEST_CASE("the shipped book: found, finished, loads fast, covers the first plies", "[book]") {
    const std::string path = find_default_book();
    if (path.empty()) {
        WARN("skipped: no shipped book (" << book_lookup().source_tree_file << "); scripts/build-book makes it");
        return;
    }
    const auto t0 = std::chrono::steady_clock::now();
    const Book book = load_book(path);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    CHECK(seconds < 1.0);
    CHECK_FALSE(book.unfinished);
    CHECK(book.pending_count() == 0);
    CHECK(book.meta_int("plies", 0) == 12);
    CHECK(book.meta_int("min_games", 0) == 3);
    CHECK(book.meta("sources").find("WTH_2023") == std::string::npos);  // 2023 is held out
    // Every position of the first two plies, and every book move of the start line, is in it.
    const Position start = Position::start();
    REQUIRE(book.probe(start).has_value());
    for (Square a : squares(start.moves())) {
        const Position p1 = after_move(start, a);
        CHECK(book.probe(p1).has_value());
        for (Square b : squares(p1.moves())) CHECK(book.probe(after_move(p1, b)).has_value());
    }
}

TEST_CASE("NBoard's book: the file behind hint/go, learn saves, a damaged book is refused", "[book]") {
    TempDir dir("nboard_book");
    const std::string path = make_book(dir);
    std::ostringstream log;
    const auto book = open_nboard_book(path, log);
    REQUIRE(book);
    CHECK(log.str().empty());
    const auto moves = book->moves(Position::start());
    REQUIRE(!moves.empty());
    for (const auto& m : moves) CHECK(Position::start().is_legal(m.move));
    // learn: the game's positions join the book and the file is rewritten. Ply 10 is deeper than
    // the book (8 plies).
    const Game game = Game::from_transcript("f5d6c4d3e6f4e3f6c5b4e7f3");
    const Position after = game.position_at(10);
    CHECK(book->moves(after).empty());
    book->learn(game);
    CHECK(!book->moves(after).empty());
    CHECK(!open_nboard_book(path, log)->moves(after).empty());

    std::ostringstream damaged_log;
    CHECK(open_nboard_book(write_text(dir.file("bad.book"), "garbage"), damaged_log) == nullptr);
    CHECK(damaged_log.str().find("playing without a book") != std::string::npos);
    CHECK(open_nboard_book("", damaged_log) == nullptr);
}

TEST_CASE("outflank book build, show, info, coverage, export, import from the shell", "[book]") {
    TempDir dir("book_cli");
    const std::string games = write_openings(dir);
    const std::string bin = "'" OUTFLANK_BINARY "' book ";
    const std::string book = dir.file("cli.book");
    std::string out = run_shell(bin + "build --games '" + games + "' --plies 8 --min-games 2 --depth 3 --hash 4 --out '" +
                                book + "' 2>&1; echo \"exit $?\"");
    CHECK_THAT(out, Catch::Contains("book build: searching positions [") && Catch::Contains("32 positions from 29 games") &&
                        Catch::Contains("exit 0"));
    out = run_shell(bin + "show '" + book + "' --moves f5d6 2>&1");
    CHECK_THAT(out, Catch::StartsWith("position ---------------------------OX------OXX-----O-------------------- X\nscore ") &&
                        Catch::Contains("move   score     games  depth\n"));
    CHECK(run_shell(bin + "show '" + book + "' --moves f5f4e3 2>&1").find("not in the book") != std::string::npos);
    CHECK_THAT(run_shell(bin + "info '" + book + "' 2>&1"), Catch::Contains("positions   32 (32 from games, 0 added by search)"));
    CHECK_THAT(run_shell(bin + "coverage '" + book + "' --games '" + games + "' --plies 2 2>&1"),
               Catch::Contains("positions   58 (plies 1-2)") && Catch::Contains("in book     58 (100.0%)"));
    out = run_shell(bin + "export '" + book + "' --out '" + dir.file("cli.txt") + "' && " + bin + "import '" +
                    dir.file("cli.txt") + "' --out '" + dir.file("again.book") + "' 2>&1");
    CHECK_THAT(out, Catch::Contains("again.book: 32 positions"));
    CHECK(serialize_book(load_book(dir.file("again.book"))) == serialize_book(load_book(book)));
    // Errors: exit code 2 and one line naming the file.
    write_text(dir.file("bad.book"), "OFLKBOOK");
    out = run_shell(bin + "show '" + dir.file("bad.book") + "' 2>&1; echo \"exit $?\"");
    CHECK_THAT(out, Catch::Contains("outflank: book " + dir.file("bad.book") + ": truncated") && Catch::Contains("exit 2"));
    out = run_shell(bin + "import '" + games + "' --out '" + dir.file("x.book") + "' 2>&1; echo \"exit $?\"");
    CHECK_THAT(out, Catch::Contains("line 2: expected 7 fields") && Catch::Contains("exit 2"));
}
