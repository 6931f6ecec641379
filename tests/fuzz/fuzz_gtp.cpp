// libFuzzer entry point: the input is a GTP session (any bytes, split into lines by the engine).
// Every search is capped by a node limit and files are off, so each input runs in milliseconds
// and the outcome depends on the input alone.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "gtp/gtp.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    std::ostringstream out, log;
    outflank::GtpOptions options;
    options.hash_mb = 1;
    options.depth = 1;
    options.explicit_strength = true;
    options.show_info = false;
    options.max_nodes = 2000;
    options.max_solve_empties = 12;
    options.max_hash_mb = 2;
    options.max_threads = 4;
    options.threads = 2;
    options.allow_files = false;
    outflank::GtpEngine gtp(in, out, log, options);
    gtp.run();
    // Every answer ends with exactly one empty line: the output never ends mid-answer.
    const std::string text = out.str();
    if (!text.empty() && (text.size() < 2 || text.compare(text.size() - 2, 2, "\n\n") != 0)) __builtin_trap();
    return 0;
}
