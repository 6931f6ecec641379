// NBoard session: the input loop, command parsing and the search thread's life cycle.
#include "nboard/nboard.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <istream>
#include <new>
#include <ostream>

#include "common/progress.hpp"
#include "search/engine.hpp"
#include "core/error.hpp"
#include "eval/eval.hpp"
#include "records/ggf.hpp"
#include "core/notation.hpp"
#include "core/tokenizer.hpp"

namespace outflank {
namespace {

// A GGF game is a few kilobytes at most; a runaway line must not eat the memory.
constexpr std::size_t kMaxLineLength = 1 << 20;
constexpr const char* kName = "outflank";

int parse_int_arg(std::string_view word, const char* what, long long low, long long high) {
    const std::optional<long long> v = text::parse_integer(word);
    if (!v || *v < low || *v > high)
        throw Error(std::string(what) + " must be an integer from " + std::to_string(low) + " to " +
                    std::to_string(high) + ", not \"" + std::string(word.substr(0, 40)) + "\"");
    return static_cast<int>(*v);
}

bool is_move_text(std::string_view word) {
    try {
        parse_ggf_move(word);
        return true;
    } catch (const Error&) {
        return false;
    }
}

// How a refused command is named on stderr: its first word, and the variable for `set`.
std::string command_name(const std::vector<std::string_view>& words) {
    std::string name(words.front().substr(0, 40));
    if (words.size() > 1 && text::to_lower(name) == "set") name += " " + std::string(words[1].substr(0, 40));
    return name;
}

void expect_no_arguments(const std::vector<std::string_view>& args) {
    if (args.size() > 1) throw Error("takes no arguments");
}

}  // namespace

NboardSession::NboardSession(LineSink out, LineSink log, NboardOptions options, NboardBook* book)
    : out_(std::move(out)), log_(std::move(log)), options_(options), book_(book),
      level_(std::clamp(options.level, 1, 60)) {
    // The table is allocated and cleared with the session, never inside a search (as in GTP).
    if (options_.threads <= 0) options_.threads = default_threads();
    engine_ = std::make_unique<Engine>(options_.hash_mb, allocation_progress(log_, options_.hash_mb), options_.threads);
}

NboardSession::~NboardSession() {
    cancel_job();
    wait_for_learning();
}

// ---- Output ----------------------------------------------------------------------------------

void NboardSession::send(const std::string& line) {
    std::lock_guard lock(mutex_);
    out_(line);
}

void NboardSession::log(const std::string& message) {
    std::lock_guard lock(mutex_);
    log_(std::string(kName) + ": " + message);
}

bool NboardSession::send_for(std::uint64_t job, const std::string& line) {
    std::lock_guard lock(mutex_);
    if (job != current_job_) return false;
    out_(line);
    return true;
}

bool NboardSession::cancelled(std::uint64_t job) const {
    std::lock_guard lock(mutex_);
    return job != current_job_;
}

std::string NboardSession::status_waiting() const {
    // The GUI shows the status line (and not stderr): it says when the trained weights were not found.
    const std::string& warning = evaluation_warning();
    return std::string("status ") + kName + " is waiting" + (warning.empty() ? "" : " (" + warning + ")");
}

// ---- Searches --------------------------------------------------------------------------------

Engine& NboardSession::engine() { return *engine_; }

Limits NboardSession::limits() const {
    Limits l = level_limits(level_);
    l.nodes = options_.max_nodes;
    return l;
}

void NboardSession::start_job(const std::string& status, JobBody body) {
    cancel_job();
    std::uint64_t job;
    {
        std::lock_guard lock(mutex_);
        job = ++current_job_;
        job_running_ = true;
        out_("status " + status);
    }
    worker_ = std::thread([this, job, body = std::move(body)] {
        try {
            body(job);
        } catch (const std::exception& e) {
            log(std::string("search failed: ") + e.what());
        }
        {
            std::lock_guard lock(mutex_);
            job_running_ = false;
        }
        job_done_.notify_all();
    });
}

bool NboardSession::cancel_job() {
    if (!worker_.joinable()) return false;
    bool was_running;
    {
        std::unique_lock lock(mutex_);
        was_running = job_running_;
        ++current_job_;  // from here on, nothing the search sends reaches the output
        // Engine::search clears a pending stop request when it starts, so a stop that arrives just
        // before the worker enters its next search would be lost: repeat it until the worker is done.
        while (job_running_) {
            engine_->stop();
            job_done_.wait_for(lock, std::chrono::milliseconds(1));
        }
    }
    worker_.join();
    return was_running;
}

void NboardSession::wait_until_idle() {
    {
        std::unique_lock lock(mutex_);
        job_done_.wait(lock, [this] { return !job_running_; });
    }
    if (worker_.joinable()) worker_.join();
    wait_for_learning();
}

bool NboardSession::learning() const {
    std::lock_guard lock(mutex_);
    return learner_running_;
}

void NboardSession::wait_for_learning() {
    {
        std::unique_lock lock(mutex_);
        job_done_.wait(lock, [this] { return !learner_running_; });
    }
    if (learner_.joinable()) learner_.join();
}

bool NboardSession::searching() const {
    std::lock_guard lock(mutex_);
    return job_running_;
}

void NboardSession::finish() {
    cancel_job();
    wait_for_learning();  // the games the user asked to learn are stored before the session ends
}

// ---- Input -----------------------------------------------------------------------------------

bool NboardSession::handle_line(std::string_view raw_line) {
    if (quit_) return false;
    // No comment character: GGF comments may contain any text.
    const std::string line = text::clean_line(raw_line);
    const Args words = text::split_words(line);
    if (words.empty()) return true;
    const std::string command = text::to_lower(words.front());
    try {
        if (command == "nboard") cmd_nboard(words);
        else if (command == "set") cmd_set(line, words);
        else if (command == "move") {
            if (words.size() != 2) throw Error("expected one move, e.g. \"move F5\" or \"move F5/1.00/0.52\"");
            cmd_move(words[1]);
        } else if (command == "ping") cmd_ping(words);
        else if (command == "go") cmd_go(words);
        else if (command == "hint") cmd_hint(words);
        else if (command == "analyze") cmd_analyze(words);
        else if (command == "learn") cmd_learn(words);
        else if (command == "quit") {
            cancel_job();
            wait_for_learning();
            quit_ = true;
        } else if (words.size() == 1 && is_move_text(words.front())) {
            cmd_move(words.front());  // NBoard 1.1 sent a bare "F5" instead of "move F5"
        } else {
            throw Error("unknown command");
        }
    } catch (const Error& e) {
        log(command_name(words) + ": " + e.what() + " (ignored)");
    } catch (const std::bad_alloc&) {
        log(command_name(words) + ": out of memory (ignored)");
    } catch (const std::exception& e) {
        log(command_name(words) + ": internal error: " + e.what() + " (ignored)");
    }
    return !quit_;
}

// ---- Commands --------------------------------------------------------------------------------

void NboardSession::cmd_nboard(const Args& args) {
    if (args.size() != 2) throw Error("expected the protocol version, e.g. \"nboard 2\"");
    const int version = parse_int_arg(args[1], "the protocol version", 0, 1000000);
    if (version != 1 && version != 2) throw Error("protocol version " + std::to_string(version) + " is not supported (1 and 2 are)");
    send(std::string("set myname ") + kName);
    if (!evaluation_warning().empty()) send(status_waiting());
}

void NboardSession::cmd_set(const std::string& line, const Args& args) {
    if (args.size() < 2) throw Error("expected \"set depth N\", \"set game GGF\" or \"set contempt N\"");
    const std::string variable = text::to_lower(args[1]);
    if (variable == "depth") {
        if (args.size() != 3) throw Error("expected \"set depth N\"");
        const int depth = parse_int_arg(args[2], "the depth", 1, 60);
        cancel_job();
        level_ = depth;
        // As Ntest and Edax do: the name carries the strength, so the GUI shows which one plays.
        send(std::string("set myname ") + kName + std::to_string(depth));
    } else if (variable == "contempt") {
        // Draw scoring in centi-discs: accepted, but the search values a draw as 0 whatever it is.
        if (args.size() != 3 || !text::parse_number(args[2])) throw Error("expected \"set contempt N\"");
    } else if (variable == "game") {
        const std::size_t after = static_cast<std::size_t>(args[1].data() + args[1].size() - line.data());
        Game game = parse_ggf(text::trim(std::string_view(line).substr(after)));
        cancel_job();
        game_ = std::move(game);
    } else {
        throw Error("unknown variable \"" + std::string(args[1].substr(0, 40)) + "\"");
    }
}

void NboardSession::cmd_move(std::string_view text) {
    const Square sq = parse_ggf_move(text);
    Game next = game_;
    next.play_with_implied_pass(sq);  // throws "illegal move: ..." and leaves game_ alone
    cancel_job();
    game_ = std::move(next);
}

void NboardSession::cmd_ping(const Args& args) {
    if (args.size() != 2) throw Error("expected \"ping N\"");
    const std::optional<long long> n = text::parse_integer(args[1]);
    if (!n) throw Error("\"" + std::string(args[1].substr(0, 40)) + "\" is not an integer");
    // The search is stopped and silenced before the pong: nothing it found can follow it.
    if (cancel_job()) send(status_waiting());
    send("pong " + std::to_string(*n));
}

std::vector<NboardBook::Move> NboardSession::book_moves(const Position& pos) {
    if (!book_) return {};
    std::vector<NboardBook::Move> moves = book_->moves(pos);
    std::erase_if(moves, [&pos](const NboardBook::Move& m) { return !pos.is_legal(m.move); });
    std::stable_sort(moves.begin(), moves.end(),
                     [](const NboardBook::Move& a, const NboardBook::Move& b) { return a.score > b.score; });
    return moves;
}

void NboardSession::cmd_go(const Args& args) {
    expect_no_arguments(args);
    const Position pos = game_.position();
    if (pos.is_game_over()) throw Error("the game is over: there is no move to play");
    if (pos.must_pass()) {
        cancel_job();
        send("=== PA");
        return;
    }
    const std::vector<NboardBook::Move> book = book_moves(pos);
    if (!book.empty()) {
        cancel_job();
        send("=== " + square_name(book.front().move, true) + "/" + nboard_eval(book.front().score) + "/0.00");
        return;
    }
    start_job(std::string(kName) + " is thinking",
              [this, pos, l = limits()](std::uint64_t job) { go_job(job, pos, l); });
}

void NboardSession::cmd_hint(const Args& args) {
    if (args.size() > 2) throw Error("expected \"hint N\"");
    // NBoard always sends N; Ntest took a missing one as 1, and so does this.
    const int count = args.size() == 2 ? parse_int_arg(args[1], "the number of moves", 1, 64) : 1;
    const Position pos = game_.position();
    cancel_job();
    if (pos.is_game_over()) return;  // nothing to hint
    const std::vector<NboardBook::Move> book = book_moves(pos);
    if (!book.empty()) {
        for (std::size_t i = 0; i < book.size() && i < static_cast<std::size_t>(count); ++i) {
            const NboardBook::Move& m = book[i];
            send("book " + square_name(m.move, true) + " " + nboard_eval(m.score) + " " + std::to_string(m.games) +
                 " " + nboard_depth(m.exact, m.depth));
        }
        send(status_waiting());
        return;
    }
    start_job(std::string(kName) + " is thinking",
              [this, pos, count, l = limits()](std::uint64_t job) { hint_job(job, pos, count, l); });
}

void NboardSession::cmd_analyze(const Args& args) {
    expect_no_arguments(args);
    start_job(std::string(kName) + " is analysing the game",
              [this, g = game_, l = limits()](std::uint64_t job) { analyze_job(job, g, l); });
}

void NboardSession::cmd_learn(const Args& args) {
    expect_no_arguments(args);
    if (!book_) {
        // Answering `learned` would tell the user the game is stored when it is not.
        log("learn: there is no opening book to learn into; the game is not stored");
        send(std::string("status ") + kName + " has no opening book: the game was not learned");
        return;
    }
    bool start;
    {
        std::lock_guard lock(mutex_);
        learn_queue_.push_back(game_);
        start = !learner_running_;
        if (start) learner_running_ = true;
    }
    if (start) {
        if (learner_.joinable()) learner_.join();  // a finished learner, past its last use of the lock
        learner_ = std::thread([this] { learn_loop(); });
    }
}

void NboardSession::learn_loop() {
    for (;;) {
        Game game;
        {
            std::lock_guard lock(mutex_);
            if (learn_queue_.empty()) {
                learner_running_ = false;
                job_done_.notify_all();
                return;
            }
            game = learn_queue_.front();
        }
        // The book guards itself against the session's probes meanwhile (NboardBook::learn).
        try {
            book_->learn(game);
            send("learned");
        } catch (const Error& e) {
            log(std::string("learn: ") + e.what() + "; the game is not stored");
        } catch (const std::exception& e) {
            log(std::string("learn: internal error: ") + e.what() + "; the game is not stored");
        }
        std::lock_guard lock(mutex_);
        learn_queue_.pop_front();
    }
}

// ---- Streams ---------------------------------------------------------------------------------

int run_nboard(std::istream& in, std::ostream& out, std::ostream& log, NboardOptions options, NboardBook* book) {
    // Reading must not flush `out` (the default tie to cout would, from this thread, while the
    // search thread writes): every line is flushed by the sink already.
    in.tie(nullptr);
    NboardSession session(
        [&out](const std::string& line) {
            out << line << '\n';
            out.flush();
        },
        [&log](const std::string& message) {
            log << message << '\n';
            log.flush();
        },
        options, book);
    std::string line;
    // Cut while reading: a line without an end cannot grow memory.
    while (text::read_line(in, line, kMaxLineLength) != text::LineRead::End) {
        if (!session.handle_line(line)) break;
    }
    // The end of input is how GUIs often close an engine: stop at once and exit cleanly.
    session.finish();
    return 0;
}

}  // namespace outflank
