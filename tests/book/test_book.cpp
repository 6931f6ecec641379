// The opening book store and its files: symmetry canonicalisation, probing and choosing, the
// negamax back-up, the binary file (round trip, and every kind of damage refused with a clear
// message), and the text form.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <sstream>

#include "book/book.hpp"
#include "book/book_file.hpp"
#include "support/book_support.hpp"
#include "support/file_io_support.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "core/game.hpp"
#include "core/notation.hpp"
#include "support/rules_support.hpp"

using namespace outflank;
using namespace outflank::test;

namespace {

// A book built in memory from the test openings: 8 plies, positions of at least 2 games, depth 4.
Book small_book() {
    std::vector<Game> games;
    for (const std::string& line : book_openings()) games.push_back(Game::from_transcript(line.substr(0, 16)));
    Book book = collect_positions(games, 8, 2);
    Engine engine(4);
    REQUIRE(evaluate_pending(book, {&engine}, 4, {}));
    book.back_up();
    return book;
}

// Every evaluated position is worth the best of its leaf move and its book moves.
void check_negamax(const Book& book) {
    for (const auto& [key, e] : book.entries()) {
        REQUIRE_FALSE(e.pending);
        const Position pos = key.position();
        if (pos.is_game_over()) {
            CHECK(e.score == pos.final_score());
            continue;
        }
        int best = e.has_leaf() ? e.leaf_score : -1000;
        std::vector<Square> moves;
        if (pos.must_pass()) moves.push_back(kPass);
        for (Square sq : squares(pos.moves())) moves.push_back(sq);
        for (Square m : moves)
            if (const BookEntry* child = book.find(after_move(pos, m))) best = std::max(best, -int{child->score});
        INFO(position_string(pos));
        CHECK(int{e.score} == best);
    }
}

std::string error_of(std::string_view bytes) {
    try {
        parse_book(bytes, "test.book");
    } catch (const Error& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("canonical: the eight images of a position share one key, the smallest image", "[book]") {
    for (const Position& pos : random_play_positions(300, 7)) {
        const Canonical c = canonical(pos);
        CHECK(canonical(c.key.player, c.key.opponent).key == c.key);
        CHECK(apply_symmetry(pos.player, c.symmetry) == c.key.player);
        CHECK(apply_symmetry(pos.opponent, c.symmetry) == c.key.opponent);
        for (int s = 0; s < kSymmetryCount; ++s) {
            const Position image = pos.transformed(s);
            CHECK(canonical(image).key == c.key);
            CHECK_FALSE(BookKey{image.player, image.opponent} < c.key);
        }
        // Moves map to the key's orientation and back.
        for (Square m : squares(pos.moves())) {
            const Square k = apply_symmetry(m, c.symmetry);
            CHECK(c.key.position().is_legal(k));
            CHECK(move_from_key(k, c.symmetry) == m);
        }
    }
}

TEST_CASE("symmetric positions share one entry, with the games of all of them", "[book]") {
    const Book book = small_book();
    // The four first moves are one position up to symmetry; the openings start with all four.
    std::set<char> first_moves;
    for (const std::string& line : book_openings()) first_moves.insert(line[0]);
    REQUIRE(first_moves.size() == 4);
    const BookEntry* f5 = book.find(Game::from_transcript("f5").position());
    REQUIRE(f5 != nullptr);
    for (const char* m : {"d3", "c4", "e6"}) CHECK(book.find(Game::from_transcript(m).position()) == f5);
    CHECK(f5->games == book_openings().size());
    CHECK(book.find(Position::start())->games == book_openings().size());
    // f5d6 in all eight orientations is one entry, holding the games of every opening that
    // reached any of them (counted here by comparing boards, without canonical()).
    const Position perpendicular = Game::from_transcript("f5d6").position();
    const BookEntry* entry = book.find(perpendicular);
    REQUIRE(entry != nullptr);
    std::uint32_t games = 0;
    for (const std::string& line : book_openings()) {
        const Position p = Game::from_transcript(line.substr(0, 4)).position();
        for (int s = 0; s < kSymmetryCount; ++s)
            if (p.transformed(s).player == perpendicular.player && p.transformed(s).opponent == perpendicular.opponent) {
                ++games;
                break;
            }
    }
    CHECK(games > 3);
    CHECK(entry->games == games);
    for (int s = 0; s < kSymmetryCount; ++s) CHECK(book.find(perpendicular.transformed(s)) == entry);
    // Every position of the book is stored in its canonical orientation, once.
    for (const auto& [key, e] : book.entries()) CHECK(canonical(key.player, key.opponent).key == key);
}

TEST_CASE("round trip: build, save, load, lookup", "[book]") {
    TempDir dir("book_roundtrip");
    const Book book = small_book();
    check_negamax(book);
    const std::string path = dir.file("small.book");
    save_book(book, path);
    const Book loaded = load_book(path);
    CHECK_FALSE(loaded.unfinished);
    REQUIRE(loaded.size() == book.size());
    for (const auto& [key, e] : book.entries()) {
        const BookEntry* l = loaded.find(key);
        REQUIRE(l != nullptr);
        CHECK(l->score == e.score);
        CHECK(l->leaf_score == e.leaf_score);
        CHECK(l->leaf_move == e.leaf_move);
        CHECK(l->depth == e.depth);
        CHECK(l->exact == e.exact);
        CHECK(l->games == e.games);
        CHECK_FALSE(l->pending);
    }
    // Lookups in any orientation agree with the original.
    for (const std::string& line : book_openings()) {
        const Game game = Game::from_transcript(line.substr(0, 8));
        for (std::size_t i = 0; i <= game.moves().size(); ++i) {
            const Position pos = game.position_at(i).transformed(static_cast<int>(i % 8));
            const auto a = book.probe(pos), b = loaded.probe(pos);
            REQUIRE(a.has_value() == b.has_value());
            if (!a) continue;
            CHECK(a->score == b->score);
            REQUIRE(a->moves.size() == b->moves.size());
            for (std::size_t k = 0; k < a->moves.size(); ++k) {
                CHECK(a->moves[k].move == b->moves[k].move);
                CHECK(pos.is_legal(b->moves[k].move));
            }
            CHECK(b->moves.front().score == b->score);  // the best move carries the position's score
        }
    }
}

TEST_CASE("probe lists book moves and the best move out of the book; choose stays within the randomness", "[book]") {
    const Book book = small_book();
    CHECK_FALSE(book.probe(Game::from_transcript("f5f4e3f6d3").position()).has_value());  // never played

    const Position pos = Game::from_transcript("f5d6").position();
    const auto p = book.probe(pos);
    REQUIRE(p.has_value());
    REQUIRE(p->moves.size() >= 2);
    for (std::size_t i = 1; i < p->moves.size(); ++i) CHECK(p->moves[i - 1].score >= p->moves[i].score);
    for (const BookMove& m : p->moves) {
        CHECK(pos.is_legal(m.move));
        CHECK(m.in_book == book.leads_into_book(pos, m.move));
        if (m.in_book) CHECK(m.games == book.find(after_move(pos, m.move))->games);
    }

    std::mt19937_64 rng(5);
    for (int i = 0; i < 20; ++i) CHECK(book.choose(pos, 0, rng)->move == p->moves.front().move);
    std::set<Square> seen;
    for (int i = 0; i < 300; ++i) {
        const BookMove m = *book.choose(pos, 64, rng);
        seen.insert(m.move);
    }
    CHECK(seen.size() == p->moves.size());  // every move is possible with randomness 64
    const int floor = p->moves.front().score - 1;
    for (int i = 0; i < 100; ++i) CHECK(book.choose(pos, 1, rng)->score >= floor);
}

TEST_CASE("damaged book files are refused with a clear message", "[book]") {
    const std::string good = serialize_book(small_book());
    REQUIRE_NOTHROW(parse_book(good, "test.book"));

    std::string flipped = good;
    flipped[good.size() - 30] ^= 0x10;
    CHECK_THAT(error_of(flipped), Catch::Contains("checksum mismatch") && Catch::Contains("test.book"));
    CHECK_THAT(error_of(good.substr(0, good.size() - 5)), Catch::Contains("truncated"));
    CHECK_THAT(error_of(good.substr(0, 20)), Catch::Contains("truncated"));
    CHECK_THAT(error_of(""), Catch::Contains("truncated (0 bytes"));
    CHECK_THAT(error_of(good + "x"), Catch::Contains("unexpected bytes"));
    CHECK_THAT(error_of("PK\x03\x04 this is a zip file, not a book........................"),
               Catch::Contains("not an outflank book"));
    std::string newer = good;
    newer[8] = 2;
    CHECK_THAT(error_of(newer), Catch::Contains("format version 2 is newer"));
    std::string huge = good;
    huge[23] = 0x7F;  // an absurd record count
    CHECK_THAT(error_of(huge), Catch::Contains("impossible sizes"));

    // A well-formed file with an impossible record (checksum right) is refused too.
    Book odd;
    odd.insert(BookKey{1, 1}).pending = false;
    CHECK_THAT(error_of(serialize_book(odd)), Catch::Contains("record 1 is invalid"));
    // The f5 position in an orientation that is not its canonical one.
    const BookKey key = canonical(Game::from_transcript("f5").position()).key;
    int s = 1;
    while (BookKey{apply_symmetry(key.player, s), apply_symmetry(key.opponent, s)} == key) ++s;
    Book sideways;
    sideways.insert(BookKey{apply_symmetry(key.player, s), apply_symmetry(key.opponent, s)}).pending = false;
    CHECK_THAT(error_of(serialize_book(sideways)), Catch::Contains("canonical orientation"));

    TempDir dir("book_damage");
    CHECK_THROWS_WITH(load_book(dir.file("missing.book")), "cannot read " + dir.file("missing.book") + ": no such file");
    CHECK_THROWS_WITH(load_book(dir.file("")), Catch::Contains("not a regular file"));
}

TEST_CASE("book files are read with the one reader and written atomically", "[book]") {
    ScratchDir dir("book_files");
    // Devices and FIFOs are refused at once (a FIFO without a writer would otherwise block).
    const HangGuard no_hang;
    CHECK_THROWS_WITH(load_book("/dev/zero"), "cannot read /dev/zero: not a regular file");
    const std::string fifo = dir.fifo("fifo.book");
    CHECK_THROWS_WITH(load_book(fifo), "cannot read " + fifo + ": not a regular file");
    const std::string huge = dir.write("huge.book", "");
    std::filesystem::resize_file(huge, kMaxBookFileBytes + 1);  // sparse: nothing written
    CHECK_THROWS_WITH(load_book(huge), Catch::Contains("cannot read " + huge + ": too large"));
    std::filesystem::remove(huge);
    std::filesystem::remove(fifo);

    const Book book = small_book();
    const std::string path = dir.file("a.book");
    save_book(book, path);
    save_book(book, path);
    // No `a.book.tmp` or other temporary beside it, before or after replacing the file.
    CHECK(dir.entries() == std::set<std::string>{"a.book"});
    CHECK(serialize_book(load_book(path)) == serialize_book(book));
    {
        FileSizeLimit limit(100);  // a full disk after 100 bytes
        Book bigger = book;
        bigger.insert(canonical(Game::from_transcript("f5f4e3f6d3").position()).key).pending = false;
        CHECK_THROWS_WITH(save_book(bigger, path), "cannot write " + path + ": file too large");
    }
    CHECK(serialize_book(load_book(path)) == serialize_book(book));
    // A folder as the target: refused, and nothing (no `DIR.tmp`) left beside it.
    CHECK_THROWS_WITH(save_book(book, dir.path().string()), Catch::Contains("is a directory"));
    CHECK(dir.entries() == std::set<std::string>{"a.book"});
}

TEST_CASE("the text form: export and import give the same book; errors name the line", "[book]") {
    Book book = small_book();
    book.metadata()["depth"] = "4";
    std::ostringstream text;
    export_book_text(book, text);
    const std::string exported = text.str();
    CHECK(exported.find("# meta depth=4\n") != std::string::npos);
    // The start position is the first line after the comments.
    CHECK(exported.find("\n---------------------------OX------XO--------------------------- X ") != std::string::npos);

    const Book back = import_book_text(exported, "book.txt");
    REQUIRE(back.size() == book.size());
    CHECK(back.meta("depth") == "4");
    for (const auto& [key, e] : book.entries()) {
        const BookEntry* b = back.find(key);
        REQUIRE(b != nullptr);
        CHECK(b->score == e.score);
        CHECK(b->leaf_move == e.leaf_move);
        CHECK(b->leaf_score == e.leaf_score);
        CHECK(b->depth == e.depth);
        CHECK(b->games == e.games);
    }
    CHECK(serialize_book(back) == serialize_book(book));

    const std::string start = "---------------------------OX------XO--------------------------- X";
    CHECK_THROWS_WITH(import_book_text("# c\n" + start + " d3 +1 4 10\n", "t.txt"),
                      Catch::Contains("t.txt line 2") && Catch::Contains("expected 7 fields"));
    CHECK_THROWS_WITH(import_book_text(start + " a1 +1 4 10 +1\n", "t.txt"), Catch::Contains("not legal"));
    CHECK_THROWS_WITH(import_book_text(start + " d3 +99 4 10 +1\n", "t.txt"), Catch::Contains("-64..64"));
    CHECK_THROWS_WITH(import_book_text(start + " d3 +1 x 10 +1\n", "t.txt"), Catch::Contains("malformed"));
    CHECK_THROWS_WITH(import_book_text(start + " d3 +1 4 10 +1\n" + start + " c4 +1 4 10 +1\n", "t.txt"),
                      Catch::Contains("line 2") && Catch::Contains("twice"));
    // A text without positions is an error, not an empty book.
    CHECK_THROWS_WITH(import_book_text("", "t.txt"), "book text t.txt: no positions in the file");
    CHECK_THROWS_WITH(import_book_text("# only a comment\n# meta depth=4\n\n  \t\n", "t.txt"), Catch::Contains("no positions"));
}
