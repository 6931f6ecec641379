#include "search/tt.hpp"

#include <algorithm>
#include <cstring>

namespace outflank {

TranspositionTable::TranspositionTable(std::size_t megabytes) { resize(megabytes); }

void TranspositionTable::resize(std::size_t megabytes) {
    std::size_t bytes = std::max<std::size_t>(megabytes, 1) << 20;
    std::size_t count = 1;
    while (count * 2 * sizeof(Bucket) <= bytes) count *= 2;  // round down to a power of two
    buckets_ = std::make_unique<Bucket[]>(count);
    bucket_count_ = count;
    clear();
}

void TranspositionTable::clear() {
    std::memset(static_cast<void*>(buckets_.get()), 0, bucket_count_ * sizeof(Bucket));
    age_ = 0;
}

bool TranspositionTable::probe(std::uint64_t key, TTData& out) const {
    const Bucket& b = buckets_[index(key)];
    for (const Entry& e : b.entries) {
        if (e.key == key && (e.depth | e.move | e.lower | e.upper)) {
            out.lower = e.lower;
            out.upper = e.upper;
            out.depth = e.depth;
            out.selectivity = e.selectivity;
            out.move = e.move;
            return true;
        }
    }
    return false;
}

void TranspositionTable::store(std::uint64_t key, int depth, int selectivity, int alpha, int beta, int score,
                               Square move) {
    Bucket& b = buckets_[index(key)];
    int lower = kMinScore, upper = kMaxScore;
    if (score > alpha) lower = score;
    if (score < beta) upper = score;

    Entry* slot = nullptr;
    for (Entry& e : b.entries) {
        if (e.key == key) { slot = &e; break; }
    }
    if (slot) {
        const bool same_search = slot->depth == depth && slot->selectivity == selectivity;
        if (same_search) {  // tighten the bounds we already had
            lower = std::max<int>(lower, slot->lower);
            upper = std::min<int>(upper, slot->upper);
            if (lower > upper) {  // inconsistent (search instability): trust the new result
                lower = score > alpha ? score : kMinScore;
                upper = score < beta ? score : kMaxScore;
            }
        } else if (slot->depth > depth || (slot->depth == depth && slot->selectivity > selectivity)) {
            // A deeper result is worth more than this shallower one; only refresh its age.
            slot->age = age_;
            if (move != kNoMove && slot->move == kNoMove) slot->move = static_cast<std::uint8_t>(move);
            return;
        }
    } else {
        // Victim: the entry from the oldest search, then the shallowest.
        auto worth = [this](const Entry& e) {
            return (e.age == age_ ? 1024 : 0) + e.depth * 8 + e.selectivity;
        };
        slot = &b.entries[0];
        for (Entry& e : b.entries)
            if (worth(e) < worth(*slot)) slot = &e;
    }
    if (move == kNoMove && slot->key == key) move = slot->move;  // keep a known best move
    slot->key = key;
    slot->lower = static_cast<std::int8_t>(lower);
    slot->upper = static_cast<std::int8_t>(upper);
    slot->depth = static_cast<std::uint8_t>(depth);
    slot->selectivity = static_cast<std::uint8_t>(selectivity);
    slot->move = static_cast<std::uint8_t>(move);
    slot->age = age_;
}

}  // namespace outflank
