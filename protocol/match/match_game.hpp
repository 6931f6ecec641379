// One game between two engine processes, refereed move by move with the rules core. The engine
// sessions outlive a game: they are started on demand, reused, and restarted after a failure.
#pragma once

#include <atomic>
#include <optional>
#include <set>
#include <string>

#include "match/gtp_client.hpp"
#include "match/match.hpp"

namespace outflank::match {

// What an engine did wrong: it loses the game for `reason`.
struct Failure {
    Reason reason = Reason::Protocol;
    std::string detail;
    bool cancelled = false;  // not a failure: the match is being stopped
    bool at_start = false;   // the engine could not even be started
};

class EngineSession {
public:
    EngineSession(const EngineSpec& spec, std::size_t stderr_lines, const ClockSpec& clock,
                  const std::atomic<bool>* cancel);

    // Starts the process and does the handshake (protocol_version, name, list_commands,
    // boardsize 8) unless it is already running. A failure here is the engine's.
    std::optional<Failure> ensure_started();
    // Sends `line` and expects `=`; any other outcome is a Failure of this engine. `answer`
    // receives the text of a `=` answer.
    std::optional<Failure> expect_ok(const std::string& line, double timeout, GtpClient* other = nullptr,
                                     std::string* answer = nullptr);
    // Tells the engine that `color` ("black"/"white") passed, in this engine's pass style.
    std::optional<Failure> tell_pass(const std::string& color, GtpClient* other);

    // Kills the process: the next game starts a fresh one.
    void restart_later() { client_.kill(); }
    void quit() { client_.quit(); }

    GtpClient& client() { return client_; }
    bool knows(const std::string& command) const;
    const std::string& gtp_name() const { return gtp_name_; }
    PassStyle pass_style() const { return style_; }

private:
    const ClockSpec& clock_;
    GtpClient client_;
    PassStyle style_;
    std::string gtp_name_;
    std::set<std::string> commands_;  // empty when the engine has no list_commands
};

// The failure an unexpected reply stands for ("no answer to `genmove black` within 1.2 s", ...).
Failure failure_from_reply(const GtpReply& reply, const std::string& line, double timeout);

// Plays one game: `black` and `white` are the sessions, `game` arrives with number, opening,
// colour assignment filled in and leaves with moves, times and the result. Returns false when the
// match was cancelled (the game is then not counted).
bool play_game(EngineSession& black, EngineSession& white, const ClockSpec& clock, GameRecord& game);

}  // namespace outflank::match
