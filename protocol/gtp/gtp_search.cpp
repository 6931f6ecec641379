// GTP commands that search: genmove, reg_genmove and the analysis extensions, plus the choice of
// search limits (strength setting, GTP clock, safety caps).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <new>
#include <optional>
#include <ostream>
#include <sstream>

#include "book/book.hpp"
#include "book/book_policy.hpp"
#include "search/engine.hpp"
#include "core/error.hpp"
#include "gtp/gtp.hpp"
#include "core/notation.hpp"
#include "common/progress.hpp"
#include "common/search_format.hpp"
#include "core/tokenizer.hpp"

namespace outflank {
namespace {

// Shortest think we ask for: a limit of 0 would mean "no limit" to the search.
constexpr double kMinThinkSeconds = 0.002;

int parse_int_in(std::string_view word, int lo, int hi) {
    const auto v = text::parse_integer(word);
    if (!v || *v < lo || *v > hi) throw GtpFailure("syntax error");
    return static_cast<int>(*v);
}

double parse_seconds_in(std::string_view word) {
    const auto v = text::parse_number(word);
    if (!v || *v <= 0 || *v > GtpClock::kMaxSeconds) throw GtpFailure("syntax error");
    return *v;
}

std::string upper_moves(const std::vector<Square>& moves) { return pv_string(moves, ' ', true); }

std::string format_seconds(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", s);
    return buf;
}

}  // namespace

// ---- Limits ---------------------------------------------------------------------------------

Limits GtpEngine::strength_limits() const {
    Limits limits;
    if (options_.depth > 0) {
        // Depth N: N plies in the midgame, and the last N empties solved (where the search
        // reaches the end anyway).
        limits = level_limits(options_.depth);
        limits.depth = options_.depth;
        limits.solve_empties = options_.depth;
    } else if (options_.move_time <= 0) {
        limits = level_limits(options_.level);
    }
    if (options_.move_time > 0) {
        // Seconds per move is what the referee allows: the overhead comes out of it.
        const double budget = std::max(options_.move_time - options_.move_overhead, kMinThinkSeconds);
        limits.time = budget;
        limits.hard_time = budget;
    }
    return limits;
}

Limits GtpEngine::capped(Limits limits) const {
    if (options_.max_nodes > 0) limits.nodes = limits.nodes ? std::min(limits.nodes, options_.max_nodes) : options_.max_nodes;
    return limits;
}

Limits GtpEngine::move_limits(Color color, int empties, double spent) const {
    if (!clock_.limited(color)) {
        Limits limits = strength_limits();
        if (limits.time > 0) {
            limits.time = std::max(limits.time - spent, kMinThinkSeconds);
            limits.hard_time = std::max(limits.hard_time - spent, kMinThinkSeconds);
        }
        return capped(limits);
    }
    const TimeBudget budget = clock_.budget(color, empties, options_.move_overhead + spent);
    const double soft = std::max(budget.soft, kMinThinkSeconds);
    const double hard = std::max(budget.hard, soft);
    Limits limits;
    if (options_.explicit_strength) {
        // The user's strength setting, never past the clock.
        limits = strength_limits();
        limits.time = limits.time > 0 ? std::min(limits.time, soft) : soft;
        limits.hard_time = limits.hard_time > 0 ? std::min(limits.hard_time, hard) : hard;
    } else {
        limits.time = soft;
        limits.hard_time = hard;
    }
    return capped(limits);
}

SearchResult GtpEngine::run_search(const Position& pos, const Limits& limits, SearchHeartbeat* status,
                                   ProgressDisplay* log) {
    InfoCallback on_info;
    if (options_.show_info) {
        on_info = [this, status, log](const SearchInfo& info) {
            std::ostringstream line;
            line << "info depth " << depth_string(info) << " score " << score_string(info.score) << " nodes "
                 << info.nodes << " time " << format_seconds(info.seconds) << " nps "
                 << static_cast<long long>(info.nps()) << " pv " << upper_moves(info.pv);
            if (log) {
                log->line(line.str());
            } else {
                log_ << line.str() << '\n';
                log_.flush();
            }
            if (status) status->step("depth " + depth_string(info) + " done, " + score_string(info.score));
        };
    }
    SearchResult result = engine().search(pos, limits, on_info);
    last_search_ = result;
    return result;
}

bool GtpEngine::time_kept_for_later(Color color) const {
    // Without a GTP clock the only time is --time's, which is per move.
    return clock_.limited(color) && !clock_.last_move_of_period(color);
}

// ---- genmove / reg_genmove ------------------------------------------------------------------

std::string GtpEngine::generate_move(const Args& args, bool commit) {
    // The controller's clock started when the command arrived (it may have waited in the queue).
    const auto now = std::chrono::steady_clock::now();
    const auto start = command_received_ != std::chrono::steady_clock::time_point{} ? std::min(command_received_, now) : now;
    if (args.size() != 1) throw GtpFailure("syntax error");
    const Color color = parse_gtp_color(args[0]);
    const Position& pos = game_.position();
    // After the end of the game every genmove is a pass; an old move is never repeated.
    if (game_.is_over()) return "pass";

    Position search_pos = pos;
    bool implied_pass = false;
    if (pos.side != color) {
        // Asked for the colour not to move: fine when the side to move must pass (clients that
        // never send passes simply ask the other colour again).
        if (!pos.must_pass()) throw GtpFailure("illegal move");
        search_pos.pass();
        implied_pass = true;
    } else if (pos.must_pass()) {
        if (commit) {
            game_.play(kPass);
            action_sizes_.push_back(1);
        }
        return "pass";
    }

    Square move = kNoMove;
    std::optional<BookMove> book_move;
    if (book_) book_move = book_->choose(search_pos, options_.book_randomness, book_rng_);
    if (book_move && !search_pos.is_legal(book_move->move)) book_move.reset();
    const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const Limits limits = move_limits(color, search_pos.empty_count(), spent);
    // Whether the book answers, and when: book_policy.hpp.
    const BookUse use = book_move ? book_use(*book_move, limits, time_kept_for_later(color)) : BookUse::Never;
    bool from_book = use == BookUse::Now;
    if (!from_book) {
        SearchResult result;
        try {
            result = run_search(search_pos, limits);
        } catch (const std::exception& e) {
            // A move must come back whatever happened (the clock is running): log and fall back.
            log_ << "genmove: search failed (" << e.what() << "); playing "
                 << (use == BookUse::IfDeeper ? "the book's move\n" : "the first legal move\n");
        }
        move = result.best_move;
        if (use == BookUse::IfDeeper) {
            from_book = book_deeper_than(*book_move, result);
            if (!from_book && options_.show_info)
                log_ << "info book " << square_name(book_move->move, true) << " depth " << book_move->depth
                     << " not played: the search reached depth " << result.depth << std::endl;
        }
    }
    if (from_book) {
        move = book_move->move;
        last_book_move_ = std::make_unique<BookMove>(*book_move);
        if (options_.show_info)
            log_ << "info book " << square_name(move, true) << " score " << score_string(book_move->score) << " depth "
                 << static_cast<int>(book_move->depth) << (book_move->exact ? " exact" : "") << " games " << book_move->games
                 << std::endl;
    } else {
        last_book_move_.reset();
    }
    if (!search_pos.is_legal(move)) {
        if (move != kNoMove) log_ << "genmove: the search returned " << square_name(move) << ", which is illegal\n";
        move = lowest_square(search_pos.moves());
    }
    if (commit) {
        if (implied_pass) game_.play(kPass);
        game_.play(move);
        action_sizes_.push_back(implied_pass ? 2 : 1);
        clock_.spend(color, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return square_name(move, true);
}

std::string GtpEngine::cmd_genmove(const Args& args) { return generate_move(args, true); }
std::string GtpEngine::cmd_reg_genmove(const Args& args) { return generate_move(args, false); }

// ---- Analysis extensions --------------------------------------------------------------------

std::string GtpEngine::cmd_evaluate(const Args& args) {
    // outflank-evaluate [depth N | level N | time S]: default is the current strength setting.
    Limits limits = strength_limits();
    double total_time = 0;
    if (!args.empty()) {
        if (args.size() != 2) throw GtpFailure("syntax error");
        if (equals_ignoring_case(args[0], "depth")) {
            const int d = parse_int_in(args[1], 1, 60);
            limits = level_limits(d);
            limits.depth = d;
            limits.solve_empties = d;
        } else if (equals_ignoring_case(args[0], "level")) {
            limits = level_limits(parse_int_in(args[1], 1, 60));
        } else if (equals_ignoring_case(args[0], "time")) {
            total_time = parse_seconds_in(args[1]);
            limits = Limits{};
        } else {
            throw GtpFailure("syntax error");
        }
    }
    const Position& pos = game_.position();
    if (pos.is_game_over()) return "";
    if (pos.must_pass()) return "pass";
    if (total_time > 0) {
        // The time is for the whole answer, shared among the moves.
        const double each = std::max(total_time / popcount(pos.moves()), kMinThinkSeconds);
        limits.time = each;
        limits.hard_time = each;
    }
    std::string s;
    for (const MoveScore& ms : engine().evaluate_moves(pos, capped(limits))) {
        if (!s.empty()) s += '\n';
        s += square_name(ms.move, true) + " " + score_string(ms.score);
        if (ms.exact) s += " exact";
    }
    return s;
}

std::string GtpEngine::cmd_solve(const Args& args) {
    // outflank-solve [wld]
    bool wld = false;
    if (args.size() > 1) throw GtpFailure("syntax error");
    if (args.size() == 1) {
        if (!equals_ignoring_case(args[0], "wld")) throw GtpFailure("syntax error");
        wld = true;
    }
    const Position& pos = game_.position();
    if (pos.is_game_over()) throw GtpFailure("game over");
    if (pos.empty_count() > options_.max_solve_empties)
        throw GtpFailure("too many empties to solve: " + std::to_string(pos.empty_count()) + " (at most " +
                         std::to_string(options_.max_solve_empties) + ")");
    Limits limits;
    limits.exact = !wld;
    limits.wld = wld;
    SearchResult r;
    {
        // The exact solve says nothing between its last iteration and its answer, which can be
        // minutes apart: a status line on the log every few seconds (never on stdout, which
        // carries only the answer).
        ProgressDisplay log(options_.show_info ? ProgressStyle::Lines : ProgressStyle::Quiet,
                     [this](const std::string& text) { log_ << text << std::endl; });
        SearchHeartbeat status(log, "outflank-solve: " + std::to_string(pos.empty_count()) + " empties");
        r = run_search(pos, capped(limits), &status, &log);
    }
    last_book_move_.reset();
    std::string s = square_name(r.best_move, true) + " ";
    if (wld) s += r.score > 0 ? "win" : r.score < 0 ? "loss" : "draw";
    else s += score_string(r.score);
    if (r.stopped) s += " stopped";
    return s;
}

std::string GtpEngine::cmd_pv(const Args&) {
    if (last_book_move_) {
        const BookMove& m = *last_book_move_;
        return "move " + square_name(m.move, true) + " score " + score_string(m.score) + " book depth " +
               (m.exact ? "exact" : std::to_string(m.depth)) + " games " + std::to_string(m.games);
    }
    if (!last_search_) throw GtpFailure("no search yet");
    const SearchResult& r = *last_search_;
    return "move " + square_name(r.best_move, true) + " score " + score_string(r.score) + " depth " +
           depth_string(r) + " nodes " + std::to_string(r.nodes) + " time " + format_seconds(r.seconds) +
           " nps " + std::to_string(static_cast<long long>(r.nps())) + " pv " + upper_moves(r.pv);
}

std::string GtpEngine::strength_text() const {
    std::string s;
    if (options_.depth > 0) s = "depth " + std::to_string(options_.depth);
    else if (options_.move_time <= 0) s = "level " + std::to_string(options_.level);
    if (options_.move_time > 0) s += (s.empty() ? "" : " ") + std::string("time ") + format_seconds(options_.move_time);
    return s;
}

std::string GtpEngine::cmd_level(const Args& args) {
    if (args.empty()) return strength_text();
    if (args.size() != 1) throw GtpFailure("syntax error");
    options_.level = parse_int_in(args[0], 1, 60);
    options_.depth = 0;
    options_.move_time = 0;
    options_.explicit_strength = true;
    return "";
}

std::string GtpEngine::cmd_depth(const Args& args) {
    if (args.empty()) return strength_text();
    if (args.size() != 1) throw GtpFailure("syntax error");
    options_.depth = parse_int_in(args[0], 1, 60);
    options_.move_time = 0;
    options_.explicit_strength = true;
    return "";
}

std::string GtpEngine::cmd_time(const Args& args) {
    if (args.empty()) return strength_text();
    if (args.size() != 1) throw GtpFailure("syntax error");
    options_.move_time = parse_seconds_in(args[0]);
    options_.depth = 0;
    options_.explicit_strength = true;
    return "";
}

std::string GtpEngine::cmd_hash(const Args& args) {
    if (args.empty()) return std::to_string(engine_->hash_mb());
    if (args.size() != 1) throw GtpFailure("syntax error");
    const int mb = parse_int_in(args[0], 1, static_cast<int>(std::min<std::size_t>(options_.max_hash_mb, 1 << 30)));
    // Allocated and cleared now (a large table says how it goes on the log); a size the machine
    // cannot hold is refused with the reason, and the old table stays.
    engine_->set_hash_mb(static_cast<std::size_t>(mb), allocation_progress(log_, static_cast<std::size_t>(mb)));
    options_.hash_mb = static_cast<std::size_t>(mb);
    return "";
}

std::string GtpEngine::cmd_threads(const Args& args) {
    // outflank-threads [N]: the number of search threads (without N: the current one).
    if (args.empty()) return std::to_string(engine_->threads());
    if (args.size() != 1) throw GtpFailure("syntax error");
    const int threads = parse_int_in(args[0], 1, std::min(options_.max_threads, Engine::kMaxThreads));
    engine_->set_threads(threads);  // commands never run during a search: safe here
    options_.threads = threads;
    return "";
}

std::string GtpEngine::cmd_book(const Args& args) {
    // outflank-book: the book moves of the current position, best first ("" when not in it).
    if (!args.empty()) throw GtpFailure("syntax error");
    if (!book_) throw GtpFailure("no book");
    const std::optional<BookProbe> p = book_->probe(game_.position());
    if (!p) return "";
    std::string s;
    for (const BookMove& m : p->moves) {
        if (!s.empty()) s += '\n';
        s += square_name(m.move, true) + " " + score_string(m.score) + " " +
             (m.in_book ? "games " + std::to_string(m.games) : std::string("searched"));
    }
    return s;
}

}  // namespace outflank
