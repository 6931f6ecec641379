// Reading Othello games from SGF (Smart Game Format, GM[2]) for GTP's `loadsgf`.
// Only the main line is read (the first variation at every branch). Understood properties: GM
// (must be 2 when present), SZ (must be 8), setup AB/AW/AE (with compressed "aa:cc" lists), PL,
// and the moves B/W. Points may be written SGF-style (two letters, column then row, "aa" = a1 at
// the top left), or in Othello notation ("d3", "D3"); a pass is "", "tt", "pass" or "PA".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/file_io.hpp"
#include "core/game.hpp"

namespace outflank {

struct SgfGame {
    Game game;
    // The moves as the file wrote them, one entry per B/W property: how many moves of `game` each
    // produced (2 when a missing pass was implied). GTP's `undo` takes back one entry at a time.
    std::vector<int> move_sizes;
    // The players' names (PB and PW of the root node; empty when the file gives none).
    std::string black_player, white_player;
};

// Parses SGF text and replays its main line up to (not including) move number `stop_before`
// (1-based, counting B/W properties; 0 = the whole game). Throws Error saying what is wrong.
SgfGame parse_sgf_game(std::string_view text, int stop_before = 0);

// Reads the file with read_file (a regular file of at most `max_bytes`: devices and pipes are
// refused so that a path like /dev/zero cannot hang the engine) and parses it as above.
SgfGame load_sgf_file(const std::string& path, int stop_before = 0, std::size_t max_bytes = kMaxSgfFileBytes);

}  // namespace outflank
