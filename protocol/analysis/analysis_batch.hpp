// `outflank analyze --batch`: one transcript, GGF game or position a line in, one JSON line out per input
// line, in input order, analysed by several Engine instances on their own threads.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "search/analysis.hpp"

namespace outflank {

struct BatchLine {
    int number = 0;    // 1-based line in the input
    std::string text;  // trimmed
};

// The lines to analyse: blank lines and lines starting with '#' are skipped.
std::vector<BatchLine> batch_lines(std::string_view input);

struct BatchOptions {
    AnalysisSettings settings;
    bool exact_positions = false;  // solve position lines exactly (--exact)
    int threads = 2;         // engines analysing lines in parallel
    int search_threads = 1;  // threads per engine
    std::size_t hash_mb = 64;      // per engine
};

struct BatchResult {
    std::string json;  // one line, ending in a newline
    bool error = false;
};

// One line's JSON (with its "line" field): a game analysis when the line is a transcript or a GGF
// game ("(;GM[Othello]...;)", as GGS archives store them), a position analysis when it starts with
// a board ("<64 squares> X"), an {"line", "error"} object when it is none of these or the game is
// illegal.
BatchResult analyze_batch_line(Engine& engine, const BatchLine& line, const BatchOptions& options);

struct BatchSummary {
    int lines = 0;
    int errors = 0;
    double seconds = 0;
};

// Analyses every line; `emit` receives each result in input order (called on the calling thread,
// as soon as the results before it are done); `progress` after each one with (done, total, errors).
BatchSummary run_batch(const std::vector<BatchLine>& lines, const BatchOptions& options,
                       const std::function<void(const std::string&)>& emit,
                       const std::function<void(int, int, int)>& progress = {});

}  // namespace outflank
