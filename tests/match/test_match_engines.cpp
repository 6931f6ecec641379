// The referee with real engines: outflank against itself at two depths, outflank under a clock,
// and outflank against grhino (gtp-rhino refuses `play <c> pass` and enforces turn order).
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "match/match.hpp"
#include "support/match_support.hpp"
#include "support/rules_support.hpp"

using namespace outflank;
using namespace outflank::match;
using outflank::test::outflank_engine;

namespace {

// Every game played out, legal from start to end.
void check_clean(const MatchResult& r) {
    for (const GameRecord& g : r.games) {
        INFO("game " << g.number << ": " << g.detail);
        CHECK(g.reason == Reason::End);
        CHECK_NOTHROW(outflank::test::check_record(g));
    }
}

}  // namespace

TEST_CASE("self-match at depths 1 and 4: all games, both colours per opening, deeper side ahead",
          "[match_engines]") {
    MatchOptions o;
    o.engines[0].command = outflank_engine(1);
    o.engines[1].command = outflank_engine(4);
    o.openings = load_openings(outflank::test::write_openings("self", outflank::test::test_openings()));
    o.games = 6;
    o.concurrency = 2;
    const MatchResult r = run_match(o);
    REQUIRE(r.games.size() == 6);
    CHECK(r.names[0] == "outflank (1)");
    CHECK(r.names[1] == "outflank (2)");
    check_clean(r);
    std::map<int, std::set<int>> black_by_opening;
    for (const GameRecord& g : r.games) black_by_opening[g.opening_index].insert(g.black);
    CHECK(black_by_opening.size() == 3);
    for (const auto& [opening, blacks] : black_by_opening) CHECK(blacks == std::set<int>{0, 1});
    CHECK(r.tally.losses > r.tally.wins);  // engine1 is the shallow one
    CHECK(r.disc_diff < 0);
    CHECK(r.played_out == 6);
    CHECK(r.as_black[0].games() + r.as_white[0].games() == 6);
}

TEST_CASE("a forced pass, told explicitly or implied; a clock the engine keeps to", "[match_engines]") {
    MatchOptions o;
    o.engines[0].command = outflank_engine(2);
    o.engines[1].command = outflank_engine(3);
    o.engines[0].pass_style = PassStyle::Explicit;
    o.engines[1].pass_style = PassStyle::Implicit;  // outflank accepts both
    o.openings = load_openings(outflank::test::write_openings("pass", {outflank::test::kForcedPassOpening}));
    o.games = 2;
    o.concurrency = 2;
    o.clock.per_game = outflank::test::sanitized() ? 20 : 5;
    const MatchResult r = run_match(o);
    REQUIRE(r.games.size() == 2);
    check_clean(r);
    for (const GameRecord& g : r.games) {
        REQUIRE(g.moves.size() > 8);
        CHECK(g.moves[8] == kPass);  // black's forced pass right after the opening
        CHECK(g.time_used[0] + g.time_used[1] < 2 * o.clock.per_game);
    }
}

TEST_CASE("a short match against grhino level 1: no illegal moves, no protocol errors", "[grhino]") {
    if (!outflank::test::have_grhino()) {
        WARN("skipped: " << outflank::test::grhino_path() << " is not installed (apt-get install grhino)");
        return;
    }
    MatchOptions o;
    o.engines[0].command = outflank_engine(2);
    o.engines[1].command = std::string(outflank::test::grhino_path()) + " --level 1";
    std::vector<std::string> lines = outflank::test::test_openings();
    lines.push_back(outflank::test::kForcedPassOpening);  // grhino must take the pass implied
    o.openings = load_openings(outflank::test::write_openings("grhino", lines));
    o.games = outflank::test::sanitized() ? 4 : 8;
    o.concurrency = 2;
    o.clock.per_move = 5;  // grhino at level 1 answers in milliseconds; this only guards a hang
    const MatchResult r = run_match(o);
    REQUIRE(r.games.size() == static_cast<std::size_t>(o.games));
    CHECK(r.names[1] == "GTP GRhino");
    check_clean(r);
    if (!outflank::test::sanitized()) {
        // Games 7 and 8 start with the forced pass: grhino gets no `play <c> pass`.
        int passes = 0;
        for (const GameRecord& g : r.games)
            for (Square sq : g.moves) passes += sq == kPass;
        CHECK(passes >= 2);
    }
}
