// How the book builder questions the engine (only through the Engine API), and how it spreads
// many such questions over several threads, one Engine each.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "book/book.hpp"
#include "search/engine.hpp"
#include "core/position.hpp"

namespace outflank {

struct EvalJob {
    Position pos;             // a book position
    Bitboard excluded = 0;    // moves that lead into the book: the leaf is the best of the others
    bool pass_excluded = false;  // for a position that must pass: the pass leads into the book
    bool all_moves = false;   // score every move (for an expansion) instead of finding the leaf
};

struct EvalResult {
    // all_moves: every legal move, best first. Otherwise the best move outside the book, or
    // nothing when every move leads into the book.
    std::vector<MoveScore> moves;
    // all_moves: for each of `moves`, the best answer the engine found in the position after it
    // (kPass; kNoMove when unknown, e.g. the game is over there): that position's leaf, one ply less deep.
    std::vector<Square> replies;
};

// A book search at `depth`: the strength level of that depth, which solves exactly near the end.
Limits book_limits(int depth);

// Answers one job with `engine`; nullopt when `stopping` was raised or the search was stopped.
std::optional<EvalResult> evaluate_job(Engine& engine, const EvalJob& job, int depth, const std::atomic<bool>& stopping);

struct RunProgress {
    std::string phase;
    std::size_t done = 0;
    std::size_t total = 0;
    double seconds = 0;
};

struct RunControl {
    std::function<void(const RunProgress&)> on_progress;  // a few times a second, and at the end
    std::function<bool()> should_stop;                    // polled after every result
    std::function<void()> checkpoint;                     // every checkpoint_seconds
    double checkpoint_seconds = 60;
    // Take at most this many jobs, then stop as if asked to (0: no limit). A long build can so be
    // done in slices, and tests stop a build at an exact point.
    std::size_t max_jobs = 0;
    // Start every job from a new game (cleared table and history), as `analyze --batch` does each
    // line: results then do not depend on which engine searched what before (the thread count, a
    // resumed run, the shards of `book build --shard`). Build and expand set it; a learn, which
    // borrows the session's engine, does not.
    bool fresh_engines = false;
};

// Runs `jobs` on the engines, one thread per engine, each taking the next job in order.
// `on_result` gets every finished job on the calling thread (which also reports progress and
// calls the checkpoint), so it may change the book freely. Returns true when every job is done,
// false when stopped (the finished ones have been delivered).
bool run_jobs(const std::vector<Engine*>& engines, const std::vector<EvalJob>& jobs, int depth,
              const std::string& phase, const std::function<void(std::size_t, EvalResult&&)>& on_result,
              const RunControl& control);

}  // namespace outflank
