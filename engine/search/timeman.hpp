// Time management: how long to think about the next move given the clock. A search aims at the
// soft budget and never passes the hard one, which keeps a safety margin for answer latency.
#pragma once

namespace outflank {

// Seconds kept back by default from every clock for what the engine does not control: process
// scheduling on a loaded machine, pipes, the referee's own timing (scripts/soak-clock measures
// it). Front ends let the user change it (`--move-overhead MS`).
inline constexpr double kDefaultMoveOverhead = 0.05;

struct ClockState {
    double remaining = 0;  // seconds left on the clock for the current period
    int moves = 0;         // own moves that must be made in that time; 0 = all the rest of the game
    double increment = 0;  // seconds added after each move (Fischer); 0 = none
    double overhead = kDefaultMoveOverhead;  // seconds kept back for latency, from every move
};

struct TimeBudget {
    double soft = 0;  // aim to finish the search by then (seconds)
    double hard = 0;  // stop and answer with the best move so far by then (seconds)
};

// Plans the next move's time. `empties` bounds how many moves the engine still has to make
// (about empties / 2), so the clock is spread over what is left, with more for the midgame,
// where a deeper search pays most, than for the last moves, which the solver finishes quickly.
TimeBudget plan_time(const ClockState& clock, int empties);

}  // namespace outflank
