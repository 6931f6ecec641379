#include "match/gtp_client.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <mutex>
#include <thread>

#include "core/error.hpp"

namespace outflank {
namespace {

// A stray line longer than this is cut: the tail is for a human reading a log.
constexpr std::size_t kMaxStderrLine = 300;
// An answer that grows past this without ending is garbage, not a GTP answer.
constexpr std::size_t kMaxAnswerBytes = 1 << 20;
// The longest single sleep inside a wait, so the cancel flag is seen promptly.
constexpr int kCancelPollMs = 50;

double now_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

// Writing to an engine that has just died must not kill the referee with SIGPIPE: the write
// fails with EPIPE instead, and the engine is reported as crashed.
void ignore_sigpipe_once() {
    static std::once_flag once;
    std::call_once(once, [] {
        struct sigaction old {};
        ::sigaction(SIGPIPE, nullptr, &old);
        if (old.sa_handler == SIG_DFL) std::signal(SIGPIPE, SIG_IGN);
    });
}

// GTP asks clients to drop control characters other than LF and HT, and to read HT as a space
// (CR from Windows engines goes too).
std::string sanitize_line(std::string_view raw) {
    std::string line;
    line.reserve(raw.size());
    for (char c : raw) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '\t') line += ' ';
        else if (u >= 32 && u != 127) line += c;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    return line;
}

// `exec CMD` makes the engine itself the child (not a shell waiting for it), so its exit status
// and signals reach the referee directly. Only for a simple command: a list or pipeline (`;`,
// `&&`, `|`), a compound command or a leading VAR=value needs the shell to stay.
std::string shell_line(const std::string& command) {
    if (command.find_first_of(";&|\n()`") != std::string::npos) return command;
    const std::size_t start = command.find_first_not_of(" \t");
    if (start == std::string::npos) return command;
    const std::string first = command.substr(start, command.find_first_of(" \t", start) - start);
    for (const char* keyword : {"exec", "if", "for", "while", "until", "case", "{", "!", "cd", "."})
        if (first == keyword) return command;
    if (first.find('=') != std::string::npos) return command;
    return "exec " + command;
}

}  // namespace

const char* to_string(GtpReply::Status status) {
    switch (status) {
        case GtpReply::Status::Ok: return "ok";
        case GtpReply::Status::Failure: return "failure";
        case GtpReply::Status::Timeout: return "timeout";
        case GtpReply::Status::Crashed: return "crashed";
        case GtpReply::Status::Malformed: return "malformed";
        case GtpReply::Status::Cancelled: return "cancelled";
    }
    return "?";
}

GtpClient::GtpClient(std::string command, std::size_t stderr_lines, const std::atomic<bool>* cancel)
    : command_(std::move(command)), max_stderr_lines_(stderr_lines), cancel_(cancel) {
    ignore_sigpipe_once();
}

GtpClient::~GtpClient() { kill(); }

void GtpClient::start() {
    kill();
    stdout_buf_.clear();
    stderr_part_.clear();
    stderr_lines_.clear();
    exit_description_.clear();

    int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
    // O_CLOEXEC: with several games running in threads, another thread's fork must not inherit
    // these ends, or this engine would never see EOF on its stdin.
    if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) {
        const std::string why = std::strerror(errno);
        for (int* p : {in, out, err}) { close_fd(p[0]); close_fd(p[1]); }
        throw Error("cannot create pipes for engine `" + command_ + "`: " + why);
    }
    const std::string line = shell_line(command_);
    const char* cmd = line.c_str();  // made before fork: the child may only call async-signal-safe functions
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        const std::string why = std::strerror(errno);
        for (int* p : {in, out, err}) { close_fd(p[0]); close_fd(p[1]); }
        throw Error("cannot start engine `" + command_ + "`: fork: " + why);
    }
    if (pid == 0) {
        // Own process group: kill() reaches the shell and anything it started, and a Ctrl-C on
        // the referee's terminal is handled by the referee, which then ends the engines itself.
        ::setpgid(0, 0);
        // If the referee dies without cleaning up, the engine dies with it.
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent) ::_exit(127);
        ::dup2(in[0], 0);
        ::dup2(out[1], 1);
        ::dup2(err[1], 2);
        struct sigaction dfl {};
        dfl.sa_handler = SIG_DFL;
        ::sigaction(SIGPIPE, &dfl, nullptr);
        sigset_t none;
        sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        // Descriptors the referee opened without O_CLOEXEC (output files) stay out of the engine.
        if (::close_range(3, ~0U, 0) != 0)
            for (int fd = 3; fd < 1024; ++fd) ::close(fd);
        ::execl("/bin/sh", "sh", "-c", cmd, static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ::setpgid(pid, pid);  // also from the parent, so the group exists before any kill()
    pid_ = pid;
    ::close(in[0]);
    ::close(out[1]);
    ::close(err[1]);
    stdin_fd_ = in[1];
    stdout_fd_ = out[0];
    stderr_fd_ = err[0];
    set_nonblocking(stdin_fd_);
    set_nonblocking(stdout_fd_);
    set_nonblocking(stderr_fd_);
}

GtpReply GtpClient::command(const std::string& line, double timeout_seconds, GtpClient* also_drain) {
    GtpReply reply;
    const double start = now_seconds();
    const double deadline = start + timeout_seconds;
    auto finish = [&](GtpReply::Status status, std::string text) {
        reply.status = status;
        reply.text = std::move(text);
        reply.seconds = now_seconds() - start;
        return reply;
    };
    auto crashed = [&] {
        // The answer may be incomplete because the engine is dying: give it a moment to exit so
        // the report says how (exit code or signal) rather than "killed by the referee".
        if (!reap_within(0.5)) kill();
        return finish(GtpReply::Status::Crashed, exit_description_);
    };
    if (!running() || stdout_fd_ < 0) return crashed();

    // Write the command; pipes take 64 KB, so this only waits when the engine stops reading.
    std::string data = line + "\n";
    std::size_t written = 0;
    while (written < data.size()) {
        const ssize_t n = ::write(stdin_fd_, data.data() + written, data.size() - written);
        if (n > 0) {
            written += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) {
            pollfd p{stdin_fd_, POLLOUT, 0};
            const double left = deadline - now_seconds();
            if (left <= 0) return finish(GtpReply::Status::Timeout, "engine does not read its input");
            if (cancel_ && cancel_->load()) return finish(GtpReply::Status::Cancelled, "");
            ::poll(&p, 1, std::min(kCancelPollMs, static_cast<int>(left * 1000) + 1));
            continue;
        }
        return crashed();  // EPIPE: nobody reads the other end any more
    }

    for (;;) {
        if (parse_answer(reply)) {
            reply.seconds = now_seconds() - start;
            return reply;
        }
        if (stdout_buf_.size() > kMaxAnswerBytes)
            return finish(GtpReply::Status::Malformed, "answer longer than 1 MB");
        if (stdout_fd_ < 0) return crashed();
        switch (wait_readable(deadline, true, also_drain)) {
            case Wait::Timeout: return finish(GtpReply::Status::Timeout, "");
            case Wait::Cancelled: return finish(GtpReply::Status::Cancelled, "");
            case Wait::Ready: break;
        }
        if (!read_stdout()) {
            close_fd(stdout_fd_);  // EOF: parse what came before it, then report the crash
            read_stderr();         // the dying words, if any
        }
    }
}

bool GtpClient::parse_answer(GtpReply& reply) {
    std::size_t pos = 0;
    std::vector<std::string> lines;
    for (;;) {
        const std::size_t nl = stdout_buf_.find('\n', pos);
        if (nl == std::string::npos) return false;
        std::string line = sanitize_line(std::string_view(stdout_buf_).substr(pos, nl - pos));
        pos = nl + 1;
        if (lines.empty()) {
            if (line.empty()) continue;  // blank lines between answers are tolerated
            if (line[0] != '=' && line[0] != '?') {
                stdout_buf_.erase(0, pos);
                reply.status = GtpReply::Status::Malformed;
                reply.text = line;
                return true;
            }
            lines.push_back(std::move(line));
            continue;
        }
        if (!line.empty()) {
            lines.push_back(std::move(line));
            continue;
        }
        // An empty line ends the answer.
        stdout_buf_.erase(0, pos);
        const std::string& first = lines.front();
        reply.status = first[0] == '=' ? GtpReply::Status::Ok : GtpReply::Status::Failure;
        std::size_t i = 1;
        while (i < first.size() && first[i] >= '0' && first[i] <= '9') ++i;  // an id we never sent
        while (i < first.size() && first[i] == ' ') ++i;
        reply.text = first.substr(i);
        for (std::size_t k = 1; k < lines.size(); ++k) reply.text += "\n" + lines[k];
        return true;
    }
}

GtpClient::Wait GtpClient::wait_readable(double deadline, bool want_stdout, GtpClient* other) {
    for (;;) {
        if (cancel_ && cancel_->load()) return Wait::Cancelled;
        const double left = deadline - now_seconds();
        if (left <= 0) return Wait::Timeout;
        pollfd fds[3];
        int n = 0, out_i = -1, err_i = -1, other_i = -1;
        if (want_stdout && stdout_fd_ >= 0) { out_i = n; fds[n++] = {stdout_fd_, POLLIN, 0}; }
        if (stderr_fd_ >= 0) { err_i = n; fds[n++] = {stderr_fd_, POLLIN, 0}; }
        if (other && other != this && other->stderr_fd_ >= 0) { other_i = n; fds[n++] = {other->stderr_fd_, POLLIN, 0}; }
        int ms = static_cast<int>(left * 1000.0) + 1;
        if (cancel_) ms = std::min(ms, kCancelPollMs);
        const int r = ::poll(fds, static_cast<nfds_t>(n), ms);
        if (r < 0 && errno != EINTR) return Wait::Timeout;  // cannot happen with valid fds
        if (r <= 0) continue;
        if (err_i >= 0 && fds[err_i].revents) read_stderr();
        if (other_i >= 0 && fds[other_i].revents) other->read_stderr();
        if (out_i >= 0 && fds[out_i].revents) return Wait::Ready;
        if (!want_stdout) return Wait::Ready;
    }
}

bool GtpClient::read_stdout() {
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(stdout_fd_, buf, sizeof buf);
        if (n > 0) {
            stdout_buf_.append(buf, static_cast<std::size_t>(n));
            if (stdout_buf_.size() > kMaxAnswerBytes) return true;
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) return true;
        return false;  // EOF (or an error, which means the same here)
    }
}

void GtpClient::read_stderr() {
    if (stderr_fd_ < 0) return;
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(stderr_fd_, buf, sizeof buf);
        if (n > 0) {
            add_stderr_bytes(buf, static_cast<std::size_t>(n));
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) return;
        // EOF: keep an unfinished last line too, it is often the most useful one.
        if (!stderr_part_.empty()) add_stderr_bytes("\n", 1);
        close_fd(stderr_fd_);
        return;
    }
}

void GtpClient::drain_stderr() { read_stderr(); }

void GtpClient::add_stderr_bytes(const char* data, std::size_t n) {
    if (max_stderr_lines_ == 0) return;
    for (std::size_t i = 0; i < n; ++i) {
        if (data[i] != '\n') {
            if (stderr_part_.size() < kMaxStderrLine) stderr_part_ += data[i];
            continue;
        }
        stderr_lines_.push_back(sanitize_line(stderr_part_));
        stderr_part_.clear();
        while (stderr_lines_.size() > max_stderr_lines_) stderr_lines_.pop_front();
    }
}

bool GtpClient::reap_within(double seconds) {
    if (pid_ <= 0) return true;
    const double deadline = now_seconds() + seconds;
    for (;;) {
        int status = 0;
        const pid_t r = ::waitpid(pid_, &status, WNOHANG);
        if (r == pid_) {
            record_exit(status);
            pid_ = -1;
            read_stderr();
            close_fds();
            return true;
        }
        if (r < 0 && errno != EINTR) {  // not our child any more (cannot happen); forget it
            pid_ = -1;
            close_fds();
            return true;
        }
        if (now_seconds() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

void GtpClient::quit(double grace_seconds) {
    if (pid_ <= 0) return;
    if (stdin_fd_ >= 0 && stdout_fd_ >= 0) command("quit", std::min(grace_seconds, 1.0));
    close_fd(stdin_fd_);  // engines that ignore quit usually stop at EOF
    if (!reap_within(grace_seconds)) kill();
}

void GtpClient::kill() {
    if (pid_ > 0) {
        // The group id stays reserved until the leader is reaped, so this cannot hit a stranger.
        ::killpg(pid_, SIGKILL);
        ::kill(pid_, SIGKILL);
        int status = 0;
        pid_t r;
        do r = ::waitpid(pid_, &status, 0);
        while (r < 0 && errno == EINTR);
        if (r == pid_ && exit_description_.empty()) record_exit(status);
        pid_ = -1;
        read_stderr();
    }
    close_fds();
}

void GtpClient::record_exit(int status) {
    if (WIFEXITED(status)) {
        exit_description_ = "exited with code " + std::to_string(WEXITSTATUS(status));
    } else if (WIFSIGNALED(status)) {
        const int sig = WTERMSIG(status);
        const char* name = ::sigdescr_np(sig);
        exit_description_ = "killed by signal " + std::to_string(sig) + (name ? std::string(" (") + name + ")" : "");
    } else {
        exit_description_ = "ended with status " + std::to_string(status);
    }
}

void GtpClient::close_fds() {
    close_fd(stdin_fd_);
    close_fd(stdout_fd_);
    close_fd(stderr_fd_);
}

}  // namespace outflank
