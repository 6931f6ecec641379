// `match --shard K/N`: a shard plays its games (core/shard.hpp: game g is item g - 1) and records
// each one; `outflank merge` rebuilds from all shards what a single match prints: the game lines
// (in game order) and the summary with its Elo and interval, plus the GGF games when asked.
#pragma once

#include <string>

#include "core/shard.hpp"
#include "match/match.hpp"

namespace outflank::match {

// What the summary and the merge's checks need of a match, as a shard's settings line: the game
// count, openings, order, clock and the engines' commands and labels (each value escaped so that
// the line stays one line of space-separated key=value words).
std::string shard_settings(const MatchOptions& options, const MatchResult& result);

// One game as a shard record: "BLACK WINNER SCORE_BLACK REASON", a tab, its game line (which has tabs
// of its own), a tab, its GGF game (which has none).
std::string shard_record(const GameRecord& game, const std::string names[2], const ClockSpec& clock);

struct MergedMatch {
    std::string games;    // one game line per game, in game order
    std::string ggf;      // one GGF game a line, in game order
    std::string summary;  // summary_text of the whole match
    int games_played = 0;
};

// Throws Error naming the item when a record or the settings cannot be read.
MergedMatch merge_match(const MergedShards& merged);

}  // namespace outflank::match
