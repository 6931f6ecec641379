// GoGui's rules extension (gogui-rules_*), GoGui's analyze menu, and the position extensions
// outflank-position and outflank-record.
#include "core/error.hpp"
#include "gtp/gtp.hpp"
#include "core/notation.hpp"
#include "common/search_format.hpp"
#include "core/tokenizer.hpp"

namespace outflank {

std::string GtpEngine::cmd_rules_game_id(const Args&) { return "Othello"; }
std::string GtpEngine::cmd_rules_board_size(const Args&) { return "8"; }

std::string GtpEngine::cmd_rules_board(const Args&) {
    // GoGui draws the first line as its top row, which it calls row 8 (Go numbering runs
    // bottom-up), so the rows go 8 to 1: then GoGui's "D3" is the square this engine calls d3.
    const Position& pos = game_.position();
    std::string s;
    for (int r = 7; r >= 0; --r) {
        for (int f = 0; f < 8; ++f) {
            const Square sq = r * 8 + f;
            s += (pos.black() & bit(sq)) ? 'X' : (pos.white() & bit(sq)) ? 'O' : '.';
            s += f < 7 ? ' ' : '\n';
        }
    }
    return s;
}

std::string GtpEngine::cmd_legal_moves(const Args&) {
    // GoGui reads "" as the end of the game and "pass" as the only legal move.
    const Position& pos = game_.position();
    if (pos.is_game_over()) return "";
    if (pos.must_pass()) return "pass";
    std::string s;
    for (Square sq : squares(pos.moves())) {
        if (!s.empty()) s += ' ';
        s += square_name(sq, true);
    }
    return s;
}

std::string GtpEngine::cmd_rules_side_to_move(const Args&) {
    return game_.position().side == Color::Black ? "black" : "white";
}

std::string GtpEngine::cmd_rules_final_result(const Args&) {
    return game_.is_over() ? final_score_string(game_.final_score_black()) : "unknown";
}

std::string GtpEngine::cmd_analyze_commands(const Args&) {
    // GoGui's analyze menu: type/label/command.
    return "string/Outflank evaluate moves/outflank-evaluate\n"
           "string/Outflank solve/outflank-solve\n"
           "string/Outflank last search/outflank-pv\n"
           "string/Outflank position/outflank-position\n"
           "string/Outflank game record/outflank-record\n"
           "string/Outflank book moves/outflank-book";
}

std::string GtpEngine::cmd_position(const Args& args) {
    if (args.empty()) return position_string(game_.position());
    // The 64 squares and the side may come as one word or two ("<64> X").
    const Position pos = parse_position(text::join_words(args));
    start_game(Game(pos), {});
    return "";
}

std::string GtpEngine::cmd_record(const Args& args) {
    if (args.empty()) {
        if (game_.start_position() == Position::start()) return game_.transcript();
        return "position " + position_string(game_.start_position()) + "\nmoves " + game_.transcript();
    }
    // A transcript from the start position; passes may be written or left implied.
    Game game;
    std::vector<int> sizes;
    const std::vector<Square> moves = parse_transcript(text::join_words(args, 0));
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const std::size_t before = game.moves().size();
        try {
            if (moves[i] == kPass) game.play(kPass);
            else game.play_with_implied_pass(moves[i]);
        } catch (const Error&) {
            throw GtpFailure("illegal move: move " + std::to_string(i + 1) + " (" + square_name(moves[i]) + ")");
        }
        sizes.push_back(static_cast<int>(game.moves().size() - before));
    }
    start_game(std::move(game), std::move(sizes));
    return "";
}

}  // namespace outflank
