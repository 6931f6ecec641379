// OBF files (the FFO endgame test format): one position a line, "<64 squares> <side>;" then
// optional "MOVE:SCORE;" items giving exact move scores. Read by `outflank solve` and the tests.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/bitboard.hpp"
#include "core/position.hpp"

namespace outflank {

struct ObfProblem {
    int line = 0;            // line in the file (1-based)
    int number = 0;          // position number: FFO files (fforum-A-B.obf) count from A, others from 1
    Position pos;
    bool has_expected = false;
    int expected = 0;        // the best listed score (the position's value)
    Bitboard best_moves = 0; // the moves listed with that score (0 when a pass)
};

// One line; throws Error naming the line for a malformed position, item, score or an illegal move.
ObfProblem parse_obf_line(const std::string& text, int line);
// Every position of a file (blank lines and lines starting with # or % skipped); throws Error for
// an unreadable file or a malformed line.
std::vector<ObfProblem> read_obf(const std::string& file);
// The same from the file's text already read (`file` names it, for the FFO numbering).
std::vector<ObfProblem> parse_obf(const std::string& text, const std::string& file);
// "A" or "A-B" (whole numbers) -> [first, last]; false for anything else.
bool parse_number_range(std::string_view text, int& first, int& last);

}  // namespace outflank
