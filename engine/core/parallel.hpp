// A parallel loop for the trainer and other batch jobs: indices are handed out in small chunks
// by an atomic counter, so the work spreads evenly; callers write results by index, so the
// outcome never depends on the scheduling.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <thread>
#include <vector>

namespace outflank {

// Called with the number of indices done so far (from the calling thread, at most ~4 times a second).
using Progress = std::function<void(std::size_t done)>;

// Runs fn(index, worker) for every index in [0, n) on `threads` workers (worker 0 is the calling thread).
template <typename Fn>
void parallel_for(std::size_t n, unsigned threads, Fn&& fn, const Progress& progress = {}, std::size_t chunk = 16) {
    threads = std::max(1u, threads);
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> done{0};
    auto work = [&](unsigned worker) {
        for (;;) {
            const std::size_t begin = next.fetch_add(chunk);
            if (begin >= n) return;
            const std::size_t end = std::min(n, begin + chunk);
            for (std::size_t i = begin; i < end; ++i) fn(i, worker);
            done.fetch_add(end - begin);
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work, t);
    if (!progress) {
        work(0);
    } else {
        // The calling thread reports progress while the others work (the OS shares the cores).
        std::thread last(work, 0u);
        while (done.load() < n) {
            std::this_thread::sleep_for(std::chrono::milliseconds(250));
            progress(done.load());
        }
        last.join();
    }
    for (std::thread& t : pool) t.join();
    if (progress) progress(n);
}

}  // namespace outflank
