#include "match/match_stats.hpp"

#include <cmath>
#include <cstdio>
#include <limits>

namespace outflank::match {
namespace {

constexpr double kZ95 = 1.959963984540054;  // two-sided 95% quantile of the normal distribution

std::string signed_number(double x) {
    if (std::isinf(x)) return x > 0 ? "+inf" : "-inf";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.0f", x);
    return std::string(buf) == "-0" ? "+0" : buf;
}

}  // namespace

double elo_from_score(double score) {
    if (score <= 0.0) return -std::numeric_limits<double>::infinity();
    if (score >= 1.0) return std::numeric_limits<double>::infinity();
    return -400.0 * std::log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

EloEstimate elo_estimate(const Tally& t) {
    EloEstimate e;
    const int n = t.games();
    if (n == 0) return e;
    const double p = t.score();
    e.elo = elo_from_score(p);
    // The spread comes from counts where a zero counts as half a game: a clean sweep has no
    // spread of its own, yet 6-0 says far less than 600-0.
    auto regularised = [](int count) { return count == 0 ? 0.5 : static_cast<double>(count); };
    const double w = regularised(t.wins), d = regularised(t.draws), l = regularised(t.losses);
    const double q = (w + 0.5 * d) / (w + d + l);
    const double var = (w * (1 - q) * (1 - q) + d * (0.5 - q) * (0.5 - q) + l * q * q) / (w + d + l);
    const double margin = kZ95 * std::sqrt(var / n);
    e.lower = elo_from_score(p - margin);
    e.upper = elo_from_score(p + margin);
    return e;
}

std::string format_elo(const EloEstimate& e) {
    return signed_number(e.elo) + " [" + signed_number(e.lower) + ", " + signed_number(e.upper) + "]";
}

SprtState sprt_state(const SprtSpec& spec, const Tally& t) {
    SprtState s;
    s.lower = std::log(spec.beta / (1.0 - spec.alpha));
    s.upper = std::log((1.0 - spec.beta) / spec.alpha);
    s.games = t.games();
    if (t.games() == 0) return s;
    auto regularised = [](int count) { return count == 0 ? 0.5 : static_cast<double>(count); };
    const double w = regularised(t.wins), d = regularised(t.draws), l = regularised(t.losses);
    const double n = w + d + l;
    const double p = (w + 0.5 * d) / n;
    const double var = (w * (1 - p) * (1 - p) + d * (0.5 - p) * (0.5 - p) + l * p * p) / n;
    const double s0 = score_from_elo(spec.elo0), s1 = score_from_elo(spec.elo1);
    // Log-likelihood ratio of H1 against H0 for n games with mean p and variance var.
    s.llr = t.games() * (s1 - s0) * (2 * p - s0 - s1) / (2 * var);
    s.decision = s.llr >= s.upper ? 1 : s.llr <= s.lower ? -1 : 0;
    return s;
}

SprtState next_sprt_state(const SprtState& current, const SprtSpec& spec, const Tally& tally) {
    return current.decision != 0 ? current : sprt_state(spec, tally);
}

}  // namespace outflank::match
