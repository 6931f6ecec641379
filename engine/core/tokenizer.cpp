#include "core/tokenizer.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace outflank::text {

std::string clean_line(std::string_view line, char comment) {
    std::string out;
    out.reserve(line.size());
    for (char ch : line) {
        const auto c = static_cast<unsigned char>(ch);
        if (comment != '\0' && ch == comment) break;
        if (c == '\t') out += ' ';
        else if (c < 32 || c == 127) continue;  // CR, NUL, escapes: never part of a command
        else out += ch;
    }
    return out;
}

LineRead read_line(std::istream& in, std::string& line, std::size_t max_length) {
    line.clear();
    std::streambuf* buffer = in.rdbuf();
    using Traits = std::streambuf::traits_type;
    bool any = false, cut = false;
    for (;;) {
        const Traits::int_type c = buffer ? buffer->sbumpc() : Traits::eof();
        if (Traits::eq_int_type(c, Traits::eof())) {
            in.setstate(std::ios::eofbit);
            if (!any) return LineRead::End;
            break;
        }
        any = true;
        if (Traits::to_char_type(c) == '\n') break;
        if (line.size() < max_length) line += Traits::to_char_type(c);
        else cut = true;
    }
    return cut ? LineRead::Truncated : LineRead::Line;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> split_words(std::string_view s) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < s.size()) {
        if (s[i] == ' ') { ++i; continue; }
        const std::size_t start = i;
        while (i < s.size() && s[i] != ' ') ++i;
        words.push_back(s.substr(start, i - start));
    }
    return words;
}

std::string join_words(const std::vector<std::string_view>& words, std::size_t first) {
    std::string s;
    for (std::size_t i = first; i < words.size(); ++i) {
        if (i > first) s += ' ';
        s += words[i];
    }
    return s;
}

std::string to_lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::optional<long long> parse_integer(std::string_view s) {
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);  // from_chars rejects a plus sign
    if (s.empty()) return std::nullopt;
    long long value = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return value;
}

std::optional<std::uint64_t> parse_hex64(std::string_view s) {
    std::uint64_t v = 0;
    if (s.empty() || s.size() > 16) return std::nullopt;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, 16);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return v;
}

std::optional<double> parse_number(std::string_view s) {
    if (s.empty() || s.size() > 64) return std::nullopt;
    // Only digits, one sign, a point and an exponent: strtod alone would accept "inf", "0x1p3".
    for (char c : s)
        if (!std::isdigit(static_cast<unsigned char>(c)) && c != '+' && c != '-' && c != '.' && c != 'e' && c != 'E')
            return std::nullopt;
    const std::string copy(s);
    char* end = nullptr;
    const double value = std::strtod(copy.c_str(), &end);
    if (end != copy.c_str() + copy.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

bool is_digits(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

}  // namespace outflank::text
