// What the NBoard front end asks of an opening book. The book itself is its own piece of work
// (book/); it plugs in by implementing this interface and being handed to NboardSession or
// run_nboard (protocol/cli/cli_nboard.cpp is the one place that would create it). Without a book,
// `go` and `hint` come from search alone and `learn` says on stderr that there is no book.
// The session calls moves() from its own thread and learn() from its learning thread, one game at
// a time: learn() may run while moves() is called, and an implementation must allow that.
#pragma once

#include <cstdint>
#include <vector>

#include "core/game.hpp"
#include "core/position.hpp"

namespace outflank {

class NboardBook {
public:
    struct Move {
        Square move = kNoMove;
        int score = 0;            // final disc difference for the side to move after the book's search
        std::uint64_t games = 0;  // games in the book through this move (NBoard shows it)
        int depth = 0;            // the depth that score comes from (ignored when exact)
        bool exact = false;       // the score is a solved result
    };

    virtual ~NboardBook() = default;
    // The book's moves for `pos` in any order; empty when `pos` is out of book. Moves that are
    // not legal in `pos` are ignored by the session.
    virtual std::vector<Move> moves(const Position& pos) = 0;
    // Adds a game to the book; throws outflank::Error when it cannot.
    virtual void learn(const Game& game) = 0;
};

}  // namespace outflank
