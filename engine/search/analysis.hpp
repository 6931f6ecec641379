// Game and position analysis: for every move of a game, the best move and its score, the played
// move's score, the loss and a mistake/blunder mark, with per-player totals; for a position, every
// legal move with its score. Drives the Engine API only; formatting lives in protocol/.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "search/engine.hpp"
#include "core/game.hpp"
#include "core/position.hpp"
#include "search/search_types.hpp"

namespace outflank {

// Losses (in discs, for the mover) from which a move is marked.
constexpr int kMistakeLoss = 2;
constexpr int kBlunderLoss = 6;

// The most empties analysis solves exactly (as GTP's outflank-solve): beyond, a solve takes hours.
constexpr int kMaxSolveEmpties = 40;

enum class Mark { None, Mistake, Blunder };
Mark mark_for_loss(int loss);
// "", "mistake", "blunder".
const char* mark_name(Mark mark);

struct AnalysisSettings {
    int depth = 12;        // midgame depth per position (ignored when time > 0)
    double time = 0;       // seconds per position instead of a fixed depth (0 = use depth)
    int exact_from = 20;   // positions with this many empties or fewer are solved exactly (0: never;
                           // at most kMaxSolveEmpties)
    bool selective = true; // ProbCut in the midgame searches
};

// One analysed move (passes are not analysed: there is nothing to choose).
struct MoveAnalysis {
    int number = 0;           // 1-based count of discs placed in this game (passes not counted)
    std::size_t ply = 0;      // index in Game::moves() (passes counted)
    Position position;        // before the move
    Square played = kNoMove;
    Square best = kNoMove;
    int best_score = 0;       // final disc difference for the mover, best play
    int played_score = 0;     // the same after the played move
    int loss = 0;             // best_score - played_score, >= 0
    Mark mark = Mark::None;
    bool exact = false;       // both scores are exact (solved)
    int depth = 0;            // midgame depth of the searches (the empties when exact)
    std::uint64_t nodes = 0;
    double seconds = 0;

    Color player() const { return position.side; }
    // The played move's score from black's point of view: the evaluation after the move.
    int score_black_after() const { return player() == Color::Black ? played_score : -played_score; }
};

struct PlayerTotals {
    int moves = 0;
    int total_loss = 0;
    int mistakes = 0;  // 2 <= loss < 6
    int blunders = 0;  // loss >= 6
    double average_loss() const { return moves > 0 ? static_cast<double>(total_loss) / moves : 0.0; }
};

struct GameAnalysis {
    Game game;
    AnalysisSettings settings;
    std::vector<MoveAnalysis> moves;  // in game order
    PlayerTotals black;
    PlayerTotals white;
    std::uint64_t nodes = 0;
    double seconds = 0;
};

// Called before each position is searched: (positions done, positions in all).
using AnalysisProgress = std::function<void(int done, int total)>;

// Analyses every move of `game`. The positions are searched from the last to the first, so the
// exact solves near the end fill the transposition table for the positions before them.
// The engine's table is cleared first, so the result depends only on the game and the settings.
GameAnalysis analyze_game(Engine& engine, const Game& game, const AnalysisSettings& settings,
                          const AnalysisProgress& progress = {});

struct PositionAnalysis {
    Position position;
    AnalysisSettings settings;
    bool exact = false;               // every score is exact
    std::vector<MoveScore> moves;     // best first; one kPass entry when the side must pass
    double seconds = 0;

    bool game_over() const { return position.is_game_over(); }
};

// Scores every legal move of `pos`, best first. With `exact` (or when the position has at most
// settings.exact_from empties) every move is solved; `exact` with more than kMaxSolveEmpties
// empties throws Error. A finished game has no moves.
PositionAnalysis analyze_position(Engine& engine, const Position& pos, const AnalysisSettings& settings,
                                  bool exact = false);

}  // namespace outflank
