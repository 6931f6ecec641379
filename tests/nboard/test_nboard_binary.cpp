// End to end: the real `outflank nboard` through pipes, the way the GUI runs it: answers read as
// they come, a ping sent while a long search runs, and the end of input closing the engine; and a
// learn session over the shipped book, which must leave the shipped file's bytes as they were.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>

#include <filesystem>
#include <fstream>
#include <map>

#include "core/file_io.hpp"
#include "support/file_io_support.hpp"
#include "core/game.hpp"
#include "support/child_process.hpp"
#include "records/ggf.hpp"

using namespace std::chrono_literals;

namespace {

// The game learned in the learn-book test: 8 plies, out of the shipped book from the fifth (g5,
// the book's best move out of it) on, so that learning searches a few new positions at the
// book's depth (16). A rebuilt book may take this line in: pick another one out of it then.
const std::string kLearnedLine = "f5f4g3g4g5f6e3c6";

}  // namespace

using namespace outflank::test;

TEST_CASE("outflank nboard through pipes: handshake, ping during a long search, go, EOF", "[nboard]") {
    Child engine("nboard --hash 8 --book none");  // searches, not book answers
    engine.send("nboard 2");
    CHECK(engine.read_line(5) == "set myname outflank");
    engine.send("set depth 60");
    CHECK(engine.read_line(5) == "set myname outflank60");
    engine.send("set game " + outflank::to_ggf(outflank::Game::from_transcript("f5d6c3d3c4f4f6f3e6e7")));
    engine.send("ping 1");
    CHECK(engine.read_line(5) == "pong 1");

    // A search that would take hours, stopped by a ping.
    engine.send("go");
    CHECK(engine.read_line(5) == "status outflank is thinking");
    std::this_thread::sleep_for(300ms);
    const Clock::time_point sent = Clock::now();
    engine.send("ping 2");
    CHECK(engine.read_until("pong", 5) == "pong 2");
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - sent).count();
    CHECK(ms < 100);
    WARN("outflank nboard: pong " << ms << " ms after a ping sent during a long search");

    // A short search answers with the move.
    engine.send("set depth 3");
    CHECK(engine.read_line(5) == "set myname outflank3");
    engine.send("ping 3");
    CHECK(engine.read_line(5) == "pong 3");
    engine.send("go");
    const std::string answer = engine.read_until("===", 10);
    CHECK(answer.rfind("=== ", 0) == 0);
    CHECK(engine.read_line(5) == "status outflank is waiting");

    // Closing stdin during a long search ends the engine at once, with exit code 0.
    engine.send("set depth 60");
    engine.send("go");
    std::this_thread::sleep_for(100ms);
    const Clock::time_point closed = Clock::now();
    engine.close_input();
    CHECK(engine.wait_exit(5) == 0);
    CHECK(std::chrono::duration<double, std::milli>(Clock::now() - closed).count() < 500);
}

TEST_CASE("outflank nboard rejects bad options with exit code 2", "[nboard]") {
    Child engine("nboard --level 99");
    CHECK(engine.wait_exit(5) == 2);
}

namespace {

// Every place the binary may take its shipped book from (beside it, book/ beside or above it, the
// source tree), with the bytes of those that exist.
std::map<std::string, std::string> shipped_books() {
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(OUTFLANK_BINARY).parent_path();
    std::map<std::string, std::string> books;
    for (const fs::path& p : {dir / "outflank.book", dir / "book" / "outflank.book",
                              dir.parent_path() / "book" / "outflank.book",
                              fs::path(OUTFLANK_TESTS_DIR).parent_path() / "book" / "outflank.book"})
        if (fs::is_regular_file(p)) books[p.string()] = outflank::test::file_bytes(p.string());
    return books;
}

}  // namespace

TEST_CASE("outflank nboard: learn over the shipped book writes the learn book, never the shipped file", "[nboard]") {
    namespace fs = std::filesystem;
    const fs::path data_home = fs::temp_directory_path() / ("outflank_nboard_xdg_" + std::to_string(getpid()));
    fs::remove_all(data_home);
    const std::map<std::string, std::string> before = shipped_books();
    REQUIRE(!before.empty());
    const std::string env = "XDG_DATA_HOME='" + data_home.string() + "'";
    const fs::path learned = data_home / "outflank" / "learned.book";
    const outflank::Game game = outflank::Game::from_transcript(kLearnedLine);
    // The position after g5, the first out of the shipped book.
    const std::string at_ply = "set game " + outflank::to_ggf(outflank::Game::from_transcript(kLearnedLine.substr(0, 10)));
    {
        Child engine("nboard --hash 8", env);
        engine.send("nboard 2");
        CHECK(engine.read_line(10) == "set myname outflank");
        engine.send("set depth 2");
        CHECK(engine.read_line(5) == "set myname outflank2");
        // Out of the book before the learn: hint answers from a search.
        engine.send(at_ply);
        engine.send("hint 1");
        CHECK(engine.read_line(5) == "status outflank is thinking");
        CHECK(engine.read_line(10).rfind("search ", 0) == 0);
        CHECK(engine.read_until("status outflank is waiting", 10) == "status outflank is waiting");

        engine.send("set game " + outflank::to_ggf(game));
        engine.send("learn");
        std::this_thread::sleep_for(20ms);
        const Clock::time_point sent = Clock::now();
        engine.send("ping 5");
        CHECK(engine.read_until("pong", 5) == "pong 5");
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - sent).count();
        CHECK(ms < 100);
        WARN("outflank nboard: pong " << ms << " ms after a ping sent during a learn");
        CHECK(engine.read_until("learned", 300) == "learned");
        engine.close_input();
        CHECK(engine.wait_exit(10) == 0);
    }
    CHECK(shipped_books() == before);
    REQUIRE(fs::is_regular_file(learned));
    {
        // A new session plays the learned line from the book.
        Child engine("nboard --hash 8", env);
        engine.send("nboard 2");
        CHECK(engine.read_line(10) == "set myname outflank");
        engine.send(at_ply);
        engine.send("hint 1");
        CHECK(engine.read_line(10).rfind("book ", 0) == 0);
        engine.close_input();
        CHECK(engine.wait_exit(10) == 0);
    }
    CHECK(shipped_books() == before);
    fs::remove_all(data_home);
}

TEST_CASE("outflank nboard: an endless input line is cut while it is read", "[nboard]") {
    Child engine("nboard --hash 1 --book none");
    engine.send("nboard 2");
    REQUIRE(engine.read_line(5) == "set myname outflank");
    auto peak_mb = [&] {
        std::ifstream status("/proc/" + std::to_string(engine.pid()) + "/status");
        std::string key;
        long kb = -1;
        while (status >> key)
            if (key == "VmHWM:" && status >> kb) break;
        return kb / 1024;
    };
    const long before = peak_mb();
    REQUIRE(before > 0);
    const std::string chunk(1 << 20, 'x');
    for (int i = 0; i < 200; ++i) engine.send_raw(chunk);  // 200 MB without a newline
    engine.send("");
    engine.send("ping 7");
    CHECK(engine.read_until("pong", 10) == "pong 7");
    CHECK(peak_mb() < before + 32);
}
