// GTP game commands: board setup, moves, undo, scoring, SGF loading and the clock commands.
#include <ostream>

#include "core/error.hpp"
#include "gtp/gtp.hpp"
#include "records/sgf.hpp"
#include "core/notation.hpp"
#include "common/search_format.hpp"
#include "core/tokenizer.hpp"

namespace outflank {
namespace {

double parse_seconds(std::string_view word, bool allow_negative) {
    const auto v = text::parse_number(word);
    if (!v || (!allow_negative && *v < 0)) throw GtpFailure("syntax error");
    return *v;
}

int parse_stones(std::string_view word) {
    const auto v = text::parse_integer(word);
    if (!v || *v < 0 || *v > 1000000) throw GtpFailure("syntax error");
    return static_cast<int>(*v);
}

}  // namespace

std::string GtpEngine::cmd_boardsize(const Args& args) {
    if (args.size() != 1) throw GtpFailure("syntax error");
    const auto size = text::parse_integer(args[0]);
    if (!size) throw GtpFailure("syntax error");
    if (*size != 8) throw GtpFailure("unacceptable size");
    // GTP leaves the board undefined after boardsize; a fresh game is what every client expects.
    return cmd_clear_board({});
}

std::string GtpEngine::cmd_clear_board(const Args&) {
    start_game(Game(), {});
    clock_.reset();
    return "";
}

std::string GtpEngine::cmd_komi(const Args& args) {
    // Othello has no komi; the value is checked (GTP requires a number) and ignored.
    if (args.size() != 1 || !text::parse_number(args[0])) throw GtpFailure("syntax error");
    return "";
}

std::string GtpEngine::cmd_play(const Args& args) {
    if (args.size() != 2) throw GtpFailure("syntax error");
    const Color color = parse_gtp_color(args[0]);
    Square sq;
    try {
        sq = parse_move(args[1]);
    } catch (const Error&) {
        throw GtpFailure("syntax error");
    }
    const Position& pos = game_.position();
    if (sq == kPass) {
        // A pass is the move of a side without a legal move. After the end of the game some
        // clients still send the loser's (or both) passes: harmless, accepted, nothing recorded.
        if (game_.is_over()) return "";
        if (pos.side != color || !pos.must_pass()) throw GtpFailure("illegal move");
        game_.play(kPass);
        action_sizes_.push_back(1);
        return "";
    }
    const std::size_t before = game_.moves().size();
    try {
        // A move for the colour not to move is taken when the side to move must pass (Quarry
        // never sends passes); Game::play_as records that pass, and leaves the game unchanged
        // when it throws.
        game_.play_as(color, sq);
    } catch (const Error&) {
        throw GtpFailure("illegal move");
    }
    action_sizes_.push_back(static_cast<int>(game_.moves().size() - before));
    return "";
}

std::string GtpEngine::cmd_undo(const Args&) {
    if (action_sizes_.empty()) throw GtpFailure("cannot undo");
    // One client action may have recorded an implied pass before its move: both go back.
    for (int i = 0; i < action_sizes_.back(); ++i) game_.undo();
    action_sizes_.pop_back();
    return "";
}

std::string GtpEngine::cmd_showboard(const Args&) {
    const Position& pos = game_.position();
    std::string s = "\n" + board_diagram(pos, true);
    if (game_.is_over()) s += "Game over: " + final_score_string(game_.final_score_black()) + "\n";
    else s += pos.side == Color::Black ? "Black (X) to move\n" : "White (O) to move\n";
    s += "Black (X) " + std::to_string(popcount(pos.black())) + " discs, White (O) " +
         std::to_string(popcount(pos.white())) + " discs\n";
    const auto& moves = game_.moves();
    s += "Move " + std::to_string(moves.size() + 1) + ", last move: " +
         (moves.empty() ? std::string("none") : square_name(moves.back(), true));
    return s;
}

std::string GtpEngine::cmd_final_score(const Args&) {
    if (!game_.is_over()) throw GtpFailure("cannot score");
    return final_score_string(game_.final_score_black());
}

std::string GtpEngine::cmd_loadsgf(const Args& args) {
    if (args.empty() || args.size() > 2) throw GtpFailure("syntax error");
    int stop_before = 0;
    if (args.size() == 2) {
        const auto n = text::parse_integer(args[1]);
        if (!n || *n < 1) throw GtpFailure("syntax error");
        stop_before = static_cast<int>(std::min<long long>(*n, 1 << 20));
    }
    if (!options_.allow_files) throw GtpFailure("cannot load file");
    try {
        SgfGame sgf = load_sgf_file(std::string(args[0]), stop_before);
        start_game(std::move(sgf.game), std::move(sgf.move_sizes));
    } catch (const Error& e) {
        // Controllers match the standard message; the reason goes to the log for the user.
        log_ << "loadsgf: " << e.what() << '\n';
        throw GtpFailure("cannot load file");
    }
    return "";
}

std::string GtpEngine::cmd_list_games(const Args&) { return "Othello"; }

std::string GtpEngine::cmd_set_game(const Args& args) {
    if (args.empty()) throw GtpFailure("syntax error");
    const std::string name = text::join_words(args);
    if (!equals_ignoring_case(name, "Othello") && !equals_ignoring_case(name, "Reversi")) throw GtpFailure("unsupported game");
    return "";
}

std::string GtpEngine::cmd_time_settings(const Args& args) {
    if (args.size() != 3) throw GtpFailure("syntax error");
    const double main_time = parse_seconds(args[0], false);
    const double byo_time = parse_seconds(args[1], false);
    const int stones = parse_stones(args[2]);
    clock_.set(main_time, byo_time, stones);
    return "";
}

std::string GtpEngine::cmd_time_left(const Args& args) {
    if (args.size() != 3) throw GtpFailure("syntax error");
    const Color color = parse_gtp_color(args[0]);
    // Referees may report a slightly negative time after an overrun: read it as none left.
    const double seconds = parse_seconds(args[1], true);
    const int stones = parse_stones(args[2]);
    clock_.set_left(color, seconds, stones);
    return "";
}

}  // namespace outflank
