#include "search/timeman.hpp"

#include <algorithm>

namespace outflank {

TimeBudget plan_time(const ClockState& clock, int empties) {
    // Keep a margin proportional to the clock plus a fixed one for latency.
    const double usable = std::max(0.0, clock.remaining * 0.97 - clock.overhead);
    int moves_left;
    if (clock.moves > 0) {
        moves_left = clock.moves;
    } else {
        // Our remaining moves are about half the empties, but from kClockSpreadEndEmpties the exact
        // solver finishes the game in a fraction of a move's share: spread the clock over the
        // moves before them, where the game is decided, with a floor for safety.
        moves_left = std::max(3, (std::max(empties, 0) - kClockSpreadEndEmpties) / 2 + 1);
    }
    // Every move before the solver's range gets an equal share, the opening's too: 0.6 of it above
    // 44 empties played no better over 600 games at 4 s a game (README, strength ladder).
    double soft = usable / moves_left + clock.increment * 0.8;
    // A move may take up to 3x its share when the search needs it (unstable iterations), but never
    // more than 40% of what is left unless it is the only move of the period.
    double hard = std::min(soft * 3.0, clock.moves == 1 ? usable : usable * 0.4 + clock.increment * 0.8);
    soft = std::min(soft, usable);
    hard = std::max(std::min(hard, usable), std::min(soft, usable));
    return {std::max(soft, 0.0), std::max(hard, 0.0)};
}

void IterationTimer::completed(Square best_move, int score) {
    best_move_changes_ *= 0.5;
    if (iterations_ > 0 && best_move != best_move_) {
        best_move_changes_ += 1;
        stable_iterations_ = 0;
    } else {
        ++stable_iterations_;
    }
    score_drop_ = iterations_ > 0 ? std::max(0, score_ - score) : 0;
    best_move_ = best_move;
    score_ = score;
    ++iterations_;
}

double IterationTimer::stretch() const {
    double f = 1.0 + 0.5 * best_move_changes_;
    if (stable_iterations_ >= 4) f *= 0.8;
    if (stable_iterations_ >= 6) f *= 0.75;
    if (score_drop_ >= 2) f *= 1.0 + std::min(score_drop_, 8) * 0.08;
    return std::clamp(f, 0.6, 2.0);
}

bool IterationTimer::start_next(double elapsed) const {
    if (soft_ <= 0) return true;               // no time limit: the depth or node limit decides
    if (hard_ <= soft_ * 1.001) return true;   // unused time is lost: search to the limit
    return elapsed < soft_ * 0.5 * stretch();
}

}  // namespace outflank
