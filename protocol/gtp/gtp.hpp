// The GTP (Go Text Protocol, version 2) front end: how GUIs (Quarry, GoGui), tournament referees
// and scripts drive the engine. It reads commands from an istream and writes answers to an
// ostream, so the tests drive it with string streams; progress and diagnostics go to a separate
// log stream (stderr in the program). The game lives in outflank::Game and every move choice is
// the engine API's: this file only parses, validates and formats. README.md ("GTP") documents the commands.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "gtp/gtp_clock.hpp"
#include "search/search_types.hpp"
#include "search/timeman.hpp"

namespace outflank {

class Book;
class ProgressDisplay;
class SearchHeartbeat;
class Engine;
struct BookMove;

struct GtpOptions {
    // About one second per midgame move on a current desktop core (answers sooner in the endgame).
    static constexpr int kDefaultLevel = 12;

    std::size_t hash_mb = 64;
    int threads = 0;            // search threads; 0 = the CPUs this process may use (default_threads)
    int level = kDefaultLevel;  // strength when neither depth nor move_time is set
    int depth = 0;              // > 0: this midgame depth every move (the last `depth` empties solved)
    double move_time = 0;       // > 0: seconds per move
    // True when the user chose the strength (--level, --depth, --time or the outflank-* commands):
    // then a GTP clock only caps that strength. Otherwise a clock decides the thinking time alone.
    bool explicit_strength = false;
    bool show_info = true;      // one progress line per search iteration on the log stream
    // The opening book: "" for none. A book that cannot be loaded is reported on the log stream
    // and the engine plays without one. genmove answers from the book while the position is in it.
    std::string book_path;
    int book_randomness = 0;    // play any book move within this many discs of the best
    std::uint64_t book_seed = 0;  // for the random choice; 0: a different seed every run

    // Safety caps (tests and fuzzing set them; 0 = none).
    std::uint64_t max_nodes = 0;        // every search stops after about this many nodes
    std::size_t max_hash_mb = std::size_t{1} << 30;  // largest hash `outflank-hash` may ask for (the machine's memory decides first)
    int max_threads = 256;              // most threads `outflank-threads` may ask for
    int max_solve_empties = 40;         // `outflank-solve` refuses positions with more empties
    bool allow_files = true;            // `loadsgf` may read files

    // Seconds kept back from every clock and every --time budget for what the engine does not
    // control: process scheduling on a loaded machine, the pipes, the referee's own timing.
    double move_overhead = kDefaultMoveOverhead;
    // The descriptor answers are written to (the binary: 1). Watched after the input ends: when
    // nobody reads it any more the GUI is gone and the session ends at once. -1: not watched.
    int output_fd = -1;
};

// A command's failure: the text after "? " in the answer.
class GtpFailure : public std::runtime_error {
public:
    explicit GtpFailure(const std::string& message) : std::runtime_error(message) {}
};

class GtpEngine {
public:
    GtpEngine(std::istream& in, std::ostream& out, std::ostream& log, GtpOptions options = {});
    ~GtpEngine();
    GtpEngine(const GtpEngine&) = delete;
    GtpEngine& operator=(const GtpEngine&) = delete;

    // Answers commands until `quit` or the end of the input; returns the process exit code (0).
    int run();
    // Handles one raw input line (answering it unless it is empty after cleaning). False once
    // `quit` has been answered.
    bool execute_line(std::string_view raw_line);

    const Game& game() const { return game_; }
    // How many moves of game() each client action added (2 when an implied pass was recorded
    // with the move); their sum is game().moves().size(). `undo` pops one entry.
    const std::vector<int>& action_sizes() const { return action_sizes_; }
    // The names `list_commands` prints, in its order.
    static std::vector<std::string> command_names();

private:
    using Args = std::vector<std::string_view>;
    using Handler = std::string (GtpEngine::*)(const Args&);
    struct Command {
        std::string_view name;
        Handler handler;
    };
    static const std::vector<Command>& commands();
    static const Command* find_command(std::string_view name);

    void respond(const std::string& id, bool success, std::string_view text);
    Engine& engine();
    void start_game(Game game, std::vector<int> action_sizes);

    // Search support (gtp_search.cpp).
    Limits strength_limits() const;
    // `spent`: seconds since the command arrived, already gone from this move's time.
    Limits move_limits(Color color, int empties, double spent) const;
    Limits capped(Limits limits) const;
    // Whether time `color`'s next move leaves unused stays on its clock for later moves (main
    // time, a byo-yomi period with moves still due after this one); false for a time per move.
    bool time_kept_for_later(Color color) const;
    // `status`, when given, hears the iterations and carries the info lines (it owns the log
    // while a Heartbeat writes to it too).
    SearchResult run_search(const Position& pos, const Limits& limits, SearchHeartbeat* status = nullptr,
                            ProgressDisplay* log = nullptr);
    std::string generate_move(const Args& args, bool commit);
    std::string strength_text() const;

    // Administrative (gtp.cpp).
    std::string cmd_protocol_version(const Args&);
    std::string cmd_name(const Args&);
    std::string cmd_version(const Args&);
    std::string cmd_known_command(const Args&);
    std::string cmd_list_commands(const Args&);
    std::string cmd_quit(const Args&);
    // Game setup and play (gtp_play.cpp).
    std::string cmd_boardsize(const Args&);
    std::string cmd_clear_board(const Args&);
    std::string cmd_komi(const Args&);
    std::string cmd_play(const Args&);
    std::string cmd_undo(const Args&);
    std::string cmd_showboard(const Args&);
    std::string cmd_final_score(const Args&);
    std::string cmd_loadsgf(const Args&);
    std::string cmd_list_games(const Args&);
    std::string cmd_set_game(const Args&);
    std::string cmd_time_settings(const Args&);
    std::string cmd_time_left(const Args&);
    // Move generation and analysis (gtp_search.cpp).
    std::string cmd_genmove(const Args&);
    std::string cmd_reg_genmove(const Args&);
    std::string cmd_evaluate(const Args&);
    std::string cmd_solve(const Args&);
    std::string cmd_pv(const Args&);
    std::string cmd_level(const Args&);
    std::string cmd_depth(const Args&);
    std::string cmd_time(const Args&);
    std::string cmd_hash(const Args&);
    std::string cmd_threads(const Args&);
    std::string cmd_book(const Args&);
    // GoGui rules extension and position extensions (gtp_rules.cpp).
    std::string cmd_rules_game_id(const Args&);
    std::string cmd_rules_board_size(const Args&);
    std::string cmd_rules_board(const Args&);
    std::string cmd_legal_moves(const Args&);
    std::string cmd_rules_side_to_move(const Args&);
    std::string cmd_rules_final_result(const Args&);
    std::string cmd_analyze_commands(const Args&);
    std::string cmd_position(const Args&);
    std::string cmd_record(const Args&);

    std::istream& in_;
    std::ostream& out_;
    std::ostream& log_;
    GtpOptions options_;
    std::unique_ptr<Engine> engine_;  // created with the session: its table is never paid for in a move
    Game game_;
    std::vector<int> action_sizes_;
    GtpClock clock_;
    std::optional<SearchResult> last_search_;
    std::unique_ptr<Book> book_;
    std::mt19937_64 book_rng_;
    std::unique_ptr<BookMove> last_book_move_;  // set when the last genmove came from the book
    bool quit_ = false;
    // When the command being executed arrived: the controller's clock for it started then.
    std::chrono::steady_clock::time_point command_received_{};
};

// Shared by the command files: GTP colours ("b", "Black", "W", "white"). Results are written by
// final_score_string (search_format.hpp).
Color parse_gtp_color(std::string_view word);

}  // namespace outflank
