// Helpers for the search tests: positions with a given number of empties, and a search stopped
// from another thread with the time it took to answer.
#pragma once

#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

#include "core/position.hpp"
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
