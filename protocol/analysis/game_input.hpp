// Where `outflank analyze GAME` finds its game: a transcript on the command line, or a file (SGF,
// GGF, a WTHOR .wtb database with a game number, or a text file holding a transcript). Parsing is
// left to the readers of the rules core and the protocols; this only picks the reader and names
// the place in error messages.
#pragma once

#include <string>

#include "analysis/svg_diagrams.hpp"
#include "core/game.hpp"

namespace outflank {

// `game_number` is the 1-based game in a WTHOR .wtb file or a GGF file of several games (0 when
// not given: required for .wtb and for GGF files with more than one game). A file is read by its
// extension (.wtb, .sgf, .ggf), otherwise by its content: a GGF game ("(;GM[Othello]..."), an SGF
// game ("(;..."), or a transcript. Files are read with read_file (regular files only, at most
// kMaxGameFileBytes); an empty file is an error, not a game without moves. Throws Error naming
// the file, game and move of the problem.
Game load_game(const std::string& argument, int game_number = 0);

// The same with the players' names, where the record gives them: SGF (PB, PW), GGF (PB, PW), and
// WTHOR when a .JOU name file lies beside the .wtb (as the WTHOR archives ship them).
struct LoadedGame {
    Game game;
    PlayerNames players;
};
LoadedGame load_game_with_players(const std::string& argument, int game_number = 0);

}  // namespace outflank
