// The referee's text: one line per game (tab-separated key=value), the same game as GGF (the
// Generic Game Format of GGS, which the Othello world's tools read), a progress line and the
// final summary.
#pragma once

#include <string>

#include "match/match.hpp"

namespace outflank::match {

// "B+24", "W+6", "0" for a game played out; for a forfeit the winner and "+R" (resign), "+T"
// (time) or "+F" (illegal move, crash, protocol error), as SGF writes them.
std::string result_string(const GameRecord& game);

// game=3  black=NAME  white=NAME  result=B+24  reason=end  discs=44-20  opening=f5d6c4d3c2b3b4b5
// moves=f5d6...PA...  time=12.34/10.05  [detail=...]  (fields separated by tabs)
std::string game_line(const GameRecord& game, const std::string names[2]);

// (;GM[Othello]PC[outflank match]DT[...]PB[..]PW[..]RE[+24.000]TY[8]BO[8 ... *]B[F5]W[D6//1.23]...;)
std::string ggf_game(const GameRecord& game, const std::string names[2], const ClockSpec& clock);

// "[3/12] A vs B: +1 =0 -2 (33.3%), Elo -120 [-inf, +200]; game 3 B+12 end"
std::string progress_line(const GameRecord& game, const MatchResult& result, int total_games);

// The standings at the end: per colour, disc difference, reasons, Elo with its interval, SPRT.
std::string summary_text(const MatchResult& result, const MatchOptions& options);

}  // namespace outflank::match
