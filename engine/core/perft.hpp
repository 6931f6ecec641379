// Perft: counts the leaves of the game tree to a fixed depth. The rules core's correctness and
// speed test. Convention (shared/data/perft): a forced pass is a ply; a finished game is one leaf.
#pragma once

#include <cstdint>
#include <vector>

#include "core/position.hpp"

namespace outflank {

std::uint64_t perft(const Position& pos, int depth);

struct DivideEntry {
    Square move;  // kPass when the root must pass
    std::uint64_t leaves;
};
// Leaf counts under each root move (depth >= 1). A finished game at the root gives no entries.
std::vector<DivideEntry> perft_divide(const Position& pos, int depth);

}  // namespace outflank
