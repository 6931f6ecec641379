#include "match/match_output.hpp"

#include <cmath>
#include <cstdio>
#include <ctime>

#include "core/notation.hpp"
#include "common/search_format.hpp"

namespace outflank::match {
namespace {

std::string fixed(double x, int decimals) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
    return buf;
}

// Tabs and newlines would break the one-line format.
std::string one_line(const std::string& s) {
    std::string out = s;
    for (char& c : out)
        if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    return out;
}

// GGF property values end at ']' and GGS names are single words.
std::string ggf_name(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '[' || c == ']' || c == '\\') continue;
        out += (c == ' ' || c == '\t' || c == '\n') ? '_' : c;
    }
    return out.empty() ? "?" : out;
}

std::string clock_text(double seconds) {
    const long s = std::lround(seconds);
    char buf[32];
    if (s >= 3600) std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else std::snprintf(buf, sizeof buf, "%02ld:%02ld", s / 60, s % 60);
    return buf;
}

std::string percent(double score) { return fixed(100.0 * score, 1) + "%"; }

std::string tally_row(const std::string& label, const Tally& t) {
    char buf[256];
    std::snprintf(buf, sizeof buf, "  %-28s %5d %5d %6d %7s\n", label.c_str(), t.wins, t.draws, t.losses,
                  t.games() ? percent(t.score()).c_str() : "-");
    return buf;
}

}  // namespace

std::string result_string(const GameRecord& g) {
    if (g.reason == Reason::End) return final_score_string(g.score_black);
    const char* how = g.reason == Reason::Resign ? "R" : g.reason == Reason::Timeout ? "T" : "F";
    return std::string(g.winner > 0 ? "B+" : "W+") + how;
}

std::string game_line(const GameRecord& g, const std::string names[2]) {
    std::string line = "game=" + std::to_string(g.number);
    line += "\tblack=" + one_line(names[g.engine_of(0)]);
    line += "\twhite=" + one_line(names[g.engine_of(1)]);
    line += "\tresult=" + result_string(g);
    line += "\treason=" + std::string(to_string(g.reason));
    line += "\tdiscs=" + std::to_string(g.black_discs) + "-" + std::to_string(g.white_discs);
    line += "\topening=" + (g.opening.empty() ? std::string("-") : transcript_string(g.opening, true));
    line += "\tmoves=" + (g.moves.empty() ? std::string("-") : transcript_string(g.moves, true));
    line += "\ttime=" + fixed(g.time_used[0], 2) + "/" + fixed(g.time_used[1], 2);
    if (!g.detail.empty()) line += "\tdetail=" + one_line(g.detail);
    return line;
}

std::string ggf_game(const GameRecord& g, const std::string names[2], const ClockSpec& clock) {
    std::string s = "(;GM[Othello]PC[outflank match]";
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char date[64];
    std::strftime(date, sizeof date, "%Y.%m.%d_%H:%M:%S.UTC", &utc);
    s += "DT[" + std::string(date) + "]";
    s += "PB[" + ggf_name(names[g.engine_of(0)]) + "]PW[" + ggf_name(names[g.engine_of(1)]) + "]";
    // RE is black's disc difference; a forfeit gives the winner everything, flagged r or t.
    if (g.reason == Reason::End) {
        s += "RE[" + std::string(g.score_black > 0 ? "+" : "") + fixed(g.score_black, 3) + "]";
    } else {
        s += std::string("RE[") + (g.winner > 0 ? "+64.000" : "-64.000") + (g.reason == Reason::Timeout ? ":t" : ":r") + "]";
    }
    if (clock.per_game > 0) s += "TI[" + clock_text(clock.per_game) + "]";
    s += "TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]";
    const std::size_t opening_length = g.opening.size();
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
        // Who moved follows from the move's index only with passes counted, which they are.
        s += (i % 2 == 0) ? "B[" : "W[";
        s += square_name(g.moves[i], true);
        if (i >= opening_length && g.moves[i] != kPass && i < g.seconds.size()) s += "//" + fixed(g.seconds[i], 2);
        s += "]";
    }
    s += ";)";
    return s;
}

std::string progress_line(const GameRecord& g, const MatchResult& r, int total_games) {
    const Tally& t = r.tally;
    std::string line = "[" + std::to_string(t.games()) + "/" + std::to_string(total_games) + "] " + r.names[0] +
                       " vs " + r.names[1] + ": +" + std::to_string(t.wins) + " =" + std::to_string(t.draws) + " -" +
                       std::to_string(t.losses) + " (" + percent(t.score()) + "), Elo " +
                       format_elo(elo_estimate(t));
    if (r.sprt) line += ", LLR " + fixed(r.sprt->llr, 2);
    line += "; game " + std::to_string(g.number) + " " + result_string(g) + " " + to_string(g.reason);
    return line;
}

std::string summary_text(const MatchResult& r, const MatchOptions& o) {
    std::string s;
    const Tally& t = r.tally;
    s += "Match: " + r.names[0] + " (engine1) vs " + r.names[1] + " (engine2)\n";
    s += "  games " + std::to_string(t.games());
    if (t.games() != o.games) s += " of " + std::to_string(o.games);
    if (!o.openings.empty()) s += ", " + std::to_string(o.openings.size()) + " openings" + (o.shuffle ? " shuffled (seed " + std::to_string(o.seed) + ")" : " in file order");
    else s += ", from the start position";
    if (o.clock.per_move > 0) s += ", " + fixed(o.clock.per_move, 3) + " s a move";
    else if (o.clock.per_game > 0) s += ", " + fixed(o.clock.per_game, 3) + " s a game";
    else s += ", no clock";
    s += "\n";
    s += "  " + std::string(28, ' ') + "  wins draws losses   score\n";
    for (int e = 0; e < 2; ++e) {
        s += tally_row(r.names[e] + " as black", r.as_black[e]);
        s += tally_row(r.names[e] + " as white", r.as_white[e]);
    }
    s += tally_row(r.names[0] + " total", t);
    s += "  disc difference for " + r.names[0] + ": " + (r.disc_diff > 0 ? "+" : "") + std::to_string(r.disc_diff) +
         " over " + std::to_string(r.played_out) + " played-out games";
    if (r.played_out) s += " (" + fixed(static_cast<double>(r.disc_diff) / r.played_out, 2) + " a game)";
    s += "\n";
    int counts[6][2] = {};
    for (const GameRecord& g : r.games) {
        if (g.reason == Reason::End) { ++counts[0][0]; continue; }
        const int loser = g.engine_of(g.winner > 0 ? 1 : 0);
        ++counts[static_cast<int>(g.reason)][loser];
    }
    s += "  results: " + std::to_string(counts[0][0]) + " played out";
    for (Reason reason : {Reason::Resign, Reason::Illegal, Reason::Timeout, Reason::Crash, Reason::Protocol}) {
        const int* c = counts[static_cast<int>(reason)];
        if (c[0] + c[1] == 0) continue;
        s += ", " + std::string(to_string(reason)) + " " + std::to_string(c[0] + c[1]) + " (engine1 " +
             std::to_string(c[0]) + ", engine2 " + std::to_string(c[1]) + ")";
    }
    s += "\n";
    s += "  score " + percent(t.score()) + " for " + r.names[0] + "; Elo difference " + format_elo(elo_estimate(t)) +
         " (95% interval)\n";
    if (r.sprt && o.sprt) {
        s += "  SPRT elo0=" + fixed(o.sprt->elo0, 1) + " elo1=" + fixed(o.sprt->elo1, 1) + " alpha=" +
             fixed(o.sprt->alpha, 3) + " beta=" + fixed(o.sprt->beta, 3) + ": LLR " + fixed(r.sprt->llr, 2) + " [" +
             fixed(r.sprt->lower, 2) + ", " + fixed(r.sprt->upper, 2) + "], " +
             (r.sprt->decision > 0 ? "H1 accepted" : r.sprt->decision < 0 ? "H0 accepted" : "undecided");
        if (r.sprt->decision != 0 && r.sprt->games < t.games()) {
            const int later = t.games() - r.sprt->games;
            s += " after " + std::to_string(r.sprt->games) + " games (" + std::to_string(later) +
                 (later == 1 ? " game" : " games") + " under way then finished later: counted in the score, not in the test)";
        }
        s += "\n";
    }
    return s;
}

}  // namespace outflank::match
