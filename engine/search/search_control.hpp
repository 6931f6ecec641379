// The limits of one search, shared by every thread that works on it: the reasons to stop (a stop
// request from another thread, a node limit, a hard deadline) and the node total. Each thread
// counts its nodes in its own ThreadContext (thread_context.hpp) and reports them here every
// kCheckInterval nodes; reading the clock costs ~20 ns, and at >10 M nodes/s per thread a check
// every 4096 nodes is well under 1 ms.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace outflank {

class SearchControl {
public:
    using Clock = std::chrono::steady_clock;
    static constexpr std::uint64_t kCheckInterval = 4096;

    // Resets for a new search with the given limits (0 = none), its time counted from `start`.
    // Call before any thread searches. A pending stop request is kept: clear it with
    // clear_stop_request() when a new command starts.
    void start(std::uint64_t node_limit, double hard_seconds, Clock::time_point start = Clock::now()) {
        stopped_.store(false, std::memory_order_relaxed);
        nodes_.store(0, std::memory_order_relaxed);
        node_limit_ = node_limit;
        start_ = start;
        has_deadline_ = hard_seconds > 0;
        deadline_ = start_ + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(hard_seconds));
    }
    void clear_stop_request() { stop_requested_.store(false, std::memory_order_relaxed); }
    bool stop_requested() const { return stop_requested_.load(std::memory_order_relaxed); }
    // Thread-safe: asks the running search to return as soon as it can.
    void request_stop() { stop_requested_.store(true, std::memory_order_relaxed); }

    // Any thread: adds the nodes it counted since its last report, then decides whether the
    // search must stop. Once it says so it keeps saying so until the next start().
    bool check(std::uint64_t new_nodes) {
        const std::uint64_t total = nodes_.fetch_add(new_nodes, std::memory_order_relaxed) + new_nodes;
        if (stop_requested_.load(std::memory_order_relaxed) || (node_limit_ && total >= node_limit_) ||
            (has_deadline_ && Clock::now() >= deadline_))
            stopped_.store(true, std::memory_order_relaxed);
        return stopped();
    }
    // Any thread: adds nodes without deciding anything (a thread leaving the search).
    void add_nodes(std::uint64_t n) { nodes_.fetch_add(n, std::memory_order_relaxed); }
    bool stopped() const { return stopped_.load(std::memory_order_relaxed); }
    // Nodes reported so far by all threads.
    std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
    double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

private:
    std::atomic<bool> stop_requested_{false};
    std::atomic<bool> stopped_{false};
    std::atomic<std::uint64_t> nodes_{0};
    // Written by start() only, before the threads search: read-only during a search.
    std::uint64_t node_limit_ = 0;
    bool has_deadline_ = false;
    Clock::time_point start_{};
    Clock::time_point deadline_{};
};

}  // namespace outflank
