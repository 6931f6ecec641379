// Fitted ProbCut constants, in discs. Regenerate with scripts/fit-probcut (midgame) and
// scripts/fit-probcut --endgame.
// Midgame: sigma(deep - shallow) = kSigma0 + kSigmaDepth*depth + kSigmaShallow*shallow
//   + kSigmaEmpties*empties.
// Midgame model fitted on 3639 score pairs, searches up to depth 12.
// Endgame: sigma(exact - shallow) = kEndSigma0 + kEndSigmaShallow*shallow
//   + kEndSigmaEmpties*empties.
// Endgame model fitted on 4800 shallow/exact pairs, shallow depths up to 12.
#pragma once

namespace outflank::probcut {
inline constexpr double kSigma0 = 13.4220;
inline constexpr double kSigmaDepth = 0.9841;
inline constexpr double kSigmaShallow = -1.1686;
inline constexpr double kSigmaEmpties = -0.3633;
inline constexpr double kEndSigma0 = 9.7756;
inline constexpr double kEndSigmaShallow = -0.3509;
inline constexpr double kEndSigmaEmpties = -0.1335;
}  // namespace outflank::probcut
