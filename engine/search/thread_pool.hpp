// The threads of one Engine and how they share a search: Young Brothers Wait Concept (YBWC).
//
// Why this design. The two families the field uses are node splitting (YBWC and its relatives,
// used by the Othello engines Edax and Egaroucid) and Lazy SMP (independent searches of the whole
// tree that share the transposition table, used by chess engines). In an exact endgame most of
// the tree is null-window nodes whose every move must be searched (all-nodes) or whose first
// move cuts (cut-nodes): splitting at a node after its eldest brother is searched hands the
// helpers disjoint subtrees that a single thread would have searched anyway, so the extra nodes
// stay small, while Lazy SMP's threads re-search the same subtrees and rely on table hits to
// diverge. One mechanism serves the midgame (null-window nodes of depth >= kMidSplitDepth) and
// the exact solver (null-window nodes of >= kEndSplitEmpties empties), so the engine has a single
// parallel design to test. Measured on 2 cores: FFO #40-#59 1.90 times faster on 2 threads than
// on 1 with 1.06 times the nodes (`scripts/bench-threads --sets 40-59 --threads 1,2`); midgame
// searches about 1.3 times faster (PV nodes and the ordering searches do not split yet).
// Lazy SMP was not built: its node inflation in exact endgames is what the field reports as its
// weakness, and the endgame is where this engine's users wait.
//
// How it works. The calling thread searches as before. At a null-window node that qualifies,
// after the first move failed low and while some helper is idle, the thread publishes a
// SplitPoint with the remaining moves; idle helpers (spinning on the list while a search runs,
// asleep otherwise) join it and every thread takes moves from it until none remain or one fails
// high. A fail-high sets the split point's `cut`, which every thread below it sees at its next
// check (every SearchControl::kCheckInterval nodes) and unwinds. The master, its own moves done,
// waits for the helpers and meanwhile helps only at split points below its own ("helpful
// master"), so it is never busy elsewhere when its node is finished. Nothing here allocates
// during a search: split points live on the master's stack.
#pragma once

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "search/split_point.hpp"

namespace outflank {

class SearchWorker;
struct ThreadContext;

class ThreadPool {
public:
    static constexpr int kMaxThreads = 256;

    // `threads` in all, counting the thread that calls the search: threads - 1 helpers, each
    // with its own SearchWorker. 1 makes no helper and never splits.
    explicit ThreadPool(int threads);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    int threads() const { return static_cast<int>(helpers_.size()) + 1; }
    // Cheap hint for the search: is it worth publishing a split point now?
    bool has_idle_helper() const { return idle_.load(std::memory_order_relaxed) > 0; }

    // Helpers wait for split points between these calls and sleep outside them.
    void begin_search();
    void end_search();

    // The master's side: publishes `sp` (the master's context must be `master`'s), searches its
    // moves with the helpers that join, and returns when all of them have left it. Afterwards
    // master's context is back under sp.parent, with its stop flag re-read.
    void split(SearchWorker& master, SplitPoint& sp);

private:
    bool publish(SplitPoint& sp);
    void withdraw(SplitPoint& sp);
    // Joins one published split point with work left (one below `under` when it is given) and
    // works there until it runs out; false when there was none.
    bool help(SearchWorker& worker, const SplitPoint* under, bool is_helper);
    void helper_main(int index);

    std::vector<std::unique_ptr<SearchWorker>> workers_;  // one per helper
    std::vector<std::thread> helpers_;

    std::mutex list_lock_;  // guards list_ and count_
    static constexpr int kMaxSplitPoints = 64;
    SplitPoint* list_[kMaxSplitPoints]{};
    int count_ = 0;
    std::atomic<int> published_{0};  // count_, readable without the lock

    std::atomic<int> idle_{0};  // helpers waiting for a split point
    std::mutex sleep_lock_;
    std::condition_variable wake_;
    std::atomic<bool> searching_{false};
    bool quit_ = false;
};

}  // namespace outflank
