// The opening book (book/) behind NBoard's book interface: `go` and `hint` answer from it, and
// `learn` adds the game and saves it. Where learning goes is chosen so that protocol input never
// rewrites a shipped file: the shipped book stays read-only and learned lines go to a user book
// (the "learn book"), which play consults before the shipped one.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>

#include "nboard/nboard_book.hpp"

namespace outflank {

struct NboardBookFiles {
    std::string play;   // the book to play from; "" for none
    std::string learn;  // where `learn` stores games; "" for nowhere. Equal to `play`: that book
                        // learns into itself (a book the user named); otherwise the learn book holds
                        // only the learned lines, over `play`, and is created on the first `learn`.
};

// Opens the books. A missing, damaged or unfinished play book is reported on `log` and played
// without; a damaged learn book too, and it is then left as it is (learning is off). Returns
// nullptr when there is neither a book to play from nor one to learn into.
std::unique_ptr<NboardBook> open_nboard_book(const NboardBookFiles& files, std::ostream& log);
// The book at `path`, learning into itself (what `--book FILE` gives).
std::unique_ptr<NboardBook> open_nboard_book(const std::string& path, std::ostream& log);

// The learn book used over the shipped book when none is named: $XDG_DATA_HOME/outflank/learned.book,
// else $HOME/.local/share/outflank/learned.book; "" when neither variable is set (absolute paths only,
// as the XDG specification asks).
std::string default_learn_book_path();

}  // namespace outflank
