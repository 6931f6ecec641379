#include "records/records.hpp"

#include <charconv>

#include "core/error.hpp"
#include "core/file_io.hpp"
#include "core/notation.hpp"

namespace outflank {
namespace {

constexpr std::size_t kHeaderSize = 16;
constexpr std::size_t kGameSize = 68;
constexpr std::size_t kGameMovesOffset = 8;
constexpr std::size_t kMovesPerGame = 60;

unsigned byte_at(std::string_view bytes, std::size_t at) { return static_cast<unsigned char>(bytes[at]); }
unsigned u16_at(std::string_view bytes, std::size_t at) { return byte_at(bytes, at) | byte_at(bytes, at + 1) << 8; }
std::uint32_t u32_at(std::string_view bytes, std::size_t at) {
    return static_cast<std::uint32_t>(u16_at(bytes, at)) | static_cast<std::uint32_t>(u16_at(bytes, at + 2)) << 16;
}

WthorHeader parse_header(std::string_view bytes, const std::string& name) {
    if (bytes.size() < kHeaderSize)
        throw Error(name + ": truncated header: the file has " + std::to_string(bytes.size()) +
                    " bytes; a WTHOR file starts with a 16-byte header");
    WthorHeader h;
    h.created_year = static_cast<int>(byte_at(bytes, 0) * 100 + byte_at(bytes, 1));
    h.created_month = static_cast<int>(byte_at(bytes, 2));
    h.created_day = static_cast<int>(byte_at(bytes, 3));
    h.game_count = u32_at(bytes, 4);
    h.name_count = static_cast<int>(u16_at(bytes, 8));
    h.games_year = static_cast<int>(u16_at(bytes, 10));
    h.board_size = static_cast<int>(byte_at(bytes, 12));
    h.game_type = static_cast<int>(byte_at(bytes, 13));
    h.theoretical_empties = static_cast<int>(byte_at(bytes, 14));
    return h;
}

// Byte offset of game i (0-based) for messages: "game 12 (byte 764)".
std::string game_place(const std::string& name, std::size_t i) {
    return name + ": game " + std::to_string(i + 1) + " (byte " + std::to_string(kHeaderSize + i * kGameSize) + ")";
}

WthorGame parse_game(std::string_view record, const std::string& name, std::size_t index) {
    WthorGame g;
    g.tournament = static_cast<int>(u16_at(record, 0));
    g.black_player = static_cast<int>(u16_at(record, 2));
    g.white_player = static_cast<int>(u16_at(record, 4));
    g.black_discs = static_cast<int>(byte_at(record, 6));
    g.theoretical_black = static_cast<int>(byte_at(record, 7));
    if (g.black_discs > 64)
        throw Error(game_place(name, index) + ": black's disc count is " + std::to_string(g.black_discs) +
                    ", more than 64");
    if (g.theoretical_black > 64)
        throw Error(game_place(name, index) + ": black's theoretical score is " +
                    std::to_string(g.theoretical_black) + ", more than 64");
    g.moves.reserve(kMovesPerGame);
    std::size_t end = kMovesPerGame;
    for (std::size_t j = 0; j < kMovesPerGame; ++j) {
        const unsigned v = byte_at(record, kGameMovesOffset + j);
        if (v == 0) {
            if (end == kMovesPerGame) end = j;
            continue;
        }
        // The place is spelled out only on error: this loop runs for every move of every game.
        auto place = [&] { return game_place(name, index) + ", move " + std::to_string(j + 1); };
        // A zero ends the game; a move after it means the record is damaged, not a short game.
        if (end != kMovesPerGame)
            throw Error(place() + ": byte " + std::to_string(v) + " after the end of the game (move " +
                        std::to_string(end + 1) + " was 0)");
        const unsigned row = v / 10, col = v % 10;
        if (row < 1 || row > 8 || col < 1 || col > 8)
            throw Error(place() + ": byte " + std::to_string(v) + " is not a square (10 * row + column, each 1-8)");
        g.moves.push_back(static_cast<Square>((row - 1) * 8 + (col - 1)));
    }
    return g;
}

std::string latin1_to_utf8(std::string_view text) {
    std::string out;
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x80) {
            out += c;
        } else {
            out += static_cast<char>(0xC0 | (u >> 6));
            out += static_cast<char>(0x80 | (u & 0x3F));
        }
    }
    return out;
}

// Splits text into lines (LF or CRLF), calling f(line, 1-based number).
template <typename F>
void for_each_line(std::string_view text, F&& f) {
    int number = 0;
    while (!text.empty()) {
        const std::size_t eol = text.find('\n');
        std::string_view line = text.substr(0, eol);
        text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        f(line, ++number);
    }
}

std::string_view trim(std::string_view s) {
    const char* space = " \t\r\n";
    const std::size_t b = s.find_first_not_of(space);
    if (b == std::string_view::npos) return {};
    return s.substr(b, s.find_last_not_of(space) - b + 1);
}

template <typename T>
bool parse_integer(std::string_view s, T& value) {
    s = trim(s);
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    return !s.empty() && ec == std::errc{} && ptr == s.data() + s.size();
}

std::string line_place(const std::string& name, int line) { return name + ":" + std::to_string(line); }

}  // namespace

// ---- WTHOR ---------------------------------------------------------------------------------------

WthorFile parse_wthor(std::string_view bytes, const std::string& name) {
    WthorFile file;
    file.header = parse_header(bytes, name);
    const WthorHeader& h = file.header;
    if (h.board_size != 0 && h.board_size != 8)
        throw Error(name + ": bad header: board size " + std::to_string(h.board_size) +
                    " (byte 12); only 8x8 games (0 or 8) are supported");
    const std::size_t body = bytes.size() - kHeaderSize;
    const std::size_t whole = body / kGameSize;
    if (whole < h.game_count) {
        // Name the first game that is missing or cut short, so the damage is easy to find.
        throw Error(game_place(name, whole) + ": truncated record: the header announces " +
                    std::to_string(h.game_count) + " games of 68 bytes, but the file ends after " +
                    std::to_string(bytes.size()) + " bytes");
    }
    if (body != static_cast<std::size_t>(h.game_count) * kGameSize)
        throw Error(name + ": bad header: it announces " + std::to_string(h.game_count) +
                    " games, but the file holds " + std::to_string(body) + " bytes of records (" +
                    std::to_string(whole) + " games of 68 bytes" +
                    (body % kGameSize ? " and " + std::to_string(body % kGameSize) + " bytes more)" : ")"));
    file.games.reserve(h.game_count);
    for (std::size_t i = 0; i < h.game_count; ++i)
        file.games.push_back(parse_game(bytes.substr(kHeaderSize + i * kGameSize, kGameSize), name, i));
    return file;
}

WthorFile read_wthor(const std::string& path) { return parse_wthor(read_file(path, kMaxGameRecordFileBytes), path); }

std::vector<std::string> parse_wthor_names(std::string_view bytes, const std::string& name) {
    const WthorHeader h = parse_header(bytes, name);
    const std::size_t body = bytes.size() - kHeaderSize;
    std::vector<std::string> names;
    if (h.name_count == 0) {
        if (body != 0)
            throw Error(name + ": bad header: it announces no names, but " + std::to_string(body) +
                        " bytes follow it");
        return names;
    }
    const std::size_t count = static_cast<std::size_t>(h.name_count);
    const std::size_t size = body / count;
    // Players are 20 bytes, tournaments 26; anything else is a damaged file or not a name file.
    if (body % count != 0 || (size != 20 && size != 26))
        throw Error(name + ": bad header or truncated file: " + std::to_string(count) + " names in " +
                    std::to_string(body) + " bytes is not 20 (.JOU) or 26 (.TRN) bytes a name");
    names.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        std::string_view field = bytes.substr(kHeaderSize + i * size, size);
        field = field.substr(0, field.find('\0'));
        names.push_back(latin1_to_utf8(trim(field)));
    }
    return names;
}

std::vector<std::string> read_wthor_names(const std::string& path) {
    return parse_wthor_names(read_file(path, kMaxGameRecordFileBytes), path);
}

// ---- eOthello CSV ----------------------------------------------------------------------------------

std::vector<EOthelloGame> parse_eothello_csv(std::string_view text, const std::string& name) {
    std::vector<EOthelloGame> games;
    for_each_line(text, [&](std::string_view line, int number) {
        if (trim(line).empty()) return;
        const std::string place = line_place(name, number);
        const std::size_t c1 = line.find(',');
        const std::size_t c2 = c1 == std::string_view::npos ? c1 : line.find(',', c1 + 1);
        if (c2 == std::string_view::npos || line.find(',', c2 + 1) != std::string_view::npos)
            throw Error(place + ": expected 3 columns eOthello_game_id,winner,game_moves");
        const std::string_view id = trim(line.substr(0, c1));
        // The column header: only on the first line, recognised by a non-numeric id.
        if (number == 1 && !id.empty() && !(id.front() >= '0' && id.front() <= '9')) return;
        EOthelloGame g;
        g.line = number;
        if (!parse_integer(id, g.id)) throw Error(place + ": game id \"" + std::string(id) + "\" is not a number");
        const std::string_view winner = trim(line.substr(c1 + 1, c2 - c1 - 1));
        if (!parse_integer(winner, g.winner) || g.winner < -1 || g.winner > 1)
            throw Error(place + ": winner \"" + std::string(winner) + "\" is not 1 (black), -1 (white) or 0 (draw)");
        try {
            g.moves = parse_transcript(line.substr(c2 + 1));
        } catch (const Error& e) {
            throw Error(place + ": " + e.what());
        }
        games.push_back(std::move(g));
    });
    return games;
}

std::vector<EOthelloGame> read_eothello_csv(const std::string& path) {
    return parse_eothello_csv(read_file(path, kMaxGameRecordFileBytes), path);
}

// ---- Transcript lists ------------------------------------------------------------------------------

std::vector<TranscriptRecord> parse_transcripts(std::string_view text, const std::string& name) {
    std::vector<TranscriptRecord> records;
    for_each_line(text, [&](std::string_view line, int number) {
        line = trim(line.substr(0, line.find('#')));
        if (line.empty()) return;
        try {
            records.push_back({parse_transcript(line), number});
        } catch (const Error& e) {
            throw Error(line_place(name, number) + ": " + e.what());
        }
    });
    return records;
}

std::vector<TranscriptRecord> read_transcripts(const std::string& path) {
    return parse_transcripts(read_file(path, kMaxGameRecordFileBytes), path);
}

// ---- Replay ----------------------------------------------------------------------------------------

Game replay_moves(const std::vector<Square>& moves, const Position& start) {
    Game game(start);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        try {
            game.play_with_implied_pass(moves[i]);
        } catch (const Error&) {
            // Game's message names only the square; a record's reader needs the move number too.
            throw Error("move " + std::to_string(i + 1) + " (" + square_name(moves[i]) + ") is illegal");
        }
    }
    return game;
}

}  // namespace outflank
