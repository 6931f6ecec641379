// The transposition table: remembers, per position, score bounds, the search depth and
// selectivity they came from, and the best move. Fixed size (set in MB), 4-entry buckets that
// share one 64-byte cache line, replacement by depth and age. It survives across the moves of a
// game: new_search() ages old entries instead of clearing them.
//
// Shared by all the threads of a search without locks: an entry is two 64-bit words, the data
// and the key XOR the data, each read and written whole (relaxed atomics, plain moves on x86).
// Two threads writing one entry at once can leave words from different stores; the XOR check
// then fails and the entry reads as absent, so a probe never returns another position's data.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>

#include "core/bitboard.hpp"

namespace outflank {

// Selectivity levels: 0 is the most selective ProbCut; kNoSelectivity is a full-width search.
inline constexpr int kNoSelectivity = 5;
inline constexpr int kMinScore = -64;
inline constexpr int kMaxScore = 64;

struct TTData {
    int lower = kMinScore;  // the position's score is >= lower ...
    int upper = kMaxScore;  // ... and <= upper
    int depth = 0;
    int selectivity = 0;
    Square move = kNoMove;
};

// The largest table this machine allows: half of its physical memory, so that a mistyped size
// fails at once with a clear message instead of swapping for minutes.
std::size_t max_hash_mb();
// Throws Error saying why when `megabytes` of tables (all of a job's engines together) is 0 or
// more than max_hash_mb(): for jobs that make several engines, before they start.
void check_hash_mb(std::size_t megabytes);

// Called while a large table is being allocated and cleared, with the fraction done (0..1), from
// the calling thread, a few times a second.
using AllocationProgress = std::function<void(double fraction)>;

class TranspositionTable {
public:
    // Allocates and clears the table now (never later, inside a timed search).
    explicit TranspositionTable(std::size_t megabytes = 64, const AllocationProgress& progress = {});
    ~TranspositionTable();
    TranspositionTable(const TranspositionTable&) = delete;
    TranspositionTable& operator=(const TranspositionTable&) = delete;

    // Replaces the table by one of `megabytes` (rounded down to a power of two), allocated and
    // cleared before it returns. Throws Error, keeping the old table, when the size is 0, more
    // than max_hash_mb(), or cannot be allocated.
    void resize(std::size_t megabytes, const AllocationProgress& progress = {});
    // Zeroes every entry (on several threads for large tables).
    void clear(const AllocationProgress& progress = {});
    // Call once per root search: entries from earlier searches become preferred victims.
    void new_search() { age_ = static_cast<std::uint8_t>(age_ + 1); }
    std::size_t megabytes() const { return (bucket_count_ * sizeof(Bucket)) >> 20; }

    // True and fills `out` when the key is stored.
    bool probe(std::uint64_t key, TTData& out) const;
    // Stores the result of a search of `depth` and `selectivity` that returned `score` in the
    // window (alpha, beta); bounds are merged with an entry of the same depth and selectivity.
    void store(std::uint64_t key, int depth, int selectivity, int alpha, int beta, int score, Square move);
    void prefetch(std::uint64_t key) const { __builtin_prefetch(&buckets_[index(key)]); }

private:
    // The data word: lower, upper (int8), depth, selectivity, move, age (uint8), low byte first.
    struct Fields {
        int lower, upper, depth, selectivity, move, age;
    };
    static std::uint64_t pack(const Fields& f) {
        return static_cast<std::uint64_t>(static_cast<std::uint8_t>(f.lower)) |
               static_cast<std::uint64_t>(static_cast<std::uint8_t>(f.upper)) << 8 |
               static_cast<std::uint64_t>(f.depth & 0xFF) << 16 | static_cast<std::uint64_t>(f.selectivity & 0xFF) << 24 |
               static_cast<std::uint64_t>(f.move & 0xFF) << 32 | static_cast<std::uint64_t>(f.age & 0xFF) << 40;
    }
    static Fields unpack(std::uint64_t d) {
        return {static_cast<std::int8_t>(d & 0xFF), static_cast<std::int8_t>(d >> 8 & 0xFF), static_cast<int>(d >> 16 & 0xFF),
                static_cast<int>(d >> 24 & 0xFF), static_cast<int>(d >> 32 & 0xFF), static_cast<int>(d >> 40 & 0xFF)};
    }
    struct Entry {
        std::atomic<std::uint64_t> check;  // key ^ data
        std::atomic<std::uint64_t> data;   // 0: empty
    };
    static_assert(sizeof(Entry) == 16);
    struct alignas(64) Bucket {
        Entry entries[4];
    };

    std::size_t index(std::uint64_t key) const { return static_cast<std::size_t>(key) & (bucket_count_ - 1); }

    static void release(Bucket* buckets, std::size_t count);

    Bucket* buckets_ = nullptr;     // from mmap: page-aligned, and no pages touched until cleared
    std::size_t bucket_count_ = 0;  // a power of two
    std::uint8_t age_ = 0;
};

}  // namespace outflank
