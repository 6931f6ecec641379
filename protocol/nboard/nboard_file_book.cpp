#include "nboard/nboard_file_book.hpp"

#include <cstdlib>
#include <optional>
#include <filesystem>
#include <mutex>
#include <ostream>

#include "book/book.hpp"
#include "book/book_builder.hpp"
#include "book/book_file.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "search/engine.hpp"

namespace outflank {
namespace {

bool same_entry(const BookEntry& a, const BookEntry& b) {
    return a.score == b.score && a.leaf_score == b.leaf_score && a.leaf_move == b.leaf_move && a.depth == b.depth &&
           a.exact == b.exact && a.pending == b.pending && a.frontier == b.frontier && a.games == b.games;
}

// The entries of `book` that `base` lacks or holds otherwise: what learning added or changed.
Book lines_over(const Book& book, const Book& base) {
    Book lines;
    lines.metadata() = book.metadata();
    for (const auto& [key, entry] : book.entries()) {
        const BookEntry* old = base.find(key);
        if (!old || !same_entry(*old, entry)) lines.insert(key) = entry;
    }
    return lines;
}

void write_book(const Book& book, const std::string& path) {
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    std::error_code ec;
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    if (ec) throw Error("cannot create the folder " + parent.string() + " for " + path + ": " + ec.message());
    write_file_atomic(path, serialize_book(book));
}

// Plays from `base` with the learned lines over it, and learns into `learn_path`: the whole book
// when it learns into itself, only the learned lines otherwise. Learning works on a copy and
// swaps it in when saved, so moves() never waits for a learn's searches.
class LearningBook : public NboardBook {
public:
    LearningBook(Book base, Book merged, std::string learn_path, bool into_itself)
        : base_(std::move(base)), current_(std::make_shared<const Book>(std::move(merged))),
          learn_path_(std::move(learn_path)), into_itself_(into_itself) {}

    std::vector<Move> moves(const Position& pos) override {
        const std::shared_ptr<const Book> book = snapshot();
        std::vector<Move> out;
        if (const auto probe = book->probe(pos))
            for (const BookMove& m : probe->moves) out.push_back({m.move, m.score, m.games, m.depth, m.exact});
        return out;
    }

    void learn(const Game& game) override {
        if (learn_path_.empty()) throw Error(learn_off_reason_);
        Book work = *snapshot();
        // A small table: learning searches the game's new positions at the book's own depth.
        if (!engine_) engine_ = std::make_unique<Engine>(16);
        learn_game(work, *engine_, game);
        write_book(into_itself_ ? work : lines_over(work, base_), learn_path_);
        std::lock_guard lock(mutex_);
        current_ = std::make_shared<const Book>(std::move(work));
    }

    void turn_learning_off(std::string reason) {
        learn_path_.clear();
        learn_off_reason_ = std::move(reason);
    }

private:
    std::shared_ptr<const Book> snapshot() {
        std::lock_guard lock(mutex_);
        return current_;
    }

    const Book base_;  // the play book as loaded (learn-book mode): what the learned lines are compared with
    std::mutex mutex_;
    std::shared_ptr<const Book> current_;  // what play probes: the base with the learned lines over it
    std::string learn_path_;
    std::string learn_off_reason_ = "there is no file to store learned games in (give --learn-book FILE)";
    bool into_itself_;
    std::unique_ptr<Engine> engine_;  // used by learn() only, on the session's learning thread
};

// nullopt (reported on `log`) when the file is missing, damaged or unfinished.
std::optional<Book> load_playable(const std::string& path, const char* what, std::ostream& log,
                                  const char* consequence) {
    try {
        Book book = load_book(path);
        if (book.unfinished) throw Error("book " + path + ": an unfinished build");
        return book;
    } catch (const Error& e) {
        log << "outflank: " << what << e.what() << "; " << consequence << std::endl;
        return std::nullopt;
    }
}

}  // namespace

std::string default_learn_book_path() {
    const char* data_home = std::getenv("XDG_DATA_HOME");
    if (data_home && data_home[0] == '/') return std::string(data_home) + "/outflank/learned.book";
    const char* home = std::getenv("HOME");
    if (home && home[0] == '/') return std::string(home) + "/.local/share/outflank/learned.book";
    return "";
}

std::unique_ptr<NboardBook> open_nboard_book(const std::string& path, std::ostream& log) {
    return open_nboard_book(NboardBookFiles{path, path}, log);
}

std::unique_ptr<NboardBook> open_nboard_book(const NboardBookFiles& files, std::ostream& log) {
    const bool into_itself = !files.learn.empty() && files.learn == files.play;
    std::optional<Book> base;
    if (!files.play.empty()) base = load_playable(files.play, "", log, "playing without a book");
    if (into_itself) {
        if (!base) return nullptr;
        Book merged = *base;
        return std::make_unique<LearningBook>(Book{}, std::move(merged), files.learn, true);
    }
    if (files.learn.empty()) {
        if (!base) return nullptr;
        Book merged = *base;
        return std::make_unique<LearningBook>(std::move(*base), std::move(merged), "", false);
    }
    // A learn book over the play book (or over nothing).
    Book play = base ? std::move(*base) : Book{};
    Book merged = play;
    std::error_code ec;
    std::string off_reason;
    if (std::filesystem::exists(files.learn, ec)) {
        if (const auto learned = load_playable(files.learn, "learned lines: ", log,
                                               "learning is off (the file is left as it is)")) {
            for (const auto& [key, entry] : learned->entries()) merged.insert(key) = entry;
            for (const auto& [k, v] : learned->metadata()) merged.metadata()[k] = v;
        } else {
            off_reason = "the learned-lines book " + files.learn + " cannot be read, so it is not overwritten";
        }
    }
    auto book = std::make_unique<LearningBook>(std::move(play), std::move(merged), files.learn, false);
    if (!off_reason.empty()) book->turn_learning_off(off_reason);
    return book;
}

}  // namespace outflank
