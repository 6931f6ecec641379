// Helpers for the search tests: positions with a given number of empties, and a search stopped
// from another thread with the time it took to answer.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "core/position.hpp"
#include "records/obf.hpp"
#include "search/engine.hpp"
#include "support/rules_support.hpp"

namespace outflank::test {

// Positions along random games with between lo and hi empties, games not over; with
// `need_move`, only those where the side to move has a move (no forced pass).
inline std::vector<Position> positions_with_empties(int lo, int hi, std::size_t count, std::uint64_t seed,
                                                    bool need_move = false) {
    std::vector<Position> out;
    for (const Position& p : random_play_positions(count * 80, seed)) {
        const int e = p.empty_count();
        if (e >= lo && e <= hi && !p.is_game_over() && (!need_move || p.moves())) out.push_back(p);
        if (out.size() == count) break;
    }
    return out;
}

// Where the FFO files are (../shared/data/ffo/); the tests skip what needs them when absent.
inline std::string ffo_dir() { return std::string(OUTFLANK_SHARED_DATA) + "/ffo/"; }

// FFO #1-#19 and those of #20-#39 with at most `max_empties` empties; none when the data is
// not there (see ffo_dir).
inline std::vector<ObfProblem> ffo_positions_up_to(int max_empties) {
    const std::string dir = ffo_dir();
    if (!std::filesystem::exists(dir + "fforum-1-19.obf")) return {};
    std::vector<ObfProblem> positions = read_obf(dir + "fforum-1-19.obf");
    for (const ObfProblem& e : read_obf(dir + "fforum-20-39.obf"))
        if (e.pos.empty_count() <= max_empties) positions.push_back(e);
    return positions;
}

struct StoppedSearch {
    SearchResult result;
    double latency = 0;  // seconds from stop() to the answer
};

// Searches `pos` with `limits` while another thread calls engine.stop() after `delay`.
inline StoppedSearch search_stopped_after(Engine& engine, const Position& pos, const Limits& limits,
                                          std::chrono::milliseconds delay) {
    std::chrono::steady_clock::time_point stop_time;
    std::thread stopper([&] {
        std::this_thread::sleep_for(delay);
        stop_time = std::chrono::steady_clock::now();
        engine.stop();
    });
    StoppedSearch s;
    s.result = engine.search(pos, limits);
    const auto returned = std::chrono::steady_clock::now();
    stopper.join();
    s.latency = std::chrono::duration<double>(returned - stop_time).count();
    return s;
}

}  // namespace outflank::test
