// `outflank perft DEPTH [--position "<64> X"] [--divide]`
#include <chrono>
#include <ctime>
#include <cstdio>
#include <string>

#include "cli/cli.hpp"
#include "core/error.hpp"
#include "core/notation.hpp"
#include "core/perft.hpp"

namespace outflank::cli {
namespace {

struct PerftOptions {
    int depth = 0;
    std::string position;
    bool divide = false;
};

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// CPU time of this thread: on a shared machine the wall clock also counts other processes' time.
double thread_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

void run_perft(const PerftOptions& opt) {
    if (opt.depth < 1 || opt.depth > 20) throw Error("perft: depth must be 1-20, not " + std::to_string(opt.depth));
    const Position pos = opt.position.empty() ? Position::start() : parse_position(opt.position);

    if (opt.divide) {
        const auto start = std::chrono::steady_clock::now();
        std::uint64_t total = 0;
        for (const DivideEntry& e : perft_divide(pos, opt.depth)) {
            std::printf("%-4s %llu\n", square_name(e.move).c_str(), static_cast<unsigned long long>(e.leaves));
            std::fflush(stdout);
            total += e.leaves;
        }
        if (pos.is_game_over()) total = 1;
        const double s = seconds_since(start);
        std::printf("total %llu  (%.3f s, %.0f leaves/s)\n", static_cast<unsigned long long>(total), s,
                    s > 0 ? total / s : 0.0);
        return;
    }
    std::printf("%5s %20s %10s %16s %10s %16s\n", "depth", "leaves", "seconds", "leaves/s", "cpu s", "leaves/cpu s");
    for (int d = 1; d <= opt.depth; ++d) {
        const auto start = std::chrono::steady_clock::now();
        const double cpu_start = thread_cpu_seconds();
        const std::uint64_t leaves = perft(pos, d);
        const double s = seconds_since(start);
        const double cpu = thread_cpu_seconds() - cpu_start;
        std::printf("%5d %20llu %10.3f %16.0f %10.3f %16.0f\n", d, static_cast<unsigned long long>(leaves), s,
                    s > 0 ? leaves / s : 0.0, cpu, cpu > 0 ? leaves / cpu : 0.0);
        std::fflush(stdout);
    }
}

}  // namespace

void add_perft(CLI::App& app) {
    auto opt = std::make_shared<PerftOptions>();
    CLI::App* sub = app.add_subcommand("perft", "Count the leaves of the game tree (rules core check and speed)");
    sub->add_option("depth", opt->depth, "Plies to search (1-20); every depth up to it is printed")->required();
    sub->add_option("--position,-p", opt->position, "Start from this position: 64 squares (X O -) and the side to move");
    sub->add_flag("--divide,-d", opt->divide, "Print the leaf count under each root move");
    sub->callback([opt] { run_perft(*opt); });
}

}  // namespace outflank::cli
