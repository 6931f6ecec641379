// Text forms of search results shared by the command line and the protocols.
#pragma once

#include <string>
#include <vector>

#include "search/search_types.hpp"

namespace outflank {

// "f5 d6 c3" (passes as "pass"); GTP writes "F5 D6 C3", NBoard "F5-D6-C3".
std::string pv_string(const std::vector<Square>& pv, char separator = ' ', bool uppercase = false);
// "+4", "-12", "0"; with wld a win/draw/loss word.
std::string score_string(int score);
// The result of a finished game from black's disc difference: "B+12", "W+4", "0" (GTP's
// final_score form).
std::string final_score_string(int black_minus_white);
// "21@87%" for a selective search, "21" for a full-width one, "exact 24" for a solve, "wld 24"
// for a win/loss/draw solve.
std::string depth_string(const SearchInfo& info);

}  // namespace outflank
