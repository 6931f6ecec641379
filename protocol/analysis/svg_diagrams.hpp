// The pictures of `outflank analyze --svg` and `outflank board --svg`, as SVG documents.
#pragma once

#include <string>
#include <vector>

#include "search/analysis.hpp"
#include "core/position.hpp"
#include "search/search_types.hpp"

namespace outflank {

// The players' names a game record gives (empty: the picture says "Black" and "White").
struct PlayerNames {
    std::string black, white;
};

// The evaluation graph of an analysed game: the players and the result in the title, black's
// score after each move (the start position's best score at move 0), mistakes and blunders
// marked with circles that carry a tooltip, the worst of them also labelled with their move and
// loss in plain sight, the exactly solved part shaded, both axes titled. Elements carry classes:
// "title", "score" (the polyline), "mistake", "blunder", "mark-label", "exact-zone", "grid",
// "axis", "axis-title".
std::string evaluation_graph_svg(const GameAnalysis& analysis, const PlayerNames& players = {});

// The mistakes and blunders the graph labels: the `count` that lose most (earlier first among
// equal losses), in game order.
std::vector<const MoveAnalysis*> worst_marked_moves(const GameAnalysis& analysis, std::size_t count);

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
