// Match statistics: the score of a series of games as an Elo difference with a 95% confidence
// interval, and a sequential probability ratio test (SPRT) that stops a match once it is decided.
// Both use the trinomial model (win/draw/loss per game) with the logistic Elo curve.
#pragma once

#include <string>

namespace outflank::match {

// Results from one engine's point of view.
struct Tally {
    int wins = 0, draws = 0, losses = 0;
    int games() const { return wins + draws + losses; }
    double points() const { return wins + 0.5 * draws; }
    double score() const { return games() ? points() / games() : 0.5; }  // 0..1
    void add(double points_for_us) {
        if (points_for_us > 0.75) ++wins;
        else if (points_for_us < 0.25) ++losses;
        else ++draws;
    }
};

// Elo difference implied by a score (0..1); +-infinity at 1 and 0.
double elo_from_score(double score);
// Expected score of an Elo difference.
double score_from_elo(double elo);

struct EloEstimate {
    double elo = 0.0;
    double lower = 0.0, upper = 0.0;  // 95% interval (may be infinite)
};
// The estimate, with the interval from the normal approximation of the mean score.
EloEstimate elo_estimate(const Tally& tally);
// "+152 [+40, +290]" (or "+inf" for a clean sweep).
std::string format_elo(const EloEstimate& e);

struct SprtSpec {
    double elo0 = 0.0, elo1 = 5.0;  // H0: the difference is elo0; H1: it is elo1
    double alpha = 0.05, beta = 0.05;
};

struct SprtState {
    double llr = 0.0;
    double lower = 0.0, upper = 0.0;  // ln(beta / (1 - alpha)), ln((1 - beta) / alpha)
    int decision = 0;                 // +1 H1 accepted, -1 H0 accepted, 0 go on
    int games = 0;                    // games the LLR counts
};
// The generalised SPRT's log-likelihood ratio (the normal approximation used by fishtest and
// cutechess). A count of zero gets half a game, so three straight wins do not "prove" anything.
SprtState sprt_state(const SprtSpec& spec, const Tally& tally);
// The state after another game: a decision, once reached, stands. The match stops there, and games
// already under way (with --concurrency) still finish and count in the score, but not in the test,
// so that they cannot pull a crossed bound back to "undecided".
SprtState next_sprt_state(const SprtState& current, const SprtSpec& spec, const Tally& tally);

}  // namespace outflank::match
