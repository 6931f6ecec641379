// A split point: a node whose remaining moves are shared between threads (Young Brothers Wait:
// its first move was searched alone, so a cut-off there costs no parallel work). The thread that
// owns the node (its master) publishes it in the ThreadPool; idle threads join, and every thread
// at the node takes the next move from `next` until the moves run out or one of them fails high.
// See thread_pool.hpp for why the search splits this way.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>

#include "core/bitboard.hpp"
#include "eval/pattern_indices.hpp"

namespace outflank {

class SearchControl;
class TranspositionTable;

struct SplitPoint {
    static constexpr int kMaxMoves = 36;
    enum class Kind : std::uint8_t { midgame, endgame };

    // Written by the master before it publishes the split point, read-only afterwards.
    Kind kind = Kind::endgame;
    SplitPoint* parent = nullptr;        // the split point the master works for, if any
    TranspositionTable* tt = nullptr;
    SearchControl* control = nullptr;
    Bitboard player = 0, opponent = 0;
    int alpha = 0;              // null window (alpha, alpha + 1): the only nodes that split
    int depth = 0;              // midgame: plies left; endgame: empties
    int ply = 0;                // midgame: distance from the root
    int selectivity = 0;        // midgame: ProbCut level
    unsigned parity = 0;        // endgame: quadrant parity
    patterns::PatternIndices indices{};  // midgame: the node's pattern indices
    int count = 0;              // moves[first..count) are shared, best first
    Square moves[kMaxMoves]{};
    Bitboard flipped[kMaxMoves]{};

    // Shared while the split point is published.
    std::atomic<int> next{0};         // the next move to hand out
    std::atomic<bool> cut{false};     // a move failed high: everyone at or below here stops
    std::atomic<int> helpers{0};      // threads other than the master still working here
    std::mutex result_lock;           // guards best and best_move
    int best = -1000;
    Square best_move = kNoMove;

    // The node: `player` to move at `depth` (plies or empties) in the null window (alpha, alpha + 1).
    SplitPoint(Kind node_kind, Bitboard node_player, Bitboard node_opponent, int node_alpha, int node_depth)
        : kind(node_kind), player(node_player), opponent(node_opponent), alpha(node_alpha), depth(node_depth) {}
    SplitPoint(const SplitPoint&) = delete;
    SplitPoint& operator=(const SplitPoint&) = delete;

    // Takes the moves list[1..count) to share, best first in the list's own order (its pick()),
    // after the eldest brother `first_move` scored `first_score`.
    template <class List>
    void share_moves_after_first(List& list, int list_count, Square first_move, int first_score) {
        for (int j = 1; j < list_count; ++j) {
            const auto& m = list.pick(j);
            moves[j] = m.sq;
            flipped[j] = m.flipped;
        }
        count = list_count;
        next.store(1, std::memory_order_relaxed);
        best = first_score;
        best_move = moves[0] = first_move;
    }

    // Records a move's score (fail-soft); true when it fails high.
    bool record(int score, Square move) {
        std::lock_guard<std::mutex> guard(result_lock);
        if (score > best) {
            best = score;
            best_move = move;
        }
        if (score > alpha) {
            cut.store(true, std::memory_order_relaxed);
            return true;
        }
        return false;
    }
};

// True when `sp` or a split point above it has been cut off: work below it is wasted.
inline bool split_cut(const SplitPoint* sp) {
    for (; sp; sp = sp->parent)
        if (sp->cut.load(std::memory_order_relaxed)) return true;
    return false;
}

}  // namespace outflank
