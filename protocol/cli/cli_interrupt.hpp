// Ctrl-C and SIGTERM for the long command-line jobs (book build/expand, match, train): while an
// InterruptScope lives, the first SIGINT or SIGTERM only raises a flag, so the job can stop at
// its next safe point, save its checkpoint and say how to resume. A second signal of the same
// kind ends the process at once (the handler is one-shot), so a job can never be made
// unkillable. The exit code then follows the shell's rule: 128 + the signal, 130 for SIGINT and
// 143 for SIGTERM.
#pragma once

#include <atomic>

namespace outflank::cli {

class InterruptScope {
public:
    // Installs the handlers and clears any earlier request; the destructor puts the old ones back.
    InterruptScope();
    ~InterruptScope();
    InterruptScope(const InterruptScope&) = delete;
    InterruptScope& operator=(const InterruptScope&) = delete;

    // True once SIGINT or SIGTERM has arrived.
    static bool requested();
    // The flag itself, for APIs that poll an atomic (the match referee).
    static const std::atomic<bool>& flag();
    // The signal that arrived (0 when none) and the exit code it calls for (130, 143; 0 when none).
    static int signal_number();
    static int exit_code();
    // "SIGINT" / "SIGTERM" for messages ("" when none).
    static const char* signal_name();
};

}  // namespace outflank::cli
