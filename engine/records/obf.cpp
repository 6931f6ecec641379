#include "records/obf.hpp"

#include <charconv>
#include <exception>

#include "core/error.hpp"
#include "core/file_io.hpp"
#include "core/notation.hpp"
#include "records/records.hpp"

namespace outflank {
namespace {

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return {};
    return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

}  // namespace

// "<64 squares> <side>; MOVE:SCORE; MOVE:SCORE; ..." (the move list may be absent).
ObfProblem parse_obf_line(const std::string& text, int line) {
    const std::string where = "line " + std::to_string(line) + ": ";
    ObfProblem p;
    p.line = line;
    const auto semi = text.find(';');
    try {
        p.pos = parse_position(trim(text.substr(0, semi)));
    } catch (const Error& e) {
        throw Error(where + e.what());
    }
    if (semi == std::string::npos) return p;
    std::size_t at = semi + 1;
    while (at < text.size()) {
        auto end = text.find(';', at);
        if (end == std::string::npos) end = text.size();
        const std::string item = trim(text.substr(at, end - at));
        at = end + 1;
        if (item.empty()) continue;
        const auto colon = item.find(':');
        if (colon == std::string::npos) throw Error(where + "expected MOVE:SCORE, found \"" + item + "\"");
        Square move;
        try {
            move = parse_move(trim(item.substr(0, colon)));
        } catch (const Error& e) {
            throw Error(where + e.what());
        }
        const std::string score_text = trim(item.substr(colon + 1));
        int score = 0;
        std::size_t used = 0;
        try {
            score = std::stoi(score_text, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || used != score_text.size() || score < -64 || score > 64)
            throw Error(where + "bad score \"" + score_text + "\" (expected an integer -64..64)");
        if (move != kPass && !p.pos.is_legal(move))
            throw Error(where + "move " + square_name(move) + " is not legal in this position");
        if (!p.has_expected || score > p.expected) {
            p.expected = score;
            p.best_moves = 0;
        }
        p.has_expected = true;
        if (score == p.expected && move != kPass) p.best_moves |= bit(move);
    }
    return p;
}

bool parse_number_range(std::string_view text, int& first, int& last) {
    auto number = [](std::string_view t, int& out) {
        if (t.empty()) return false;
        const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
        return ec == std::errc() && end == t.data() + t.size() && out >= 0;
    };
    const std::size_t dash = text.find('-');
    if (dash == std::string_view::npos) return number(text, first) && number(text, last);
    return number(text.substr(0, dash), first) && number(text.substr(dash + 1), last);
}

namespace {

// FFO files are named fforum-A-B.obf: their positions are numbered A, A+1, ...; others from 1.
int first_number_of(const std::string& file) {
    std::string_view name = file;
    if (const std::size_t slash = name.rfind('/'); slash != std::string_view::npos) name.remove_prefix(slash + 1);
    if (name.size() < 4 || name.substr(name.size() - 4) != ".obf") return 1;
    name.remove_suffix(4);
    const std::size_t last_dash = name.rfind('-');
    if (last_dash == std::string_view::npos || last_dash == 0) return 1;
    const std::size_t dash = name.rfind('-', last_dash - 1);
    if (dash == std::string_view::npos) return 1;
    int first = 0, last = 0;
    return parse_number_range(name.substr(dash + 1), first, last) ? first : 1;
}

}  // namespace

std::vector<ObfProblem> read_obf(const std::string& file) { return parse_obf(read_file(file, kMaxObfFileBytes), file); }

std::vector<ObfProblem> parse_obf(const std::string& text, const std::string& file) {
    int number = first_number_of(file);
    std::vector<ObfProblem> problems;
    std::size_t at = 0;
    for (int line = 1; at < text.size(); ++line) {
        std::size_t end = text.find('\n', at);
        if (end == std::string::npos) end = text.size();
        const std::string t = trim(text.substr(at, end - at));
        at = end + 1;
        if (t.empty() || t[0] == '#' || t[0] == '%') continue;
        problems.push_back(parse_obf_line(t, line));
        problems.back().number = number++;
    }
    return problems;
}

}  // namespace outflank
