// Where the shipped opening book (book/outflank.book) is found at run time: next to the
// executable, in a `book/` folder beside or above it, or in the source tree the program was
// built from (a path fixed at compile time). The first that exists wins.
#pragma once

#include <string>
#include <vector>

namespace outflank {

inline constexpr const char* kDefaultBookName = "outflank.book";

// The places looked at, in order.
std::vector<std::string> default_book_candidates();
// The first candidate that is a regular file, or "" when there is none.
std::string find_default_book();

}  // namespace outflank
