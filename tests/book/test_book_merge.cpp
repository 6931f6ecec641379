// `book merge` (book/book_merge.hpp): the union of books built apart, the deeper search winning
// where they overlap, scores backed up over the union, unfinished books refused.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "book/book_builder.hpp"
#include "book/book_file.hpp"
#include "book/book_merge.hpp"
#include "core/error.hpp"
#include "support/book_support.hpp"

using namespace outflank;
using namespace outflank::test;

namespace {

std::string write_lines(const TempDir& dir, const std::string& name, std::size_t first, std::size_t last) {
    std::string text;
    for (std::size_t i = first; i < last; ++i) text += book_openings()[i] + "\n";
    return write_text(dir.file(name), text);
}

}  // namespace

TEST_CASE("book merge: the deeper book wins everywhere, whatever the order", "[book_merge]") {
    const TempDir dir("book_merge_depth");
    const std::string games = write_openings(dir);
    build_book(small_build(games, 2), dir.file("shallow.book"), small_run());
    build_book(small_build(games, 4), dir.file("deep.book"), small_run());
    const Book shallow = load_book(dir.file("shallow.book")), deep = load_book(dir.file("deep.book"));
    REQUIRE(shallow.size() == deep.size());  // the same positions, searched at depths 2 and 4
    for (const bool deep_first : {false, true}) {
        BookMergeStats stats;
        const Book merged = deep_first ? merge_books({deep, shallow}, {"deep", "shallow"}, &stats)
                                       : merge_books({shallow, deep}, {"shallow", "deep"}, &stats);
        CHECK(stats.positions == deep.size());
        CHECK(stats.shared == deep.size());
        CHECK(stats.replaced == (deep_first ? 0 : deep.size()));
        for (const auto& [key, e] : deep.entries()) {
            const BookEntry* m = merged.find(key);
            REQUIRE(m != nullptr);
            CHECK(m->depth == e.depth);
            CHECK(m->leaf_move == e.leaf_move);
            CHECK(m->leaf_score == e.leaf_score);
            CHECK(m->score == e.score);  // backed up from the same leaves: the deep book's scores
            CHECK(m->games == e.games);
        }
        CHECK(merged.meta("merged") == "2 books");
    }
}

TEST_CASE("book merge: books of different games join, scores backed up over the union", "[book_merge]") {
    const TempDir dir("book_merge_union");
    const std::size_t half = book_openings().size() / 2;
    build_book(small_build(write_lines(dir, "a.txt", 0, half), 3), dir.file("a.book"), small_run());
    build_book(small_build(write_lines(dir, "b.txt", half, book_openings().size()), 3), dir.file("b.book"),
               small_run());
    const Book a = load_book(dir.file("a.book")), b = load_book(dir.file("b.book"));
    BookMergeStats stats;
    const Book merged = merge_books({a, b}, {"a", "b"}, &stats);
    std::size_t only_b = 0;
    for (const auto& [key, e] : b.entries()) only_b += a.find(key) == nullptr;
    CHECK(stats.positions == a.size() + only_b);
    CHECK(stats.shared == b.size() - only_b);
    for (const Book* book : {&a, &b})
        for (const auto& [key, e] : book->entries()) CHECK(merged.find(key) != nullptr);
    // The start position is in both; its score is the negamax over both books' lines now.
    Book again = merged;
    again.back_up();
    for (const auto& [key, e] : merged.entries()) CHECK(again.find(key)->score == e.score);
    const auto start = merged.probe(Position::start());
    REQUIRE(start);
    // Game counts are not added (the books may share their sources): the larger one stays.
    CHECK(start->games == std::max(a.probe(Position::start())->games, b.probe(Position::start())->games));
}

TEST_CASE("book merge: unfinished books and empty lists are refused", "[book_merge]") {
    Book unfinished;
    unfinished.insert(canonical(Position::start()).key);  // pending
    Book finished;
    CHECK_THROWS_WITH(merge_books({finished, unfinished}, {"one", "two.book"}),
                      Catch::Contains("two.book is unfinished"));
    CHECK_THROWS_AS(merge_books({}, {}), Error);
}
