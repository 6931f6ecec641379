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
        // Our remaining moves are about half the empties; the last ~8 plies are solved almost
        // instantly, so spread the clock over the moves before them, with a floor for safety.
        moves_left = std::max(1, (std::max(empties, 0) - 8) / 2 + 1);
        moves_left = std::max(moves_left, 3);
    }
    double soft = usable / moves_left + clock.increment * 0.8;
    // A move may take up to 3x its share when the search needs it (unstable iterations), but never
    // more than 40% of what is left unless it is the only move of the period.
    double hard = std::min(soft * 3.0, clock.moves == 1 ? usable : usable * 0.4 + clock.increment * 0.8);
    soft = std::min(soft, usable);
    hard = std::max(std::min(hard, usable), std::min(soft, usable));
    return {std::max(soft, 0.0), std::max(hard, 0.0)};
}

}  // namespace outflank
