// The GTP clock: what `time_settings` and `time_left` said, kept per colour, and turned into a
// time budget (timeman.hpp's plan_time) for the next move. Handles absolute (sudden death),
// per-move (`0 T 1`) and Canadian byo-yomi clocks. When the controller never sends time_left, the
// engine books its own thinking time so that the clock it plans with stays close to the real one.
#pragma once

#include "core/position.hpp"
#include "search/timeman.hpp"

namespace outflank {

class GtpClock {
public:
    // Longest clock taken seriously (about 11 days): larger values would overflow the search's
    // nanosecond deadline arithmetic.
    static constexpr double kMaxSeconds = 1e6;

    // `time_settings main byo stones`. byo > 0 with stones == 0 means "no time limit" (GTP), and so
    // does 0 0 0. Values must be >= 0 (the caller checks). Resets both colours' clocks.
    void set(double main_time, double byo_time, int byo_stones);
    // `time_left colour seconds stones`: stones > 0 means in byo-yomi with that many stones due
    // within `seconds`; 0 means still in main time. Negative seconds count as 0.
    void set_left(Color color, double seconds, int stones);
    // A new game: both clocks back to the settings.
    void reset();
    // Forgets everything: no clock at all (the state before any time command).
    void clear();

    // True when a time limit applies to `color`'s moves.
    bool limited(Color color) const;
    // The soft and hard time for `color`'s next move with `empties` empty squares, keeping
    // `overhead` seconds back for latency. Only meaningful when limited(color).
    TimeBudget budget(Color color, int empties, double overhead = kDefaultMoveOverhead) const;
    // True when `color`'s next move is the last one due in its byo-yomi period (a time per move
    // is a period of one move): time it leaves unused is lost when the next period starts.
    bool last_move_of_period(Color color) const { return limited(color) && sides_[index(color)].stones == 1; }
    // Books a move of `seconds` by `color`: main time first, then the byo-yomi periods.
    void spend(Color color, double seconds);

    // For tests and `outflank-clock`-style reporting.
    double remaining(Color color) const { return sides_[index(color)].remaining; }
    int stones(Color color) const { return sides_[index(color)].stones; }

private:
    struct Side {
        bool known = false;      // time_settings or time_left gave this colour a clock
        double remaining = 0;    // seconds left in the current period (main time or byo-yomi)
        int stones = 0;          // 0 = main time; else moves due in `remaining`
    };
    static int index(Color c) { return c == Color::Black ? 0 : 1; }

    bool has_settings_ = false;
    bool unlimited_ = false;
    double main_ = 0;
    double byo_ = 0;
    int byo_stones_ = 0;
    Side sides_[2];
};

}  // namespace outflank
