// Static evaluation: an estimate of the final disc difference for the side to move.
// One interface, two implementations: the hand-made evaluation (mobility, potential mobility,
// corners, X/C-squares, stability, parity, by game phase) and, later, trained pattern weights.
#pragma once

#include "bitboard.hpp"

namespace outflank {

// Score unit of evaluate(): 1/kEvalScale of a disc, so that move ordering can see small
// differences; the search divides by kEvalScale (rounding) where it needs discs.
inline constexpr int kEvalScale = 16;

// Estimated final disc difference for `player` (to move), in 1/kEvalScale discs, clamped to
// [-64, 64] discs. Never call it on a finished game (use final_score).
int evaluate(Bitboard player, Bitboard opponent);

}  // namespace outflank
