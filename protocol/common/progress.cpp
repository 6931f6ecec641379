#include "common/progress.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include <unistd.h>

namespace outflank {
namespace {
// The narrowest terminal in common use is 80 columns; the cursor takes the last one.
constexpr std::size_t kMaxStatusWidth = 79;
}  // namespace

ProgressStyle progress_style_for(bool quiet, bool is_terminal, const char* term) {
    if (quiet) return ProgressStyle::Quiet;
    // A terminal without a TERM, or with TERM=dumb (Emacs shells, some IDE consoles), shows "\r"
    // as garbage or as new lines: whole lines read better there.
    const bool can_rewrite = is_terminal && term != nullptr && *term != '\0' && std::strcmp(term, "dumb") != 0;
    return can_rewrite ? ProgressStyle::Rewrite : ProgressStyle::Lines;
}

ProgressStyle stderr_progress_style(bool quiet) {
    return progress_style_for(quiet, isatty(fileno(stderr)) == 1, std::getenv("TERM"));
}

ProgressDisplay::ProgressDisplay(bool quiet, std::chrono::milliseconds line_interval)
    : style_(stderr_progress_style(quiet)), line_interval_(line_interval) {}

ProgressDisplay::ProgressDisplay(ProgressStyle style, LineWriter write_line, std::chrono::milliseconds line_interval)
    : style_(style == ProgressStyle::Rewrite ? ProgressStyle::Lines : style),
      write_line_(std::move(write_line)),
      line_interval_(line_interval) {}

ProgressDisplay::~ProgressDisplay() {
    // A status line left on the terminal would run into the shell's prompt.
    std::lock_guard lock(mutex_);
    clear_status_locked();
}

void ProgressDisplay::update(const std::string& text) {
    if (quiet()) return;
    std::lock_guard lock(mutex_);
    const auto now = std::chrono::steady_clock::now();
    if (style_ == ProgressStyle::Rewrite) {
        // Ten redraws a second are as many as a person can read, and cost nothing.
        if (wrote_any_ && now - last_write_ < std::chrono::milliseconds(100)) return;
        // A line longer than the terminal wraps, and "\r" then rewrites only its last part.
        const std::string shown = text.substr(0, kMaxStatusWidth);
        std::fprintf(stderr, "\r%-*s", static_cast<int>(status_width_), shown.c_str());
        std::fflush(stderr);
        if (shown.size() > status_width_) status_width_ = shown.size();
    } else {
        if (wrote_any_ && now - last_write_ < line_interval_) return;
        write_line_locked(text);
    }
    wrote_any_ = true;
    last_write_ = now;
}

void ProgressDisplay::line(const std::string& text) {
    if (quiet()) return;
    std::lock_guard lock(mutex_);
    clear_status_locked();
    write_line_locked(text);
    wrote_any_ = true;
    last_write_ = std::chrono::steady_clock::now();
}

void ProgressDisplay::above_status(const std::function<void()>& write) {
    std::lock_guard lock(mutex_);
    clear_status_locked();
    write();
    std::fflush(stdout);
}

void ProgressDisplay::finish(const std::string& summary) {
    if (quiet()) return;
    std::lock_guard lock(mutex_);
    clear_status_locked();
    if (!summary.empty()) write_line_locked(summary);
}

void ProgressDisplay::clear_status_locked() {
    if (style_ != ProgressStyle::Rewrite || status_width_ == 0) return;
    std::fprintf(stderr, "\r%*s\r", static_cast<int>(status_width_), "");
    std::fflush(stderr);
    status_width_ = 0;
}

void ProgressDisplay::write_line_locked(const std::string& text) {
    if (write_line_) {
        write_line_(text);
        return;
    }
    std::fprintf(stderr, "%s\n", text.c_str());
    std::fflush(stderr);
}

Heartbeat::Heartbeat(std::chrono::milliseconds interval, std::function<void(double seconds)> beat) {
    thread_ = std::thread([this, interval, beat = std::move(beat)] {
        const auto start = std::chrono::steady_clock::now();
        std::unique_lock lock(mutex_);
        while (!wake_.wait_for(lock, interval, [this] { return stopping_; })) {
            lock.unlock();  // the beat may take its time; the destructor must not wait for the lock
            beat(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
            lock.lock();
        }
    });
}

Heartbeat::~Heartbeat() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

SearchHeartbeat::SearchHeartbeat(ProgressDisplay& progress, std::string what)
    : progress_(progress),
      what_(std::move(what)),
      heartbeat_(std::chrono::seconds(1), [this](double seconds) { show(seconds); }) {
    progress_.update(what_ + "...");
}

void SearchHeartbeat::step(const std::string& text) {
    {
        std::lock_guard lock(mutex_);
        last_step_ = text;
    }
    show(std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count());
}

void SearchHeartbeat::show(double seconds) {
    std::string text = what_;
    {
        std::lock_guard lock(mutex_);
        if (!last_step_.empty()) text += ": " + last_step_;
    }
    progress_.update(text + ", " + duration_text(seconds) + " so far");
}

AllocationProgress allocation_progress(ProgressDisplay& progress, std::size_t megabytes) {
    return [&progress, megabytes](double fraction) {
        const std::string text = "outflank: clearing the " + std::to_string(megabytes) +
                                 " MB hash table: " + std::to_string(static_cast<int>(fraction * 100)) + "%";
        // The end is always written, so that a log never stops at "97%".
        if (fraction >= 1.0) progress.line(text);
        else progress.update(text);
    };
}

AllocationProgress allocation_progress(ProgressDisplay::LineWriter write_line, std::size_t megabytes) {
    // The callback outlives this call (the Engine keeps it for a later resize): it owns its ProgressDisplay.
    auto progress = std::make_shared<ProgressDisplay>(ProgressStyle::Lines, std::move(write_line), std::chrono::seconds(1));
    return [progress, inner = allocation_progress(*progress, megabytes)](double fraction) { inner(fraction); };
}

AllocationProgress allocation_progress(std::ostream& log, std::size_t megabytes) {
    return allocation_progress([&log](const std::string& text) { log << text << std::endl; }, megabytes);
}

std::string duration_text(double seconds) {
    const long s = static_cast<long>(seconds + 0.5);
    char buf[32];
    if (s >= 3600) std::snprintf(buf, sizeof buf, "%ldh%02ldm%02lds", s / 3600, s / 60 % 60, s % 60);
    else if (s >= 60) std::snprintf(buf, sizeof buf, "%ldm%02lds", s / 60, s % 60);
    else std::snprintf(buf, sizeof buf, "%lds", s);
    return buf;
}

}  // namespace outflank
