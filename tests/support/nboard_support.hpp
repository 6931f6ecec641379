// A test driver for NboardSession: feeds lines as the GUI would and records every output and
// log line with the time it was written (the search thread writes too, hence the lock).
#pragma once

#include <chrono>
#include <mutex>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "records/ggf.hpp"
#include "nboard/nboard.hpp"

namespace outflank::test {

// Milliseconds from a to b, for the latency checks.
inline double ms_between(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}

class NboardDriver {
public:
    using Clock = std::chrono::steady_clock;
    struct Line {
        std::string text;
        Clock::time_point when;
    };

    explicit NboardDriver(NboardOptions options = small_options(), NboardBook* book = nullptr)
        : session_([this](const std::string& line) { record(out_, line); },
                   [this](const std::string& line) { record(log_, line); }, options, book) {}

    static NboardOptions small_options() {
        NboardOptions o;
        o.hash_mb = 4;
        return o;
    }

    bool send(std::string_view line) { return session_.handle_line(line); }
    NboardSession& session() { return session_; }

    // The output lines written since the last take(), and forgets them.
    std::vector<std::string> take() { return texts(out_, true); }
    std::vector<std::string> take_log() { return texts(log_, true); }
    std::vector<Line> take_timed() {
        std::lock_guard lock(mutex_);
        std::vector<Line> lines;
        lines.swap(out_);
        return lines;
    }
    // Sends a line, waits for the search it started (if any) to end, and returns the output.
    std::vector<std::string> run(std::string_view line) {
        send(line);
        session_.wait_until_idle();
        return take();
    }

private:
    void record(std::vector<Line>& into, const std::string& line) {
        std::lock_guard lock(mutex_);
        into.push_back({line, Clock::now()});
    }
    std::vector<std::string> texts(std::vector<Line>& from, bool clear) {
        std::lock_guard lock(mutex_);
        std::vector<std::string> t;
        for (const Line& l : from) t.push_back(l.text);
        if (clear) from.clear();
        return t;
    }

    std::mutex mutex_;
    std::vector<Line> out_;
    std::vector<Line> log_;
    NboardSession session_;  // last: destroyed first, while the lines it may still write to exist
};

// The words of a line.
inline std::vector<std::string> words_of(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

inline bool starts_with(const std::string& s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

// "set game <GGF>" for a transcript from the start position.
inline std::string set_game(std::string_view transcript) {
    return "set game " + to_ggf(Game::from_transcript(transcript));
}

}  // namespace outflank::test
