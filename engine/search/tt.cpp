#include "search/tt.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <thread>

#include "core/cpus.hpp"
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
        std::clamp<std::size_t>(std::min<std::size_t>(static_cast<std::size_t>(usable_cpus()), slices / 4), 1, 64));
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
        const std::uint64_t data = e.data.load(std::memory_order_relaxed);
        if (data != 0 && (e.check.load(std::memory_order_relaxed) ^ data) == key) {
            const Fields f = unpack(data);
            out.lower = f.lower;
            out.upper = f.upper;
            out.depth = f.depth;
            out.selectivity = f.selectivity;
            out.move = static_cast<Square>(f.move);
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

    // Each entry is read once (a consistent pair or nothing) and written once: other threads may
    // change the bucket meanwhile, which at worst loses one of two simultaneous stores.
    Entry* slot = nullptr;
    Fields old{};
    bool same_key = false;
    for (Entry& e : b.entries) {
        const std::uint64_t data = e.data.load(std::memory_order_relaxed);
        if (data != 0 && (e.check.load(std::memory_order_relaxed) ^ data) == key) {
            slot = &e;
            old = unpack(data);
            same_key = true;
            break;
        }
    }
    if (slot) {
        const bool same_search = old.depth == depth && old.selectivity == selectivity;
        if (same_search) {  // tighten the bounds we already had
            lower = std::max(lower, old.lower);
            upper = std::min(upper, old.upper);
            if (lower > upper) {  // inconsistent (search instability): trust the new result
                lower = score > alpha ? score : kMinScore;
                upper = score < beta ? score : kMaxScore;
            }
        } else if (old.depth > depth || (old.depth == depth && old.selectivity > selectivity)) {
            // A deeper result is worth more than this shallower one; only refresh its age.
            old.age = age_;
            if (move != kNoMove && old.move == kNoMove) old.move = move;
            const std::uint64_t data = pack(old);
            slot->data.store(data, std::memory_order_relaxed);
            slot->check.store(key ^ data, std::memory_order_relaxed);
            return;
        }
    } else {
        // Victim: the entry from the oldest search, then the shallowest (empty entries first).
        auto worth = [this](const Entry& e) {
            const std::uint64_t data = e.data.load(std::memory_order_relaxed);
            if (data == 0) return -1;
            const Fields f = unpack(data);
            return (f.age == age_ ? 1024 : 0) + f.depth * 8 + f.selectivity;
        };
        slot = &b.entries[0];
        int slot_worth = worth(*slot);
        for (Entry& e : b.entries) {
            const int w = worth(e);
            if (w < slot_worth) {
                slot = &e;
                slot_worth = w;
            }
        }
    }
    if (move == kNoMove && same_key) move = static_cast<Square>(old.move);  // keep a known best move
    // An all-zero data word marks an empty entry: the one real result that would pack to zero
    // (score 0 at depth 0, move a1, age 0) is stored without its move instead.
    std::uint64_t data = pack({lower, upper, depth, selectivity, move, age_});
    if (data == 0) data = pack({lower, upper, depth, selectivity, kNoMove, age_});
    slot->data.store(data, std::memory_order_relaxed);
    slot->check.store(key ^ data, std::memory_order_relaxed);
}

}  // namespace outflank
