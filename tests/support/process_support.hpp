// A command run by /bin/sh -c as a child process, its stdout and stderr going to files, for
// tests that interrupt long jobs: wait until its stderr says something, send it a signal, read
// its exit code. The destructor kills it if it is still running.
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

namespace outflank::test {

class ShellProcess {
public:
    using Clock = std::chrono::steady_clock;

    ShellProcess(const std::string& command, std::string out_path, std::string err_path)
        : out_path_(std::move(out_path)), err_path_(std::move(err_path)) {
        const std::string full = "exec " + command + " </dev/null >'" + out_path_ + "' 2>'" + err_path_ + "'";
        pid_ = fork();
        if (pid_ == 0) {
            execl("/bin/sh", "sh", "-c", full.c_str(), static_cast<char*>(nullptr));
            _exit(127);
        }
    }
    ~ShellProcess() {
        if (pid_ > 0) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
    }
    ShellProcess(const ShellProcess&) = delete;
    ShellProcess& operator=(const ShellProcess&) = delete;

    bool started() const { return pid_ > 0; }
    void signal(int number) const { kill(pid_, number); }

    // True once the child's stderr contains `text` (within `seconds`, while it runs).
    bool wait_for_stderr(const std::string& text, double seconds) {
        const Clock::time_point deadline = Clock::now() + to_duration(seconds);
        while (Clock::now() < deadline) {
            if (err().find(text) != std::string::npos) return true;
            if (exited()) return err().find(text) != std::string::npos;
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        return false;
    }
    // The exit code; -N when signal N killed it (a job that handles the signal exits 128 + N
    // itself, which tells the two apart); -1000 when it runs past `seconds`.
    int wait_exit(double seconds) {
        const Clock::time_point deadline = Clock::now() + to_duration(seconds);
        while (Clock::now() < deadline) {
            if (exited()) return status_;
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        return -1000;
    }
    std::string out() const { return slurp(out_path_); }
    std::string err() const { return slurp(err_path_); }

private:
    static Clock::duration to_duration(double seconds) {
        return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    }
    static std::string slurp(const std::string& path) {
        std::ifstream in(path, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        return text.str();
    }
    bool exited() {
        if (pid_ <= 0) return true;
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) != pid_) return false;
        pid_ = -1;
        status_ = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? -WTERMSIG(status) : -1000;
        return true;
    }

    pid_t pid_ = -1;
    int status_ = -1000;
    std::string out_path_, err_path_;
};

}  // namespace outflank::test
