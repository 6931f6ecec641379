// GTP input on its own thread. Lines are read as they come (cut at a fixed length while reading,
// so a line without an end cannot grow memory) and queued with the time they arrived, which is
// when the controller's clock started. The command loop takes them one at a time, so answers
// keep GTP's strict order.
//
// Reading on a separate thread lets the engine notice that the session is over while it
// searches: after a `quit` line, or at the end of the input once nobody reads the answers any
// more (the GUI went away and closed both pipes), the reader stops the running search and keeps
// stopping any search the queued commands start, until the command loop is done. The process
// then exits within a fraction of a second instead of thinking on for a GUI that is gone. A script
// that pipes commands in and still reads the answers (`printf 'genmove b\n' | outflank gtp`) gets
// every queued command searched in full.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <istream>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace outflank {

class GtpInput {
public:
    using Clock = std::chrono::steady_clock;
    static constexpr std::size_t kMaxLineLength = 1 << 16;

    struct Line {
        std::string text;
        Clock::time_point received;
    };

    // `stop_search` is called from the reader thread (it must be thread-safe). `output_fd` is
    // the descriptor the answers go to, watched after the input ends; -1 when there is none.
    GtpInput(std::istream& in, std::function<void()> stop_search, int output_fd);
    // Ends the session: the reader thread is joined (it has stopped reading by then, or is
    // only watching; see above).
    ~GtpInput();
    GtpInput(const GtpInput&) = delete;
    GtpInput& operator=(const GtpInput&) = delete;

    // The next line, waiting for it; nullopt once the input has ended and every line was taken.
    std::optional<Line> next();

    // True for a line that asks to quit ("quit", "7 QUIT # bye"), by the same rules as the parser.
    static bool is_quit(const std::string& line);

private:
    void read_loop();
    // After the last line: stop searches (every few ms) when the session is over, until done_.
    void watch(bool quit_seen);
    bool output_gone() const;

    std::istream& in_;
    std::function<void()> stop_search_;
    int output_fd_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<Line> lines_;
    bool ended_ = false;  // the reader will queue nothing more
    bool done_ = false;   // the command loop has finished
    std::thread reader_;
};

}  // namespace outflank
