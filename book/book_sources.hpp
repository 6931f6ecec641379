// The games a book is built from: WTHOR databases (.wtb), eOthello CSV exports (.csv) and plain
// transcript lists (any other name), read with engine/records.hpp. The format follows from the
// file name; each game is replayed with the rules core, and an illegal one is counted, not used.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "game.hpp"

namespace outflank {

struct SourceFile {
    std::string path;
    std::string format;        // "WTHOR", "eOthello CSV", "transcripts"
    std::size_t games = 0;     // games used
    std::size_t rejected = 0;  // games with an illegal move within the plies read
};

struct SourceGames {
    std::vector<Game> games;   // each replayed up to the plies asked for
    std::vector<SourceFile> files;
};

// Reads every file and replays the first `plies` moves of each game. Throws Error for a file that
// cannot be read or parsed (naming it), or a GGF file (not readable yet).
SourceGames read_source_games(const std::vector<std::string>& paths, int plies);

}  // namespace outflank
