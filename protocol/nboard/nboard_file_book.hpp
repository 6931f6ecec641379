// The opening book (book/) behind NBoard's book interface: `go` and `hint` answer from it, and
// `learn` adds the game to it and saves the file.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>

#include "nboard/nboard_book.hpp"

namespace outflank {

// Loads the book at `path`; a missing, damaged or unfinished book is reported on `log` and
// gives nullptr, so the session plays on with the search alone.
std::unique_ptr<NboardBook> open_nboard_book(const std::string& path, std::ostream& log);

}  // namespace outflank
