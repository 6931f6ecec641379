// Time management: how long to think about the next move given the clock. A search aims at the
// soft budget and never passes the hard one, which keeps a safety margin for answer latency.
#pragma once

#include "core/bitboard.hpp"

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

// Under a game clock, the empties from which the exact solver plays the rest of the game in a
// fraction of a move's share: the clock is spread over the own moves before them. 22 spent 88%
// of a 4 s clock instead of 82% and played no better over 800 games (README, strength ladder).
inline constexpr int kClockSpreadEndEmpties = 18;

// Plans the next move's time. Under a game clock `empties` says how many own moves are left
// before kClockSpreadEndEmpties (the exact solver plays the rest in a fraction of a share), and the
// clock is spread over those: the midgame, where a deeper search pays most, gets the time. At 4 s
// a game this spent 82% of the clock instead of 64% and scored +28 Elo (README, ladder).
TimeBudget plan_time(const ClockState& clock, int empties);

// Iterative deepening under a budget: after each completed iteration, whether to start the next.
// The search itself stops at the hard limit, and an iteration cut short still counts when it had
// found a better root move, so an unfinished iteration is not wasted time.
// - When the hard limit is the soft one (a time per move, `search --time`), time left unused is
//   lost: every iteration is started, and the search answers at the limit.
// - When the clock carries unused time to later moves (soft < hard), an iteration starts only
//   while the time spent is under half the soft budget, scaled by how settled the search is: a
//   best move that keeps changing or a falling score (a critical move) stretches it up to 2x, a
//   move that stayed best for several iterations shrinks it (down to 0.6x), so the time saved on
//   easy moves is spent on hard ones.
class IterationTimer {
public:
    IterationTimer(double soft, double hard) : soft_(soft), hard_(hard) {}

    // Records a completed iteration's best move and score.
    void completed(Square best_move, int score);
    // Whether to start another iteration `elapsed` seconds into the search.
    bool start_next(double elapsed) const;
    // The factor (0.6 .. 2) by which the soft budget is scaled now.
    double stretch() const;

private:
    double soft_;
    double hard_;
    int iterations_ = 0;
    Square best_move_ = kNoMove;
    int score_ = 0;
    double best_move_changes_ = 0;  // decays by half each iteration, so recent changes weigh most
    int stable_iterations_ = 0;     // iterations in a row with the same best move
    int score_drop_ = 0;            // how far the score fell in the last iteration (discs, >= 0)
};

}  // namespace outflank
