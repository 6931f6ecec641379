// `outflank board` as text: the same picture as board_svg() (svg_diagrams.hpp) drawn with
// characters, so that a terminal shows what the SVG shows: the discs, the last move, the legal
// moves or each move's score on its square, and a caption with the disc count and the side to
// move or the result.
#pragma once

#include <string>

#include "analysis/svg_diagrams.hpp"

namespace outflank {

// "Black 2, white 2. Black to move; last move f5", or "... Black wins by 16" once the game is
// over (empties counted for the winner). The caption of both pictures.
std::string board_caption(const BoardPicture& picture);

// Without scores: the usual diagram (X black, O white, * legal moves when asked) and the caption.
// With scores: wider squares, each legal move's score written on its square, the best ones
// marked with '<' ("+2<"), and the best move named under the caption.
std::string board_text(const BoardPicture& picture);

}  // namespace outflank
