#include "cli/cli_interrupt.hpp"

#include <csignal>

namespace outflank::cli {
namespace {

std::atomic<bool> g_requested{false};
// Lock-free atomics are async-signal-safe; plain globals would not be.
std::atomic<int> g_signal{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);

extern "C" void on_interrupt_signal(int signal) {
    int none = 0;
    g_signal.compare_exchange_strong(none, signal);  // the first signal decides the exit code
    g_requested.store(true);
}

struct sigaction g_old_int {}, g_old_term {};

}  // namespace

InterruptScope::InterruptScope() {
    g_requested = false;
    g_signal = 0;
    struct sigaction sa {};
    sa.sa_handler = on_interrupt_signal;
    sigemptyset(&sa.sa_mask);
    // One-shot: the handler resets to the default action, so a second Ctrl-C kills a job that is
    // slow to reach its safe point.
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &sa, &g_old_int);
    sigaction(SIGTERM, &sa, &g_old_term);
}

InterruptScope::~InterruptScope() {
    sigaction(SIGINT, &g_old_int, nullptr);
    sigaction(SIGTERM, &g_old_term, nullptr);
}

bool InterruptScope::requested() { return g_requested.load(); }
const std::atomic<bool>& InterruptScope::flag() { return g_requested; }
int InterruptScope::signal_number() { return g_signal.load(); }

int InterruptScope::exit_code() {
    const int signal = g_signal.load();
    return signal == 0 ? 0 : 128 + signal;
}

const char* InterruptScope::signal_name() {
    switch (g_signal.load()) {
        case SIGINT: return "SIGINT";
        case SIGTERM: return "SIGTERM";
        default: return "";
    }
}

}  // namespace outflank::cli
