// Progress of a large hash table's allocation, for front ends to hand to the Engine: plain lines
// on their log stream (GUIs show stderr as a log, if at all). The engine calls it only for tables
// that take a moment (512 MB and more).
#pragma once

#include <cstddef>
#include <ostream>
#include <string>

#include "search/tt.hpp"

namespace outflank {

inline AllocationProgress allocation_progress(std::ostream& log, std::size_t megabytes) {
    return [&log, megabytes, last = -1](double fraction) mutable {
        const int percent = static_cast<int>(fraction * 100);
        if (percent == last) return;
        last = percent;
        log << "outflank: clearing the " << megabytes << " MB hash table: " << percent << "%" << std::endl;
    };
}

}  // namespace outflank
