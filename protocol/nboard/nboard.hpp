// The NBoard protocol, engine side: how the NBoard Othello GUI drives an engine for play and
// study. Lines in, lines out. The GUI sends position updates (`set game`, `move`) and settings,
// then `ping N`, and acts only on answers that follow the matching `pong N`. Searches (`go`,
// `hint`, `analyze`) run on a worker thread, so a `ping` or `quit` stops them at once; a stopped
// search sends nothing more, which is what keeps a stale `===` from following a newer `pong`.
// `learn` runs on a thread of its own (it searches the game's new positions, seconds at the
// book's depth): a `ping` meanwhile is answered at once and does not stop it; `learned` follows
// when the game is stored, and `quit` or the end of input waits for the games queued to be stored.
//
// NboardSession is the state machine: fed one line at a time, it writes through two sinks (the
// protocol's lines and the diagnostics), so tests drive it without pipes. run_nboard() connects it
// to streams. The game is an outflank::Game and every search goes through the Engine API; this
// layer only parses, validates and formats. README.md ("NBoard") documents the commands.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/game.hpp"
#include "nboard/nboard_book.hpp"
#include "search/search_types.hpp"

namespace outflank {

class Engine;

struct NboardOptions {
    // The strength before the GUI's first `set depth`: GTP's default level, about a second a move.
    static constexpr int kDefaultLevel = 12;

    std::size_t hash_mb = 64;
    int threads = 0;  // search threads; 0 = the CPUs this process may use (default_threads)
    int level = kDefaultLevel;
    std::uint64_t max_nodes = 0;  // a cap on every search (tests); 0 = none
};

class NboardSession {
public:
    // One line without its newline. The output sink must write and flush it (the GUI waits).
    using LineSink = std::function<void(const std::string& line)>;

    // `book` may be null (no opening book) and must outlive the session.
    NboardSession(LineSink out, LineSink log, NboardOptions options = {}, NboardBook* book = nullptr);
    // Stops a search in progress and waits for its thread.
    ~NboardSession();
    NboardSession(const NboardSession&) = delete;
    NboardSession& operator=(const NboardSession&) = delete;

    // Handles one input line. Returns false once `quit` has been handled (later lines are ignored).
    bool handle_line(std::string_view raw_line);
    // End of input: stops a search in progress (its result is not sent).
    void finish();

    // For tests and tools: waits until the current search has finished by itself and every game
    // sent to `learn` is stored.
    void wait_until_idle();
    bool searching() const;
    bool learning() const;
    const Game& game() const { return game_; }
    int level() const { return level_; }

private:
    using Args = std::vector<std::string_view>;
    using JobBody = std::function<void(std::uint64_t job)>;

    // Output. Every line goes out under mutex_, so lines of a search and of the session never mix.
    void send(const std::string& line);
    void log(const std::string& message);
    // Sends a line for a search; drops it (and returns false) once that search has been cancelled.
    bool send_for(std::uint64_t job, const std::string& line);
    bool cancelled(std::uint64_t job) const;

    // Searches (one at a time, on worker_).
    void start_job(const std::string& status, JobBody body);
    // Stops the running search, silences it and joins its thread. True if it had not finished.
    bool cancel_job();
    Engine& engine();
    Limits limits() const;
    std::string status_waiting() const;

    // Commands (nboard.cpp). They throw Error for malformed input before changing anything.
    void cmd_nboard(const Args& args);
    void cmd_set(const std::string& line, const Args& args);
    void cmd_move(std::string_view text);
    void cmd_ping(const Args& args);
    void cmd_go(const Args& args);
    void cmd_hint(const Args& args);
    void cmd_analyze(const Args& args);
    void cmd_learn(const Args& args);
    // The learning thread: stores the queued games one at a time, then ends.
    void learn_loop();
    void wait_for_learning();
    // The book's legal moves for `pos`, best first (empty without a book or out of book).
    std::vector<NboardBook::Move> book_moves(const Position& pos);

    // Search bodies, run on the worker thread (nboard_search.cpp).
    void go_job(std::uint64_t job, Position pos, Limits limits);
    void hint_job(std::uint64_t job, Position pos, int count, Limits limits);
    void analyze_job(std::uint64_t job, Game game, Limits limits);

    LineSink out_;
    LineSink log_;
    NboardOptions options_;
    NboardBook* book_;
    std::unique_ptr<Engine> engine_;  // created on the first search
    Game game_;
    int level_;
    bool quit_ = false;

    mutable std::mutex mutex_;            // guards the sinks and the fields below
    std::condition_variable job_done_;
    std::uint64_t current_job_ = 0;       // output is wanted only from this job; bumping it silences one
    bool job_running_ = false;
    std::thread worker_;
    std::deque<Game> learn_queue_;        // games sent to `learn`, the front one being stored
    bool learner_running_ = false;
    std::thread learner_;
};

// NBoard on streams until `quit` or the end of `in`; returns the exit code (0).
int run_nboard(std::istream& in, std::ostream& out, std::ostream& log, NboardOptions options = {},
               NboardBook* book = nullptr);

// Text forms of the protocol (shared with the tests): an eval "1.00" / "-3.00" (discs for the side
// to move), a PV "F5-D6-C3" (no spaces, passes "PA"), a depth "12" or "100%" for a solved score.
std::string nboard_eval(int score);
std::string nboard_pv(const std::vector<Square>& pv);
std::string nboard_depth(bool exact, int depth);

}  // namespace outflank
