#include "match/match_shard.hpp"

#include <algorithm>
#include <cstdio>
#include <map>

#include "core/error.hpp"
#include "core/tokenizer.hpp"
#include "match/match_output.hpp"

namespace outflank::match {
namespace {

std::string number(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", x);
    return buf;
}

Error bad_settings(const std::string& what) { return Error("merge: match shards: settings: " + what); }

}  // namespace

std::string shard_settings(const MatchOptions& o, const MatchResult& r) {
    return "games=" + std::to_string(o.games) + " openings=" + std::to_string(o.openings.size()) +
           " shuffle=" + (o.shuffle ? "1" : "0") + " seed=" + std::to_string(o.seed) +
           " per_move=" + number(o.clock.per_move) + " per_game=" + number(o.clock.per_game) +
           " margin=" + number(o.clock.margin) + " engine1=" + shard_escape(o.engines[0].command) +
           " engine2=" + shard_escape(o.engines[1].command) + " name1=" + shard_escape(r.names[0]) + " name2=" + shard_escape(r.names[1]);
}

std::string shard_record(const GameRecord& g, const std::string names[2], const ClockSpec& clock) {
    return std::to_string(g.black) + " " + std::to_string(g.winner) + " " + std::to_string(g.score_black) + " " +
           std::to_string(static_cast<int>(g.reason)) + "\t" + game_line(g, names) + "\t" + ggf_game(g, names, clock);
}

MergedMatch merge_match(const MergedShards& merged) {
    std::map<std::string, std::string> fields;
    try {
        fields = shard_settings_map(merged.settings);
    } catch (const Error& e) {
        throw bad_settings(e.what());
    }
    auto field = [&](const std::string& key) -> const std::string& {
        const auto it = fields.find(key);
        if (it == fields.end()) throw bad_settings("no " + key);
        return it->second;
    };
    auto integer = [&](const std::string& key) {
        const auto v = text::parse_integer(field(key));
        if (!v) throw bad_settings(key + " is not a number");
        return *v;
    };
    auto real = [&](const std::string& key) {
        const auto v = text::parse_number(field(key));
        if (!v) throw bad_settings(key + " is not a number");
        return *v;
    };
    MatchOptions o;
    o.games = static_cast<int>(integer("games"));
    // The summary only counts the openings; their moves are in each game line.
    o.openings.resize(static_cast<std::size_t>(std::max<long long>(0, integer("openings"))));
    o.shuffle = integer("shuffle") != 0;
    o.seed = static_cast<std::uint64_t>(integer("seed"));
    o.clock.per_move = real("per_move");
    o.clock.per_game = real("per_game");
    o.clock.margin = real("margin");
    o.engines[0].command = field("engine1");
    o.engines[1].command = field("engine2");
    MatchResult r;
    r.names[0] = field("name1");
    r.names[1] = field("name2");

    MergedMatch out;
    for (std::size_t i = 0; i < merged.texts.size(); ++i) {
        const std::string& text = merged.texts[i];
        // The game line has tabs of its own; the head and the GGF game have none.
        const std::size_t tab1 = text.find('\t');
        const std::size_t tab2 = text.rfind('\t');
        const Error bad("merge: game " + std::to_string(i + 1) + ": not a match record");
        if (tab1 == std::string::npos || tab2 == tab1) throw bad;
        const std::vector<std::string_view> head = text::split_words(std::string_view(text).substr(0, tab1));
        if (head.size() != 4) throw bad;
        const auto black = text::parse_integer(head[0]), winner = text::parse_integer(head[1]),
                   score = text::parse_integer(head[2]), reason = text::parse_integer(head[3]);
        if (!black || !winner || !score || !reason || *black < 0 || *black > 1 || *winner < -1 || *winner > 1 ||
            *score < -64 || *score > 64 || *reason < 0 || *reason > static_cast<int>(Reason::Protocol))
            throw bad;
        GameRecord g;
        g.number = static_cast<int>(i + 1);
        g.black = static_cast<int>(*black);
        g.winner = static_cast<int>(*winner);
        g.score_black = static_cast<int>(*score);
        g.reason = static_cast<Reason>(*reason);
        add_game(r, g);
        r.games.push_back(g);
        out.games += text.substr(tab1 + 1, tab2 - tab1 - 1) + "\n";
        out.ggf += text.substr(tab2 + 1) + "\n";
    }
    out.games_played = static_cast<int>(merged.texts.size());
    out.summary = summary_text(r, o);
    return out;
}

}  // namespace outflank::match
