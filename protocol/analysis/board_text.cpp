#include "analysis/board_text.hpp"

#include <algorithm>
#include <cstdio>

#include "common/search_format.hpp"
#include "core/notation.hpp"

namespace outflank {
namespace {

bool on_board(Square sq) { return sq >= 0 && sq < 64; }

int best_score(const BoardPicture& picture) {
    int best = -65;
    for (const MoveScore& m : picture.scores)
        if (on_board(m.move)) best = std::max(best, m.score);
    return best;
}

// Four characters a square: the disc or the score right-aligned in three ("+12", " -4", "  X"),
// then a '<' after the best scores (or a space).
std::string scored_diagram(const BoardPicture& picture) {
    const Position& pos = picture.position;
    const int best = best_score(picture);
    std::string cells[64];
    for (int sq = 0; sq < 64; ++sq) {
        const char* disc = pos.black() & bit(sq) ? "X" : pos.white() & bit(sq) ? "O" : ".";
        char cell[8];
        std::snprintf(cell, sizeof cell, "%3s ", disc);
        cells[sq] = cell;
    }
    for (const MoveScore& m : picture.scores) {
        if (!on_board(m.move)) continue;
        char cell[16];
        std::snprintf(cell, sizeof cell, "%3s%c", score_string(m.score).c_str(), m.score == best ? '<' : ' ');
        cells[m.move] = cell;
    }
    const std::string letters = "     a   b   c   d   e   f   g   h\n";
    std::string s = letters;
    for (int row = 0; row < 8; ++row) {
        const char rank = static_cast<char>('1' + row);
        s += std::string(" ") + rank + " ";
        for (int col = 0; col < 8; ++col) s += cells[row * 8 + col];
        s += std::string(" ") + rank + "\n";
    }
    return s + letters;
}

}  // namespace

std::string board_caption(const BoardPicture& picture) {
    const Position& pos = picture.position;
    std::string caption = "Black " + std::to_string(popcount(pos.black())) + ", white " +
                          std::to_string(popcount(pos.white())) + ". ";
    if (pos.is_game_over()) {
        const int s = pos.final_score_black();
        caption += s > 0 ? "Black wins by " + std::to_string(s) : s < 0 ? "White wins by " + std::to_string(-s) : "Draw";
    } else {
        caption += std::string(pos.side == Color::Black ? "Black" : "White") + " to move" +
                   (pos.must_pass() ? " (must pass)" : "");
    }
    if (on_board(picture.last_move)) caption += "; last move " + square_name(picture.last_move);
    return caption;
}

std::string board_text(const BoardPicture& picture) {
    const bool scored = std::any_of(picture.scores.begin(), picture.scores.end(),
                                    [](const MoveScore& m) { return on_board(m.move); });
    std::string text = scored ? scored_diagram(picture) : board_diagram(picture.position, picture.show_legal_moves);
    text += board_caption(picture) + "\n";
    if (scored) {
        const int best = best_score(picture);
        std::string best_moves;
        for (const MoveScore& m : picture.scores)
            if (on_board(m.move) && m.score == best) best_moves += (best_moves.empty() ? "" : " ") + square_name(m.move);
        text += "Best: " + best_moves + " " + score_string(best) + " (scores for the side to move)\n";
    }
    return text;
}

}  // namespace outflank
