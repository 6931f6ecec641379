// Command-line usage errors in the project's own format: `outflank: <what is wrong>` on stderr,
// with a suggestion when a word looks like a misspelt option or subcommand
// (`outflank: did you mean --depth?`, `analyse` -> `analyze`), instead of CLI11's own text.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace outflank::cli {

// The closest of `candidates` to `word` when it is close enough to be a typo ("" otherwise):
// at most 2 edits for words of 5 or more characters, 1 for shorter ones.
std::string closest_name(const std::string& word, const std::vector<std::string>& candidates);

// Writes the error (and any suggestion) for the parse failure `e` of `app` on argv; returns the
// exit code (2).
int report_usage_error(CLI::App& app, const CLI::ParseError& e, int argc, char** argv);

}  // namespace outflank::cli
