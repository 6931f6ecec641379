// What the unfinished iteration of a search has proven at the root so far: the root move that last
// raised alpha in the current aspiration window, with its PV and score, and the PV of an earlier
// window of the same iteration that failed high. The main worker writes it as it changes (a few
// times an iteration, never at other plies); the search reads it after a stop to answer with the
// deeper iteration's move (Searcher::midgame), and so does a caller that answers at the deadline
// without waiting for the search to return (Engine::search), from another thread: hence the lock.
#pragma once

#include <algorithm>
#include <mutex>
#include <vector>

#include "core/bitboard.hpp"

namespace outflank {

class RootProgress {
public:
    static constexpr int kMaxLength = 81;  // a root PV: SearchWorker::kMaxPly + 1 (checked there)

    // A new iteration: nothing proven yet.
    void begin_iteration() {
        std::lock_guard<std::mutex> guard(lock_);
        current_.length = fail_high_.length = 0;
    }
    // A new window of the iteration: its own best is gone, an earlier window's fail-high stays.
    void begin_window() {
        std::lock_guard<std::mutex> guard(lock_);
        current_.length = 0;
    }
    // A root move raised alpha: `pv` starts with it; `score` is a lower bound of its value.
    void raised_alpha(const Square* pv, int length, int score) { set(current_, pv, length, score); }
    // The window failed high with `pv` scoring `score` (its lower bound): kept for a stop in the
    // wider re-search.
    void failed_high(const Square* pv, int length, int score) { set(fail_high_, pv, length, score); }

    // The best root move the iteration has proven, as its PV and score: the window's own when it
    // has one, else the fail-high's. False when nothing is proven yet.
    // With `wait` false, false also when the search thread holds the lock: a caller answering at
    // its deadline must not wait for a thread the scheduler may keep off the CPU.
    bool best(std::vector<Square>& pv, int& score, bool wait = true) const {
        std::unique_lock<std::mutex> guard(lock_, std::defer_lock);
        if (wait) guard.lock();
        else if (!guard.try_lock()) return false;
        const Line& line = current_.length > 0 ? current_ : fail_high_;
        if (line.length == 0) return false;
        pv.assign(line.moves, line.moves + line.length);
        score = line.score;
        return true;
    }

private:
    struct Line {
        Square moves[kMaxLength]{};
        int length = 0;
        int score = 0;
    };
    void set(Line& line, const Square* pv, int length, int score) {
        std::lock_guard<std::mutex> guard(lock_);
        line.length = std::clamp(length, 0, kMaxLength);
        std::copy(pv, pv + line.length, line.moves);
        line.score = score;
    }

    mutable std::mutex lock_;
    Line current_;
    Line fail_high_;
};

}  // namespace outflank
