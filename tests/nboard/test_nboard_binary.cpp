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
#include <map>

#include "core/file_io.hpp"
#include "core/game.hpp"
#include "records/ggf.hpp"

using namespace std::chrono_literals;

namespace {

// The game learned in the learn-book test: 8 plies, out of the shipped book from the fifth (e3)
// on, so that learning searches a few new positions at the book's depth (12).
const std::string kLearnedLine = "f5f4g3g4e3f6d3c5";

using Clock = std::chrono::steady_clock;

// The engine as a child process with its stdin and stdout on pipes (stderr goes to /dev/null).
class Child {
public:
    // `env`: variable assignments for the engine's environment, e.g. "XDG_DATA_HOME='/tmp/x'".
    explicit Child(const std::string& args, const std::string& env = "") {
        int to_child[2], from_child[2];
        REQUIRE(pipe(to_child) == 0);
        REQUIRE(pipe(from_child) == 0);
        pid_ = fork();
        REQUIRE(pid_ >= 0);
        if (pid_ == 0) {
            dup2(to_child[0], 0);
            dup2(from_child[1], 1);
            const int null = open("/dev/null", O_WRONLY);
            if (null >= 0) dup2(null, 2);
            close(to_child[1]);
            close(from_child[0]);
            const std::string command = env + " exec '" OUTFLANK_BINARY "' " + args;
            execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
            _exit(127);
        }
        close(to_child[0]);
        close(from_child[1]);
        in_ = to_child[1];
        out_ = from_child[0];
    }
    ~Child() {
        close_input();
        if (out_ >= 0) close(out_);
        if (pid_ > 0) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
    }

    void send(const std::string& line) {
        const std::string s = line + "\n";
        REQUIRE(write(in_, s.data(), s.size()) == static_cast<ssize_t>(s.size()));
    }
    void close_input() {
        if (in_ >= 0) close(in_);
        in_ = -1;
    }
    // The next line, or "<timeout>" / "<eof>".
    std::string read_line(double seconds) {
        const Clock::time_point deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                              std::chrono::duration<double>(seconds));
        for (;;) {
            const std::size_t nl = buffer_.find('\n');
            if (nl != std::string::npos) {
                std::string line = buffer_.substr(0, nl);
                buffer_.erase(0, nl + 1);
                return line;
            }
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
            if (left <= 0) return "<timeout>";
            pollfd p{out_, POLLIN, 0};
            if (poll(&p, 1, static_cast<int>(left)) <= 0) continue;
            char buf[4096];
            const ssize_t n = read(out_, buf, sizeof buf);
            if (n <= 0) return "<eof>";
            buffer_.append(buf, static_cast<std::size_t>(n));
        }
    }
    // Reads lines until one starts with `prefix`; returns it (or "<timeout>"/"<eof>").
    std::string read_until(const std::string& prefix, double seconds) {
        const Clock::time_point deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                              std::chrono::duration<double>(seconds));
        for (;;) {
            const double left = std::chrono::duration<double>(deadline - Clock::now()).count();
            const std::string line = read_line(std::max(0.0, left));
            if (line.rfind(prefix, 0) == 0 || line == "<timeout>" || line == "<eof>") return line;
        }
    }
    // The exit code once the process has exited within `seconds`, -1 otherwise.
    int wait_exit(double seconds) {
        const Clock::time_point deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                              std::chrono::duration<double>(seconds));
        while (Clock::now() < deadline) {
            int status = 0;
            if (waitpid(pid_, &status, WNOHANG) == pid_) {
                pid_ = -1;
                return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            }
            std::this_thread::sleep_for(5ms);
        }
        return -1;
    }

private:
    pid_t pid_ = -1;
    int in_ = -1;
    int out_ = -1;
    std::string buffer_;
};

}  // namespace

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
        if (fs::is_regular_file(p)) books[p.string()] = outflank::read_file(p.string());
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
    // The position after e3, the first out of the shipped book.
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
