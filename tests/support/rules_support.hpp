// Helpers shared by the rules-core tests: readable boards, a fixed-seed generator, random play,
// and the switches that keep the data and bulk tests fast under sanitizers.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/bitboard.hpp"
#include "core/notation.hpp"
#include "core/position.hpp"

namespace outflank::test {

// The bitboard of some named squares: squares_of({"d3", "c4"}).
inline Bitboard squares_of(std::initializer_list<std::string_view> names) {
    Bitboard b = 0;
    for (std::string_view n : names) b |= bit(parse_square(n));
    return b;
}

// splitmix64: a tiny generator whose output is the same on every platform and library (unlike
// std::uniform_int_distribution), so a failing seed reproduces everywhere.
class Rng {
public:
    explicit Rng(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    // Uniform enough in [0, n) for test sampling (n is tiny next to 2^64).
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
    // A random set square of a non-empty bitboard.
    Square pick(Bitboard b) {
        int k = below(popcount(b));
        for (; k > 0; --k) b &= b - 1;
        return lowest_square(b);
    }

private:
    std::uint64_t state_;
};

// `count` positions met along random games from the start (passes played, a finished game
// restarts from the start). Finished positions are included: they are part of the rules too.
inline std::vector<Position> random_play_positions(std::size_t count, std::uint64_t seed) {
    Rng rng(seed);
    std::vector<Position> out;
    out.reserve(count);
    Position pos = Position::start();
    while (out.size() < count) {
        out.push_back(pos);
        if (pos.is_game_over()) {
            pos = Position::start();
        } else if (const Bitboard m = pos.moves()) {
            pos.play(rng.pick(m));
        } else {
            pos.pass();
        }
    }
    return out;
}

// scripts/test exports OUTFLANK_SANITIZED=1 for the ASan/UBSan tree; bulk tests sample less there.
inline bool sanitized() {
    const char* v = std::getenv("OUTFLANK_SANITIZED");
    return v != nullptr && std::string_view(v) == "1";
}

// The shared data folder, or an empty path when it is absent (tests then skip with a WARN).
inline std::filesystem::path shared_data(std::string_view sub) {
    const std::filesystem::path dir = std::filesystem::path(OUTFLANK_SHARED_DATA) / sub;
    std::error_code ec;
    return std::filesystem::is_directory(dir, ec) ? dir : std::filesystem::path{};
}

}  // namespace outflank::test
