// The outflank binary as a child process with its stdin and stdout on pipes (stderr goes to
// /dev/null), driven the way a GUI drives it: lines written, answers read as they come, pipes
// closed, the exit awaited with a deadline.
#pragma once

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

namespace outflank::test {

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

    void send(const std::string& line) { send_raw(line + "\n"); }
    // Writes all of `bytes` (a pipe takes them in pieces as the child reads).
    void send_raw(const std::string& bytes) {
        std::size_t done = 0;
        while (done < bytes.size()) {
            const ssize_t n = write(in_, bytes.data() + done, bytes.size() - done);
            REQUIRE(n > 0);
            done += static_cast<std::size_t>(n);
        }
    }
    void close_input() {
        if (in_ >= 0) close(in_);
        in_ = -1;
    }
    // Closes our end of the child's stdout: what a GUI that goes away does.
    void close_output() {
        if (out_ >= 0) close(out_);
        out_ = -1;
    }
    pid_t pid() const { return pid_; }
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
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        return -1;
    }

private:
    pid_t pid_ = -1;
    int in_ = -1;
    int out_ = -1;
    std::string buffer_;
};

}  // namespace outflank::test
