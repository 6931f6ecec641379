// A GTP client for a child-process engine: the match referee's only way to talk to an engine.
// The engine is started with `/bin/sh -c "CMD ARGS"` (so quoting, paths and environment variables
// work as on a command line) in its own process group, with pipes on stdin, stdout and stderr.
// Every wait is bounded: a command returns Ok, Failure (`?` answer), Timeout, Crashed, Malformed
// or Cancelled, never blocks past its deadline, and the destructor always kills and reaps the
// child, so a misbehaving engine can neither hang the referee nor leave a zombie behind.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <deque>
#include <string>
#include <vector>

namespace outflank {

struct GtpReply {
    enum class Status {
        Ok,         // `= text`
        Failure,    // `? text`: the engine refused the command
        Timeout,    // no complete answer before the deadline (the engine is left running; kill it)
        Crashed,    // stdout closed or the process exited; `text` says how (exit code, signal)
        Malformed,  // a line that is not a GTP answer; `text` is that line
        Cancelled,  // the cancel flag was raised while waiting
    };
    Status status = Status::Ok;
    std::string text;      // the answer without `=`/`?` and id; lines joined by '\n'
    double seconds = 0.0;  // wall time from sending the command to the end of the answer
};

const char* to_string(GtpReply::Status status);

class GtpClient {
public:
    // `command` is run by /bin/sh -c. Keeps the last `stderr_lines` lines the engine writes to
    // stderr. When `cancel` is given, waits poll it every 50 ms and give up when it is true.
    explicit GtpClient(std::string command, std::size_t stderr_lines = 10,
                       const std::atomic<bool>* cancel = nullptr);
    ~GtpClient();
    GtpClient(const GtpClient&) = delete;
    GtpClient& operator=(const GtpClient&) = delete;

    // Starts the process (a running one is killed first). Throws Error when the pipes or the
    // fork fail; a command that does not exist shows up as Crashed on the first command, with
    // the shell's "not found" in stderr_tail().
    void start();
    // True between start() and the moment the process is known to have exited or been killed.
    bool running() const { return pid_ > 0; }
    pid_t pid() const { return pid_; }

    // Sends one command line (no newline) and waits up to `timeout_seconds` for its answer.
    // While waiting, also drains `also_drain`'s stderr, so the other engine of a game cannot block
    // on a full stderr pipe while this one thinks.
    GtpReply command(const std::string& line, double timeout_seconds, GtpClient* also_drain = nullptr);

    // Reads whatever the engine has written to stderr, without waiting.
    void drain_stderr();
    // The engine's last lines of stderr (oldest first), for the log of a lost game.
    std::vector<std::string> stderr_tail() const { return {stderr_lines_.begin(), stderr_lines_.end()}; }

    // Ends the engine politely: `quit`, close stdin, wait up to `grace_seconds` for it to exit,
    // then kill it. Always reaps it.
    void quit(double grace_seconds = 1.0);
    // Kills the whole process group with SIGKILL and reaps the engine. Safe to call twice.
    void kill();
    // How the process ended ("exited with code 1", "killed by signal 11 (Segmentation fault)"),
    // or "" while it runs.
    const std::string& exit_description() const { return exit_description_; }

private:
    enum class Wait { Ready, Timeout, Cancelled };
    // Polls stdout (when `want_stdout`), our stderr and `other`'s stderr until stdout is readable
    // or the deadline passes.
    Wait wait_readable(double deadline, bool want_stdout, GtpClient* other);
    bool read_stdout();  // false at EOF
    void read_stderr();
    void add_stderr_bytes(const char* data, std::size_t n);
    // Waits up to `seconds` for the process to exit by itself; true when it did (and is reaped).
    bool reap_within(double seconds);
    void record_exit(int status);
    void close_fds();
    // Takes the first complete answer out of stdout_buf_ into `reply`; false if there is none yet.
    bool parse_answer(GtpReply& reply);

    std::string command_;
    std::size_t max_stderr_lines_;
    const std::atomic<bool>* cancel_;
    pid_t pid_ = -1;
    int stdin_fd_ = -1;
    int stdout_fd_ = -1;
    int stderr_fd_ = -1;
    std::string stdout_buf_;   // bytes read from stdout, not yet part of an answer
    std::string stderr_part_;  // an unfinished stderr line
    std::deque<std::string> stderr_lines_;
    std::string exit_description_;
};

}  // namespace outflank
