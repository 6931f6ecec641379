#include "search/tt.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <thread>

#include "core/error.hpp"
#include "core/parallel.hpp"

namespace outflank {

std::size_t max_hash_mb() {
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long page_size = ::sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page_size <= 0) return std::size_t{1} << 14;  // unknown: 16 GB
    return static_cast<std::size_t>(pages) / 2 * static_cast<std::size_t>(page_size) >> 20;
}

TranspositionTable::TranspositionTable(std::size_t megabytes, const AllocationProgress& progress) {
    resize(megabytes, progress);
}

TranspositionTable::~TranspositionTable() { release(buckets_, bucket_count_); }

void TranspositionTable::release(Bucket* buckets, std::size_t count) {
    if (buckets) ::munmap(buckets, count * sizeof(Bucket));
}

void check_hash_mb(std::size_t megabytes) {
    if (megabytes == 0) throw Error("the hash table needs at least 1 MB");
    const std::size_t limit = max_hash_mb();
    if (megabytes > limit)
        throw Error("a " + std::to_string(megabytes) + " MB hash table is more than half of this machine's memory (at most " +
                    std::to_string(limit) + " MB)");
}

void TranspositionTable::resize(std::size_t megabytes, const AllocationProgress& progress) {
    check_hash_mb(megabytes);
    const std::size_t bytes = megabytes << 20;
    std::size_t count = 1;
    while (count * 2 * sizeof(Bucket) <= bytes) count *= 2;  // round down to a power of two
    // mmap rather than new[]: the pages come zeroed and untouched, so clear() below touches each
    // one once, on several threads, instead of a zeroing new[] plus a memset on one.
    void* memory = ::mmap(nullptr, count * sizeof(Bucket), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED)
        throw Error("cannot allocate a " + std::to_string(megabytes) + " MB hash table: " + std::strerror(errno));
#ifdef MADV_HUGEPAGE
    ::madvise(memory, count * sizeof(Bucket), MADV_HUGEPAGE);  // fewer TLB misses where available
#endif
    release(buckets_, bucket_count_);
    buckets_ = static_cast<Bucket*>(memory);
    bucket_count_ = count;
    clear(progress);
}

void TranspositionTable::clear(const AllocationProgress& progress) {
    // Slices of 16 MB handed to up to one thread per core: a large table is ready in a fraction of
    // the time one thread takes, and the first touch of each page happens here, not in a search.
    constexpr std::size_t kSliceBytes = std::size_t{16} << 20;
    const std::size_t bytes = bucket_count_ * sizeof(Bucket);
    const std::size_t slices = (bytes + kSliceBytes - 1) / kSliceBytes;
    const unsigned threads = static_cast<unsigned>(
        std::clamp<std::size_t>(std::min<std::size_t>(std::thread::hardware_concurrency(), slices / 4), 1, 64));
    char* base = reinterpret_cast<char*>(buckets_);
    // Progress only for tables large enough to take a moment: reporting costs the calling thread
    // its share of the work and up to a quarter of a second of latency.
    constexpr std::size_t kProgressBytes = std::size_t{512} << 20;
    Progress on_slices;
    if (progress && bytes >= kProgressBytes) on_slices = [&](std::size_t done) { progress(static_cast<double>(done) / static_cast<double>(slices)); };
    parallel_for(
        slices, threads,
        [&](std::size_t i, unsigned) {
            const std::size_t begin = i * kSliceBytes;
            std::memset(base + begin, 0, std::min(kSliceBytes, bytes - begin));
        },
        on_slices, 1);
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
