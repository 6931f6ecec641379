// Reading the project's files: one place that opens a path and returns its bytes, so every
// reader (weights, training set, records, book sources, OBF) reports failures the same way.
#pragma once

#include <string>

namespace outflank {

// A whole file's bytes; throws Error naming the file when it cannot be opened or read (a
// directory included).
std::string read_file(const std::string& path);

}  // namespace outflank
