// Where the shipped opening book (book/outflank.book) is found at run time: next to the
// executable, in a `book/` folder beside or above it, or in the source tree the program was
// built from (a path fixed at compile time). The first that exists wins.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace outflank {

inline constexpr const char* kDefaultBookName = "outflank.book";

// The places looked at, in order.
std::vector<std::string> default_book_candidates();
// The first candidate that is a regular file, or "" when there is none.
std::string find_default_book();
// A front end's `--book` choice: "none" -> "" (no book); a file -> itself; "" -> the shipped book
// when found, else "" with a one-line note on `notes`.
std::string resolve_book_choice(const std::string& choice, std::ostream& notes);

}  // namespace outflank
