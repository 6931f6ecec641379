#include "cli/solve_table.hpp"

#include <cstdio>

#include "core/error.hpp"
#include "core/notation.hpp"
#include "core/tokenizer.hpp"

namespace outflank::cli {

std::string solve_table_header() {
    char buf[128];
    std::snprintf(buf, sizeof buf, "%4s %3s %5s %6s %8s %6s %14s %9s %12s\n", "#", "emp", "move", "score",
                  "expected", "result", "nodes", "seconds", "nodes/s");
    return buf;
}

std::string solve_table_row(const SolveRow& row) {
    const std::string expected = row.has_expected ? std::to_string(row.expected) : "-";
    const double nps = row.seconds > 0 ? static_cast<double>(row.nodes) / row.seconds : 0;
    char buf[160];
    std::snprintf(buf, sizeof buf, "%4d %3d %5s %+6d %8s %6s %14llu %9.3f %12.0f\n", row.number, row.empties,
                  square_name(row.move).c_str(), row.score, expected.c_str(),
                  row.has_expected ? (row.ok ? "OK" : "WRONG") : "-", static_cast<unsigned long long>(row.nodes),
                  row.seconds, nps);
    return buf;
}

int solve_wrong_count(const std::vector<SolveRow>& rows) {
    int wrong = 0;
    for (const SolveRow& r : rows) wrong += !r.ok;
    return wrong;
}

std::string solve_table_total(const std::vector<SolveRow>& rows) {
    std::uint64_t nodes = 0;
    double seconds = 0;
    for (const SolveRow& r : rows) {
        nodes += r.nodes;
        seconds += r.seconds;
    }
    char buf[160];
    std::snprintf(buf, sizeof buf, "%4s %3d %5s %6s %8s %6s %14llu %9.3f %12.0f\n", "all",
                  static_cast<int>(rows.size()), "", "", "", solve_wrong_count(rows) ? "WRONG" : "OK",
                  static_cast<unsigned long long>(nodes), seconds, seconds > 0 ? nodes / seconds : 0.0);
    return buf;
}

std::string solve_record(const SolveRow& row) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%d %d %d %d %s %d %llu %.17g", row.number, row.empties, row.move, row.score,
                  row.has_expected ? std::to_string(row.expected).c_str() : "-", row.ok ? 1 : 0,
                  static_cast<unsigned long long>(row.nodes), row.seconds);
    return buf;
}

SolveRow parse_solve_record(std::string_view line, const std::string& name) {
    const std::vector<std::string_view> words = text::split_words(line);
    const Error bad(name + ": not a solve result: '" + std::string(line.substr(0, 80)) + "'");
    if (words.size() != 8) throw bad;
    auto integer = [&](std::string_view word, long long low, long long high) {
        const auto v = text::parse_integer(word);
        if (!v || *v < low || *v > high) throw bad;
        return *v;
    };
    SolveRow row;
    row.number = static_cast<int>(integer(words[0], -1000000000, 1000000000));
    row.empties = static_cast<int>(integer(words[1], 0, 64));
    row.move = static_cast<int>(integer(words[2], 0, kNoMove));
    row.score = static_cast<int>(integer(words[3], -64, 64));
    row.has_expected = words[4] != "-";
    if (row.has_expected) row.expected = static_cast<int>(integer(words[4], -64, 64));
    row.ok = integer(words[5], 0, 1) == 1;
    const auto nodes = text::parse_integer(words[6]);
    const auto seconds = text::parse_number(words[7]);
    if (!nodes || *nodes < 0 || !seconds || *seconds < 0) throw bad;
    row.nodes = static_cast<std::uint64_t>(*nodes);
    row.seconds = *seconds;
    return row;
}

}  // namespace outflank::cli
