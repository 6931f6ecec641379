#include "analysis/analysis_batch.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

#include "analysis/analysis_format.hpp"
#include "core/error.hpp"
#include "core/game.hpp"
#include "records/ggf.hpp"
#include "search/tt.hpp"
#include "core/notation.hpp"

namespace outflank {
namespace {

// Positions start with a board square (X, O, -, ., *); transcripts with a column letter a-h or a
// pass ("pass", "PA"), so the first character tells them apart.
bool looks_like_position(std::string_view text) {
    const char c = text.empty() ? ' ' : text.front();
    return c == 'X' || c == 'x' || c == 'O' || c == 'o' || c == '-' || c == '.' || c == '*';
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

}  // namespace

std::vector<BatchLine> batch_lines(std::string_view input) {
    std::vector<BatchLine> lines;
    int number = 0;
    while (!input.empty()) {
        const std::size_t end = input.find('\n');
        const std::string_view raw = input.substr(0, end);
        input.remove_prefix(end == std::string_view::npos ? input.size() : end + 1);
        ++number;
        const std::string_view text = trim(raw);
        if (text.empty() || text.front() == '#') continue;
        lines.push_back({number, std::string(text)});
    }
    return lines;
}

BatchResult analyze_batch_line(Engine& engine, const BatchLine& line, const BatchOptions& options) {
    try {
        if (looks_like_position(line.text)) {
            const Position pos = parse_position(line.text);
            return {position_analysis_json(analyze_position(engine, pos, options.settings, options.exact_positions),
                                           line.number)};
        }
        const Game game = line.text.starts_with("(;") ? parse_ggf(line.text) : Game::from_transcript(line.text);
        return {game_analysis_json(analyze_game(engine, game, options.settings), line.number)};
    } catch (const Error& e) {
        return {batch_error_json(line.number, e.what()), true};
    } catch (const std::exception& e) {
        // Not expected (e.g. out of memory); the batch still goes on with the next line.
        return {batch_error_json(line.number, std::string("internal error: ") + e.what()), true};
    }
}

BatchSummary run_batch(const std::vector<BatchLine>& lines, const BatchOptions& options,
                       const std::function<void(const std::string&)>& emit,
                       const std::function<void(int, int, int)>& progress) {
    const auto start = std::chrono::steady_clock::now();
    const std::size_t total = lines.size();
    std::vector<std::optional<BatchResult>> results(total);
    std::mutex mutex;
    std::condition_variable ready;
    std::atomic<std::size_t> next{0};

    auto worker = [&] {
        Engine engine(options.hash_mb, {}, options.search_threads);
        for (std::size_t i = next++; i < total; i = next++) {
            BatchResult result = analyze_batch_line(engine, lines[i], options);
            {
                const std::lock_guard lock(mutex);
                results[i] = std::move(result);
            }
            ready.notify_one();
        }
    };
    const std::size_t thread_count =
        std::min(static_cast<std::size_t>(std::max(1, options.threads)), std::max<std::size_t>(1, total));
    // Checked here, on the calling thread: an engine that cannot be made inside a worker could
    // only end the process.
    check_hash_mb(options.hash_mb * thread_count);
    std::vector<std::jthread> threads;
    for (std::size_t t = 0; t < thread_count; ++t) threads.emplace_back(worker);

    BatchSummary summary;
    try {
        for (std::size_t i = 0; i < total; ++i) {
            BatchResult result;
            {
                std::unique_lock lock(mutex);
                ready.wait(lock, [&] { return results[i].has_value(); });
                result = std::move(*results[i]);
                results[i].reset();
            }
            summary.errors += result.error;
            ++summary.lines;
            emit(result.json);
            if (progress) progress(summary.lines, static_cast<int>(total), summary.errors);
        }
    } catch (...) {
        next = total;  // the workers finish their current line and stop; the threads join below
        throw;
    }
    threads.clear();  // joins
    summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return summary;
}

}  // namespace outflank
