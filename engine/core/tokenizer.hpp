// Line tokenizing shared by the text protocols (GTP now, NBoard later): cleaning a raw input
// line, cutting it into words, and strict number parsing. Square and move notation lives in
// engine/core/notation.hpp; this file only knows about characters.
#pragma once

#include <cstddef>
#include <istream>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace outflank::text {

// Drops every control character except HT (so CR of CRLF input and stray NULs vanish), turns HT
// into a space, and cuts the line at the first `comment` character when one is given (GTP: '#').
std::string clean_line(std::string_view line, char comment = '\0');

std::string_view trim(std::string_view s);

enum class LineRead { Line, Truncated, End };
// Reads one line (without its '\n') into `line`, keeping at most `max_length` characters: the
// rest of an over-long line is read and dropped as it comes, so a line without an end cannot
// grow memory. End: the input ended with nothing read. Truncated: the line was cut.
LineRead read_line(std::istream& in, std::string& line, std::size_t max_length);

// Splits on runs of spaces; the views point into `s`.
std::vector<std::string_view> split_words(std::string_view s);

// Joins words with single spaces (used where an argument may itself contain spaces).
std::string join_words(const std::vector<std::string_view>& words, std::size_t first = 0);

std::string to_lower(std::string_view s);

// The whole text must be a decimal integer with an optional sign that fits in long long.
std::optional<long long> parse_integer(std::string_view s);
// The whole text must be a finite decimal number ("1", "-2.5", "1e3"); no hex, inf or nan.
std::optional<double> parse_number(std::string_view s);
// The whole text must be 1-16 hexadecimal digits, no prefix or sign (bitboards in text records).
std::optional<std::uint64_t> parse_hex64(std::string_view s);
// True for a non-empty run of decimal digits (a GTP command id).
bool is_digits(std::string_view s);

}  // namespace outflank::text
