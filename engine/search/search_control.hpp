// Shared by the midgame search and the endgame solver: node counting and the reasons to stop
// (a stop request from another thread, a node limit, a hard deadline). Checking the clock costs
// ~20 ns, so it is read only every kCheckInterval nodes; at >10 M nodes/s that is well under 1 ms.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace outflank {

class SearchControl {
public:
    using Clock = std::chrono::steady_clock;
    static constexpr std::uint64_t kCheckInterval = 4096;

    // Resets for a new search with the given limits (0 = none).
    // A pending stop request is kept: clear it with clear_stop_request() when a new command starts.
    void start(std::uint64_t node_limit, double hard_seconds) {
        stopped_ = false;
        nodes = 0;
        next_check_ = kCheckInterval;
        node_limit_ = node_limit;
        start_ = Clock::now();
        has_deadline_ = hard_seconds > 0;
        deadline_ = start_ + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(hard_seconds));
    }
    void clear_stop_request() { stop_requested_.store(false, std::memory_order_relaxed); }
    bool stop_requested() const { return stop_requested_.load(std::memory_order_relaxed); }
    // Thread-safe: asks the running search to return as soon as it can.
    void request_stop() { stop_requested_.store(true, std::memory_order_relaxed); }

    // Called by searchers after counting nodes; cheap except every kCheckInterval nodes.
    bool should_stop() {
        if (nodes < next_check_) return stopped_;
        next_check_ = nodes + kCheckInterval;
        if (stop_requested_.load(std::memory_order_relaxed) || (node_limit_ && nodes >= node_limit_) ||
            (has_deadline_ && Clock::now() >= deadline_))
            stopped_ = true;
        return stopped_;
    }
    bool stopped() const { return stopped_; }
    double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

    std::uint64_t nodes = 0;  // incremented by the searchers

private:
    std::atomic<bool> stop_requested_{false};
    bool stopped_ = false;
    std::uint64_t next_check_ = kCheckInterval;
    std::uint64_t node_limit_ = 0;
    bool has_deadline_ = false;
    Clock::time_point start_{};
    Clock::time_point deadline_{};
};

}  // namespace outflank
