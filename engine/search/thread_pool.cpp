#include "search/thread_pool.hpp"

#include <algorithm>

#include "search/search_worker.hpp"
#include "search/thread_context.hpp"

namespace outflank {
namespace {

// One turn of a wait loop: a few hundred pause instructions first (a split point usually comes
// within microseconds, and a system call per turn cost a fifth of the CPU time in short
// searches), then yield the core, so that with more threads than cores (on purpose or on a busy
// machine) a waiting thread does not keep one from a thread with work.
void relax(int& turns) {
    if (++turns < 512) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
        return;
    }
    std::this_thread::yield();
}

bool is_below(const SplitPoint* sp, const SplitPoint* ancestor) {
    for (; sp; sp = sp->parent)
        if (sp == ancestor) return true;
    return false;
}

}  // namespace

ThreadPool::ThreadPool(int threads) {
    threads = std::clamp(threads, 1, kMaxThreads);
    for (int i = 1; i < threads; ++i) workers_.push_back(std::make_unique<SearchWorker>(this));
    for (int i = 1; i < threads; ++i) helpers_.emplace_back([this, i] { helper_main(i - 1); });
}

ThreadPool::~ThreadPool() {
    {
        std::lock_guard<std::mutex> guard(sleep_lock_);
        quit_ = true;
        searching_.store(false, std::memory_order_release);
    }
    wake_.notify_all();
    for (std::thread& t : helpers_) t.join();
}

void ThreadPool::begin_search() {
    if (helpers_.empty()) return;
    {
        std::lock_guard<std::mutex> guard(sleep_lock_);
        searching_.store(true, std::memory_order_release);
    }
    wake_.notify_all();
}

void ThreadPool::end_search() {
    // Every split point has ended with its search, so the helpers have nothing left to do: they
    // see the flag within one turn of their loop and go to sleep.
    searching_.store(false, std::memory_order_release);
}

void ThreadPool::helper_main(int index) {
    SearchWorker& worker = *workers_[static_cast<std::size_t>(index)];
    std::unique_lock<std::mutex> lock(sleep_lock_);
    for (;;) {
        wake_.wait(lock, [this] { return quit_ || searching_.load(std::memory_order_acquire); });
        if (quit_) return;
        lock.unlock();
        idle_.fetch_add(1, std::memory_order_relaxed);
        int turns = 0;
        while (searching_.load(std::memory_order_acquire)) {
            if (published_.load(std::memory_order_relaxed) != 0 && help(worker, nullptr, true)) turns = 0;
            else relax(turns);
        }
        idle_.fetch_sub(1, std::memory_order_relaxed);
        lock.lock();
    }
}

bool ThreadPool::publish(SplitPoint& sp) {
    std::lock_guard<std::mutex> guard(list_lock_);
    if (count_ == kMaxSplitPoints) return false;
    list_[count_++] = &sp;
    published_.store(count_, std::memory_order_relaxed);
    return true;
}

void ThreadPool::withdraw(SplitPoint& sp) {
    std::lock_guard<std::mutex> guard(list_lock_);
    for (int i = 0; i < count_; ++i) {
        if (list_[i] != &sp) continue;
        list_[i] = list_[--count_];
        break;
    }
    published_.store(count_, std::memory_order_relaxed);
}

bool ThreadPool::help(SearchWorker& worker, const SplitPoint* under, bool is_helper) {
    SplitPoint* sp = nullptr;
    {
        std::lock_guard<std::mutex> guard(list_lock_);
        // The deepest remaining subtrees first: the most work per hand-over.
        for (int i = 0; i < count_; ++i) {
            SplitPoint* candidate = list_[i];
            if (candidate->next.load(std::memory_order_relaxed) >= candidate->count || split_cut(candidate)) continue;
            if (under && !is_below(candidate, under)) continue;
            if (!sp || candidate->depth > sp->depth) sp = candidate;
        }
        if (!sp) return false;
        // Joined under the lock: the master withdraws its split point under the same lock before
        // it waits for the helpers, so it never returns while a joining thread is on its way.
        sp->helpers.fetch_add(1, std::memory_order_relaxed);
        idle_.fetch_sub(1, std::memory_order_relaxed);  // helpers and waiting masters alike
    }
    ThreadContext& c = worker.context();
    SplitPoint* const saved = c.split;
    if (is_helper) c.begin(sp->tt, sp->control);
    c.split = sp;
    c.refresh_stop();
    worker.work_at(*sp);
    if (is_helper) c.report();  // before leaving: the master counts every node of its search
    c.split = saved;
    idle_.fetch_add(1, std::memory_order_relaxed);
    sp->helpers.fetch_sub(1, std::memory_order_release);  // the last access to *sp
    return true;
}

void ThreadPool::split(SearchWorker& master, SplitPoint& sp) {
    ThreadContext& c = master.context();
    sp.parent = c.split;
    sp.tt = c.tt;
    sp.control = c.control;
    const bool published = publish(sp);
    c.split = &sp;
    master.work_at(sp);
    if (published) withdraw(sp);
    // Helpful master: while helpers are still below this node, work only at split points under
    // it, so that nothing else keeps this thread when the last helper is done.
    // Counted as idle meanwhile, so that the helpers below split their nodes for it.
    if (sp.helpers.load(std::memory_order_acquire) > 0) {
        idle_.fetch_add(1, std::memory_order_relaxed);
        int turns = 0;
        while (sp.helpers.load(std::memory_order_acquire) > 0) {
            if (help(master, &sp, false)) turns = 0;
            else relax(turns);
        }
        idle_.fetch_sub(1, std::memory_order_relaxed);
    }
    c.split = sp.parent;
    c.refresh_stop();
}

}  // namespace outflank
