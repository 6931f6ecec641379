// Multi-ProbCut (Buro): a shallow search predicts a deep one, deep ~ shallow + error with the error's
// spread sigma fitted from the engine's own score pairs (scripts/fit-probcut). When the shallow
// result lies beyond the window by t * sigma, the deep search is skipped.
#pragma once

#include <algorithm>
#include <cmath>

#include "search/probcut_params.hpp"

namespace outflank {

// Confidence of each selectivity level (t in standard deviations) and its percentage for display.
inline constexpr double kProbCutT[6] = {1.1, 1.5, 2.0, 2.6, 3.3, 999.0};
inline constexpr int kProbCutPercent[6] = {73, 87, 95, 98, 99, 100};

// Searches to the end of the game at a selectivity below kNoSelectivity use ProbCut down to
// this many empties; below it the exact solver is cheap enough to be exact.
inline constexpr int kEndCutMinEmpties = 16;

// Shallowest node that tries ProbCut. At depth 2 the shallow search is the static evaluation
// (probcut_shallow_depth(2) = 0): the same depth-14 searches in 0.79x the nodes and 0.78x the
// time on scripts/bench-depth's 120 positions, and +33 Elo at 0.1 s a move (README, ladder).
inline constexpr int kProbCutMinDepth = 2;

// Depth of the shallow search that predicts a search of `depth` plies (same parity as depth).
constexpr int probcut_shallow_depth(int depth) { return (depth / 4) * 2 + (depth & 1); }

// Spread (in discs) of deep - shallow for a search of `depth` predicted at `shallow` with `empties`.
inline double probcut_sigma(int depth, int shallow, int empties) {
    const double s = probcut::kSigma0 + probcut::kSigmaDepth * depth + probcut::kSigmaShallow * shallow +
                     probcut::kSigmaEmpties * empties;
    return std::max(s, 0.5);
}

// Spread (in discs) of exact - shallow for a search to the end of the game (`empties` plies)
// predicted by a `shallow`-ply search: the error of the selective passes before an exact solve.
// The model was fitted on 14-24 empties; it is not extrapolated beyond.
inline double endcut_sigma(int shallow, int empties) {
    empties = std::clamp(empties, 14, 24);
    const double s = probcut::kEndSigma0 + probcut::kEndSigmaShallow * shallow + probcut::kEndSigmaEmpties * empties;
    return std::max(s, 0.5);
}

}  // namespace outflank
