#include "core/notation.hpp"

#include <cctype>

#include "core/error.hpp"

namespace outflank {
namespace {

std::string quoted(std::string_view text) { return "\"" + std::string(text) + "\""; }

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

}  // namespace

bool equals_ignoring_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

Square parse_square(std::string_view text) {
    if (text.size() != 2) throw Error(quoted(text) + ": a square is a column a-h and a row 1-8, like d3");
    const char col = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
    const char row = text[1];
    if (col < 'a' || col > 'h') throw Error(quoted(text) + ": column must be a-h");
    if (row < '1' || row > '8') throw Error(quoted(text) + ": row must be 1-8");
    return (row - '1') * 8 + (col - 'a');
}

Square parse_move(std::string_view text) {
    if (equals_ignoring_case(text, "pass") || equals_ignoring_case(text, "pa") || equals_ignoring_case(text, "ps"))
        return kPass;
    return parse_square(text);
}

std::string square_name(Square sq, bool uppercase) {
    if (sq == kPass) return uppercase ? "PA" : "pass";
    if (sq < 0 || sq >= 64) return uppercase ? "--" : "--";
    std::string s{static_cast<char>((uppercase ? 'A' : 'a') + file_of(sq)), static_cast<char>('1' + rank_of(sq))};
    return s;
}

Position parse_position(std::string_view text) {
    while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
    if (text.size() < 64)
        throw Error("position has " + std::to_string(text.size()) +
                    " characters; expected 64 squares (X, O, -) and the side to move");
    Bitboard black = 0, white = 0;
    for (int sq = 0; sq < 64; ++sq) {
        switch (text[sq]) {
            case 'X': case 'x': case '*': black |= bit(sq); break;
            case 'O': case 'o': white |= bit(sq); break;
            case '-': case '.': break;
            default:
                throw Error(std::string("position: square ") + square_name(sq) + " is '" + text[sq] +
                            "'; expected X, O or -");
        }
    }
    std::string_view rest = text.substr(64);
    while (!rest.empty() && is_space(rest.front())) rest.remove_prefix(1);
    if (rest.empty()) throw Error("position: the side to move (X or O) is missing after the 64 squares");
    if (rest.size() != 1) throw Error("position: unexpected text after the side to move: " + quoted(rest));
    Color side;
    switch (rest[0]) {
        case 'X': case 'x': case '*': case 'B': case 'b': side = Color::Black; break;
        case 'O': case 'o': case 'W': case 'w': side = Color::White; break;
        default: throw Error(std::string("position: side to move is '") + rest[0] + "'; expected X or O");
    }
    return Position::from_colors(black, white, side);
}

std::string position_string(const Position& pos) {
    std::string s(64, '-');
    for (int sq = 0; sq < 64; ++sq) {
        if (pos.black() & bit(sq)) s[sq] = 'X';
        else if (pos.white() & bit(sq)) s[sq] = 'O';
    }
    s += pos.side == Color::Black ? " X" : " O";
    return s;
}

std::vector<Square> parse_transcript(std::string_view text) {
    std::vector<Square> moves;
    std::size_t i = 0;
    while (i < text.size()) {
        if (is_space(text[i])) { ++i; continue; }
        if (text.size() - i >= 4 && equals_ignoring_case(text.substr(i, 4), "pass")) {
            moves.push_back(kPass);
            i += 4;
            continue;
        }
        if (text.size() - i < 2) throw Error("transcript: incomplete move " + quoted(text.substr(i)) + " at the end");
        try {
            moves.push_back(parse_move(text.substr(i, 2)));
        } catch (const Error& e) {
            throw Error("transcript: move " + std::to_string(moves.size() + 1) + ": " + e.what());
        }
        i += 2;
    }
    return moves;
}

std::string transcript_string(const std::vector<Square>& moves, bool with_passes) {
    std::string s;
    for (Square m : moves) {
        if (m == kPass && !with_passes) continue;
        s += m == kPass ? "PA" : square_name(m);
    }
    return s;
}

std::string board_diagram(const Position& pos, bool mark_moves) {
    const Bitboard moves = mark_moves ? pos.moves() : 0;
    std::string s = "  a b c d e f g h\n";
    for (int r = 0; r < 8; ++r) {
        s += static_cast<char>('1' + r);
        for (int f = 0; f < 8; ++f) {
            const Square sq = r * 8 + f;
            char c = '.';
            if (pos.black() & bit(sq)) c = 'X';
            else if (pos.white() & bit(sq)) c = 'O';
            else if (moves & bit(sq)) c = '*';
            s += ' ';
            s += c;
        }
        s += ' ';
        s += static_cast<char>('1' + r);
        s += '\n';
    }
    s += "  a b c d e f g h\n";
    return s;
}

}  // namespace outflank
