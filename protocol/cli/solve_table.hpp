// The table `outflank solve` prints, in one place, so that `outflank merge` of solve shards writes
// exactly the table a single run writes: one row a position, then the "all" row of totals.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace outflank::cli {

struct SolveRow {
    int number = 0;
    int empties = 0;
    int move = 0;  // square index (as square_name takes it)
    int score = 0;
    bool has_expected = false;
    int expected = 0;
    bool ok = true;
    std::uint64_t nodes = 0;
    double seconds = 0;
};

std::string solve_table_header();
std::string solve_table_row(const SolveRow& row);
// The "all" row: positions, OK/WRONG, total nodes and seconds, and the rate.
std::string solve_table_total(const std::vector<SolveRow>& rows);
int solve_wrong_count(const std::vector<SolveRow>& rows);

// A row as one line of a shard file ("NUMBER EMPTIES MOVE SCORE EXPECTED|- OK NODES SECONDS"),
// with the seconds at full precision so that the merged totals are the single run's.
std::string solve_record(const SolveRow& row);
// Throws Error naming `name` when the line is not such a record.
SolveRow parse_solve_record(std::string_view line, const std::string& name);

}  // namespace outflank::cli
