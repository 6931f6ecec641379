// Static evaluation: an estimate of the final disc difference for the side to move.
// One interface, two implementations: the hand-made evaluation (mobility, potential mobility,
// corners, X/C-squares, stability, parity, by game phase) and, later, trained pattern weights.
#pragma once

#include <memory>
#include <string>

#include "core/bitboard.hpp"
#include "eval/pattern_indices.hpp"

namespace outflank {

// Score unit of evaluate(): 1/kEvalScale of a disc, so that move ordering can see small
// differences; the search divides by kEvalScale (rounding) where it needs discs.
inline constexpr int kEvalScale = 16;

// Estimated final disc difference for `player` (to move), in 1/kEvalScale discs, clamped to
// [-64, 64] discs. Never call it on a finished game (use final_score). Uses the trained pattern
// weights when they are loaded, the hand-made evaluation otherwise.
int evaluate(Bitboard player, Bitboard opponent);
// The same value, faster, from pattern indices carried along with the position (the search keeps
// them per ply): `indices` must be patterns::indices_of(player, opponent) or updated to it.
int evaluate(const patterns::PatternIndices& indices, Bitboard player, Bitboard opponent);

// The hand-made evaluation (v1) alone: mobility, potential mobility, corners, X/C-squares,
// stability, parity, by game phase. Same unit and clamp as evaluate().
int evaluate_handmade(Bitboard player, Bitboard opponent);

class PatternWeights;

// Makes evaluate() use `weights` (nullptr: the hand-made evaluation). Call it before searches
// start, not while one runs.
void use_pattern_weights(std::shared_ptr<const PatternWeights> weights);
const PatternWeights* active_pattern_weights();

// The weights file shipped with the source tree (engine/eval/eval.ofw).
std::string default_weights_path();

// Start-up choice of the evaluation: `spec` is a weights file, "none" (the hand-made evaluation)
// or empty (the default file). A named file that cannot be loaded (missing, not a regular file,
// damaged) throws Error naming the file and the reason, and the evaluation in use stays as it
// was; so does a default file that exists but cannot be loaded. Only an absent default file (a
// build without the shipped weights) falls back to the hand-made evaluation, with a warning on
// stderr. Returns a one-line description of the choice.
std::string select_evaluation(const std::string& spec);
// The same with another default file (the tests use it for a build without the shipped weights).
std::string select_evaluation(const std::string& spec, const std::string& default_path);

}  // namespace outflank
