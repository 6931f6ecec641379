#include "records/sgf.hpp"

#include <cctype>

#include "core/error.hpp"
#include "core/file_io.hpp"
#include "core/notation.hpp"
#include "core/tokenizer.hpp"

namespace outflank {
namespace {

struct Property {
    std::string id;
    std::vector<std::string> values;
};
using Node = std::vector<Property>;

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

// The nodes of the main line. The first ')' closes the main line: every '(' before it opens the
// first variation of its parent, so the nodes met until then are exactly the main line. Written
// as a loop over characters (no recursion), so deeply nested input cannot overflow the stack.
std::vector<Node> main_line_nodes(std::string_view text) {
    std::vector<Node> nodes;
    std::size_t i = 0;
    while (i < text.size() && text[i] != '(') ++i;  // text before the game tree is ignored
    if (i == text.size()) throw Error("no game tree: an SGF file starts with '('");
    ++i;
    bool closed = false;
    while (i < text.size() && !closed) {
        const char c = text[i];
        if (is_space(c) || c == '(') { ++i; continue; }
        if (c == ')') { closed = true; break; }
        if (c == ';') { nodes.emplace_back(); ++i; continue; }
        if (!std::isalpha(static_cast<unsigned char>(c)))
            throw Error(std::string("unexpected character '") + c + "' at byte " + std::to_string(i));
        if (nodes.empty()) throw Error("property before the first node ';'");
        Property prop;
        // FF[3] identifiers may mix in lowercase letters ("AddBlack" style); only capitals count.
        while (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i]))) {
            if (std::isupper(static_cast<unsigned char>(text[i]))) prop.id += text[i];
            ++i;
        }
        while (i < text.size() && is_space(text[i])) ++i;
        if (i == text.size() || text[i] != '[') throw Error("property " + prop.id + " has no value");
        while (i < text.size() && text[i] == '[') {
            ++i;
            std::string value;
            while (i < text.size() && text[i] != ']') {
                if (text[i] == '\\' && i + 1 < text.size()) ++i;  // escaped ']' or '\'
                value += text[i++];
            }
            if (i == text.size()) throw Error("unterminated value of property " + prop.id);
            ++i;
            prop.values.push_back(std::move(value));
            while (i < text.size() && is_space(text[i])) ++i;
        }
        nodes.back().push_back(std::move(prop));
    }
    if (!closed) throw Error("the game tree is not closed with ')'");
    return nodes;
}

// A square from SGF's two letters ("dc" = d3) or Othello notation ("d3"); kPass for a pass.
Square parse_sgf_point(std::string_view v, bool allow_pass) {
    const std::string_view t = text::trim(v);
    if (t.empty() || t == "tt" || equals_ignoring_case(t, "pass") || equals_ignoring_case(t, "pa")) {
        if (!allow_pass) throw Error("a pass is not a point");
        return kPass;
    }
    if (t.size() == 2 && t[1] >= '1' && t[1] <= '8') return parse_square(t);
    if (t.size() == 2 && t[0] >= 'a' && t[0] <= 'h' && t[1] >= 'a' && t[1] <= 'h')
        return (t[1] - 'a') * 8 + (t[0] - 'a');
    throw Error("\"" + std::string(t) + "\" is not a point on an 8x8 board");
}

// A point list value: one point or a rectangle "aa:cc".
Bitboard parse_point_list_value(const std::string& v) {
    const std::size_t colon = v.find(':');
    if (colon == std::string::npos) return bit(parse_sgf_point(v, false));
    const Square a = parse_sgf_point(std::string_view(v).substr(0, colon), false);
    const Square b = parse_sgf_point(std::string_view(v).substr(colon + 1), false);
    Bitboard bits = 0;
    for (int r = std::min(rank_of(a), rank_of(b)); r <= std::max(rank_of(a), rank_of(b)); ++r)
        for (int f = std::min(file_of(a), file_of(b)); f <= std::max(file_of(a), file_of(b)); ++f)
            bits |= bit(r * 8 + f);
    return bits;
}

Bitboard point_list(const Property& p) {
    Bitboard bits = 0;
    for (const std::string& v : p.values) bits |= parse_point_list_value(v);
    return bits;
}

Color parse_color_value(const std::string& v) {
    const std::string_view t = text::trim(v);
    if (equals_ignoring_case(t, "b") || equals_ignoring_case(t, "black")) return Color::Black;
    if (equals_ignoring_case(t, "w") || equals_ignoring_case(t, "white")) return Color::White;
    throw Error("PL[" + v + "]: expected B or W");
}

void check_root(const Node& root) {
    for (const Property& p : root) {
        if (p.values.empty()) continue;
        const std::string value(text::trim(p.values[0]));
        if (p.id == "GM" && value != "2") throw Error("GM[" + value + "] is not Othello (GM[2])");
        if (p.id == "SZ" && value != "8" && value != "8:8") throw Error("SZ[" + value + "]: only 8x8 boards are supported");
    }
}

bool has_setup(const Node& node) {
    for (const Property& p : node)
        if (p.id == "AB" || p.id == "AW" || p.id == "AE" || p.id == "PL") return true;
    return false;
}

}  // namespace

SgfGame parse_sgf_game(std::string_view text, int stop_before) {
    const std::vector<Node> nodes = main_line_nodes(text);
    if (nodes.empty()) throw Error("the game tree has no nodes");
    check_root(nodes.front());

    bool root_places_discs = false;
    for (const Property& p : nodes.front())
        if (p.id == "AB" || p.id == "AW" || p.id == "AE") root_places_discs = true;
    // Without setup stones the game starts from the usual four discs; with them, from what they say.
    SgfGame result{Game(root_places_discs ? Position::from_colors(0, 0, Color::Black) : Position::start()), {}, {}, {}};
    for (const Property& p : nodes.front()) {
        if (p.values.empty()) continue;
        if (p.id == "PB") result.black_player = std::string(text::trim(p.values[0]));
        if (p.id == "PW") result.white_player = std::string(text::trim(p.values[0]));
    }

    int move_number = 0;
    for (const Node& node : nodes) {
        if (has_setup(node)) {
            // Setup edits the current position; the moves before it cannot be kept in a Game, so
            // the game (and the undo history) starts again from the edited position.
            const Position& cur = result.game.position();
            Bitboard black = cur.black(), white = cur.white();
            Color side = cur.side;
            for (const Property& p : node) {
                if (p.id == "AB") { const Bitboard b = point_list(p); black |= b; white &= ~b; }
                else if (p.id == "AW") { const Bitboard b = point_list(p); white |= b; black &= ~b; }
                else if (p.id == "AE") { const Bitboard b = point_list(p); black &= ~b; white &= ~b; }
                else if (p.id == "PL" && !p.values.empty()) side = parse_color_value(p.values[0]);
            }
            result.game = Game(Position::from_colors(black, white, side));
            result.move_sizes.clear();
        }
        for (const Property& p : node) {
            if (p.id != "B" && p.id != "W") continue;
            ++move_number;
            if (stop_before > 0 && move_number >= stop_before) return result;
            const Color color = p.id == "B" ? Color::Black : Color::White;
            const std::string value = p.values.empty() ? std::string() : p.values[0];
            const std::string where = "move " + std::to_string(move_number) + " (" + p.id + "[" + value + "])";
            Square sq;
            try {
                sq = parse_sgf_point(value, true);
            } catch (const Error& e) {
                throw Error(where + ": " + e.what());
            }
            Game& game = result.game;
            const std::size_t before = game.moves().size();
            if (sq == kPass) {
                if (game.is_over()) continue;  // some writers record the final passes
                if (game.position().side != color || !game.is_legal(kPass))
                    throw Error(where + ": pass is illegal here");
                game.play(kPass);
            } else {
                try {
                    game.play_as(color, sq);
                } catch (const Error& e) {
                    throw Error(where + ": " + e.what());
                }
            }
            result.move_sizes.push_back(static_cast<int>(game.moves().size() - before));
        }
    }
    return result;
}

SgfGame load_sgf_file(const std::string& path, int stop_before, std::size_t max_bytes) {
    const std::string text = read_file(path, max_bytes);
    try {
        return parse_sgf_game(text, stop_before);
    } catch (const Error& e) {
        throw Error(path + ": " + e.what());
    }
}

}  // namespace outflank
