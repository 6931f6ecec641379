// A fixed-size list of moves with their flips and an ordering score; no allocation.
#pragma once

#include <utility>

#include "core/bitboard.hpp"
#include "core/movegen.hpp"

namespace outflank {

struct MoveEntry {
    Square sq;
    Bitboard flipped;
    int score;  // ordering score, higher first
};

class MoveList {
public:
    // Legal positions never have more than 33 moves; 64 also covers any bitboard pair the tests make.
    static constexpr int kCapacity = 64;

    MoveList(Bitboard player, Bitboard opponent, Bitboard moves) {
        for (; moves; moves &= moves - 1) {
            const Square sq = lowest_square(moves);
            entries_[size_++] = {sq, flips(sq, player, opponent), 0};
        }
    }
    int size() const { return size_; }
    MoveEntry& operator[](int i) { return entries_[i]; }
    MoveEntry* begin() { return entries_; }
    MoveEntry* end() { return entries_ + size_; }

    // Selection sort, one step: brings the best remaining move to position i. Cheaper than a full
    // sort because most nodes cut off after the first or second move.
    MoveEntry& pick(int i) {
        int best = i;
        for (int j = i + 1; j < size_; ++j)
            if (entries_[j].score > entries_[best].score) best = j;
        std::swap(entries_[i], entries_[best]);
        return entries_[i];
    }

private:
    MoveEntry entries_[kCapacity];
    int size_ = 0;
};

}  // namespace outflank
