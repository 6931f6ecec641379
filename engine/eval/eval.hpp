// Static evaluation: an estimate of the final disc difference for the side to move.
// One interface, two implementations: the hand-made evaluation (mobility, potential mobility,
// corners, X/C-squares, stability, parity, by game phase) and trained pattern weights.
#pragma once

#include <memory>
#include <string>

#include "core/bitboard.hpp"
#include "core/data_files.hpp"
#include "eval/pattern_indices.hpp"

namespace outflank {

// Score unit of evaluate(): 1/kEvalScale of a disc, so that move ordering can see small
// differences; the search divides by kEvalScale (rounding) where it needs discs.
inline constexpr int kEvalScale = 16;
// An evaluation in discs, rounded half away from zero.
constexpr int eval_to_discs(int e) { return (e >= 0 ? e + kEvalScale / 2 : e - kEvalScale / 2) / kEvalScale; }

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
// How the weights are looked for (core/data_files.hpp): `--eval`, OUTFLANK_EVAL, eval.ofw beside
// the program, in ../share/outflank, then default_weights_path().
DataFileLookup weights_lookup();

// The evaluation a start-up choice gives, found and loaded but not yet in use.
struct EvaluationChoice {
    LocatedFile file;                               // where the weights came from (or why there are none)
    std::shared_ptr<const PatternWeights> weights;  // nullptr: the hand-made evaluation
    // "pattern weights PATH" or "hand-made evaluation".
    std::string description() const;
    // True when the hand-made evaluation is used only because no trained weights were found.
    bool missing_weights() const { return !weights && file.origin == DataOrigin::not_found; }
};
// Finds and loads the weights for `spec` (a weights file, "none" for the hand-made evaluation,
// or empty for the search above). A file that cannot be loaded throws Error naming the file (and
// the variable when OUTFLANK_EVAL named it) and the reason; so does a default file that is there
// but damaged. Only when no file is found at all is the choice the hand-made evaluation.
EvaluationChoice choose_evaluation(const std::string& spec, const DataFileLookup& lookup);

// Start-up choice of the evaluation: choose_evaluation, then use it. When no trained weights are
// found it says so on stderr (where it looked, and how to point at a file) and
// evaluation_warning() says so too, for the front ends to show where a GUI user sees it. On an
// error the evaluation in use stays as it was. Returns choose_evaluation's description.
std::string select_evaluation(const std::string& spec);
std::string select_evaluation(const std::string& spec, const DataFileLookup& lookup);

// "" while trained weights are in use or the hand-made evaluation was asked for; after
// select_evaluation found no weights file, a short note for GUIs ("hand-made evaluation: trained
// weights not found"). use_pattern_weights clears it.
const std::string& evaluation_warning();
// The stderr line for a choice that found no weights (where it looked, what to do).
std::string missing_weights_note(const EvaluationChoice& choice);

}  // namespace outflank
