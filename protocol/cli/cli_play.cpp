// `outflank play [--color black|white] [--level N] [--threads N] [--hash MB] [--book FILE|none]`:
// a game against the engine at a terminal, as Edax and Egaroucid users expect. The board is drawn
// after every move (legal moves marked); the person types a move (`f5`), `pass` when forced,
// `undo`, `hint`, `level N`, `new`, `board`, `help` or `quit`. The game is an outflank::Game and
// every search goes through the Engine API, like the protocols.
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "book/book.hpp"
#include "book/book_file.hpp"
#include "book/book_policy.hpp"
#include "book/default_book.hpp"
#include "cli/cli.hpp"
#include "core/error.hpp"
#include "core/game.hpp"
#include "core/notation.hpp"
#include "core/tokenizer.hpp"
#include "common/search_format.hpp"
#include "search/engine.hpp"

namespace outflank::cli {
namespace {

struct PlayOptions {
    std::string color = "black";  // the person's colour
    int level = 8;
    int threads = default_threads();
    int hash_mb = 64;
    std::string book;  // "", "none" or a file
};

const char* color_name(Color c) { return c == Color::Black ? "black (X)" : "white (O)"; }

class PlaySession {
public:
    PlaySession(std::istream& in, std::ostream& out, const PlayOptions& options)
        : in_(in), out_(out), human_(options.color == "white" ? Color::White : Color::Black), level_(options.level),
          engine_(static_cast<std::size_t>(options.hash_mb), {}, options.threads), rng_(std::random_device{}()) {
        const std::string path = resolve_book_choice(options.book, std::cerr);
        if (!path.empty()) {
            try {
                book_ = std::make_unique<Book>(load_book(path));
            } catch (const Error& e) {
                std::cerr << "outflank: " << e.what() << "; playing without a book" << std::endl;
            }
        }
    }

    int run() {
        out_ << "outflank " OUTFLANK_VERSION ": you play " << color_name(human_) << " at level " << level_
             << ". Type a move (f5), or help." << std::endl;
        for (;;) {
            engine_moves();
            show();
            if (game_.is_over()) out_ << result_text() << " Type new, undo or quit." << std::endl;
            out_ << "> " << std::flush;
            // Capped like the protocols' lines: an endless line cannot grow memory.
            std::string line;
            if (text::read_line(in_, line, kMaxLine) == text::LineRead::End) {
                out_ << std::endl;
                return 0;
            }
            try {
                if (!command(line)) return 0;
            } catch (const Error& e) {
                out_ << "? " << e.what() << std::endl;  // the game is as it was
            }
        }
    }

private:
    // Plays the engine's moves (and its forced passes) until it is the person's turn or the end.
    void engine_moves() {
        while (!game_.is_over() && game_.position().side != human_) {
            const Position& pos = game_.position();
            if (pos.must_pass()) {
                game_.play(kPass);
                out_ << "outflank passes." << std::endl;
                continue;
            }
            const Limits limits = level_limits(level_);
            std::optional<BookMove> from_book;
            if (book_) from_book = book_->choose(pos, 0, rng_);
            // A level deeper than the book's searches plays its own move (book_policy.hpp).
            if (from_book && pos.is_legal(from_book->move) && book_use(*from_book, limits, true) == BookUse::Now) {
                game_.play(from_book->move);
                out_ << "outflank plays " << square_name(from_book->move) << " (book, " << score_string(from_book->score)
                     << ")." << std::endl;
                continue;
            }
            const SearchResult r = engine_.search(pos, limits);
            game_.play(r.best_move);
            out_ << "outflank plays " << square_name(r.best_move) << " (" << score_string(r.score) << ", "
                 << depth_string_of(r) << ")." << std::endl;
        }
    }

    static std::string depth_string_of(const SearchResult& r) {
        if (r.exact) return "exact";
        if (r.wld) return "win/loss/draw";
        return "depth " + std::to_string(r.depth);
    }

    void show() {
        const Position& pos = game_.position();
        out_ << board_diagram(pos);
        const int black = popcount(pos.black()), white = popcount(pos.white());
        out_ << "black (X) " << black << ", white (O) " << white << ", " << pos.empty_count() << " empty";
        if (!game_.is_over()) out_ << "; " << color_name(pos.side) << " to move";
        out_ << std::endl;
    }

    std::string result_text() const {
        const int black = game_.final_score_black();
        if (black == 0) return "Game over: a draw.";
        const bool human_won = (black > 0) == (human_ == Color::Black);
        return std::string("Game over: ") + (black > 0 ? "black" : "white") + " wins by " + std::to_string(black > 0 ? black : -black) +
               (human_won ? " discs. Well played!" : " discs: outflank wins.");
    }

    // False: quit.
    bool command(const std::string& line) {
        const std::string cleaned = text::clean_line(line);
        const std::vector<std::string_view> words = text::split_words(cleaned);
        if (words.empty()) return true;
        if (words.size() > 2) throw Error("too many words: " + cleaned);
        const std::string word(words[0]);
        const std::string rest = words.size() > 1 ? std::string(words[1]) : std::string();
        const std::string cmd = text::to_lower(word);
        if (cmd == "quit" || cmd == "exit" || cmd == "q") return false;
        if (cmd == "help" || cmd == "?") {
            out_ << "  f5        play a move (a1 top-left, h8 bottom-right)\n"
                    "  pass      pass, when you have no move\n"
                    "  undo      take back your last move (and outflank's reply)\n"
                    "  hint      outflank's choice for you, with its score\n"
                    "  level N   outflank's strength, 1-60 (now "
                 << level_ << ")\n"
                    "  new       a new game (you keep your colour)\n"
                    "  board     draw the board again\n"
                    "  quit      leave"
                 << std::endl;
            return true;
        }
        if (cmd == "board") return true;
        if (cmd == "new") {
            game_ = Game();
            engine_.new_game();
            return true;
        }
        if (cmd == "level") {
            const std::optional<long long> level = text::parse_integer(rest);
            if (!level || *level < 1 || *level > 60) throw Error("level: give a number from 1 to 60");
            level_ = static_cast<int>(*level);
            out_ << "level " << level_ << std::endl;
            return true;
        }
        if (cmd == "undo") {
            // Back to the person's previous turn: the engine's replies (and passes) and their move.
            Game before = game_;
            bool undone = false;
            while (game_.undo()) {
                if (game_.position().side == human_ && !game_.position().must_pass()) {
                    undone = true;
                    break;
                }
            }
            if (!undone) {
                game_ = before;
                throw Error("nothing to undo");
            }
            return true;
        }
        if (game_.is_over()) throw Error("the game is over: new, undo or quit");
        const Position& pos = game_.position();
        if (cmd == "hint") {
            const SearchResult r = engine_.search(pos, level_limits(level_));
            out_ << "hint: " << square_name(r.best_move) << " (" << score_string(r.score) << ", " << depth_string_of(r)
                 << ")" << std::endl;
            return true;
        }
        if (!rest.empty()) throw Error("unknown command: " + cleaned + " (type help)");
        Square sq = kNoMove;
        try {
            sq = parse_move(word);
        } catch (const Error&) {
            throw Error("unknown command: " + word + " (type help)");
        }
        if (sq == kPass && !pos.must_pass()) throw Error("you have a move: pass only when you have none");
        if (sq != kPass && pos.must_pass()) throw Error("you have no legal move: type pass");
        if (!game_.is_legal(sq)) throw Error(square_name(sq) + " is not a legal move here");
        game_.play(sq);
        return true;
    }

    static constexpr std::size_t kMaxLine = 4096;

    std::istream& in_;
    std::ostream& out_;
    const Color human_;
    int level_;
    Engine engine_;
    Game game_;
    std::unique_ptr<Book> book_;
    std::mt19937_64 rng_;
};

}  // namespace

void add_play(CLI::App& app) {
    auto opt = std::make_shared<PlayOptions>();
    CLI::App* sub = app.add_subcommand("play", "Play a game against the engine at the terminal (board drawn after every move)");
    sub->add_option("--color,-c", opt->color, "Your colour: black (moves first, the default) or white")
        ->check(CLI::IsMember({"black", "white"}));
    sub->add_option("--level,-l", opt->level, "outflank's strength 1-60 (default 8; `level N` changes it)")
        ->check(CLI::Range(1, 60));
    add_search_threads_option(sub, "--threads", opt->threads);
    sub->add_option("--hash", opt->hash_mb, "Transposition table size in MB (default 64)")->check(CLI::Range(1, 16384));
    sub->add_option("--book", opt->book, "Opening book file, or none (default: the shipped book)");
    sub->callback([opt] {
        PlaySession session(std::cin, std::cout, *opt);
        exit_code = session.run();
    });
}

}  // namespace outflank::cli
