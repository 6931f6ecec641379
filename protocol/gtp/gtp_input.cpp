#include "gtp/gtp_input.hpp"

#include <poll.h>

#include "core/notation.hpp"
#include "core/tokenizer.hpp"

namespace outflank {
namespace {

// How often a finished session's searches are stopped, and how often the answers' reader is
// looked for once the input has ended.
constexpr auto kStopInterval = std::chrono::milliseconds(5);
constexpr auto kWatchInterval = std::chrono::milliseconds(20);

}  // namespace

GtpInput::GtpInput(std::istream& in, std::function<void()> stop_search, int output_fd)
    : in_(in), stop_search_(std::move(stop_search)), output_fd_(output_fd), reader_([this] { read_loop(); }) {}

GtpInput::~GtpInput() {
    {
        std::lock_guard lock(mutex_);
        done_ = true;
    }
    changed_.notify_all();
    reader_.join();
}

bool GtpInput::is_quit(const std::string& line) {
    const std::string clean = text::clean_line(line, '#');
    const auto words = text::split_words(clean);
    std::size_t at = !words.empty() && text::is_digits(words[0]) ? 1 : 0;
    return at < words.size() && equals_ignoring_case(words[at], "quit");
}

std::optional<GtpInput::Line> GtpInput::next() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return !lines_.empty() || ended_; });
    if (lines_.empty()) return std::nullopt;
    Line line = std::move(lines_.front());
    lines_.pop_front();
    return line;
}

void GtpInput::read_loop() {
    std::string text;
    bool quit_seen = false;
    // An interrupted read (a signal) fails the stream without EOF; anything else ends the input.
    while (text::read_line(in_, text, kMaxLineLength) != text::LineRead::End) {
        quit_seen = is_quit(text);
        {
            std::lock_guard lock(mutex_);
            lines_.push_back({std::move(text), Clock::now()});
        }
        changed_.notify_all();
        text = std::string();
        if (quit_seen) break;  // nothing after quit matters; stop reading so the exit never waits for input
    }
    {
        std::lock_guard lock(mutex_);
        ended_ = true;
    }
    changed_.notify_all();
    watch(quit_seen);
}

bool GtpInput::output_gone() const {
    if (output_fd_ < 0) return false;
    // A pipe whose reading end is closed reports POLLERR (a socket POLLHUP); a file or terminal
    // reports neither.
    pollfd fd{output_fd_, 0, 0};
    return ::poll(&fd, 1, 0) == 1 && (fd.revents & (POLLERR | POLLHUP | POLLNVAL));
}

void GtpInput::watch(bool quit_seen) {
    bool stopping = quit_seen;
    std::unique_lock lock(mutex_);
    while (!done_) {
        if (!stopping && output_gone()) stopping = true;
        if (stopping) {
            // Repeated: a search started by a queued command after the first stop is stopped too.
            lock.unlock();
            stop_search_();
            lock.lock();
        }
        changed_.wait_for(lock, stopping ? kStopInterval : kWatchInterval);
    }
}

}  // namespace outflank
