#include "records/ggf.hpp"

#include <cctype>
#include <charconv>
#include <cstdio>
#include <optional>
#include <vector>

#include "core/error.hpp"
#include "core/notation.hpp"

namespace outflank {
namespace {

[[noreturn]] void fail(const std::string& what) { throw Error("GGF: " + what); }

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// Quotes a piece of the input in a message, cut short so that a huge value cannot flood it.
std::string quoted(std::string_view s) {
    constexpr std::size_t kMax = 40;
    return "\"" + std::string(s.substr(0, kMax)) + (s.size() > kMax ? "...\"" : "\"");
}

struct Property {
    std::string name;
    std::string value;  // the first value; GGF never gives a property several
};

// Cuts "(;NAME[value]NAME[value]...;)" into properties, with `\` escaping inside values.
class Reader {
public:
    explicit Reader(std::string_view text) : s_(text) {}

    void open() {
        skip_spaces();
        if (!consume("(;")) fail(i_ >= s_.size() ? "empty text, expected a game \"(;GM[Othello]...;)\""
                                                 : "a game must start with \"(;\", found " + quoted(s_.substr(i_)));
    }

    // The next property, or nothing at the closing ";)" (after which only whitespace may follow).
    std::optional<Property> next() {
        skip_spaces();
        if (consume(";)")) {
            skip_spaces();
            if (i_ < s_.size()) fail("text after the end of the game \";)\": " + quoted(s_.substr(i_)));
            return std::nullopt;
        }
        if (i_ >= s_.size()) fail("the game is not closed with \";)\"");
        const std::size_t start = i_;
        while (i_ < s_.size() && std::isalpha(static_cast<unsigned char>(s_[i_]))) ++i_;
        Property p;
        p.name = std::string(s_.substr(start, i_ - start));
        if (p.name.empty()) fail("expected a property name or \";)\", found " + quoted(s_.substr(i_)));
        skip_spaces();
        if (i_ >= s_.size() || s_[i_] != '[') fail("property " + p.name + " has no [value]");
        p.value = value(p.name);
        // Further values of the same property (not used by GGF games) are read and dropped.
        for (skip_spaces(); i_ < s_.size() && s_[i_] == '['; skip_spaces()) value(p.name);
        return p;
    }

private:
    std::string value(const std::string& name) {
        ++i_;  // '['
        std::string v;
        while (i_ < s_.size() && s_[i_] != ']') {
            if (s_[i_] == '\\' && i_ + 1 < s_.size()) ++i_;
            v += s_[i_++];
        }
        if (i_ >= s_.size()) fail("property " + name + "[" + std::string(v.substr(0, 40)) + " is not closed with ']'");
        ++i_;  // ']'
        return v;
    }
    void skip_spaces() {
        while (i_ < s_.size() && is_space(s_[i_])) ++i_;
    }
    bool consume(std::string_view token) {
        if (s_.substr(i_, token.size()) != token) return false;
        i_ += token.size();
        return true;
    }

    std::string_view s_;
    std::size_t i_ = 0;
};

std::vector<std::string_view> split_spaces(std::string_view s) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < s.size()) {
        if (is_space(s[i])) { ++i; continue; }
        const std::size_t start = i;
        while (i < s.size() && !is_space(s[i])) ++i;
        words.push_back(s.substr(start, i - start));
    }
    return words;
}

// BO[8 <64 squares, possibly in several words> <side>].
Position parse_board(std::string_view value) {
    const std::vector<std::string_view> words = split_spaces(value);
    if (words.empty()) fail("BO[] is empty; expected \"8 <64 squares> <side to move>\"");
    if (words[0] != "8") fail("BO: board size " + quoted(words[0]) + " is not supported (only 8)");
    Bitboard black = 0, white = 0;
    int square = 0;
    std::size_t w = 1;
    for (; w < words.size() && square < 64; ++w) {
        for (char c : words[w]) {
            if (square == 64) fail("BO: more than 64 squares before the side to move");
            if (c == '*' || c == 'X' || c == 'x') black |= bit(square);
            else if (c == 'O' || c == 'o') white |= bit(square);
            else if (c != '-' && c != '.')
                fail(std::string("BO: square ") + square_name(square) + " is '" + c + "'; expected *, O or -");
            ++square;
        }
    }
    if (square < 64) fail("BO: only " + std::to_string(square) + " squares; expected 64 and the side to move");
    if (w >= words.size()) fail("BO: the side to move (* or O) is missing after the 64 squares");
    const std::string_view side = words[w];
    Color to_move;
    if (side == "*" || side == "X" || side == "x") to_move = Color::Black;
    else if (side == "O" || side == "o") to_move = Color::White;
    else fail("BO: side to move " + quoted(side) + "; expected * (black) or O (white)");
    if (w + 1 < words.size()) fail("BO: unexpected " + quoted(words[w + 1]) + " after the side to move");
    return Position::from_colors(black, white, to_move);
}

// TY: "[s]8[r<n>][k...]..." (s synchro, r random start, k komi); the board size must be 8 and
// anti-Othello ('a', which reverses the goal) is refused since this engine plays the real game.
void check_type(std::string_view value) {
    std::string_view t = value;
    if (!t.empty() && t.front() == 's') t.remove_prefix(1);
    std::size_t digits = 0;
    while (digits < t.size() && std::isdigit(static_cast<unsigned char>(t[digits]))) ++digits;
    if (t.substr(0, digits) != "8") fail("TY[" + std::string(value) + "]: only 8x8 games are supported");
    if (t.substr(digits).find('a') != std::string_view::npos)
        fail("TY[" + std::string(value) + "]: anti-Othello is not supported");
}

bool is_number(std::string_view s) {
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);  // from_chars has no plus sign
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return !s.empty() && ec == std::errc() && end == s.data() + s.size();
}

}  // namespace

Square parse_ggf_move(std::string_view value) {
    std::vector<std::string_view> fields;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= value.size(); ++i) {
        if (i == value.size() || value[i] == '/') {
            fields.push_back(value.substr(start, i - start));
            start = i + 1;
        }
    }
    if (fields.size() > 3) throw Error("too many '/' fields (move/eval/time)");
    const Square sq = parse_move(fields[0]);
    if (fields.size() > 1 && !fields[1].empty() && !is_number(fields[1]))
        throw Error("eval " + quoted(fields[1]) + " is not a number");
    if (fields.size() > 2 && !fields[2].empty() && !is_number(fields[2]))
        throw Error("time " + quoted(fields[2]) + " is not a number");
    return sq;
}

Game parse_ggf(std::string_view text) {
    Reader reader(text);
    reader.open();
    std::optional<Game> game;
    bool seen_board = false;
    int move_number = 0;
    while (std::optional<Property> p = reader.next()) {
        if (p->name == "GM") {
            if (!equals_ignoring_case(p->value, "Othello")) fail("GM[" + p->value + "]: not an Othello game");
        } else if (p->name == "TY") {
            check_type(p->value);
        } else if (p->name == "BO") {
            if (seen_board) fail("BO appears twice");
            if (game) fail("BO comes after the first move");
            game.emplace(parse_board(p->value));
            seen_board = true;
        } else if (p->name == "B" || p->name == "W") {
            if (!game) game.emplace(Position::start());
            ++move_number;
            const std::string place = "move " + std::to_string(move_number) + " (" + p->name + "[" + p->value.substr(0, 20) + "])";
            Square sq;
            try {
                sq = parse_ggf_move(p->value);
            } catch (const Error& e) {
                fail(place + ": " + e.what());
            }
            try {
                game->play_as(p->name == "B" ? Color::Black : Color::White, sq);
            } catch (const Error& e) {
                fail(place + ": " + e.what());
            }
        }
        // Everything else (PC, DT, PB, PW, RB, RW, TI, TM, RE, KM, C...) says nothing about the moves.
    }
    return game ? std::move(*game) : Game();
}

GgfPlayers ggf_players(std::string_view text) {
    Reader reader(text);
    reader.open();
    GgfPlayers players;
    while (std::optional<Property> p = reader.next()) {
        if (p->name == "PB") players.black = p->value;
        if (p->name == "PW") players.white = p->value;
    }
    return players;
}

std::string to_ggf(const Game& game) {
    const Position& start = game.start_position();
    std::string s = "(;GM[Othello]PC[outflank]";
    if (game.is_over()) {
        char re[32];
        std::snprintf(re, sizeof re, "RE[%+d.000]", game.final_score_black());
        s += game.final_score_black() == 0 ? "RE[0.000]" : re;
    }
    s += "TY[8]BO[8 ";
    for (Square sq = 0; sq < 64; ++sq)
        s += (start.black() & bit(sq)) ? '*' : (start.white() & bit(sq)) ? 'O' : '-';
    s += start.side == Color::Black ? " *]" : " O]";
    for (std::size_t i = 0; i < game.moves().size(); ++i) {
        s += game.position_at(i).side == Color::Black ? "B[" : "W[";
        s += square_name(game.moves()[i], true);
        s += ']';
    }
    s += ";)";
    return s;
}

std::vector<std::string_view> ggf_records(std::string_view text) {
    std::vector<std::string_view> records;
    std::size_t start = std::string_view::npos;
    bool in_value = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_value) {
            if (c == '\\') ++i;
            else if (c == ']') in_value = false;
        } else if (c == '[') {
            in_value = true;
        } else if (start == std::string_view::npos && text.substr(i, 2) == "(;") {
            start = i;
        } else if (start != std::string_view::npos && text.substr(i, 2) == ";)") {
            records.push_back(text.substr(start, i + 2 - start));
            start = std::string_view::npos;
            ++i;
        }
    }
    // An unclosed last record is passed on whole: parse_ggf says what is wrong with it.
    if (start != std::string_view::npos) records.push_back(text.substr(start));
    return records;
}

}  // namespace outflank
