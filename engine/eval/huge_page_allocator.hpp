// An allocator for large tables read at random (the evaluation's weights: 10 MB, 58 scattered
// reads per evaluation): it aligns the block to 2 MiB and asks Linux to back it with huge pages,
// so that the reads do not also miss the TLB. Elsewhere (or when the kernel declines) it is an
// ordinary aligned allocation.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace outflank {

template <typename T>
struct HugePageAllocator {
    using value_type = T;
    static constexpr std::size_t kHugePage = std::size_t{2} << 20;

    HugePageAllocator() = default;
    template <typename U>
    HugePageAllocator(const HugePageAllocator<U>&) {}

    T* allocate(std::size_t n) {
        // aligned_alloc wants a multiple of the alignment; a small table keeps ordinary pages.
        const std::size_t bytes = n * sizeof(T);
        const std::size_t align = bytes >= kHugePage ? kHugePage : alignof(std::max_align_t);
        const std::size_t rounded = (bytes + align - 1) / align * align;
        void* p = std::aligned_alloc(align, rounded == 0 ? align : rounded);
        if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (align == kHugePage) madvise(p, rounded, MADV_HUGEPAGE);  // advice only: failure is harmless
#endif
        return static_cast<T*>(p);
    }
    void deallocate(T* p, std::size_t) { std::free(p); }

    template <typename U>
    bool operator==(const HugePageAllocator<U>&) const { return true; }
};

}  // namespace outflank
