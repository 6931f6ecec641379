#include "core/game.hpp"

#include "core/error.hpp"
#include "core/notation.hpp"

namespace outflank {

Game Game::from_transcript(std::string_view transcript, const Position& start) {
    Game game(start);
    const std::vector<Square> moves = parse_transcript(transcript);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const Square sq = moves[i];
        if (sq == kPass) {
            if (!game.is_legal(kPass))
                throw Error("transcript: move " + std::to_string(i + 1) + ": pass is illegal here");
            game.play(kPass);
            continue;
        }
        const Position& pos = game.position();
        if (!pos.is_legal(sq) && !(pos.must_pass() && legal_moves(pos.opponent, pos.player) & bit(sq)))
            throw Error("transcript: move " + std::to_string(i + 1) + " (" + square_name(sq) + ") is illegal");
        game.play_with_implied_pass(sq);
    }
    return game;
}

bool Game::is_legal(Square sq) const {
    const Position& pos = position();
    if (sq == kPass) return pos.must_pass();
    return pos.is_legal(sq);
}

void Game::play(Square sq) {
    if (!is_legal(sq)) {
        if (sq == kPass) throw Error("illegal move: pass is only allowed when there is no legal move");
        throw Error("illegal move: " + square_name(sq));
    }
    Position next = position();
    next.play_or_pass(sq);
    positions_.push_back(next);
    moves_.push_back(sq);
}

void Game::play_as(Color color, Square sq) {
    if (position().side != color) {
        if (!position().must_pass())
            throw Error("illegal move: it is not " + std::string(color == Color::Black ? "black" : "white") +
                        "'s turn");
        Position after_pass = position();
        after_pass.pass();
        if (sq == kPass || !after_pass.is_legal(sq)) throw Error("illegal move: " + square_name(sq));
        play(kPass);
    }
    play(sq);
}

void Game::play_with_implied_pass(Square sq) {
    if (sq != kPass && position().must_pass()) {
        Position after_pass = position();
        after_pass.pass();
        if (!after_pass.is_legal(sq)) throw Error("illegal move: " + square_name(sq));
        play(kPass);
    }
    play(sq);
}

bool Game::undo() {
    if (moves_.empty()) return false;
    moves_.pop_back();
    positions_.pop_back();
    return true;
}

std::string Game::transcript() const { return transcript_string(moves_); }

}  // namespace outflank
