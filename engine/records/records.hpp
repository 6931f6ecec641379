// Readers for game records: WTHOR databases (.wtb, with the .JOU/.TRN name files), eOthello CSV
// exports and plain transcript lists. Shared by the book builder, the trainer, analysis and tests.
// Readers only parse; replay_moves() checks legality with the rules core (Game), so a record that
// parses but is illegal is the caller's to count or reject. Malformed files throw outflank::Error
// naming the file and the place (byte offset, game number or line).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/bitboard.hpp"
#include "core/file_io.hpp"
#include "core/game.hpp"
#include "core/position.hpp"

namespace outflank {

// ---- WTHOR (French Othello Federation) ---------------------------------------------------------

// The 16-byte header shared by .wtb, .JOU and .TRN files (little-endian).
struct WthorHeader {
    int created_year = 0;  // century * 100 + year of the file's creation
    int created_month = 0;
    int created_day = 0;
    std::uint32_t game_count = 0;  // records in a .wtb file
    int name_count = 0;            // records in a .JOU / .TRN file
    int games_year = 0;            // the year the games were played
    int board_size = 8;            // 0 and 8 both mean 8x8; anything else is rejected
    int game_type = 0;
    int theoretical_empties = 0;   // P3: theoretical_black is perfect play from this many empties
};

struct WthorGame {
    int tournament = 0;         // index into the .TRN names
    int black_player = 0;       // index into the .JOU names
    int white_player = 0;
    int black_discs = 0;        // black's final disc count as recorded, empties to the winner
    int theoretical_black = 0;  // black's disc count under perfect play from P3 empties on
    std::vector<Square> moves;  // as played; passes are not stored (replay_moves implies them)
};

struct WthorFile {
    WthorHeader header;
    std::vector<WthorGame> games;
};

WthorFile read_wthor(const std::string& path);
// The same from bytes already in memory; `name` stands for the file in error messages.
WthorFile parse_wthor(std::string_view bytes, const std::string& name);

// Player (.JOU, 20 bytes each) or tournament (.TRN, 26 bytes each) names, as UTF-8. The record
// size follows from the header's count and the file size, so one reader serves both.
std::vector<std::string> read_wthor_names(const std::string& path);
std::vector<std::string> parse_wthor_names(std::string_view bytes, const std::string& name);

// WTHOR counts black's discs with the empties given to the winner (a draw splits them), which is
// exactly half of 64 plus the WOF disc difference: 44-20 <-> +24, a draw <-> 32 <-> 0.
constexpr int wthor_discs_from_score(int score_black) { return (64 + score_black) / 2; }
constexpr int score_from_wthor_discs(int black_discs) { return 2 * black_discs - 64; }

// ---- eOthello CSV: `eOthello_game_id,winner,game_moves` ---------------------------------------

struct EOthelloGame {
    std::int64_t id = 0;
    int winner = 0;             // 1 black, -1 white, 0 draw (as published; not checked here)
    std::vector<Square> moves;  // passes left out, as in the file
    int line = 0;               // 1-based line in the file, for the caller's messages
};

// A first line that does not start with a digit is taken as the column header and skipped.
std::vector<EOthelloGame> read_eothello_csv(const std::string& path);
std::vector<EOthelloGame> parse_eothello_csv(std::string_view text, const std::string& name);

// ---- Plain transcript lists: one `f5d6c3...` a line; `#` starts a comment; blank lines skipped --

struct TranscriptRecord {
    std::vector<Square> moves;  // as written: kPass where the line spells a pass
    int line = 0;               // 1-based line in the file
};

std::vector<TranscriptRecord> read_transcripts(const std::string& path);
std::vector<TranscriptRecord> parse_transcripts(std::string_view text, const std::string& name);

// ---- Replay ------------------------------------------------------------------------------------

// Plays the moves from `start` with the rules core, inserting the passes a record leaves out
// (explicit kPass entries are played as passes). Throws Error("move N (sq) is illegal") at the
// first illegal move. Whether the game is finished is left to the caller (Game::is_over).
Game replay_moves(const std::vector<Square>& moves, const Position& start = Position::start());

}  // namespace outflank
