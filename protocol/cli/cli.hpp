// The command line: each subcommand lives in its own cli_*.cpp and registers itself here.
// A subcommand's callback returns the process exit code (0 success, 1 "answer wrong", 2 bad input).
#pragma once

#include <CLI/CLI.hpp>

#include <iosfwd>
#include <string>

#include "search/engine.hpp"

namespace outflank::cli {

// Set by the subcommand callbacks; main returns it.
inline int exit_code = 0;

// The default of --threads where it is the CPUs this process may use, as help texts say it.
inline std::string usable_cpus_text() {
    return "the CPUs this process may use, here " + std::to_string(default_threads());
}
// A search-threads option (`names` such as "--threads" or "--threads,-t"): 1..Engine::kMaxThreads,
// the CPUs this process may use by default unless `help` says otherwise.
inline CLI::Option* add_search_threads_option(CLI::App* sub, const std::string& names, int& threads,
                                              const std::string& help = "Search threads (default: " +
                                                                        usable_cpus_text() + ")") {
    return sub->add_option(names, threads, help)->check(CLI::Range(1, Engine::kMaxThreads));
}

void add_perft(CLI::App& app);
void add_gtp(CLI::App& app);
// The GTP loop on stdin/stdout with default options: what `outflank` without a subcommand runs.
int run_gtp_default();
void add_solve(CLI::App& app);
void add_search(CLI::App& app);
void add_bench(CLI::App& app);
void add_tune(CLI::App& app);
void add_match(CLI::App& app);
void add_train(CLI::App& app);
void add_nboard(CLI::App& app);
void add_analyze(CLI::App& app);
void add_board(CLI::App& app);
void add_book(CLI::App& app);
void add_play(CLI::App& app);
void add_merge(CLI::App& app);

// `outflank --version`: the version, the program's path, and the weights and book a run would use
// (found and loaded; `eval_spec` is --eval's value). Returns 0, or 2 when a named file (--eval,
// OUTFLANK_EVAL, OUTFLANK_BOOK) cannot be used, as every command would then refuse to start.
int version_report(const std::string& eval_spec, std::ostream& out);
// `outflank --man-page`: the manual page in troff, made from `app`'s commands and options.
std::string man_page(const CLI::App& app);

}  // namespace outflank::cli
