// A game: a start position and the moves played from it (passes included), with undo.
// GTP, NBoard, the match referee and analysis all keep their games in this one type.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/position.hpp"

namespace outflank {

class Game {
public:
    explicit Game(const Position& start = Position::start()) : positions_{start} {}

    // Replays a transcript from `start`; passes may be written or left out (implied).
    // Throws Error naming the move number and square of the first illegal move.
    static Game from_transcript(std::string_view transcript, const Position& start = Position::start());

    const Position& position() const { return positions_.back(); }
    const Position& start_position() const { return positions_.front(); }
    const std::vector<Square>& moves() const { return moves_; }
    // The position before move i (i = 0..moves().size()).
    const Position& position_at(std::size_t i) const { return positions_[i]; }

    // True if sq (a square or kPass) may be played now: a pass only when the side has no move.
    bool is_legal(Square sq) const;
    // Plays sq or kPass; throws Error("illegal move ...") and changes nothing if it is not legal.
    void play(Square sq);
    // Plays a move for the side `color`: if that colour is not to move but the side to move must
    // pass, the pass is recorded first (how transcripts and some GUIs leave passes implied).
    void play_as(Color color, Square sq);
    // Plays sq, inserting a pass first if the side to move has no move but the other side can play sq.
    void play_with_implied_pass(Square sq);
    // Takes back the last move (a pass counts as a move). False when at the start.
    bool undo();

    bool is_over() const { return position().is_game_over(); }
    // Final disc difference for black under the WOF rule; only meaningful when is_over().
    int final_score_black() const { return position().final_score_black(); }
    // The moves without passes, "f5d6c3...".
    std::string transcript() const;

private:
    std::vector<Position> positions_;  // positions_[i] is the position before moves_[i]
    std::vector<Square> moves_;
};

}  // namespace outflank
