#include "match/match_game.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/bitboard.hpp"
#include "core/error.hpp"
#include "core/game.hpp"
#include "core/notation.hpp"

namespace outflank::match {
namespace {

const char* const kColorName[2] = {"black", "white"};

std::string seconds_text(double s) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.3g", s);
    return buf;
}

// GTP's time arguments are integers; fractions are sent only when the value has one, and an
// engine that refuses them gets the value rounded down instead (see send_time).
std::string time_number(double s) {
    if (s < 0) s = 0;
    char buf[48];
    if (std::floor(s) == s) std::snprintf(buf, sizeof buf, "%.0f", s);
    else std::snprintf(buf, sizeof buf, "%.3f", s);
    return buf;
}

std::string first_word_lower(const std::string& text) {
    std::istringstream in(text);
    std::string w;
    in >> w;
    for (char& c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return w;
}

std::string legal_list(const Position& pos) {
    std::string s;
    for (Square sq : squares(pos.moves())) s += (s.empty() ? "" : " ") + square_name(sq);
    return s;
}

}  // namespace

Failure failure_from_reply(const GtpReply& reply, const std::string& line, double timeout) {
    Failure f;
    switch (reply.status) {
        case GtpReply::Status::Ok: f.detail = "unexpected success of `" + line + "`"; break;
        case GtpReply::Status::Failure:
            f.detail = "refused `" + line + "`: ? " + reply.text;
            break;
        case GtpReply::Status::Timeout:
            f.reason = Reason::Timeout;
            f.detail = "no answer to `" + line + "` within " + seconds_text(timeout) + " s" +
                       (reply.text.empty() ? "" : " (" + reply.text + ")");
            break;
        case GtpReply::Status::Crashed:
            f.reason = Reason::Crash;
            f.detail = "engine died during `" + line + "`" + (reply.text.empty() ? "" : ": " + reply.text);
            break;
        case GtpReply::Status::Malformed:
            f.detail = "malformed answer to `" + line + "`: \"" + reply.text + "\"";
            break;
        case GtpReply::Status::Cancelled:
            f.cancelled = true;
            f.detail = "cancelled";
            break;
    }
    return f;
}

EngineSession::EngineSession(const EngineSpec& spec, std::size_t stderr_lines, const ClockSpec& clock,
                             const std::atomic<bool>* cancel)
    : clock_(clock), client_(spec.command, stderr_lines, cancel), style_(spec.pass_style) {}

bool EngineSession::knows(const std::string& command) const {
    return commands_.empty() || commands_.count(command) > 0;
}

std::optional<Failure> EngineSession::expect_ok(const std::string& line, double timeout, GtpClient* other,
                                                std::string* answer) {
    const GtpReply reply = client_.command(line, timeout, other);
    if (reply.status == GtpReply::Status::Ok) {
        if (answer) *answer = reply.text;
        return std::nullopt;
    }
    return failure_from_reply(reply, line, timeout);
}

std::optional<Failure> EngineSession::ensure_started() {
    if (client_.running()) return std::nullopt;
    client_.start();
    const double t = clock_.command_timeout;
    auto starting = [](Failure f) {
        f.detail = "failed to start: " + f.detail;
        f.at_start = true;
        return f;
    };
    // protocol_version and list_commands are optional for an engine; `?` is fine there.
    for (const char* optional_command : {"protocol_version", "list_commands"}) {
        const GtpReply reply = client_.command(optional_command, t);
        if (reply.status == GtpReply::Status::Failure) continue;
        if (reply.status != GtpReply::Status::Ok) return starting(failure_from_reply(reply, optional_command, t));
        if (std::string(optional_command) == "list_commands") {
            std::istringstream in(reply.text);
            for (std::string w; in >> w;) commands_.insert(w);
        }
    }
    std::string name;
    if (auto f = expect_ok("name", t, nullptr, &name)) return starting(*f);
    gtp_name_ = name.substr(0, name.find('\n'));
    if (auto f = expect_ok("boardsize 8", t)) return starting(*f);
    return std::nullopt;
}

std::optional<Failure> EngineSession::tell_pass(const std::string& color, GtpClient* other) {
    if (style_ == PassStyle::Implicit) return std::nullopt;
    const std::string line = "play " + color + " pass";
    const GtpReply reply = client_.command(line, clock_.command_timeout, other);
    if (reply.status == GtpReply::Status::Ok) {
        if (style_ == PassStyle::Auto) style_ = PassStyle::Explicit;
        return std::nullopt;
    }
    // The probe: an engine that refuses a written pass follows the turn order by itself.
    if (reply.status == GtpReply::Status::Failure && style_ == PassStyle::Auto) {
        style_ = PassStyle::Implicit;
        return std::nullopt;
    }
    return failure_from_reply(reply, line, clock_.command_timeout);
}

bool play_game(EngineSession& black, EngineSession& white, const ClockSpec& clock, GameRecord& g) {
    EngineSession* side[2] = {&black, &white};
    Game game;
    g.moves.clear();
    g.seconds.clear();
    g.time_used[0] = g.time_used[1] = 0;
    double remaining[2] = {clock.per_game, clock.per_game};
    const double t = clock.command_timeout;

    auto record_board = [&] {
        g.black_discs = popcount(game.position().black());
        g.white_discs = popcount(game.position().white());
    };
    // `color` forfeits; the process is killed so the next game gets a fresh one.
    auto lose = [&](int color, const Failure& f) {
        if (f.cancelled) return false;
        g.reason = f.reason;
        g.winner = color == 0 ? -1 : 1;
        g.detail = std::string(kColorName[color]) + " " + f.detail;
        g.start_failed = f.at_start;
        side[color]->client().drain_stderr();
        g.stderr_tail = side[color]->client().stderr_tail();
        side[color]->restart_later();
        record_board();
        return true;
    };
    // Time commands are advice: an engine may refuse them (then it plays without knowing its
    // clock, and the referee still enforces it); only a dead or broken engine loses here.
    auto send_time = [&](int color, const std::string& name, const std::string& args, const std::string& int_args) {
        EngineSession& s = *side[color];
        if (!s.knows(name)) return std::optional<Failure>{};
        GtpReply reply = s.client().command(name + " " + args, t);
        if (reply.status == GtpReply::Status::Failure && int_args != args)
            reply = s.client().command(name + " " + int_args, t);
        if (reply.status == GtpReply::Status::Ok || reply.status == GtpReply::Status::Failure)
            return std::optional<Failure>{};
        return std::optional<Failure>{failure_from_reply(reply, name + " " + args, t)};
    };
    auto play_both = [&](int mover, Square sq) -> std::optional<std::pair<int, Failure>> {
        for (int e = 0; e < 2; ++e) {
            std::optional<Failure> f =
                sq == kPass ? side[e]->tell_pass(kColorName[mover], &side[1 - e]->client())
                            : side[e]->expect_ok(std::string("play ") + kColorName[mover] + " " + square_name(sq), t,
                                                 &side[1 - e]->client());
            if (f) return std::make_pair(e, *f);
        }
        return std::nullopt;
    };

    for (int c = 0; c < 2; ++c)
        if (auto f = side[c]->ensure_started()) return lose(c, *f);
    for (int c = 0; c < 2; ++c) {
        if (auto f = side[c]->expect_ok("clear_board", t)) return lose(c, *f);
        if (clock.per_move > 0) {
            if (auto f = send_time(c, "time_settings", "0 " + time_number(clock.per_move) + " 1",
                                   "0 " + time_number(std::max(1.0, std::floor(clock.per_move))) + " 1"))
                return lose(c, *f);
        } else if (clock.per_game > 0) {
            if (auto f = send_time(c, "time_settings", time_number(clock.per_game) + " 0 0",
                                   time_number(std::max(1.0, std::floor(clock.per_game))) + " 0 0"))
                return lose(c, *f);
        }
    }

    for (Square sq : g.opening) {
        const int mover = game.position().side == Color::Black ? 0 : 1;
        game.play(sq);  // checked when the openings were loaded
        g.moves.push_back(sq);
        g.seconds.push_back(0.0);
        if (auto f = play_both(mover, sq)) return lose(f->first, f->second);
    }

    while (!game.is_over()) {
        const Position& pos = game.position();
        const int c = pos.side == Color::Black ? 0 : 1;
        if (pos.must_pass()) {
            game.play(kPass);
            g.moves.push_back(kPass);
            g.seconds.push_back(0.0);
            if (auto f = play_both(c, kPass)) return lose(f->first, f->second);
            continue;
        }
        EngineSession& mover = *side[c];
        EngineSession& other = *side[1 - c];
        const std::string color = kColorName[c];
        double limit = clock.hang_timeout;
        if (clock.per_move > 0) {
            limit = clock.per_move + clock.margin;
            if (auto f = send_time(c, "time_left", color + " " + time_number(clock.per_move) + " 1",
                                   color + " " + time_number(std::max(1.0, std::floor(clock.per_move))) + " 1"))
                return lose(c, *f);
        } else if (clock.per_game > 0) {
            limit = std::max(0.0, remaining[c]) + clock.margin;
            if (auto f = send_time(c, "time_left", color + " " + time_number(remaining[c]) + " 0",
                                   color + " " + time_number(std::floor(std::max(0.0, remaining[c]))) + " 0"))
                return lose(c, *f);
        }

        const std::string line = "genmove " + color;
        const GtpReply reply = mover.client().command(line, limit, &other.client());
        if (reply.status != GtpReply::Status::Ok) {
            Failure f = failure_from_reply(reply, line, limit);
            if (reply.status == GtpReply::Status::Timeout) {
                f.detail = clock.has_clock()
                               ? "over the time limit: no answer to `" + line + "` within " + seconds_text(limit) +
                                     " s (limit plus " + seconds_text(clock.margin) + " s margin)"
                               : "hangs: no answer to `" + line + "` within " + seconds_text(limit) + " s";
            }
            g.time_used[c] += reply.seconds;
            return lose(c, f);
        }
        const double elapsed = reply.seconds;
        g.time_used[c] += elapsed;
        if (clock.per_move > 0 && elapsed > clock.per_move + clock.margin)
            return lose(c, {Reason::Timeout, "over the time limit: " + seconds_text(elapsed) + " s for a move (" +
                                                 seconds_text(clock.per_move) + " s plus " +
                                                 seconds_text(clock.margin) + " s margin)"});
        if (clock.per_game > 0) {
            remaining[c] -= elapsed;
            if (remaining[c] < -clock.margin)
                return lose(c, {Reason::Timeout, "over the time limit: " + seconds_text(g.time_used[c]) +
                                                     " s used of " + seconds_text(clock.per_game) + " s"});
        }

        const std::string word = first_word_lower(reply.text);
        if (word == "resign") return lose(c, {Reason::Resign, "resigned"});
        Square sq = kNoMove;
        try {
            sq = parse_move(word);
        } catch (const Error&) {
            return lose(c, {Reason::Protocol, "answered `" + line + "` with \"" + reply.text + "\", not a move"});
        }
        if (sq == kPass)
            return lose(c, {Reason::Illegal, "passed while it had legal moves (" + legal_list(pos) + ")"});
        if (!game.is_legal(sq))
            return lose(c, {Reason::Illegal, "played the illegal move " + square_name(sq) + " (legal: " +
                                                 legal_list(pos) + ")"});
        game.play(sq);
        g.moves.push_back(sq);
        g.seconds.push_back(elapsed);
        if (auto f = other.expect_ok("play " + color + " " + square_name(sq), t, &mover.client()))
            return lose(1 - c, *f);
    }

    g.reason = Reason::End;
    g.detail.clear();
    g.stderr_tail.clear();
    g.score_black = game.final_score_black();
    g.winner = g.score_black > 0 ? 1 : g.score_black < 0 ? -1 : 0;
    record_board();
    return true;
}

}  // namespace outflank::match
