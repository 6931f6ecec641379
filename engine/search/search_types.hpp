// What a caller asks of a search (Limits) and what it gets back (SearchInfo per iteration,
// SearchResult at the end). Scores are final disc differences for the side to move, -64..64.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/bitboard.hpp"

namespace outflank {

struct Limits {
    int depth = 0;              // midgame depth in plies; 0 = decided by time / level
    bool exact = false;         // solve to the end for the exact disc difference
    bool wld = false;           // solve to the end for win/loss/draw only (score -1, 0, +1 scaled to discs)
    std::uint64_t nodes = 0;    // stop after about this many nodes; 0 = no limit
    double time = 0;            // seconds the search should aim to use; 0 = no time limit
    double hard_time = 0;       // seconds it must never exceed; 0 = same as time (x1.0)
    int level = -1;             // informational: the strength level these limits came from
    int solve_empties = -1;     // solve exactly when empties <= this; -1 = decide from the time available
    bool selective = true;      // allow ProbCut in the midgame
    bool use_tt = true;         // for testing: switch the transposition table off
    bool use_aspiration = true; // for testing: switch aspiration windows off
    bool endgame_auto = true;   // switch to the exact solver when the empties allow it

    // The seconds the search must never exceed (hard_time, else time); 0 = no time limit.
    double deadline() const { return hard_time > 0 ? hard_time : time; }
};

// One line of progress: sent after each completed iteration (and on the final result).
struct SearchInfo {
    int depth = 0;           // plies (for an exact search: the number of empties)
    int selectivity = 100;   // ProbCut confidence in percent; 100 = no selectivity
    bool exact = false;      // the score is the exact end-of-game result
    bool wld = false;        // the score only tells win/loss/draw
    int score = 0;
    std::vector<Square> pv;
    std::uint64_t nodes = 0;
    double seconds = 0;
    double nps() const { return seconds > 0 ? static_cast<double>(nodes) / seconds : 0; }
};

struct SearchResult : SearchInfo {
    Square best_move = kNoMove;  // kPass when the side to move must pass; kNoMove when the game is over
    bool stopped = false;        // the search was stopped (time, nodes or stop()) before its target
};

struct MoveScore {
    Square move;
    int score;
    bool exact;
};

using InfoCallback = std::function<void(const SearchInfo&)>;

}  // namespace outflank
