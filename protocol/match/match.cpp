#include "match/match.hpp"

#include <algorithm>
#include <memory>
#include <filesystem>
#include <optional>
#include <string_view>
#include <string>
#include <vector>
#include <mutex>
#include <numeric>
#include <thread>

#include "core/error.hpp"
#include "core/file_io.hpp"
#include "core/game.hpp"
#include "core/tokenizer.hpp"
#include "match/match_game.hpp"
#include "records/records.hpp"

namespace outflank::match {
namespace {

// The same shuffle on every platform and standard library (std::shuffle's is unspecified), so a
// seed names one opening order for good.
std::vector<int> opening_order(int count, bool shuffle, std::uint64_t seed) {
    std::vector<int> order(static_cast<std::size_t>(count));
    std::iota(order.begin(), order.end(), 0);
    if (!shuffle) return order;
    std::uint64_t state = seed;
    auto next = [&state] {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    };
    for (int i = count - 1; i > 0; --i) std::swap(order[i], order[next() % static_cast<std::uint64_t>(i + 1)]);
    return order;
}

// The two engine processes of one concurrent game slot; they live from game to game.
struct Slot {
    std::unique_ptr<EngineSession> engine[2];
};

std::string stderr_block(const std::vector<std::string>& tail) {
    std::string s;
    for (const std::string& line : tail) s += "\n  | " + line;
    return s;
}

}  // namespace

const char* to_string(PassStyle style) {
    switch (style) {
        case PassStyle::Auto: return "auto";
        case PassStyle::Explicit: return "explicit";
        case PassStyle::Implicit: return "implicit";
    }
    return "?";
}

PassStyle parse_pass_style(const std::string& text) {
    if (text == "auto") return PassStyle::Auto;
    if (text == "explicit") return PassStyle::Explicit;
    if (text == "implicit") return PassStyle::Implicit;
    throw Error("pass style must be auto, explicit or implicit, not `" + text + "`");
}

const char* to_string(Reason reason) {
    switch (reason) {
        case Reason::End: return "end";
        case Reason::Resign: return "resign";
        case Reason::Illegal: return "illegal";
        case Reason::Timeout: return "timeout";
        case Reason::Crash: return "crash";
        case Reason::Protocol: return "protocol";
    }
    return "?";
}

double GameRecord::engine1_points() const {
    const double black_points = winner > 0 ? 1.0 : winner < 0 ? 0.0 : 0.5;
    return black == 0 ? black_points : 1.0 - black_points;
}

std::vector<Opening> load_openings(const std::string& path) {
    return parse_openings(read_file(path, kMaxGameRecordFileBytes), path);
}

std::vector<Opening> parse_openings(std::string_view text, const std::string& path) {
    std::vector<Opening> openings;
    for (const TranscriptRecord& rec : parse_transcripts(text, path)) {
        const std::string where = path + ":" + std::to_string(rec.line) + ": ";
        Game game;
        try {
            game = replay_moves(rec.moves);
        } catch (const Error& e) {
            throw Error(where + e.what());
        }
        if (game.is_over()) throw Error(where + "the opening ends the game");
        openings.push_back({game.moves(), rec.line});
    }
    if (openings.empty()) throw Error(path + ": no openings in the file");
    return openings;
}

int engine_threads(const std::string& command, int default_threads) {
    const std::vector<std::string_view> words = text::split_words(command);
    // The program: the first word that is not a VAR=value assignment (or `exec`).
    std::size_t i = 0;
    while (i < words.size() && (words[i] == "exec" || words[i].find('=') != std::string_view::npos)) ++i;
    if (i == words.size()) return 1;
    if (!std::filesystem::path(words[i]).filename().string().starts_with("outflank")) return 1;
    for (std::size_t k = i + 1; k < words.size(); ++k) {
        std::string_view value;
        if (words[k] == "--threads" && k + 1 < words.size()) value = words[k + 1];
        else if (words[k].starts_with("--threads=")) value = words[k].substr(10);
        else continue;
        const std::optional<long long> threads = text::parse_integer(value);
        // A value the engine itself will refuse counts as one thread.
        return threads && *threads >= 1 ? static_cast<int>(std::min<long long>(*threads, 1 << 20)) : 1;
    }
    return std::max(1, default_threads);
}

std::string oversubscription_warning(int concurrency, const int threads[2], int cores) {
    const int per_game = std::max(threads[0], threads[1]);
    const long long wanted = static_cast<long long>(concurrency) * per_game;
    if (cores <= 0 || wanted <= cores) return "";
    return std::to_string(concurrency) + (concurrency == 1 ? " game" : " games") + " at once with up to " +
           std::to_string(per_game) + (per_game == 1 ? " search thread" : " search threads") + " each ask for " +
           std::to_string(wanted) + " threads on " + std::to_string(cores) + (cores == 1 ? " core" : " cores") +
           ": the engines will slow each other down and may lose on time; lower --concurrency or give the engines "
           "--threads (e.g. --threads " + std::to_string(std::max(1, cores / concurrency)) + ")";
}

void add_game(MatchResult& result, const GameRecord& g) {
    const double p1 = g.engine1_points();
    result.tally.add(p1);
    for (int e = 0; e < 2; ++e) {
        const double pe = e == 0 ? p1 : 1.0 - p1;
        (g.engine_of(0) == e ? result.as_black[e] : result.as_white[e]).add(pe);
    }
    if (g.reason == Reason::End) {
        ++result.played_out;
        result.disc_diff += g.black == 0 ? g.score_black : -g.score_black;
    }
}

MatchResult run_match(const MatchOptions& o, const GameCallback& on_game) {
    if (o.games < 1) throw Error("match: --games must be at least 1");
    if (o.clock.per_move > 0 && o.clock.per_game > 0)
        throw Error("match: give --time-per-move or --time-per-game, not both");
    MatchResult result;
    const int slots = std::max(1, std::min(o.concurrency, o.games));
    const int opening_count = static_cast<int>(o.openings.size());
    const std::vector<int> order = opening_order(opening_count, o.shuffle, o.seed);

    auto make_slot = [&] {
        auto slot = std::make_unique<Slot>();
        for (int e = 0; e < 2; ++e)
            slot->engine[e] = std::make_unique<EngineSession>(o.engines[e], o.stderr_lines, o.clock, o.cancel);
        return slot;
    };
    std::vector<std::unique_ptr<Slot>> pool;
    for (int i = 0; i < slots; ++i) pool.push_back(make_slot());

    // Start the first slot's engines before anything else: a wrong command is an immediate error
    // rather than a match of forfeits, and the labels come from the engines' GTP names.
    for (int e = 0; e < 2; ++e) {
        EngineSession& s = *pool[0]->engine[e];
        if (auto f = s.ensure_started()) {
            s.client().drain_stderr();
            throw Error("engine" + std::to_string(e + 1) + " (`" + o.engines[e].command + "`) " + f->detail +
                        stderr_block(s.client().stderr_tail()));
        }
        result.names[e] = !o.engines[e].name.empty() ? o.engines[e].name
                          : !s.gtp_name().empty()    ? s.gtp_name()
                                                     : "engine" + std::to_string(e + 1);
    }
    if (result.names[0] == result.names[1]) {
        result.names[0] += " (1)";
        result.names[1] += " (2)";
    }
    if (o.sprt) result.sprt = sprt_state(*o.sprt, result.tally);

    std::mutex mu;  // guards result, next_game, stop, start_failures and the callback
    int next_game = 0;
    bool stop = false;
    int start_failures[2] = {0, 0};
    std::string fatal;

    auto play_games = [&](Slot& slot) {
        for (;;) {
            GameRecord g;
            {
                std::lock_guard<std::mutex> lock(mu);
                // The next game of this shard (every game without --shard).
                int number = next_game + 1;
                while (number <= o.games && !o.shard.owns(static_cast<std::size_t>(number - 1))) ++number;
                if (stop || number > o.games) break;
                if (o.cancel && o.cancel->load()) {
                    stop = result.stopped_early = true;
                    break;
                }
                g.number = next_game = number;
            }
            const int i = g.number - 1;
            // Games 2k and 2k+1 share an opening, engine1 black in the first.
            if (opening_count > 0) {
                g.opening_index = (i / 2) % opening_count;
                const Opening& op = o.openings[static_cast<std::size_t>(order[static_cast<std::size_t>(g.opening_index)])];
                g.opening = op.moves;
                g.opening_line = op.line;
            }
            g.black = i % 2;
            if (!play_game(*slot.engine[g.black], *slot.engine[1 - g.black], o.clock, g)) {
                std::lock_guard<std::mutex> lock(mu);
                stop = result.stopped_early = true;
                break;
            }
            std::lock_guard<std::mutex> lock(mu);
            add_game(result, g);
            if (g.reason != Reason::End) {
                const int loser = g.engine_of(g.winner > 0 ? 1 : 0);
                start_failures[loser] = g.start_failed ? start_failures[loser] + 1 : 0;
                if (start_failures[loser] >= o.max_start_failures && fatal.empty()) {
                    fatal = "engine" + std::to_string(loser + 1) + " (`" + o.engines[loser].command +
                            "`) failed to start " + std::to_string(start_failures[loser]) + " times in a row: " +
                            g.detail + stderr_block(g.stderr_tail);
                    stop = true;
                }
            } else {
                start_failures[0] = start_failures[1] = 0;
            }
            result.games.push_back(g);
            if (o.sprt) {
                result.sprt = next_sprt_state(*result.sprt, *o.sprt, result.tally);
                if (result.sprt->decision != 0) stop = result.stopped_early = true;
            }
            if (on_game) on_game(result.games.back(), result);
        }
    };
    auto worker = [&](Slot& slot) {
        // An exception must not leave a thread (that would terminate the referee and orphan the
        // engines): it stops the match and is rethrown as an Error after the join.
        try {
            play_games(slot);
        } catch (const std::exception& e) {
            std::lock_guard<std::mutex> lock(mu);
            if (fatal.empty()) fatal = e.what();
            stop = true;
        }
        // After Ctrl-C nobody wants to wait for a polite quit.
        const bool cancelled = o.cancel && o.cancel->load();
        for (auto& e : slot.engine) cancelled ? e->restart_later() : e->quit();
    };

    std::vector<std::thread> threads;
    for (int i = 1; i < slots; ++i) threads.emplace_back(worker, std::ref(*pool[static_cast<std::size_t>(i)]));
    worker(*pool[0]);  // on this thread, which started its engines
    for (std::thread& th : threads) th.join();
    if (!fatal.empty()) throw Error(fatal);
    return result;
}

}  // namespace outflank::match
