// Fitted ProbCut constants, in discs. Regenerate with scripts/fit-probcut (midgame) and
// scripts/fit-probcut --endgame.
// Midgame: sigma(deep - shallow) = kSigma0 + kSigmaDepth*depth + kSigmaShallow*shallow
//   + kSigmaEmpties*empties.
// Midgame model fitted on 2937 score pairs, searches up to depth 12.
// Endgame: sigma(exact - shallow) = kEndSigma0 + kEndSigmaShallow*shallow
//   + kEndSigmaEmpties*empties.
// Endgame model fitted on 4800 shallow/exact pairs, shallow depths up to 12.
#pragma once

namespace outflank::probcut {
inline constexpr double kSigma0 = 4.8903;
inline constexpr double kSigmaDepth = 0.2450;
inline constexpr double kSigmaShallow = -0.4523;
inline constexpr double kSigmaEmpties = -0.0666;
inline constexpr double kEndSigma0 = 9.7756;
inline constexpr double kEndSigmaShallow = -0.3509;
inline constexpr double kEndSigmaEmpties = -0.1335;
}  // namespace outflank::probcut
