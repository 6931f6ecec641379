// libFuzzer entry point: the input is an NBoard session (any bytes, one command a line), fed to an
// NboardSession as run_nboard() would feed it. Every search is capped at a few thousand nodes, and
// the fuzzer waits for each line's search to end before the next line: a `ping` then never races a
// search, so the outcome (and the coverage libFuzzer steers by) depends on the input alone. The
// races between `ping` and a running search are the thread-sanitizer run's and tests/nboard's job.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "nboard/nboard.hpp"

namespace {

// NBoard's own cap on a line (run_nboard); longer lines only slow the fuzzer down.
constexpr std::size_t kMaxLine = 1 << 20;

// Every line the protocol writes must be one line: a newline inside it would split an answer.
void check_line(const std::string& line) {
    if (line.find('\n') != std::string::npos || line.find('\r') != std::string::npos) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    outflank::NboardOptions options;
    options.hash_mb = 1;
    options.max_nodes = 2000;
    std::vector<std::string> written;  // the output of the current line and its search
    outflank::NboardSession session(
        [&written](const std::string& line) {
            check_line(line);
            written.push_back(line);
        },
        [](const std::string& line) { check_line(line); }, options);
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    std::size_t begin = 0;
    while (begin <= input.size()) {
        std::size_t end = input.find('\n', begin);
        if (end == std::string_view::npos) end = input.size();
        std::string_view line = input.substr(begin, end - begin);
        if (line.size() > kMaxLine) line = line.substr(0, kMaxLine);
        written.clear();
        const bool more = session.handle_line(line);
        session.wait_until_idle();
        // A pong is the last thing a line writes: nothing of a search may follow it.
        for (std::size_t i = 0; i + 1 < written.size(); ++i)
            if (written[i].starts_with("pong ")) __builtin_trap();
        if (!more) break;
        begin = end + 1;
    }
    session.finish();
    return 0;
}
