// Fitted ProbCut constants: sigma(deep - shallow) = kSigma0 + kSigmaDepth*depth
// + kSigmaShallow*shallow + kSigmaEmpties*empties, in discs. Regenerate with scripts/fit-probcut.
#pragma once

namespace outflank::probcut {
inline constexpr double kSigma0 = 2.0;
inline constexpr double kSigmaDepth = 0.25;
inline constexpr double kSigmaShallow = -0.25;
inline constexpr double kSigmaEmpties = 0.05;
}  // namespace outflank::probcut
