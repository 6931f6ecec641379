// GGF (Generic Game Format): the game records of the Generic Game Server, also what the NBoard GUI
// sends its engines (`set game`) and what the Othello world's tools exchange. One game is
//   (;GM[Othello]PC[..]DT[..]PB[..]PW[..]RE[..]TY[8]BO[8 <64 squares> <side>]B[F5]W[F6/-1.50/2.1]B[PA]...;)
// BO is the start position: 64 squares a1..h8 (`*` black, `O` white, `-` empty; rows may be
// separated by spaces) and the side to move (`*` or `O`). B[..] and W[..] are the moves in order,
// each optionally followed by /eval/time; `PA` is a pass. Every other property is read and ignored.
// Like the other readers, this only turns text into a Game (the rules core checks every move).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"

namespace outflank {

// Parses one GGF game (surrounding whitespace allowed). Without BO the game starts from the usual
// four discs. A move by the colour that is not to move is accepted when the side to move has no
// legal move (the pass is implied and recorded). Throws Error("GGF: ...") naming what is wrong:
// the structure, a property (BO, TY, GM), or the move number and text of the first bad move.
Game parse_ggf(std::string_view text);

// The players' names of one GGF game (PB and PW; empty when the record gives none), from a record
// parse_ggf() accepts.
struct GgfPlayers {
    std::string black, white;
};
GgfPlayers ggf_players(std::string_view text);

// One move as GGF writes it, also NBoard's `move` argument: "F5", "f5/1.23/0.5", "F5//0.05", "PA".
// Returns the square or kPass; the optional eval and time must be numbers and are not kept.
// Throws Error saying what is wrong (no "GGF:" prefix: the caller names the place).
Square parse_ggf_move(std::string_view text);

// The game as one GGF line: GM, PC[outflank], TY[8], BO with the start position, RE (black's
// disc difference) once the game is over, and every move (passes as PA) without eval or time.
// parse_ggf(to_ggf(g)) gives back g's start position and moves.
std::string to_ggf(const Game& game);

// The "(;...;)" records of a GGF file (GGS archives hold one game a line), found by scanning
// outside the [values], where `\` escapes a character. An unclosed last record is returned whole,
// for parse_ggf to say what is wrong with it.
std::vector<std::string_view> ggf_records(std::string_view text);

}  // namespace outflank
