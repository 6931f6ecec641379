#include "analysis/analysis_format.hpp"

#include <cstdio>
#include <string_view>

#include "common/json.hpp"
#include "core/notation.hpp"
#include "common/search_format.hpp"

namespace outflank {
namespace {

const char* player_name(Color c) { return c == Color::Black ? "black" : "white"; }

template <typename... Args>
void append(std::string& out, const char* format, Args... args) {
    char buf[512];
    std::snprintf(buf, sizeof buf, format, args...);
    out += buf;
}

std::string settings_text(const AnalysisSettings& s) {
    std::string t = "depth " + std::to_string(s.depth);
    if (s.time > 0) {
        char buf[48];
        std::snprintf(buf, sizeof buf, "%g s a position", s.time);
        t = buf;
    }
    if (!s.selective) t += " (no selectivity)";
    if (s.exact_from >= 0) t += ", exact from " + std::to_string(s.exact_from) + " empties";
    return t;
}

void write_settings_json(JsonWriter& j, const AnalysisSettings& s) {
    j.key("settings").begin_object();
    j.field("depth", s.depth).field("time", s.time).field("exact_from", s.exact_from).field("selective", s.selective);
    j.end_object();
}

void write_totals_json(JsonWriter& j, std::string_view name, const PlayerTotals& t) {
    j.key(name).begin_object();
    j.field("moves", t.moves)
        .field("total_loss", t.total_loss)
        .field("average_loss", t.average_loss())
        .field("mistakes", t.mistakes)
        .field("blunders", t.blunders);
    j.end_object();
}

std::string result_text(const Game& game) {
    if (!game.is_over()) return "unfinished";
    const int s = game.final_score_black();
    return s == 0 ? "draw (0)" : final_score_string(s);
}

}  // namespace

std::string game_analysis_table(const GameAnalysis& a) {
    std::string out;
    const bool from_start = a.game.start_position() == Position::start();
    out += "Analysis of " + std::to_string(a.moves.size()) + " moves" +
           (from_start ? "" : " from " + position_string(a.game.start_position())) + ": " + settings_text(a.settings) +
           "\n";
    append(out, "%4s  %-6s %7s  %-6s %6s  %-6s %6s  %4s  %-7s  %s\n", "move", "player", "empties", "played", "score",
           "best", "score", "loss", "mark", "depth");
    for (const MoveAnalysis& m : a.moves) {
        append(out, "%4d  %-6s %7d  %-6s %6s  %-6s %6s  %4d  %-7s  %s\n", m.number, player_name(m.player()),
               m.position.empty_count(), square_name(m.played).c_str(), score_string(m.played_score).c_str(),
               square_name(m.best).c_str(), score_string(m.best_score).c_str(), m.loss, mark_name(m.mark),
               m.exact ? "exact" : std::to_string(m.depth).c_str());
    }
    out += "\n";
    append(out, "%-6s %6s %6s %8s %9s %9s\n", "player", "moves", "loss", "average", "mistakes", "blunders");
    for (const auto& [name, t] : {std::pair{"black", &a.black}, std::pair{"white", &a.white}})
        append(out, "%-6s %6d %6d %8.2f %9d %9d\n", name, t->moves, t->total_loss, t->average_loss(), t->mistakes,
               t->blunders);
    out += "\nResult: " + result_text(a.game) + "\n";
    append(out, "Searched %llu nodes in %.2f s\n", static_cast<unsigned long long>(a.nodes), a.seconds);
    return out;
}

std::string game_analysis_json(const GameAnalysis& a, int line) {
    JsonWriter j;
    j.begin_object();
    if (line > 0) j.field("line", line);
    j.field("type", "game")
        .field("start", position_string(a.game.start_position()))
        .field("moves", a.game.transcript());
    write_settings_json(j, a.settings);
    j.field("finished", a.game.is_over());
    j.key("final_score_black");
    if (a.game.is_over()) j.value(a.game.final_score_black());
    else j.null();
    j.key("analysis").begin_array();
    for (const MoveAnalysis& m : a.moves) {
        j.begin_object()
            .field("move", m.number)
            .field("ply", static_cast<int>(m.ply))
            .field("player", player_name(m.player()))
            .field("empties", m.position.empty_count())
            .field("position", position_string(m.position))
            .field("played", square_name(m.played))
            .field("played_score", m.played_score)
            .field("best", square_name(m.best))
            .field("best_score", m.best_score)
            .field("loss", m.loss)
            .field("mark", mark_name(m.mark))
            .field("exact", m.exact)
            .field("depth", m.depth)
            .field("score_black", m.score_black_after())
            .field("nodes", static_cast<unsigned long long>(m.nodes))
            .field("seconds", m.seconds)
            .end_object();
    }
    j.end_array();
    j.key("totals").begin_object();
    write_totals_json(j, "black", a.black);
    write_totals_json(j, "white", a.white);
    j.end_object();
    j.field("nodes", static_cast<unsigned long long>(a.nodes)).field("seconds", a.seconds);
    j.end_object();
    return j.str() + "\n";
}

std::string game_analysis_csv(const GameAnalysis& a) {
    std::string out =
        "move,player,empties,played,played_score,best,best_score,loss,mark,exact,depth,score_black,nodes,seconds\n";
    for (const MoveAnalysis& m : a.moves) {
        append(out, "%d,%s,%d,%s,%d,%s,%d,%d,%s,%s,%d,%d,%llu,%.3f\n", m.number, player_name(m.player()),
               m.position.empty_count(), square_name(m.played).c_str(), m.played_score, square_name(m.best).c_str(),
               m.best_score, m.loss, mark_name(m.mark), m.exact ? "true" : "false", m.depth, m.score_black_after(),
               static_cast<unsigned long long>(m.nodes), m.seconds);
    }
    return out;
}

std::string position_analysis_table(const PositionAnalysis& a) {
    const Position& pos = a.position;
    std::string out = board_diagram(pos);
    out += std::string(pos.side == Color::Black ? "Black" : "White") + " to move, " + std::to_string(pos.empty_count()) + " empties, " +
           (a.exact ? "solved exactly" : settings_text(a.settings)) + "\n";
    if (a.game_over()) {
        out += "Game over: " + score_string(pos.final_score()) + " for " + player_name(pos.side) + "\n";
        return out;
    }
    append(out, "%-5s %6s\n", "move", "score");
    for (const MoveScore& m : a.moves)
        append(out, "%-5s %6s%s\n", square_name(m.move).c_str(), score_string(m.score).c_str(),
               m.exact && !a.exact ? "  exact" : "");
    return out;
}

std::string position_analysis_json(const PositionAnalysis& a, int line) {
    const Position& pos = a.position;
    JsonWriter j;
    j.begin_object();
    if (line > 0) j.field("line", line);
    j.field("type", "position")
        .field("position", position_string(pos))
        .field("player", player_name(pos.side))
        .field("empties", pos.empty_count())
        .field("game_over", a.game_over())
        .field("exact", a.exact);
    write_settings_json(j, a.settings);
    j.key("best_move");
    if (a.moves.empty()) j.null();
    else j.value(square_name(a.moves.front().move));
    j.field("score", a.game_over() ? pos.final_score() : a.moves.empty() ? 0 : a.moves.front().score);
    j.key("moves").begin_array();
    for (const MoveScore& m : a.moves)
        j.begin_object().field("move", square_name(m.move)).field("score", m.score).field("exact", m.exact).end_object();
    j.end_array();
    j.field("seconds", a.seconds);
    j.end_object();
    return j.str() + "\n";
}

std::string position_analysis_csv(const PositionAnalysis& a) {
    std::string out = "move,score,exact\n";
    for (const MoveScore& m : a.moves)
        append(out, "%s,%d,%s\n", square_name(m.move).c_str(), m.score, m.exact ? "true" : "false");
    return out;
}

std::string batch_error_json(int line, const std::string& message) {
    JsonWriter j;
    j.begin_object().field("line", line).field("error", message).end_object();
    return j.str() + "\n";
}

}  // namespace outflank
