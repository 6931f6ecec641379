// The command line: each subcommand lives in its own cli_*.cpp and registers itself here.
// A subcommand's callback returns the process exit code (0 success, 1 "answer wrong", 2 bad input).
#pragma once

#include <CLI/CLI.hpp>

namespace outflank::cli {

// Set by the subcommand callbacks; main returns it.
inline int exit_code = 0;

void add_perft(CLI::App& app);

}  // namespace outflank::cli
