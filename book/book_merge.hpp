// `outflank book merge`: the union of finished books (built or expanded apart, on several
// machines or from several game collections) as one book.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "book/book.hpp"

namespace outflank {

struct BookMergeStats {
    std::size_t positions = 0;  // in the merged book
    std::size_t shared = 0;     // positions that more than one book holds
    std::size_t replaced = 0;   // of those, taken from a later book because it searched deeper
};

// Every position of any of `books`. Where several books hold a position, the deeper leaf search
// wins (an exact one beats any depth; on a tie the earlier book's stays, so the result does not
// depend on hash order), and the game count is the largest (the books may share their source
// games, so counts are not added). The scores are then backed up again by negamax over the
// union, since a position's best move may now lead into positions another book brought. The
// metadata are the first book's, with `merged` naming how many books went in. Throws Error
// naming the file when a book is unfinished (a build or expansion stopped half-way).
Book merge_books(const std::vector<Book>& books, const std::vector<std::string>& names, BookMergeStats* stats = nullptr);

}  // namespace outflank
