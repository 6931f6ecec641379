// `outflank nboard [--hash MB] [--level N] [--book FILE|none]`: the NBoard protocol on stdin/stdout, for the NBoard GUI.
#include <iostream>
#include <memory>

#include "cli/cli.hpp"
#include "book/default_book.hpp"
#include "nboard/nboard.hpp"
#include "nboard/nboard_file_book.hpp"

namespace outflank::cli {

void add_nboard(CLI::App& app) {
    auto opt = std::make_shared<NboardOptions>();
    CLI::App* sub = app.add_subcommand("nboard", "Speak the NBoard protocol on stdin/stdout (the NBoard Othello GUI)");
    sub->add_option("--hash", opt->hash_mb, "Transposition table size in MB (default 64)")->check(CLI::Range(1, 16384));
    sub->add_option("--level,-l", opt->level,
                    "Strength level 1-60 until the GUI sends `set depth` (default " +
                        std::to_string(NboardOptions::kDefaultLevel) + ")")
        ->check(CLI::Range(1, 60));
    auto book = std::make_shared<std::string>();
    sub->add_option("--book", *book, "Opening book file, or none (default: the shipped book/outflank.book)");
    sub->callback([opt, book] {
        const auto opened = open_nboard_book(resolve_book_choice(*book, std::cerr), std::cerr);
        exit_code = run_nboard(std::cin, std::cout, std::cerr, *opt, opened.get());
    });
}

}  // namespace outflank::cli
