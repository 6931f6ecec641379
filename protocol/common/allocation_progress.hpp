// Progress of a large hash table's allocation, for front ends to hand to the Engine: plain lines
// on their log (GUIs show stderr as a log, if at all), one per percent reached. The engine calls
// it only for tables that take a moment (512 MB and more).
#pragma once

#include <cstddef>
#include <functional>
#include <ostream>
#include <string>

#include "search/tt.hpp"

namespace outflank {

// `write_line` gets each line without its newline.
inline AllocationProgress allocation_progress(std::function<void(const std::string&)> write_line,
                                              std::size_t megabytes) {
    return [write_line = std::move(write_line), megabytes, last = -1](double fraction) mutable {
        const int percent = static_cast<int>(fraction * 100);
        if (percent == last) return;
        last = percent;
        write_line("outflank: clearing the " + std::to_string(megabytes) + " MB hash table: " +
                   std::to_string(percent) + "%");
    };
}

// The same on a stream (flushed at every line).
inline AllocationProgress allocation_progress(std::ostream& log, std::size_t megabytes) {
    return allocation_progress([&log](const std::string& line) { log << line << std::endl; }, megabytes);
}

}  // namespace outflank
