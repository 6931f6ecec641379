// The pictures of `outflank analyze --svg` and `outflank board --svg`, as SVG documents.
#pragma once

#include <string>
#include <vector>

#include "search/analysis.hpp"
#include "core/position.hpp"
#include "search/search_types.hpp"

namespace outflank {

// The evaluation graph of an analysed game: black's score after each move (the start position's
// best score at move 0), mistakes and blunders marked with circles that carry a tooltip, the
// exactly solved part shaded. Elements carry classes: "score" (the polyline), "mistake",
// "blunder", "exact-zone", "grid", "axis".
std::string evaluation_graph_svg(const GameAnalysis& analysis);

struct BoardPicture {
    Position position;
    Square last_move = kNoMove;    // marked with a red dot (kNoMove: none)
    bool show_legal_moves = false; // a small dot on each legal move of the side to move
    std::vector<MoveScore> scores; // when not empty: each move's score written on its square
};

// A board diagram: coordinates a-h and 1-8, discs (classes "disc black" / "disc white"), the
// last move ("last-move"), legal moves ("legal") or their scores ("move-score", the best ones
// also "best"), and a caption with the side to move and the disc count.
std::string board_svg(const BoardPicture& picture);

}  // namespace outflank
