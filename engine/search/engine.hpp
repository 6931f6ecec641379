// The engine API: the only door into the search for the protocols, the command line, the book
// builder and the match referee. One Engine owns a transposition table and a pool of search
// threads, and runs one search at a time on all of them; stop() may be called from any thread.
#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <vector>

#include "core/position.hpp"
#include "search/search_types.hpp"
#include "search/tt.hpp"

namespace outflank {

class Searcher;

class Engine {
public:
    // Allocates and clears the transposition table at once (throws Error when `hash_mb` is more
    // than max_hash_mb() or cannot be had), so no search ever pays for it. `progress` hears how
    // the allocation of a large table goes. `threads` search together (1: one thread, the
    // deterministic search; see set_threads).
    explicit Engine(std::size_t hash_mb = 64, const AllocationProgress& progress = {}, int threads = 1);
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    // Searches `pos` within `limits`; `on_info` is called after each iteration. Always returns a
    // legal move (or kPass when the side must pass, kNoMove when the game is over), even when
    // stopped early.
    //
    // A search with a time limit runs on a thread of its own while the caller waits, and the
    // caller answers by the hard deadline (plus kAnswerSlack) whether or not the search threads
    // have come back: on a machine with more runnable threads than cores a stopped search may
    // wait many milliseconds for the scheduler before each of its threads sees the stop, and
    // a late move loses the game. Then the answer is the last iteration's move (result.stopped),
    // `on_info` hears nothing more of that search, and it winds down in the background; the next
    // call that uses the search (search, evaluate_moves, new_game, set_hash_mb, set_threads)
    // waits for it first.
    SearchResult search(const Position& pos, const Limits& limits, const InfoCallback& on_info = {});
    // How long after the hard deadline the caller answers without the search threads.
    static constexpr double kAnswerSlack = 0.010;

    // Scores every legal move of `pos` (each searched with `limits`), best first.
    std::vector<MoveScore> evaluate_moves(const Position& pos, const Limits& limits);

    // Thread-safe: the running search returns promptly (within a few milliseconds).
    void stop();
    // Forgets everything learned in the current game (clears the transposition table).
    void new_game();
    // A new table, allocated and cleared now; on failure (Error) the old table stays.
    void set_hash_mb(std::size_t megabytes, const AllocationProgress& progress = {});
    std::size_t hash_mb() const;
    // Searches from now on use `threads` threads (1..kMaxThreads; the helpers start now and sleep
    // between searches). Never call during a search. With 1, node counts and results are
    // reproducible; with more, node counts vary from run to run, exact scores never do.
    void set_threads(int threads);
    int threads() const;
    static constexpr int kMaxThreads = 256;

private:
    struct Background;  // a timed search's thread and what it reports (engine.cpp)
    // Waits until a timed search the caller has answered without has come back.
    void finish_background();
    // The same, but no later than `limit`: false if it is still running then.
    bool finish_background_by(std::chrono::steady_clock::time_point limit);

    std::unique_ptr<Searcher> searcher_;
    std::shared_ptr<Background> background_;
};

// The limits of a strength level (1..60, as in the usual engines: the midgame depth, with an
// exact solve from about 2 x level empties), used by protocols and the referee.
Limits level_limits(int level);

// The default number of search threads: the CPUs this process may use (core/cpus.hpp: its
// affinity mask and CPU quota, at most the machine's CPUs; at least 1).
int default_threads();
// Throws Error unless 1 <= threads <= Engine::kMaxThreads.
void check_threads(int threads);

}  // namespace outflank
