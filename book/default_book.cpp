#include "book/default_book.hpp"

#include <ostream>

#include "book/book.hpp"
#include "book/book_file.hpp"
#include "core/error.hpp"

namespace outflank {

DataFileLookup book_lookup() {
    DataFileLookup lookup;
    lookup.option = "--book";
    lookup.variable = "OUTFLANK_BOOK";
    lookup.file_name = kDefaultBookName;
    lookup.source_tree_file = OUTFLANK_SOURCE_BOOK;
    lookup.program_dir = DataFileLookup::this_program_dir();
    return lookup;
}

std::string find_default_book() { return locate_data_file(book_lookup(), "").path; }

std::string resolve_book_choice(const std::string& choice, std::ostream& notes) {
    return resolve_book_choice(choice, notes, book_lookup());
}

std::string resolve_book_choice(const std::string& choice, std::ostream& notes, const DataFileLookup& lookup) {
    const LocatedFile book = locate_data_file(lookup, choice);
    if (book.origin == DataOrigin::variable) {
        // Loaded once here to check it: the front end would only report a bad book and play on,
        // and a variable set on purpose must not be ignored that quietly.
        try {
            if (load_book(book.path).unfinished) throw Error("book " + book.path + ": an unfinished build");
        } catch (const Error& e) {
            throw Error(book.explain(e.what()));
        }
    }
    if (book.origin == DataOrigin::not_found) {
        std::string places;
        for (const std::string& place : book.looked_in) places += (places.empty() ? "" : ", ") + place;
        notes << "outflank: note: no opening book found (" << lookup.variable << " is not set; looked for " << places
              << "); playing without one" << std::endl;
    }
    return book.path;
}

}  // namespace outflank
