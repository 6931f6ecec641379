// GTP input loop, command dispatch and the administrative commands.
#include "gtp/gtp.hpp"

#include <istream>
#include <optional>
#include <new>
#include <ostream>

#include "book/book.hpp"
#include "book/book_file.hpp"
#include "search/engine.hpp"
#include "core/error.hpp"
#include "eval/eval.hpp"
#include "core/notation.hpp"
#include "core/tokenizer.hpp"
#include "common/progress.hpp"
#include "gtp/gtp_input.hpp"
namespace outflank {
namespace {


// An answer must not contain an empty line (that ends it), so runs of newlines are collapsed and
// trailing ones dropped; an error message is kept on one line.
std::string answer_text(std::string_view text, bool single_line) {
    std::string s;
    for (char c : text) {
        if (c == '\n') {
            if (single_line) c = ' ';
            else if (!s.empty() && s.back() == '\n') continue;  // a leading one is fine (showboard)
        }
        s += c;
    }
    while (!s.empty() && s.back() == '\n') s.pop_back();
    return s;
}

}  // namespace

Color parse_gtp_color(std::string_view word) {
    if (equals_ignoring_case(word, "b") || equals_ignoring_case(word, "black")) return Color::Black;
    if (equals_ignoring_case(word, "w") || equals_ignoring_case(word, "white")) return Color::White;
    throw GtpFailure("syntax error");
}

const std::vector<GtpEngine::Command>& GtpEngine::commands() {
    // The order is list_commands' order: standard commands first, then the extensions.
    static const std::vector<Command> table = {
        {"protocol_version", &GtpEngine::cmd_protocol_version},
        {"name", &GtpEngine::cmd_name},
        {"version", &GtpEngine::cmd_version},
        {"known_command", &GtpEngine::cmd_known_command},
        {"list_commands", &GtpEngine::cmd_list_commands},
        {"quit", &GtpEngine::cmd_quit},
        {"boardsize", &GtpEngine::cmd_boardsize},
        {"clear_board", &GtpEngine::cmd_clear_board},
        {"komi", &GtpEngine::cmd_komi},
        {"play", &GtpEngine::cmd_play},
        {"genmove", &GtpEngine::cmd_genmove},
        {"reg_genmove", &GtpEngine::cmd_reg_genmove},
        {"undo", &GtpEngine::cmd_undo},
        {"showboard", &GtpEngine::cmd_showboard},
        {"final_score", &GtpEngine::cmd_final_score},
        {"loadsgf", &GtpEngine::cmd_loadsgf},
        {"list_games", &GtpEngine::cmd_list_games},
        {"set_game", &GtpEngine::cmd_set_game},
        {"time_settings", &GtpEngine::cmd_time_settings},
        {"time_left", &GtpEngine::cmd_time_left},
        {"gogui-rules_game_id", &GtpEngine::cmd_rules_game_id},
        {"gogui-rules_board_size", &GtpEngine::cmd_rules_board_size},
        {"gogui-rules_board", &GtpEngine::cmd_rules_board},
        {"gogui-rules_legal_moves", &GtpEngine::cmd_legal_moves},
        {"gogui-rules_side_to_move", &GtpEngine::cmd_rules_side_to_move},
        {"gogui-rules_final_result", &GtpEngine::cmd_rules_final_result},
        {"gogui-analyze_commands", &GtpEngine::cmd_analyze_commands},
        {"outflank-position", &GtpEngine::cmd_position},
        {"outflank-record", &GtpEngine::cmd_record},
        {"outflank-legal_moves", &GtpEngine::cmd_legal_moves},
        {"outflank-evaluate", &GtpEngine::cmd_evaluate},
        {"outflank-solve", &GtpEngine::cmd_solve},
        {"outflank-pv", &GtpEngine::cmd_pv},
        {"outflank-level", &GtpEngine::cmd_level},
        {"outflank-depth", &GtpEngine::cmd_depth},
        {"outflank-time", &GtpEngine::cmd_time},
        {"outflank-hash", &GtpEngine::cmd_hash},
        {"outflank-threads", &GtpEngine::cmd_threads},
        {"outflank-book", &GtpEngine::cmd_book},
    };
    return table;
}

std::vector<std::string> GtpEngine::command_names() {
    std::vector<std::string> names;
    for (const Command& c : commands()) names.emplace_back(c.name);
    return names;
}

const GtpEngine::Command* GtpEngine::find_command(std::string_view name) {
    // `help` is what a person at a terminal types first: the same answer as list_commands.
    if (equals_ignoring_case(name, "help")) name = "list_commands";
    // Case-insensitive: forgiving to hand-typed input, and no two commands differ only in case.
    for (const Command& c : commands())
        if (equals_ignoring_case(c.name, name)) return &c;
    return nullptr;
}

GtpEngine::GtpEngine(std::istream& in, std::ostream& out, std::ostream& log, GtpOptions options)
    : in_(in), out_(out), log_(log), options_(options),
      book_rng_(options.book_seed ? options.book_seed : std::random_device{}()) {
    // The table is allocated and cleared now, before the first answer: the controller's clock
    // cannot be running yet. (Created on the first genmove, it cost that move 0.4 s at 64 MB.)
    if (options_.threads <= 0) options_.threads = default_threads();
    engine_ = std::make_unique<Engine>(options_.hash_mb, allocation_progress(log_, options_.hash_mb), options_.threads);
    if (options_.book_path.empty()) return;
    try {
        Book book = load_book(options_.book_path);
        if (book.unfinished) throw Error("book " + options_.book_path + ": an unfinished build");
        book_ = std::make_unique<Book>(std::move(book));
    } catch (const Error& e) {
        // A broken book must not stop a game: say why once and play on with the search alone.
        log_ << "outflank: " << e.what() << "; playing without a book" << std::endl;
    }
}

GtpEngine::~GtpEngine() = default;

int GtpEngine::run() {
    // Lines are read on their own thread so that `quit`, or a GUI that goes away, stops a search
    // at once (gtp_input.hpp).
    GtpInput input(in_, [this] { engine_->stop(); }, options_.output_fd);
    while (!quit_) {
        std::optional<GtpInput::Line> line = input.next();
        if (!line) break;  // end of input without quit: how GUIs usually close an engine
        command_received_ = line->received;
        execute_line(line->text);
    }
    return 0;
}

bool GtpEngine::execute_line(std::string_view raw_line) {
    if (quit_) return false;
    if (raw_line.size() > GtpInput::kMaxLineLength) raw_line = raw_line.substr(0, GtpInput::kMaxLineLength);
    const std::string line = text::clean_line(raw_line, '#');
    Args words = text::split_words(line);
    if (words.empty()) return true;  // empty lines and comments get no answer
    std::string id;
    if (text::is_digits(words.front())) {
        id = std::string(words.front());
        words.erase(words.begin());
    }
    const Command* command = words.empty() ? nullptr : find_command(words.front());
    if (!command) {
        respond(id, false, "unknown command");
        return true;
    }
    const Args args(words.begin() + 1, words.end());
    try {
        const std::string result = (this->*command->handler)(args);
        respond(id, true, result);
    } catch (const GtpFailure& e) {
        respond(id, false, e.what());
    } catch (const Error& e) {
        respond(id, false, e.what());
    } catch (const std::bad_alloc&) {
        respond(id, false, "out of memory");
    } catch (const std::exception& e) {
        respond(id, false, std::string("internal error: ") + e.what());
    } catch (...) {
        respond(id, false, "internal error");
    }
    return !quit_;
}

void GtpEngine::respond(const std::string& id, bool success, std::string_view text) {
    out_ << (success ? '=' : '?') << id << ' ' << answer_text(text, !success) << "\n\n";
    out_.flush();  // the controller waits for this answer before it sends the next command
}

Engine& GtpEngine::engine() { return *engine_; }

void GtpEngine::start_game(Game game, std::vector<int> action_sizes) {
    game_ = std::move(game);
    action_sizes_ = std::move(action_sizes);
    engine_->new_game();
}

// ---- Administrative commands ---------------------------------------------------------------

std::string GtpEngine::cmd_protocol_version(const Args&) { return "2"; }
std::string GtpEngine::cmd_name(const Args&) { return "outflank"; }
std::string GtpEngine::cmd_version(const Args&) {
    // GUIs show this answer (and not stderr): it says when the trained weights were not found.
    const std::string& warning = evaluation_warning();
    return warning.empty() ? std::string(OUTFLANK_VERSION) : OUTFLANK_VERSION " (" + warning + ")";
}

std::string GtpEngine::cmd_known_command(const Args& args) {
    if (args.size() != 1) throw GtpFailure("syntax error");
    return find_command(args[0]) ? "true" : "false";
}

std::string GtpEngine::cmd_list_commands(const Args&) {
    std::string s;
    for (const Command& c : commands()) {
        if (!s.empty()) s += '\n';
        s += c.name;
    }
    return s;
}

std::string GtpEngine::cmd_quit(const Args&) {
    quit_ = true;
    return "";
}

}  // namespace outflank
