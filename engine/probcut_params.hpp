// Fitted ProbCut constants: sigma(deep - shallow) = kSigma0 + kSigmaDepth*depth
// + kSigmaShallow*shallow + kSigmaEmpties*empties, in discs. Regenerate with scripts/fit-probcut.
// Fitted on 3639 score pairs, searches up to depth 12.
#pragma once

namespace outflank::probcut {
inline constexpr double kSigma0 = 13.4220;
inline constexpr double kSigmaDepth = 0.9841;
inline constexpr double kSigmaShallow = -1.1686;
inline constexpr double kSigmaEmpties = -0.3633;
}  // namespace outflank::probcut
