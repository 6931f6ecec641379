// Where the shipped opening book (book/outflank.book) is found at run time: the same search as the
// weights (core/data_files.hpp): `--book FILE|none`, OUTFLANK_BOOK, outflank.book beside the
// program, in ../share/outflank, then the source tree the program was built from.
#pragma once

#include <iosfwd>
#include <string>

#include "core/data_files.hpp"

namespace outflank {

inline constexpr const char* kDefaultBookName = "outflank.book";

// The book's lookup for this process.
DataFileLookup book_lookup();
// The book the search finds with no option given, or "" when there is none (OUTFLANK_BOOK=none,
// or nothing found). Throws Error when OUTFLANK_BOOK names a missing file.
std::string find_default_book();
// A front end's `--book` choice: "none" -> "" (no book); a file -> itself (a file that cannot be
// loaded is reported by the front end, which plays on without a book); "" -> OUTFLANK_BOOK or the
// shipped book when found, else "" with a one-line note on `notes`. A book OUTFLANK_BOOK names
// must load: a missing, damaged or unfinished one throws Error naming the variable and the file.
std::string resolve_book_choice(const std::string& choice, std::ostream& notes);
// The same with another lookup (the tests give their own environment and folders).
std::string resolve_book_choice(const std::string& choice, std::ostream& notes, const DataFileLookup& lookup);

}  // namespace outflank
