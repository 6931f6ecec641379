// The trainer's data: the positions of many games, merged across games and board symmetries,
// each with what is known of its value (game results, an exact solve, a search). Built by
// `outflank train data`, read by `outflank train fit`; generated, never committed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/bitboard.hpp"
#include "core/game.hpp"

namespace outflank {

inline constexpr std::int8_t kUnknownScore = -128;

struct TrainingPosition {
    Bitboard player = 0;    // side to move, in the canonical orientation (smallest of the 8 symmetries)
    Bitboard opponent = 0;
    float result_sum = 0;   // sum over occurrences of the game's result for the side to move (discs)
    std::uint32_t count = 0;
    std::int8_t exact = kUnknownScore;  // the solver's score, once solved

    int empties() const { return popcount(~(player | opponent)); }
    float mean_result() const { return count ? result_sum / static_cast<float>(count) : 0.f; }
};

class TrainingSet {
public:
    // Adds every position of `game` (a finished game, result `score_black` for black) at which the
    // side to move has a move. From `theoretical_empties` empties on, the WTHOR theoretical score
    // (perfect play from there) is the better label; before it the played result is used.
    void add_game(const Game& game, int score_black, int theoretical_black = kUnknownScore,
                  int theoretical_empties = 0);
    // Merges equal positions (up to symmetry): counts and result sums add up; sorted by empties.
    void merge();
    // Keeps 1 in `one_in` of the positions with min..max empties (chosen by a hash of the
    // position, so the choice is reproducible) and drops the others; returns how many it dropped.
    // With keep_solved, positions that have an exact score are all kept.
    std::size_t sample_range(int min_empties, int max_empties, int one_in, bool keep_solved = false);

    std::vector<TrainingPosition>& positions() { return positions_; }
    const std::vector<TrainingPosition>& positions() const { return positions_; }

    // A compact binary file (magic, version, count, records, checksum); load() throws Error.
    void save(const std::string& path) const;
    static TrainingSet load(const std::string& path);

private:
    std::vector<TrainingPosition> positions_;
};

// The smallest (player, opponent) pair over the eight symmetries: one key per class of positions.
void canonical_orientation(Bitboard& player, Bitboard& opponent);

}  // namespace outflank
