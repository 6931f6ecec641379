// Text forms of squares, moves, positions and transcripts, shared by every front end.
// Parsers throw outflank::Error with a message that says exactly what is wrong.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/position.hpp"

namespace outflank {

// ASCII case-insensitive equality ("PA" == "pa"): notation and the protocols' keywords.
bool equals_ignoring_case(std::string_view a, std::string_view b);

// "d3" or "D3" -> square index. Throws on anything else (`"e9": row must be 1-8`).
Square parse_square(std::string_view text);
// A square or a pass ("pass", "PA", "ps" in any case -> kPass).
Square parse_move(std::string_view text);
// "d3" (or "D3" with uppercase), "pass" for kPass (or "PA" with uppercase).
std::string square_name(Square sq, bool uppercase = false);

// The 64-character form: a1..h8 row by row, X/x/* black, O/o white, -/. empty, then whitespace
// and the side to move (X/B black, O/W white). Text after the side (an OBF "; ..." tail) is an
// error here; use split_obf_line for OBF lines.
Position parse_position(std::string_view text);
// "<64 chars> X" with X, O and -.
std::string position_string(const Position& pos);

// A transcript "f5d6c3" (optionally with spaces or "PA"/"pass" passes) -> moves as written.
std::vector<Square> parse_transcript(std::string_view text);
// Concatenated lowercase moves; passes are left out unless with_passes.
std::string transcript_string(const std::vector<Square>& moves, bool with_passes = false);

// A multi-line picture of the board: column letters, row numbers, X/O/. and `*` on legal moves.
std::string board_diagram(const Position& pos, bool mark_moves = true);

}  // namespace outflank
