#include "book/default_book.hpp"

#include <filesystem>
#include <ostream>

namespace outflank {

std::vector<std::string> default_book_candidates() {
    namespace fs = std::filesystem;
    std::vector<std::string> places;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path dir = exe.parent_path();
        places.push_back((dir / kDefaultBookName).string());
        places.push_back((dir / "book" / kDefaultBookName).string());
        places.push_back((dir.parent_path() / "book" / kDefaultBookName).string());
    }
    places.push_back(OUTFLANK_SOURCE_BOOK);
    return places;
}

std::string find_default_book() {
    std::error_code ec;
    for (const std::string& place : default_book_candidates())
        if (std::filesystem::is_regular_file(place, ec)) return place;
    return "";
}

std::string resolve_book_choice(const std::string& choice, std::ostream& notes) {
    if (choice == "none") return "";
    if (!choice.empty()) return choice;
    const std::string found = find_default_book();
    if (found.empty())
        notes << "outflank: note: no opening book found (" << default_book_candidates().back()
              << " or beside the program); playing without one" << std::endl;
    return found;
}

}  // namespace outflank
