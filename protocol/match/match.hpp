// The engine-vs-engine referee behind `outflank match`: two GTP engines as child processes, the
// true game kept by the rules core (Game), openings played twice with colours swapped, clocks
// enforced by the referee, several games at once, Elo with a 95% interval and an optional SPRT.
// Everything an engine does wrong (illegal move, time, crash, garbage) loses that game and the
// match carries on with a fresh process.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/bitboard.hpp"
#include "core/shard.hpp"
#include "match/match_stats.hpp"

namespace outflank::match {

// How an engine hears about passes. Explicit: `play <colour> pass`. Implicit: nothing is sent and
// the next command is for the other colour (grhino refuses `play <c> pass`). Auto: explicit until
// the engine refuses a pass with `?`, then implicit for that engine.
enum class PassStyle { Auto, Explicit, Implicit };
const char* to_string(PassStyle style);
PassStyle parse_pass_style(const std::string& text);  // throws Error

struct EngineSpec {
    std::string command;  // run by /bin/sh -c
    std::string name;     // label in the output; empty: the engine's GTP `name`
    PassStyle pass_style = PassStyle::Auto;
};

// Time control. With neither per_move nor per_game there is no clock, only the hang guard.
struct ClockSpec {
    double per_move = 0.0;         // seconds for every move (GTP `time_settings 0 S 1`)
    double per_game = 0.0;         // seconds for all of a side's moves (`time_settings S 0 0`)
    double margin = 0.2;           // grace over the limit before a move loses on time
    double hang_timeout = 300.0;   // without a clock: a genmove unanswered this long is a hang
    double command_timeout = 10.0; // every command other than genmove
    bool has_clock() const { return per_move > 0 || per_game > 0; }
};

// An opening: the moves from the start position, passes included (as Game records them).
struct Opening {
    std::vector<Square> moves;
    int line = 0;  // line in the openings file (0 for the start position)
};

// Openings from a file of transcripts (one a line, `#` comments), each replayed with the rules
// core; an illegal or finished one is an error naming its line. Throws Error.
std::vector<Opening> load_openings(const std::string& path);
// The same from the file's text already read (`path` names it in errors).
std::vector<Opening> parse_openings(std::string_view text, const std::string& path);

enum class Reason {
    End,      // the game was played out
    Resign,   // the loser answered `resign`
    Illegal,  // the loser played an illegal move (or passed while it had a move)
    Timeout,  // the loser went over its time (or, without a clock, hung)
    Crash,    // the loser's process died
    Protocol, // the loser's answer was malformed, or it refused a legal command
};
const char* to_string(Reason reason);

struct GameRecord {
    int number = 0;                // 1-based, in the order games were scheduled
    int opening_index = 0;         // 0-based index into the (possibly shuffled) opening order
    std::vector<Square> opening;   // the opening's moves, passes included; empty: start position
    int opening_line = 0;          // its line in the openings file
    int black = 0;                 // which engine (0 = engine1, 1 = engine2) had black
    std::vector<Square> moves;     // every move from the start position, passes included
    std::vector<double> seconds;   // thinking time of each move (0 for opening moves and passes)
    int black_discs = 0, white_discs = 0;  // on the board when the game ended
    int score_black = 0;           // WOF disc difference for black when Reason::End
    int winner = 0;                // +1 black, -1 white, 0 draw
    Reason reason = Reason::End;
    std::string detail;            // what went wrong, for a forfeit
    std::vector<std::string> stderr_tail;  // the loser's last stderr lines, for a forfeit
    bool start_failed = false;     // the loser could not be started (counted towards giving up)
    double time_used[2] = {0, 0};  // thinking time per colour (0 black, 1 white)

    int engine_of(int color) const { return color == 0 ? black : 1 - black; }
    // 1, 0.5 or 0 for engine 0 (engine1).
    double engine1_points() const;
};

struct MatchOptions {
    EngineSpec engines[2];
    std::vector<Opening> openings;  // empty: every game from the start position
    bool shuffle = false;           // shuffle the openings with `seed` (else file order)
    std::uint64_t seed = 1;
    int games = 100;
    int concurrency = 1;
    ClockSpec clock;
    std::optional<SprtSpec> sprt;
    std::size_t stderr_lines = 10;
    // Consecutive failed starts of one engine after which the match is abandoned (a wrong command
    // would otherwise lose every game).
    int max_start_failures = 3;
    const std::atomic<bool>* cancel = nullptr;  // raised by Ctrl-C: stop after the running games
    // `match --shard K/N`: play only the shard's games (game g is item g - 1, core/shard.hpp),
    // each with the opening and colours it has in the whole match. 1/1: every game.
    ShardSpec shard;
};

struct MatchResult {
    std::string names[2];            // the labels used
    std::vector<GameRecord> games;   // in completion order
    Tally tally;                     // engine1's view
    Tally as_black[2], as_white[2];  // per engine and colour, each from that engine's view
    long long disc_diff = 0;         // engine1's total disc difference over played-out games
    int played_out = 0;              // games with Reason::End
    std::optional<SprtState> sprt;   // the final SPRT state when one was run
    bool stopped_early = false;      // SPRT decided or cancelled before all games were played
};

// Counts a finished game into the standings (tally, per colour, disc difference): what run_match
// does after each game, and what the merge of match shards does for each recorded game.
void add_game(MatchResult& result, const GameRecord& game);

// Called once per finished game (in completion order, from the referee's threads but never two
// at once) with the game and the standings so far.
using GameCallback = std::function<void(const GameRecord&, const MatchResult&)>;

// The search threads an engine command will use, as far as the referee can tell: outflank
// (`gtp`, `nboard` or no subcommand) with --threads N, or `default_threads` without it; 1 for any
// other program.
int engine_threads(const std::string& command, int default_threads);
// A warning when `concurrency` games at once, each with one engine thinking at a time on its
// threads, ask for more threads than the machine's `cores`; "" otherwise.
std::string oversubscription_warning(int concurrency, const int threads[2], int cores);

// Plays the match. Throws Error when an engine cannot be started at all (the first start of each
// engine is checked before any game), or keeps failing to start.
MatchResult run_match(const MatchOptions& options, const GameCallback& on_game = {});

}  // namespace outflank::match
