#include "book/book_merge.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace outflank {
namespace {

// True when `a`'s leaf search is better founded than `b`'s: exact first, then deeper.
bool deeper(const BookEntry& a, const BookEntry& b) {
    if (a.exact != b.exact) return a.exact;
    return a.depth > b.depth;
}

}  // namespace

Book merge_books(const std::vector<Book>& books, const std::vector<std::string>& names, BookMergeStats* stats) {
    if (books.empty()) throw Error("book merge: no books given");
    if (names.size() != books.size()) throw Error("book merge: a name for each book is needed");
    BookMergeStats counts;
    Book merged;
    merged.metadata() = books.front().metadata();
    for (std::size_t b = 0; b < books.size(); ++b) {
        const Book& book = books[b];
        if (book.unfinished || book.pending_count() > 0 || book.frontier_count() > 0)
            throw Error("book merge: " + names[b] +
                        " is unfinished (a build or expansion that stopped): finish it first, then merge");
        for (const auto& [key, entry] : book.entries()) {
            const auto [at, fresh] = merged.entries().try_emplace(key, entry);
            if (fresh) continue;
            BookEntry& kept = at->second;
            ++counts.shared;
            const std::uint32_t games = std::max(kept.games, entry.games);
            if (deeper(entry, kept)) {
                kept = entry;
                ++counts.replaced;
            }
            kept.games = games;
        }
    }
    merged.metadata()["merged"] = std::to_string(books.size()) + " books";
    merged.back_up();
    counts.positions = merged.size();
    if (stats) *stats = counts;
    return merged;
}

}  // namespace outflank
