// The games a book is built from: WTHOR databases (.wtb), eOthello CSV exports (.csv), GGF game
// files (.ggf, one `(;...;)` game after another) and plain transcript lists (any other name), read
// with engine/records/records.hpp and engine/records/ggf.hpp. The format follows from the file name; each game is
// replayed with the rules core, and an illegal one (or a GGF game from another start position)
// is counted, not used.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/game.hpp"

namespace outflank {

struct SourceFile {
    std::string path;
    std::string format;        // "WTHOR", "eOthello CSV", "GGF", "transcripts"
    std::size_t games = 0;     // games used
    std::size_t rejected = 0;  // games with an illegal move (GGF: anywhere) or another start
};

struct SourceGames {
    std::vector<Game> games;   // each replayed up to the plies asked for
    std::vector<SourceFile> files;
};

// Reads every file and replays the first `plies` moves of each game. Throws Error for a file that
// cannot be read or parsed (naming it).
SourceGames read_source_games(const std::vector<std::string>& paths, int plies);

}  // namespace outflank
