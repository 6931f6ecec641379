#include "book/book_search.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

namespace outflank {

Limits book_limits(int depth) { return level_limits(depth); }

std::optional<EvalResult> evaluate_job(Engine& engine, const EvalJob& job, int depth, const std::atomic<bool>& stopping) {
    const Position& pos = job.pos;
    const Limits limits = book_limits(depth);
    EvalResult result;
    if (pos.is_game_over()) return result;
    if (stopping) return std::nullopt;

    if (pos.must_pass()) {
        if (job.pass_excluded) return result;
        const SearchResult r = engine.search(pos, limits);
        if (r.stopped) return std::nullopt;
        result.moves.push_back({kPass, r.score, r.exact});
        if (job.all_moves) result.replies.push_back(kNoMove);  // the position after the pass was not searched
        return result;
    }
    // Moves are searched one ply less deep from the position after them: the same horizon as a
    // search of the position itself.
    Limits child_limits = limits;
    child_limits.depth = std::max(1, depth - 1);
    if (job.all_moves) {
        std::vector<std::pair<MoveScore, Square>> scored;
        for (Square sq : squares(pos.moves())) {
            if (stopping) return std::nullopt;
            const SearchResult r = engine.search(after_move(pos, sq), child_limits);
            if (r.stopped) return std::nullopt;
            scored.push_back({{sq, -r.score, r.exact}, r.best_move});
        }
        std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first.score > b.first.score; });
        for (const auto& [move, reply] : scored) {
            result.moves.push_back(move);
            result.replies.push_back(reply);
        }
        return result;
    }
    const Bitboard candidates = pos.moves() & ~job.excluded;
    if (candidates == 0) return result;
    if (candidates == pos.moves()) {
        // Nothing excluded: one search of the position finds the best move.
        const SearchResult r = engine.search(pos, limits);
        if (r.stopped) return std::nullopt;
        result.moves.push_back({r.best_move, r.score, r.exact});
        return result;
    }
    // The engine cannot be told to skip moves, so the remaining moves are searched one by one.
    std::optional<MoveScore> best;
    for (Square sq : squares(candidates)) {
        if (stopping) return std::nullopt;
        const SearchResult r = engine.search(after_move(pos, sq), child_limits);
        if (r.stopped) return std::nullopt;
        if (!best || -r.score > best->score) best = MoveScore{sq, -r.score, r.exact};
    }
    result.moves.push_back(*best);
    return result;
}

bool run_jobs(const std::vector<Engine*>& engines, const std::vector<EvalJob>& jobs, int depth,
              const std::string& phase, const std::function<void(std::size_t, EvalResult&&)>& on_result,
              const RunControl& control) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    auto seconds_since = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };

    std::atomic<std::size_t> next{0};
    std::atomic<bool> stopping{false};
    std::mutex mutex;
    std::condition_variable wake;
    std::deque<std::pair<std::size_t, EvalResult>> finished;
    std::size_t idle_workers = 0;
    std::exception_ptr failure;

    std::vector<std::thread> workers;
    for (Engine* engine : engines) {
        workers.emplace_back([&, engine] {
            try {
                while (!stopping) {
                    const std::size_t i = next++;
                    if (i >= jobs.size() || (control.max_jobs && i >= control.max_jobs)) break;
                    if (control.fresh_engines) engine->new_game();
                    std::optional<EvalResult> r = evaluate_job(*engine, jobs[i], depth, stopping);
                    if (!r) break;
                    std::lock_guard lock(mutex);
                    finished.emplace_back(i, std::move(*r));
                    wake.notify_one();
                }
            } catch (...) {
                std::lock_guard lock(mutex);
                if (!failure) failure = std::current_exception();
                stopping = true;
            }
            std::lock_guard lock(mutex);
            ++idle_workers;
            wake.notify_one();
        });
    }

    auto stop_all = [&] {
        stopping = true;
        for (Engine* e : engines) e->stop();
    };
    std::size_t done = 0;
    auto last_progress = Clock::now() - std::chrono::hours(1);
    auto last_checkpoint = Clock::now();
    for (;;) {
        std::deque<std::pair<std::size_t, EvalResult>> batch;
        bool all_idle = false;
        {
            std::unique_lock lock(mutex);
            wake.wait_for(lock, std::chrono::milliseconds(200),
                          [&] { return !finished.empty() || idle_workers == engines.size(); });
            batch.swap(finished);
            all_idle = idle_workers == engines.size();
        }
        try {
            for (auto& [i, r] : batch) {
                on_result(i, std::move(r));
                ++done;
                if (!stopping && control.should_stop && control.should_stop()) stop_all();
            }
            if (!stopping && control.should_stop && control.should_stop()) stop_all();
            if (control.on_progress && seconds_since(last_progress) >= 0.25) {
                control.on_progress({phase, done, jobs.size(), seconds_since(start)});
                last_progress = Clock::now();
            }
            if (control.checkpoint && !all_idle && seconds_since(last_checkpoint) >= control.checkpoint_seconds) {
                control.checkpoint();
                last_checkpoint = Clock::now();
            }
        } catch (...) {
            stop_all();
            for (std::thread& t : workers) t.join();
            throw;
        }
        if (all_idle) break;
    }
    for (std::thread& t : workers) t.join();
    if (failure) std::rethrow_exception(failure);
    if (control.on_progress) control.on_progress({phase, done, jobs.size(), seconds_since(start)});
    return done == jobs.size();
}

}  // namespace outflank
