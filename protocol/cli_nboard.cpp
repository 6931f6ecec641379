// `outflank nboard [--hash MB] [--level N]`: the NBoard protocol on stdin/stdout, for the NBoard GUI.
#include <iostream>
#include <memory>

#include "cli.hpp"
#include "nboard.hpp"

namespace outflank::cli {

void add_nboard(CLI::App& app) {
    auto opt = std::make_shared<NboardOptions>();
    CLI::App* sub = app.add_subcommand("nboard", "Speak the NBoard protocol on stdin/stdout (the NBoard Othello GUI)");
    sub->add_option("--hash", opt->hash_mb, "Transposition table size in MB (default 64)")->check(CLI::Range(1, 16384));
    sub->add_option("--level,-l", opt->level,
                    "Strength level 1-60 until the GUI sends `set depth` (default " +
                        std::to_string(NboardOptions::kDefaultLevel) + ")")
        ->check(CLI::Range(1, 60));
    // No opening book yet: book/ will hand one to run_nboard here (see protocol/nboard_book.hpp).
    sub->callback([opt] { exit_code = run_nboard(std::cin, std::cout, std::cerr, *opt, nullptr); });
}

}  // namespace outflank::cli
