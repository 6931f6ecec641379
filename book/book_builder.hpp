// Building, expanding and learning: everything that fills a Book, driving only the Engine API.
//
// build:  the positions of the first N plies met in at least K source games; every one searched
//         at depth D for its best move out of the book; scores backed up by negamax.
// expand: at each leaf (a position without book moves) every move is scored and the best one and
//         all within E discs of it join the book, with the answers those searches found as their
//         leaves; where the book's choice would leave the book, that move joins too and is
//         searched; then the scores are backed up again.
// learn:  the positions of one game join the book (NBoard's `learn`), searched and backed up.
//
// Build and expand run on several threads (one Engine each) and save an unfinished book to
// `<file>.partial` every minute and when stopped; run again with the same settings, they resume
// from it, and they remove it when done.
#pragma once

#include <map>
#include <utility>

#include <cstddef>
#include <string>
#include <vector>

#include "book/book.hpp"
#include "book/book_search.hpp"
#include "search/engine.hpp"
#include "core/game.hpp"
#include "core/shard.hpp"

namespace outflank {

struct BuildSettings {
    std::vector<std::string> game_files;
    int plies = 12;
    int min_games = 3;
    int depth = 12;
};

struct ExpandSettings {
    int depth = 12;
    int error = 2;  // discs below the best move that still join the book at a leaf
};

struct RunSettings {
    int threads = 2;           // engines searching positions in parallel
    std::size_t hash_mb = 64;  // per engine
    bool restart = false;      // ignore an existing <file>.partial instead of resuming it
    RunControl control;        // progress and stop; the builder adds the checkpoint itself
    int search_threads = 1;    // threads per engine (one search shared between them)
};

struct RunOutcome {
    bool finished = false;       // false: stopped, the state is in <file>.partial
    bool resumed = false;
    std::size_t positions = 0;   // in the book now
    std::size_t searched = 0;    // jobs answered by the engine in this run
    std::size_t added = 0;       // positions added in this run (expand)
    std::string sources;         // build: a summary of the games read
};

// The positions of the first `plies` plies of `games` that occur in at least `min_games` of
// them (counted once per game, up to symmetry), all pending, with their game counts.
Book collect_positions(const std::vector<Game>& games, int plies, int min_games);

RunOutcome build_book(const BuildSettings& settings, const std::string& out_path, const RunSettings& run);

// `book build --shard K/N`: every shard collects all the build's positions (a position's search
// must know which of its moves lead into the book) and numbers them in key order (BookKey's <);
// it searches only its own, item i belonging to shard (i mod N) + 1, with no .partial file (a
// stopped shard is run again). Merged, the entries and metadata make the book build_book writes.
struct BuildShardOutcome {
    bool finished = false;       // false: stopped
    std::size_t positions = 0;   // all of the build's
    std::vector<std::size_t> items;                      // the shard's item numbers, ascending
    std::vector<std::pair<BookKey, BookEntry>> entries;  // their entries, evaluated, in that order
    std::map<std::string, std::string> metadata;         // as build_book writes it
    std::size_t searched = 0;
    std::string sources;         // a summary of the games read
};
BuildShardOutcome build_book_shard(const BuildSettings& settings, const ShardSpec& shard, const RunSettings& run);
RunOutcome expand_book(const std::string& path, const ExpandSettings& settings, const RunSettings& run);

struct LearnSettings {
    int plies = 60;  // positions of the game's first `plies` plies join the book
    int depth = 0;   // search depth for new positions; 0: the book's own depth
};
// Adds one game to the book with `engine` (synchronously): new positions are searched, counts go
// up by one, and the scores are backed up again.
void learn_game(Book& book, Engine& engine, const Game& game, const LearnSettings& settings = {});

// Searches every pending position (its best move out of the book). False when stopped.
bool evaluate_pending(Book& book, const std::vector<Engine*>& engines, int depth, const RunControl& control,
                      std::size_t* searched = nullptr);
// Searches again every position whose leaf move now leads into the book. False when stopped.
bool refresh_leaves(Book& book, const std::vector<Engine*>& engines, int depth, const RunControl& control,
                    std::size_t* searched = nullptr);

}  // namespace outflank
