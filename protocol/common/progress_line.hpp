// Progress of a long command on stderr: on a terminal one line rewritten in place ("\r"); into a
// file or pipe a full line at most every few seconds, so a log is readable and stays small.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

#include <unistd.h>

namespace outflank {

class ProgressLine {
public:
    explicit ProgressLine(bool quiet) : quiet_(quiet), terminal_(isatty(fileno(stderr)) == 1) {}

    void update(const std::string& text) {
        if (quiet_) return;
        const auto now = std::chrono::steady_clock::now();
        if (terminal_) {
            std::fprintf(stderr, "\r%-*s", static_cast<int>(width_), text.c_str());
            if (text.size() > width_) width_ = text.size();
        } else if (now - last_ >= std::chrono::seconds(3)) {
            std::fprintf(stderr, "%s\n", text.c_str());
            last_ = now;
        } else {
            return;
        }
        std::fflush(stderr);
    }
    // Clears the line on a terminal; `summary` (if any) is then printed as a line of its own.
    void finish(const std::string& summary = {}) {
        if (quiet_) return;
        if (terminal_ && width_ > 0) std::fprintf(stderr, "\r%*s\r", static_cast<int>(width_), "");
        if (!summary.empty()) std::fprintf(stderr, "%s\n", summary.c_str());
        std::fflush(stderr);
    }

private:
    bool quiet_;
    bool terminal_;
    std::size_t width_ = 0;
    std::chrono::steady_clock::time_point last_{};
};

}  // namespace outflank
