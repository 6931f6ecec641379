// NBoard `learn` keeps the shipped book read-only: learned lines go to a separate learn book that
// play consults first (and that a later session reads back), a damaged learn book is left alone,
// and a book the user names learns into itself. And `learn` runs off the input thread: a `ping`
// sent while a game is being learned is answered at once, and `learned` follows.
#include <catch2/catch.hpp>

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <sstream>
#include <thread>

#include "book/book_file.hpp"
#include "core/file_io.hpp"
#include "support/file_io_support.hpp"
#include "core/notation.hpp"
#include "nboard/nboard_file_book.hpp"
#include "support/book_support.hpp"
#include "support/nboard_support.hpp"

using namespace outflank;
using namespace outflank::test;
using namespace std::chrono_literals;
using Catch::Contains;

namespace {

using Clock = std::chrono::steady_clock;

std::string build_small_book(const TempDir& dir, const std::string& name) {
    const std::string path = dir.file(name);
    REQUIRE(build_book(small_build(write_openings(dir)), path, small_run()).finished);
    return path;
}

// A book whose learn() takes as long as the test wants: it waits for release() (2 s at most, so
// that a session that learns on its input thread fails the test instead of hanging it).
class SlowBook : public NboardBook {
public:
    std::vector<Move> moves(const Position& pos) override {
        if (pos != Position::start()) return {};
        return {{parse_square("f5"), 0, 10, 4, false}};
    }
    void learn(const Game& game) override {
        std::unique_lock lock(mutex_);
        released_.wait_for(lock, 2s, [this] { return released; });
        learned.push_back(game.transcript());
    }
    void release() {
        {
            std::lock_guard lock(mutex_);
            released = true;
        }
        released_.notify_all();
    }
    std::vector<std::string> stored() {
        std::lock_guard lock(mutex_);
        return learned;
    }

private:
    std::mutex mutex_;
    std::condition_variable released_;
    bool released = false;
    std::vector<std::string> learned;
};

}  // namespace

TEST_CASE("NBoard: learn runs off the input thread; ping during it is answered within 100 ms", "[nboard]") {
    SlowBook book;
    NboardDriver d(NboardDriver::small_options(), &book);
    d.send(set_game("f5d6"));
    d.take();
    const Clock::time_point sent = Clock::now();
    d.send("learn");
    d.send("ping 7");
    // The book still answers while the game is being learned.
    d.send("set game " + to_ggf(Game{}));
    d.send("go");
    const std::vector<NboardDriver::Line> lines = d.take_timed();
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].text == "pong 7");
    CHECK(ms_between(sent, lines[0].when) < 100);
    CHECK(lines[1].text == "=== F5/0.00/0.00");
    CHECK(d.session().learning());
    d.send(set_game("f5d6c3"));
    d.send("learn");  // queued behind the first
    book.release();
    d.session().wait_until_idle();
    CHECK_FALSE(d.session().learning());
    CHECK(d.take() == std::vector<std::string>{"learned", "learned"});
    CHECK(book.stored() == std::vector<std::string>{"f5d6", "f5d6c3"});
}

TEST_CASE("NBoard: quit waits until the games sent to learn are stored", "[nboard]") {
    SlowBook book;
    NboardDriver d(NboardDriver::small_options(), &book);
    d.send(set_game("f5d6"));
    d.send("learn");
    std::thread releaser([&book] {
        std::this_thread::sleep_for(50ms);
        book.release();
    });
    CHECK_FALSE(d.send("quit"));
    releaser.join();
    CHECK(book.stored() == std::vector<std::string>{"f5d6"});
    CHECK(d.take() == std::vector<std::string>{"learned"});
}

TEST_CASE("NBoard's learn book: learned lines go beside the play book, which stays as it was", "[nboard]") {
    TempDir dir("nboard_learn");
    const std::string shipped = build_small_book(dir, "shipped.book");
    const std::string shipped_bytes = file_bytes(shipped);
    const std::string learned = dir.file("user/data/learned.book");  // folders made on the first learn
    // Ply 10 is deeper than the book (8 plies).
    const Game game = Game::from_transcript("f5d6c4d3e6f4e3f6c5b4e7f3");
    const Position deep = game.position_at(10);

    std::ostringstream log;
    {
        const auto book = open_nboard_book(NboardBookFiles{shipped, learned}, log);
        REQUIRE(book);
        CHECK(!book->moves(Position::start()).empty());
        CHECK(book->moves(deep).empty());
        book->learn(game);
        CHECK(!book->moves(deep).empty());
    }
    CHECK(log.str().empty());
    CHECK(file_bytes(shipped) == shipped_bytes);
    const Book lines = load_book(learned);
    CHECK(lines.size() > 0);
    CHECK(lines.size() < load_book(shipped).size());  // the learned lines only, not a second copy
    CHECK(lines.meta("learned") == "1");

    // A later session plays the learned line from the learn book, the shipped book's from it.
    const auto again = open_nboard_book(NboardBookFiles{shipped, learned}, log);
    CHECK(!again->moves(deep).empty());
    CHECK(again->moves(Position::start()).size() == open_nboard_book(NboardBookFiles{shipped, ""}, log)->moves(Position::start()).size());
    CHECK(open_nboard_book(NboardBookFiles{shipped, ""}, log)->moves(deep).empty());
    // Learned lines alone (`--book none --learn-book FILE`).
    CHECK(!open_nboard_book(NboardBookFiles{"", learned}, log)->moves(deep).empty());
    // Without a learn book the game is refused, the play book untouched.
    CHECK_THROWS_WITH(open_nboard_book(NboardBookFiles{shipped, ""}, log)->learn(game), Contains("--learn-book"));
    CHECK(file_bytes(shipped) == shipped_bytes);
    CHECK(log.str().empty());
}

TEST_CASE("NBoard's learn book: a damaged one is left alone; a named book learns into itself", "[nboard]") {
    TempDir dir("nboard_learn_damaged");
    const std::string shipped = build_small_book(dir, "shipped.book");
    const std::string damaged = write_text(dir.file("learned.book"), "garbage");
    const Game game = Game::from_transcript("f5d6c4d3e6f4e3f6c5b4e7f3");
    std::ostringstream log;
    const auto book = open_nboard_book(NboardBookFiles{shipped, damaged}, log);
    REQUIRE(book);
    CHECK_THAT(log.str(), Contains("learning is off"));
    CHECK(!book->moves(Position::start()).empty());  // play goes on from the play book
    CHECK_THROWS_WITH(book->learn(game), Contains("not overwritten"));
    CHECK(file_bytes(damaged) == "garbage");

    const std::string own = build_small_book(dir, "own.book");
    const auto into_itself = open_nboard_book(own, log);
    const std::size_t before = load_book(own).size();
    into_itself->learn(game);
    CHECK(load_book(own).size() > before);
    CHECK(load_book(own).probe(game.position_at(10)).has_value());
}

TEST_CASE("NBoard's default learn book follows XDG_DATA_HOME, then HOME", "[nboard]") {
    const char* old_data = std::getenv("XDG_DATA_HOME");
    const char* old_home = std::getenv("HOME");
    const std::string keep_data = old_data ? old_data : "", keep_home = old_home ? old_home : "";
    setenv("XDG_DATA_HOME", "/data/x", 1);
    setenv("HOME", "/home/u", 1);
    CHECK(default_learn_book_path() == "/data/x/outflank/learned.book");
    setenv("XDG_DATA_HOME", "relative/ignored", 1);
    CHECK(default_learn_book_path() == "/home/u/.local/share/outflank/learned.book");
    unsetenv("XDG_DATA_HOME");
    CHECK(default_learn_book_path() == "/home/u/.local/share/outflank/learned.book");
    unsetenv("HOME");
    CHECK(default_learn_book_path().empty());
    if (old_data) setenv("XDG_DATA_HOME", keep_data.c_str(), 1);
    if (old_home) setenv("HOME", keep_home.c_str(), 1);
}
