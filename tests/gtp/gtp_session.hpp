// Helpers for the GTP tests: a GtpEngine on string streams, fed one line or a whole transcript.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "gtp/gtp.hpp"

namespace outflank::test {

// Options that keep test searches fast and quiet: a tiny hash and a shallow fixed depth.
inline GtpOptions fast_gtp_options(int depth = 2) {
    GtpOptions o;
    o.hash_mb = 1;
    o.depth = depth;
    o.explicit_strength = true;
    o.show_info = false;
    return o;
}

class GtpSession {
public:
    explicit GtpSession(GtpOptions options = fast_gtp_options()) : gtp(in, out, log, options) {}

    // Sends one line and returns exactly what the engine wrote in answer ("" for none).
    std::string send(const std::string& line) {
        out.str("");
        out.clear();
        gtp.execute_line(line);
        return out.str();
    }
    // The result text of a successful answer without "= " and the blank line (fails the
    // caller's CHECK by returning "<error: ...>" otherwise).
    std::string ok(const std::string& line) {
        const std::string a = send(line);
        if (a.size() < 4 || a.compare(0, 2, "= ") != 0 || a.compare(a.size() - 2, 2, "\n\n") != 0)
            return "<error: " + a + ">";
        return a.substr(2, a.size() - 4);
    }

    const Game& game() const { return gtp.game(); }

    std::istringstream in;
    std::ostringstream out;
    std::ostringstream log;
    GtpEngine gtp;
};

// Runs a whole input through GtpEngine::run() and returns the output; `exit_code` gets run()'s.
inline std::string run_gtp(const std::string& input, int* exit_code = nullptr,
                           GtpOptions options = fast_gtp_options()) {
    std::istringstream in(input);
    std::ostringstream out, log;
    GtpEngine gtp(in, out, log, options);
    const int code = gtp.run();
    if (exit_code) *exit_code = code;
    return out.str();
}

// Splits the output into answers (each ends with the blank line).
inline std::vector<std::string> split_answers(const std::string& output) {
    std::vector<std::string> answers;
    std::size_t start = 0;
    while (start < output.size()) {
        const std::size_t end = output.find("\n\n", start);
        if (end == std::string::npos) {
            answers.push_back(output.substr(start) + "<unterminated>");
            break;
        }
        answers.push_back(output.substr(start, end - start));
        start = end + 2;
    }
    return answers;
}

}  // namespace outflank::test
