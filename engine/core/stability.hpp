// Stable discs: discs that can never be flipped again, whatever is played. Used by the
// evaluation and by the endgame solver's stability cut-offs.
#pragma once

#include "core/bitboard.hpp"

namespace outflank {

// A subset (a safe under-estimate) of `player`'s discs that can never be flipped.
Bitboard stable_discs(Bitboard player, Bitboard opponent);

}  // namespace outflank
