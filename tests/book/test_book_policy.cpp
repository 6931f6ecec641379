// When genmove plays the book's move and when it searches (book/book_policy.hpp): at once under a
// clock that keeps unused time, at a fixed depth only when the book is as deep, and under a time per
// move only when the search finished shallower than the book.
#include <catch2/catch.hpp>

#include <string>

#include "book/book_file.hpp"
#include "book/book_policy.hpp"
#include "core/notation.hpp"
#include "gtp/gtp_session.hpp"
#include "support/book_support.hpp"
#include "support/file_io_support.hpp"

using namespace outflank;
using namespace outflank::test;

namespace {

BookMove book_move(int depth, bool exact = false) {
    BookMove m;
    m.move = parse_square("d3");
    m.depth = depth;
    m.exact = exact;
    return m;
}

Limits time_limits(double seconds) {
    Limits l;
    l.time = seconds;
    l.hard_time = seconds;
    return l;
}

Limits depth_limits(int depth) {
    Limits l;
    l.depth = depth;
    return l;
}

SearchResult searched_to(int depth, Square best = parse_square("c4")) {
    SearchResult r;
    r.depth = depth;
    r.best_move = best;
    return r;
}

// The test book: 8 plies of the test openings searched at depth 4 (book_support.hpp).
std::string make_book(const TempDir& dir) {
    const std::string path = dir.file("policy.book");
    REQUIRE(build_book(small_build(write_openings(dir)), path, small_run()).finished);
    return path;
}

GtpOptions book_options(const std::string& path) {
    GtpOptions o = fast_gtp_options(0);
    o.book_path = path;
    o.show_info = true;
    o.explicit_strength = false;
    return o;
}

bool answered_from_book(GtpSession& s, const std::string& move) {
    return s.log.str().find("info book " + move + " score ") != std::string::npos &&
           s.ok("outflank-pv").find(" book depth 4") != std::string::npos;
}

}  // namespace

TEST_CASE("book_use: the clock, the depth and the book's depth decide", "[book]") {
    // A solved book move is always played at once.
    CHECK(book_use(book_move(0, true), time_limits(1), false) == BookUse::Now);
    CHECK(book_use(book_move(0, true), depth_limits(30), false) == BookUse::Now);
    // Time kept for later moves: at once, whatever the depths.
    CHECK(book_use(book_move(4), time_limits(1), true) == BookUse::Now);
    // A time per move: search, then compare.
    CHECK(book_use(book_move(16), time_limits(1), false) == BookUse::IfDeeper);
    // A fixed depth: the book only when it is at least as deep.
    CHECK(book_use(book_move(16), depth_limits(16), false) == BookUse::Now);
    CHECK(book_use(book_move(16), depth_limits(12), false) == BookUse::Now);
    CHECK(book_use(book_move(16), depth_limits(17), false) == BookUse::Never);
    // Neither time nor depth (a node budget alone): the book.
    Limits nodes;
    nodes.nodes = 1000;
    CHECK(book_use(book_move(16), nodes, false) == BookUse::Now);

    CHECK(book_deeper_than(book_move(16), searched_to(15)));
    CHECK_FALSE(book_deeper_than(book_move(16), searched_to(16)));
    CHECK_FALSE(book_deeper_than(book_move(16), searched_to(22)));
    SearchResult solved = searched_to(10);
    solved.exact = true;
    CHECK_FALSE(book_deeper_than(book_move(16), solved));
    CHECK(book_deeper_than(book_move(16), searched_to(30, kNoMove)));  // no move from the search
}

TEST_CASE("genmove at a fixed depth answers from the book only when the book is as deep", "[book]") {
    TempDir dir("book_policy_depth");
    const std::string path = make_book(dir);
    for (int depth : {1, 4, 5}) {
        INFO("depth " << depth);
        GtpOptions o = book_options(path);
        o.depth = depth;
        o.explicit_strength = true;
        GtpSession s(o);
        const std::string move = s.ok("genmove b");
        if (depth <= 4) {
            CHECK(answered_from_book(s, move));
        } else {
            CHECK(s.log.str().find("info book") == std::string::npos);
            CHECK_THAT(s.ok("outflank-pv"), Catch::Contains("depth 5@"));
        }
    }
}

TEST_CASE("genmove under a time per move searches, and keeps the book move only over a shallower search",
          "[book]") {
    TempDir dir("book_policy_time");
    const std::string path = make_book(dir);
    {
        // --time: a depth-4 book loses to a search of a quarter second.
        GtpOptions o = book_options(path);
        o.move_time = 0.25;
        o.explicit_strength = true;
        GtpSession s(o);
        const std::string move = s.ok("genmove b");
        INFO(s.log.str());
        CHECK_THAT(s.log.str(), Catch::Contains("not played: the search reached depth"));
        const std::string pv = s.ok("outflank-pv");
        CHECK_THAT(pv, Catch::StartsWith("move " + move) && Catch::Contains("nodes"));
        CHECK_THAT(pv, !Catch::Contains("depth 1@") && !Catch::Contains("depth 2@") &&
                           !Catch::Contains("depth 3@") && !Catch::Contains("depth 4@"));
    }
    {
        // The same book claiming depth 60 for every position: the search, shallower, gives way.
        Book deep = load_book(path);
        for (auto& [key, entry] : deep.entries()) entry.depth = kMaxBookDepth;
        save_book(deep, dir.file("deep.book"));
        GtpOptions o = book_options(dir.file("deep.book"));
        o.move_time = 0.25;
        o.explicit_strength = true;
        GtpSession s(o);
        const std::string move = s.ok("genmove b");
        INFO(s.log.str());
        CHECK_THAT(s.log.str(), Catch::StartsWith("info depth ") &&  // it searched first
                                    Catch::Contains("info book " + move + " score ") && !Catch::Contains("not played"));
        CHECK_THAT(s.ok("outflank-pv"), Catch::StartsWith("move " + move) && Catch::Contains(" book depth 60"));
    }
    {
        // A GTP clock of 0.25 s a move (a byo-yomi period of one move): as --time.
        GtpSession s(book_options(path));
        s.ok("time_settings 0 0.25 1");
        s.ok("genmove b");
        CHECK_THAT(s.log.str(), Catch::Contains("not played: the search reached depth"));
    }
}

TEST_CASE("genmove under a clock that keeps unused time answers from the book at once", "[book]") {
    TempDir dir("book_policy_clock");
    const std::string path = make_book(dir);
    {
        GtpSession s(book_options(path));
        s.ok("time_settings 60 0 0");  // sudden death: a second saved now is a second later
        const std::string move = s.ok("genmove b");
        CHECK(s.log.str().rfind("info book " + move + " score ", 0) == 0);  // no search line first
        CHECK(answered_from_book(s, move));
    }
    {
        // Canadian byo-yomi: while moves remain due in the period the book answers at once; the
        // period's last move has its time to itself, so it searches.
        GtpSession s(book_options(path));
        s.ok("time_settings 0 10 3");
        s.ok("time_left b 10 3");
        const std::string move = s.ok("genmove b");
        CHECK(s.log.str().rfind("info book " + move + " score ", 0) == 0);
        s.log.str("");
        s.ok("time_left w 0.25 1");
        s.ok("genmove w");
        CHECK_THAT(s.log.str(), Catch::Contains("not played: the search reached depth"));
    }
}

TEST_CASE("outflank play: the book answers at a level no deeper than its searches", "[book]") {
    TempDir dir("book_policy_play");
    const std::string path = make_book(dir);
    for (int level : {4, 5}) {
        INFO("level " << level);
        const BoundedRun r = run_outflank_bounded("play --color white --threads 1 --hash 4 --level " +
                                                      std::to_string(level) + " --book '" + path + "'",
                                                  "quit\n", 60);
        REQUIRE(r.exit_code == 0);
        if (level == 4) CHECK_THAT(r.out, Catch::Contains("outflank plays d3 (book, "));
        else CHECK_THAT(r.out, Catch::Contains("outflank plays d3 (") && Catch::Contains(", depth 5)"));
    }
}
