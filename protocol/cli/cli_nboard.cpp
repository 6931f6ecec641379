// `outflank nboard [--hash MB] [--threads N] [--level N] [--book FILE|none] [--learn-book FILE]`: the NBoard
// protocol on stdin/stdout, for the NBoard GUI.
#include <iostream>
#include <memory>

#include "cli/cli.hpp"
#include "book/default_book.hpp"
#include "nboard/nboard.hpp"
#include "nboard/nboard_file_book.hpp"

namespace outflank::cli {
namespace {

struct NboardBookChoice {
    std::string book;        // --book: "", "none" or a file
    std::string learn_book;  // --learn-book
};

// Where play and `learn` go. The shipped book is never written: over it (and over `--book none`)
// learned games go to --learn-book or the default learn book; a book the user names with --book
// learns into itself unless --learn-book is given.
NboardBookFiles book_files(const NboardBookChoice& choice) {
    NboardBookFiles files;
    files.play = resolve_book_choice(choice.book, std::cerr);
    if (!choice.learn_book.empty()) files.learn = choice.learn_book;
    else if (!choice.book.empty() && choice.book != "none") files.learn = files.play;
    else if (choice.book.empty()) files.learn = default_learn_book_path();
    return files;
}

}  // namespace

void add_nboard(CLI::App& app) {
    auto opt = std::make_shared<NboardOptions>();
    CLI::App* sub = app.add_subcommand("nboard", "Speak the NBoard protocol on stdin/stdout (the NBoard Othello GUI)");
    sub->add_option("--hash", opt->hash_mb, "Transposition table size in MB (default 64; at most half the memory)")->check(CLI::PositiveNumber);
    add_search_threads_option(sub, "--threads", opt->threads);
    sub->add_option("--level,-l", opt->level,
                    "Strength level 1-60 until the GUI sends `set depth` (default " +
                        std::to_string(NboardOptions::kDefaultLevel) + ")")
        ->check(CLI::Range(1, 60));
    auto choice = std::make_shared<NboardBookChoice>();
    sub->add_option("--book", choice->book,
                    "Opening book file (`learn` then stores games in it), or none (default: the shipped book, never "
                    "written: $OUTFLANK_BOOK, else outflank.book beside the program, in ../share/outflank or the "
                    "source tree)")
        ->type_name("FILE|none");
    sub->add_option("--learn-book", choice->learn_book,
                    "Where `learn` stores games: learned lines played before the book's own (default over the "
                    "shipped book: $XDG_DATA_HOME/outflank/learned.book or ~/.local/share/outflank/learned.book)");
    sub->callback([opt, choice] {
        const auto opened = open_nboard_book(book_files(*choice), std::cerr);
        exit_code = run_nboard(std::cin, std::cout, std::cerr, *opt, opened.get());
    });
}

}  // namespace outflank::cli
