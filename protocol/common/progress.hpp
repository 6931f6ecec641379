// The one progress display of every long job (solve, search, analyze, bench, book, train, tune,
// board --scores, the hash table's allocation, GTP's outflank-solve). Progress goes to stderr (or
// a protocol's log), never to the results on stdout, so that `outflank ... > result.txt` stays
// clean. Two looks:
//   - Rewrite: one status line rewritten in place ("\r"), for a person at a terminal;
//   - Lines:   whole lines, at most one every few seconds, for a log, a pipe, a GUI that shows
//              stderr as a log, or a terminal that cannot rewrite a line (TERM=dumb).
// `-q` (Quiet) shows nothing. The object is thread-safe: a Heartbeat thread and the search's
// own callbacks may report through the same one.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>

#include "search/tt.hpp"

namespace outflank {

enum class ProgressStyle { Quiet, Rewrite, Lines };

// The style for stderr: Quiet when asked, Rewrite on a terminal that can rewrite a line, Lines
// elsewhere (a file, a pipe, TERM=dumb or no TERM at all).
ProgressStyle stderr_progress_style(bool quiet);
// The same decision from its inputs (for the tests): `term` is the TERM variable, null if unset.
ProgressStyle progress_style_for(bool quiet, bool is_terminal, const char* term);

class ProgressDisplay {
public:
    // Gets each line without its newline (Lines style only).
    using LineWriter = std::function<void(const std::string&)>;

    // On stderr, in stderr_progress_style(quiet); Lines style writes at most one line every
    // `line_interval`.
    explicit ProgressDisplay(bool quiet, std::chrono::milliseconds line_interval = std::chrono::seconds(5));
    // Lines (or Quiet) to `write_line`: a protocol's log, or a test's buffer. Rewrite needs a
    // terminal, so it is not offered here.
    ProgressDisplay(ProgressStyle style, LineWriter write_line,
                    std::chrono::milliseconds line_interval = std::chrono::seconds(5));
    ~ProgressDisplay();
    ProgressDisplay(const ProgressDisplay&) = delete;
    ProgressDisplay& operator=(const ProgressDisplay&) = delete;

    // The current state of the job. Rewrite shows it (at most ten times a second); Lines writes
    // it if `line_interval` has passed since the last line (the first update is always written,
    // so that a log says at once what started).
    void update(const std::string& text);
    // A line that must be seen (a stage done, a warning): always written, as a line of its own,
    // after clearing the status line.
    void line(const std::string& text);
    // Runs `write` (which prints a result on stdout) with the status line cleared, so that the
    // two never share a line of the screen even when a Heartbeat updates meanwhile.
    void above_status(const std::function<void()>& write);
    // The job is done: clears the status line; `summary`, if any, is written as a line.
    void finish(const std::string& summary = {});

    ProgressStyle style() const { return style_; }
    bool quiet() const { return style_ == ProgressStyle::Quiet; }

private:
    void clear_status_locked();
    void write_line_locked(const std::string& text);

    ProgressStyle style_;
    LineWriter write_line_;  // empty: stderr
    std::chrono::milliseconds line_interval_;
    std::mutex mutex_;
    std::size_t status_width_ = 0;  // Rewrite: the width of the status line now shown
    bool wrote_any_ = false;
    std::chrono::steady_clock::time_point last_write_{};
};

// Calls `beat(seconds since start)` every `interval` on a thread of its own, until destroyed: the
// progress of a step that reports nothing while it runs (the last iteration of an exact search).
class Heartbeat {
public:
    Heartbeat(std::chrono::milliseconds interval, std::function<void(double seconds)> beat);
    ~Heartbeat();
    Heartbeat(const Heartbeat&) = delete;
    Heartbeat& operator=(const Heartbeat&) = delete;

private:
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stopping_ = false;
    std::thread thread_;
};

// The status line of a search whose steps come slower and slower (the exact solve at the end
// reports only when it is done): `what`, the last step reported, and the time so far, refreshed
// every second until destroyed. step() may be called from the search's callback.
class SearchHeartbeat {
public:
    SearchHeartbeat(ProgressDisplay& progress, std::string what);
    void step(const std::string& text);

private:
    void show(double seconds);

    ProgressDisplay& progress_;
    const std::string what_;
    std::mutex mutex_;
    std::string last_step_;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    Heartbeat heartbeat_;  // last: it starts beating once the members above exist
};

// Progress of a large hash table's allocation, for front ends to hand to the Engine, through a
// ProgressDisplay (the engine calls it only for tables that take a moment: 512 MB and more).
AllocationProgress allocation_progress(ProgressDisplay& progress, std::size_t megabytes);
// The same as lines on a protocol's log (GTP, NBoard: GUIs show stderr as a log, if at all):
// one a second at most, and the end.
AllocationProgress allocation_progress(ProgressDisplay::LineWriter write_line, std::size_t megabytes);
AllocationProgress allocation_progress(std::ostream& log, std::size_t megabytes);

// "12 s", "3m05s", "1h02m03s": elapsed and remaining times in progress lines.
std::string duration_text(double seconds);

}  // namespace outflank
