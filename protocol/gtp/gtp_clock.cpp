#include "gtp/gtp_clock.hpp"

#include <algorithm>

namespace outflank {
namespace {

double clamp_seconds(double s) { return std::clamp(s, 0.0, GtpClock::kMaxSeconds); }

}  // namespace

void GtpClock::set(double main_time, double byo_time, int byo_stones) {
    has_settings_ = true;
    main_ = clamp_seconds(main_time);
    byo_ = clamp_seconds(byo_time);
    byo_stones_ = std::max(byo_stones, 0);
    // GTP: byo-yomi time without stones means no limit; 0 0 0 is read the same way, since a
    // clock with no time at all cannot be meant literally.
    unlimited_ = (byo_ > 0 && byo_stones_ == 0) || (main_ == 0 && byo_ == 0);
    if (byo_ == 0) byo_stones_ = 0;
    reset();
}

void GtpClock::set_left(Color color, double seconds, int stones) {
    Side& side = sides_[index(color)];
    side.known = true;
    side.remaining = clamp_seconds(seconds);
    side.stones = std::max(stones, 0);
}

void GtpClock::reset() {
    for (Side& side : sides_) {
        side.known = has_settings_ && !unlimited_;
        if (main_ > 0 || byo_stones_ == 0) {
            side.remaining = main_;
            side.stones = 0;
        } else {  // no main time: straight into the first byo-yomi period
            side.remaining = byo_;
            side.stones = byo_stones_;
        }
    }
}

void GtpClock::clear() { *this = GtpClock{}; }

bool GtpClock::limited(Color color) const { return sides_[index(color)].known; }

TimeBudget GtpClock::budget(Color color, int empties, double overhead) const {
    const Side& side = sides_[index(color)];
    if (side.stones > 0) return plan_time({side.remaining, side.stones, 0, overhead}, empties);
    const TimeBudget main_only = plan_time({side.remaining, 0, 0, overhead}, empties);
    if (byo_stones_ == 0) return main_only;
    // Main time with byo-yomi to follow. Overrunning the main time only starts the first period
    // (this move counts as its first stone), so when little main time is left the move may use it
    // plus a period's share: plan as if main time and the first period were one period.
    const TimeBudget into_byo = plan_time({side.remaining + byo_, byo_stones_, 0, overhead}, empties);
    return into_byo.soft > main_only.soft ? into_byo : main_only;
}

void GtpClock::spend(Color color, double seconds) {
    Side& side = sides_[index(color)];
    if (!side.known) return;
    seconds = clamp_seconds(seconds);
    if (side.stones == 0) {
        side.remaining -= seconds;
        if (side.remaining >= 0 || byo_stones_ == 0) {
            side.remaining = std::max(side.remaining, 0.0);
            return;
        }
        // Ran into byo-yomi: the overrun comes out of the first period, and this move is its first stone.
        side.remaining += byo_;
        side.stones = byo_stones_;
    } else {
        side.remaining -= seconds;
    }
    side.remaining = std::max(side.remaining, 0.0);
    if (--side.stones == 0) {
        // Period completed in time: a fresh one starts (when the period length is known).
        if (byo_stones_ > 0) {
            side.remaining = byo_;
            side.stones = byo_stones_;
        }
    }
}

}  // namespace outflank
