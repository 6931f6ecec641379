// Text forms of game and position analyses (engine/search/analysis.hpp): the readable table, JSON (the
// schema is documented in README.md, "Analysis") and CSV. Each returns the whole text, ending in
// a newline, so a caller prints nothing until the analysis is complete.
#pragma once

#include <string>

#include "search/analysis.hpp"

namespace outflank {

std::string game_analysis_table(const GameAnalysis& analysis);
// One JSON document on one line. `line` > 0 adds a "line" field (batch mode).
std::string game_analysis_json(const GameAnalysis& analysis, int line = 0);
// The header, then one row per analysed move.
std::string game_analysis_csv(const GameAnalysis& analysis);

std::string position_analysis_table(const PositionAnalysis& analysis);
std::string position_analysis_json(const PositionAnalysis& analysis, int line = 0);
std::string position_analysis_csv(const PositionAnalysis& analysis);

// A batch line that could not be analysed: {"line": N, "error": "..."}.
std::string batch_error_json(int line, const std::string& message);

}  // namespace outflank
