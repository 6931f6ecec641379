// `outflank gtp [--hash MB] [--threads N] [--level N | --depth N] [--time S] [--book FILE|none]
// [--book-randomness D] [--quiet]`, and plain `outflank` (no subcommand), which runs the same loop
// with the defaults (the shipped book included, when it can be found).
#include <unistd.h>

#include <csignal>
#include <iostream>
#include <memory>

#include "cli/cli.hpp"
#include "book/default_book.hpp"
#include "core/error.hpp"
#include "gtp/gtp.hpp"

namespace outflank::cli {
namespace {

struct GtpCliOptions {
    GtpOptions gtp;
    std::string book;  // a file, or "none"; empty: the shipped book
    bool quiet = false;
    int move_overhead_ms = static_cast<int>(kDefaultMoveOverhead * 1000);
};

int run_gtp_loop(GtpOptions options) {
    // GTP is line-synchronous; unsynced streams are faster and the engine flushes every answer.
    std::ios::sync_with_stdio(false);
    options.output_fd = STDOUT_FILENO;  // watched at the end of the input: is the GUI still there?
    // A GUI that went away closed our stdout: an answer written then must fail quietly (EPIPE),
    // not kill the process before the session ends cleanly.
    std::signal(SIGPIPE, SIG_IGN);
    // A person at a terminal sees a silent program otherwise: say what it speaks (GUIs use pipes).
    if (isatty(STDIN_FILENO))
        std::cerr << "outflank " OUTFLANK_VERSION ": speaking GTP. Type `help` for the commands, `genmove black` "
                     "for a move, `quit` to leave." << std::endl;
    GtpEngine gtp(std::cin, std::cout, std::cerr, options);
    return gtp.run();
}

}  // namespace

void add_gtp(CLI::App& app) {
    auto opt = std::make_shared<GtpCliOptions>();
    CLI::App* sub = app.add_subcommand("gtp", "Speak GTP (Go Text Protocol v2) on stdin/stdout, for GUIs and referees");
    sub->add_option("--hash", opt->gtp.hash_mb, "Transposition table size in MB (default 64; at most half the memory)")
        ->check(CLI::PositiveNumber);
    add_search_threads_option(sub, "--threads", opt->gtp.threads);
    CLI::Option* level = sub->add_option("--level,-l", opt->gtp.level,
                                         "Strength level 1-60 (default " + std::to_string(GtpOptions::kDefaultLevel) +
                                             ", about a second a move)")
                             ->check(CLI::Range(1, 60));
    CLI::Option* depth = sub->add_option("--depth,-d", opt->gtp.depth, "Fixed midgame depth 1-60 per move")
                             ->check(CLI::Range(1, 60));
    CLI::Option* time = sub->add_option("--time,-t", opt->gtp.move_time, "Seconds per move")
                            ->check(CLI::Range(0.001, 1e6));
    level->excludes(depth);
    sub->add_option("--book", opt->book, "Opening book file, or none (default: $OUTFLANK_BOOK, else outflank.book beside the program, in "
                                        "../share/outflank or the source tree; --version shows which)")
        ->type_name("FILE|none");
    sub->add_option("--book-randomness", opt->gtp.book_randomness,
                    "Play any book move within D discs of the best (default 0: always the best)")
        ->check(CLI::Range(0, 128));
    sub->add_flag("--quiet,-q", opt->quiet, "No search progress lines on stderr");
    sub->add_option("--move-overhead", opt->move_overhead_ms,
                    "Milliseconds kept back from every move's time for latency (default " +
                        std::to_string(static_cast<int>(kDefaultMoveOverhead * 1000)) + ")")
        ->check(CLI::Range(0, 10000));
    sub->callback([opt, level, depth, time] {
        GtpOptions options = opt->gtp;
        options.book_path = resolve_book_choice(opt->book, std::cerr);
        options.explicit_strength = level->count() + depth->count() + time->count() > 0;
        options.show_info = !opt->quiet;
        options.move_overhead = opt->move_overhead_ms / 1000.0;
        exit_code = run_gtp_loop(options);
    });
}

int run_gtp_default() {
    GtpOptions options;
    options.book_path = resolve_book_choice("", std::cerr);
    return run_gtp_loop(options);
}

}  // namespace outflank::cli
