#include "nboard/nboard_file_book.hpp"

#include <ostream>

#include "book/book.hpp"
#include "book/book_builder.hpp"
#include "book/book_file.hpp"
#include "search/engine.hpp"
#include "core/error.hpp"

namespace outflank {
namespace {

class FileBook : public NboardBook {
public:
    FileBook(Book book, std::string path) : book_(std::move(book)), path_(std::move(path)) {}

    std::vector<Move> moves(const Position& pos) override {
        std::vector<Move> out;
        if (const auto probe = book_.probe(pos))
            for (const BookMove& m : probe->moves) out.push_back({m.move, m.score, m.games, m.depth, m.exact});
        return out;
    }

    void learn(const Game& game) override {
        // A small table: learning searches the game's new positions at the book's own depth.
        if (!engine_) engine_ = std::make_unique<Engine>(16);
        learn_game(book_, *engine_, game);
        save_book(book_, path_);
    }

private:
    Book book_;
    std::string path_;
    std::unique_ptr<Engine> engine_;
};

}  // namespace

std::unique_ptr<NboardBook> open_nboard_book(const std::string& path, std::ostream& log) {
    if (path.empty()) return nullptr;
    try {
        Book book = load_book(path);
        if (book.unfinished) throw Error("book " + path + ": an unfinished build");
        return std::make_unique<FileBook>(std::move(book), path);
    } catch (const Error& e) {
        log << "outflank: " << e.what() << "; playing without a book" << std::endl;
        return nullptr;
    }
}

}  // namespace outflank
