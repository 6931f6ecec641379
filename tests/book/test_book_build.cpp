// Building books from game files through the Engine API: a finished build, a stopped build
// resumed by the same command, settings that do not match, expansion (and its resume), learning.
#include <catch2/catch.hpp>

#include <filesystem>

#include "book/book_builder.hpp"
#include "book/book_file.hpp"
#include "support/book_support.hpp"
#include "core/error.hpp"
#include "core/game.hpp"
#include "records/ggf.hpp"
#include "core/notation.hpp"

using namespace outflank;
using namespace outflank::test;

namespace {

std::vector<BookKey> keys_of(const Book& book) {
    std::vector<BookKey> keys;
    for (const auto& [k, e] : book.entries()) keys.push_back(k);
    std::sort(keys.begin(), keys.end());
    return keys;
}

bool has_book_child(const Book& book, const BookKey& key) {
    const Position pos = key.position();
    if (pos.must_pass()) return book.leads_into_book(pos, kPass);
    return book.book_moves(pos) != 0;
}

}  // namespace

TEST_CASE("book build: a stopped build is saved and the same command resumes it", "[book]") {
    TempDir dir("book_build");
    const std::string games = write_openings(dir);
    const std::string out = dir.file("out.book"), partial = out + ".partial";

    // A straight build, for comparison.
    const RunOutcome straight = build_book(small_build(games), dir.file("straight.book"), small_run());
    REQUIRE(straight.finished);
    CHECK_FALSE(straight.resumed);
    CHECK(straight.searched == straight.positions);
    CHECK_FALSE(std::filesystem::exists(dir.file("straight.book.partial")));
    const Book reference = load_book(dir.file("straight.book"));
    CHECK(reference.meta("plies") == "8");
    CHECK(reference.meta("depth") == "4");
    CHECK(reference.meta("games") == std::to_string(book_openings().size()));
    CHECK(reference.pending_count() == 0);

    // Stopped after a few positions: nothing at `out`, the state in `out.partial`.
    RunSettings stopping = small_run();
    stopping.control.max_jobs = 5;
    const RunOutcome first = build_book(small_build(games), out, stopping);
    CHECK_FALSE(first.finished);
    CHECK_FALSE(std::filesystem::exists(out));
    REQUIRE(std::filesystem::exists(partial));
    const Book saved = load_book(partial);
    CHECK(saved.unfinished);
    CHECK(saved.size() == reference.size());
    CHECK(saved.pending_count() > 0);
    CHECK(first.searched == 5);
    CHECK(saved.pending_count() == saved.size() - 5);

    // Different settings do not touch it.
    BuildSettings deeper = small_build(games, 5);
    CHECK_THROWS_WITH(build_book(deeper, out, small_run()), Catch::Contains("--restart") && Catch::Contains("depth=4"));
    CHECK(std::filesystem::exists(partial));

    // The same command carries on with what is left, and cleans up.
    const RunOutcome second = build_book(small_build(games), out, small_run());
    CHECK(second.finished);
    CHECK(second.resumed);
    CHECK(second.searched == saved.pending_count());
    CHECK_FALSE(std::filesystem::exists(partial));
    const Book done = load_book(out);
    CHECK_FALSE(done.unfinished);
    CHECK(done.pending_count() == 0);
    CHECK(keys_of(done) == keys_of(reference));
    CHECK(done.meta("job").empty());
    CHECK(done.probe(Position::start()).has_value());

    // --restart ignores a partial file.
    RunSettings restart = small_run(1);
    restart.restart = true;
    save_book(saved, partial);
    const RunOutcome fresh = build_book(deeper, dir.file("deeper.book"), restart);
    CHECK(fresh.finished);
    CHECK_FALSE(fresh.resumed);
}

TEST_CASE("book build: bad settings and unreadable games are errors", "[book]") {
    TempDir dir("book_build_errors");
    const std::string games = write_openings(dir);
    BuildSettings s = small_build(games);
    s.depth = 0;
    CHECK_THROWS_WITH(build_book(s, dir.file("x.book"), small_run()), Catch::Contains("depth must be 1-60"));
    s = small_build(dir.file("missing.txt"));
    CHECK_THROWS_WITH(build_book(s, dir.file("x.book"), small_run()), Catch::Contains("missing.txt"));
    // An illegal game is left out, not fatal.
    s = small_build(write_text(dir.file("bad.txt"), "f5d6c3\nf5d6c3d3\nf5f5\n"));
    s.min_games = 1;
    const RunOutcome r = build_book(s, dir.file("x.book"), small_run());
    CHECK(r.finished);
    CHECK_THAT(r.sources, Catch::Contains("2 games from 1 files (1 left out"));
}

TEST_CASE("book build reads GGF files: several games a file, bad ones and other starts left out", "[book]") {
    TempDir dir("book_build_ggf");
    Game from_xot(Game::from_transcript("f5d6c4d3c2b3b4b5").position());
    from_xot.play(lowest_square(from_xot.position().moves()));
    const std::string text = to_ggf(Game::from_transcript("f5d6c3d3c4")) + "\n" +
                             to_ggf(Game::from_transcript("f5d6c3")) + "\n" + to_ggf(from_xot) + "\n" +
                             "(;GM[Othello]PC[x]C[comment with ;) inside]TY[8]B[F5]W[F5];)\n";
    BuildSettings s = small_build(write_text(dir.file("games.ggf"), text));
    s.min_games = 2;
    const RunOutcome r = build_book(s, dir.file("ggf.book"), small_run());
    REQUIRE(r.finished);
    CHECK_THAT(r.sources, Catch::Contains("2 games from 1 files (2 left out"));
    const Book book = load_book(dir.file("ggf.book"));
    CHECK(book.size() == 4);  // start, f5, f5d6, f5d6c3: the positions both good games share
    CHECK(book.find(Game::from_transcript("f5d6c3").position())->games == 2);
}

TEST_CASE("book expand: leaves get the best and near-best replies; a stopped expansion resumes", "[book]") {
    TempDir dir("book_expand");
    const std::string games = write_openings(dir);
    const std::string path = dir.file("book.book");
    REQUIRE(build_book(small_build(games), path, small_run()).finished);
    const Book before = load_book(path);
    std::vector<BookKey> leaves;
    for (const auto& [key, e] : before.entries())
        if (!has_book_child(before, key) && !key.position().is_game_over()) leaves.push_back(key);
    REQUIRE(!leaves.empty());

    RunSettings stopping = small_run();
    stopping.control.max_jobs = 3;
    const ExpandSettings settings{4, 1};
    const RunOutcome first = expand_book(path, settings, stopping);
    CHECK_FALSE(first.finished);
    CHECK(first.searched == 3);
    REQUIRE(std::filesystem::exists(path + ".partial"));
    CHECK(load_book(path + ".partial").frontier_count() == leaves.size() - 3);
    CHECK(load_book(path).size() == before.size());  // the book itself is untouched until the end

    const RunOutcome second = expand_book(path, settings, small_run());
    REQUIRE(second.finished);
    CHECK(second.resumed);
    CHECK_FALSE(std::filesystem::exists(path + ".partial"));
    const Book after = load_book(path);
    CHECK(after.size() > before.size());
    CHECK(after.pending_count() == 0);
    CHECK(after.frontier_count() == 0);
    CHECK(after.meta("expansions") == "depth=4 error=1");
    for (const BookKey& leaf : leaves) {
        INFO(position_string(leaf.position()));
        CHECK(has_book_child(after, leaf));
        // The best move was scored at the leaf and joined the book.
        const auto p = after.probe(leaf.position());
        REQUIRE(p.has_value());
        CHECK(p->moves.front().in_book);
    }
    for (const auto& [key, e] : before.entries()) CHECK(after.find(key)->games == e.games);
    // Added positions were reached by search, not by games.
    for (const auto& [key, e] : after.entries())
        if (!before.find(key)) CHECK(e.games == 0);
}

TEST_CASE("learn: a game's positions join the book, searched, with their counts", "[book]") {
    TempDir dir("book_learn");
    const std::string path = dir.file("book.book");
    REQUIRE(build_book(small_build(write_openings(dir)), path, small_run()).finished);
    Book book = load_book(path);
    const std::size_t size = book.size();
    const std::uint32_t start_games = book.find(Position::start())->games;
    const Game game = Game::from_transcript("f5d6c4d3e6f4e3f6c5b4e7f3c6d7b5a5c3b3g5h5");
    Engine engine(4);
    learn_game(book, engine, game, {60, 3});
    CHECK(book.size() > size);
    CHECK(book.find(Position::start())->games == start_games + 1);
    CHECK(book.meta("learned") == "1");
    CHECK(book.pending_count() == 0);
    for (std::size_t i = 0; i < game.moves().size(); ++i) {
        const auto p = book.probe(game.position_at(i));
        REQUIRE(p.has_value());
        // The game's next move is a book move now.
        const Square next = game.moves()[i];
        CHECK(std::any_of(p->moves.begin(), p->moves.end(), [&](const BookMove& m) { return m.move == next && m.in_book; }));
    }
    CHECK(book.find(game.position())->games == 1);
    learn_game(book, engine, game, {60, 3});
    CHECK(book.find(game.position())->games == 2);
}
