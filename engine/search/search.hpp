// The search: iterative deepening over the midgame PVS (search_worker.hpp) with aspiration
// windows, the prepared exact solve (selective passes, then the endgame solver) and the hand-over
// to the solver under a clock, on one or more threads (thread_pool.hpp). Engine (engine.hpp) is
// its public face; this header is for the engine layer and its tests.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/position.hpp"
#include "search/search_control.hpp"
#include "search/search_types.hpp"
#include "search/search_worker.hpp"
#include "search/thread_pool.hpp"
#include "search/tt.hpp"

namespace outflank {

class Searcher {
public:
    explicit Searcher(std::size_t hash_mb, const AllocationProgress& progress = {}, int threads = 1);
    ~Searcher();

    SearchResult search(const Position& pos, const Limits& limits, const InfoCallback& on_info);
    // The same, its time counted from `start` (the caller's clock: the search may begin a little
    // later on another thread) and a pending stop request kept (the caller cleared it before).
    SearchResult search_from(const Position& pos, const Limits& limits, const InfoCallback& on_info,
                             SearchControl::Clock::time_point start);
    std::vector<MoveScore> evaluate_moves(const Position& pos, const Limits& limits);
    // During a midgame search, from any thread: the PV and score (a lower bound) of the best root
    // move that the iteration after the last reported one has proven so far; false when none, and
    // always false between searches.
    bool unfinished_best(std::vector<Square>& pv, int& score) const { return main_->interrupted_best(pv, score); }
    // `result` (the last reported iteration's, with a move) takes unfinished_best() when there is
    // one: its PV and move, and its score when the move differs. From any thread, like it.
    // With `wait` false it gives up rather than wait for the search thread's lock.
    void adopt_unfinished_best(SearchResult& result, bool wait = true) const;
    void request_stop() { control_.request_stop(); }
    void clear_stop_request() { control_.clear_stop_request(); }
    void new_game() { tt_.clear(); }
    TranspositionTable& tt() { return tt_; }
    // Replaces the thread pool (never during a search): `threads` in all, 1 = no helper.
    void set_threads(int threads);
    int threads() const;

private:
    SearchResult search_position(const Position& pos, const Limits& limits, const InfoCallback& on_info);
    SearchResult midgame(const Position& pos, const Limits& limits, const InfoCallback& on_info);
    SearchResult solve(const Position& pos, bool wld, const InfoCallback& on_info);
    // Nodes of the current search, all threads.
    std::uint64_t nodes() const;
    // The current search was stopped (limits or stop()): its last result is not to be trusted.
    bool stopped() const;

    TranspositionTable tt_;
    SearchControl control_;
    std::unique_ptr<ThreadPool> pool_;
    std::unique_ptr<SearchWorker> main_;  // the calling thread's worker
    bool use_tt_ = true;
    SearchControl::Clock::time_point start_{};  // of the current search's time
};

// Estimated exact-solve time in seconds for a position with this many empties (used to decide
// when the solver can take over in timed play; calibrated on game positions, see search.cpp).
double estimated_solve_seconds(int empties);

}  // namespace outflank
