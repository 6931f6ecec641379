// What one search thread carries through the tree: the shared table and limits, its own node
// counter, and the split point it works under (split_point.hpp). The hot paths only increment
// `nodes` and read `stop`; everything shared is looked at every kCheckInterval nodes.
#pragma once

#include <cstdint>

#include "search/search_control.hpp"
#include "search/split_point.hpp"
#include "search/tt.hpp"

namespace outflank {

class SearchWorker;
class ThreadPool;

struct ThreadContext {
    TranspositionTable* tt = nullptr;  // nullptr: search without the table
    SearchControl* control = nullptr;
    ThreadPool* pool = nullptr;        // nullptr: never split
    SearchWorker* worker = nullptr;    // the worker this context belongs to (split points need it)
    SplitPoint* split = nullptr;       // the innermost split point this thread works for
    std::uint64_t nodes = 0;           // counted by the search functions
    std::uint64_t reported = 0;        // of which already added to control
    std::uint64_t next_check = SearchControl::kCheckInterval;
    // The search must unwind: the limits are reached, or a brother at a split point above this
    // thread found a cut-off. Once true, results are meaningless until the caller that owns the
    // reason resets it (split points do, on leaving).
    bool stop = false;

    // Starts a search (or a thread's part of one) on `control`.
    void begin(TranspositionTable* table, SearchControl* search_control) {
        tt = table;
        control = search_control;
        split = nullptr;
        nodes = reported = 0;
        next_check = SearchControl::kCheckInterval;
        stop = false;
    }

    // Cheap except every kCheckInterval nodes, where it reports the nodes and asks the limits and
    // the split points above.
    bool should_stop() {
        if (nodes < next_check) return stop;
        next_check = nodes + SearchControl::kCheckInterval;
        const std::uint64_t fresh = nodes - reported;
        reported = nodes;
        stop = control->check(fresh) || split_cut(split);
        return stop;
    }
    bool stopped() const { return stop; }

    // Nodes of the whole search so far: those every thread reported plus this thread's others.
    std::uint64_t search_nodes() const { return control->nodes() + (nodes - reported); }

    // Adds the nodes not yet reported to the control (before a thread leaves a search).
    void report() {
        control->add_nodes(nodes - reported);
        reported = nodes;
    }
    // Re-reads the reasons to stop (after leaving a split point).
    void refresh_stop() { stop = control->stopped() || split_cut(split); }
};

// A thread's share of the work at a split point, for both kinds: takes the next move until none
// is left, one fails high or this thread must unwind; `search_move(i)` returns move i's score for
// the split point's side to move.
template <class SearchMove>
void work_through(ThreadContext& c, SplitPoint& sp, SearchMove&& search_move) {
    for (;;) {
        if (c.stopped() || sp.cut.load(std::memory_order_relaxed)) return;
        const int i = sp.next.fetch_add(1, std::memory_order_relaxed);
        if (i >= sp.count) return;
        const int score = search_move(i);
        if (c.stopped()) return;  // unwound: the score means nothing
        if (sp.record(score, sp.moves[i])) return;
    }
}

}  // namespace outflank
