// The referee's pieces: statistics, output formats, openings, the GTP client against scripted
// children, and matches against fake engines that each misbehave in one way.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <thread>

#include "core/error.hpp"
#include "match/gtp_client.hpp"
#include "match/match.hpp"
#include "match/match_output.hpp"
#include "match/match_stats.hpp"
#include "support/match_support.hpp"
#include "core/notation.hpp"

using namespace outflank;
using namespace outflank::match;
using outflank::test::fake_engine;
using outflank::test::outflank_engine;

namespace {

// True once the process is gone and reaped: no zombie left behind.
bool reaped(pid_t pid) { return ::waitpid(pid, nullptr, WNOHANG) == -1 && errno == ECHILD; }

double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

MatchOptions fake_match(const std::string& mode, int games) {
    MatchOptions o;
    o.engines[0].command = outflank_engine(1);
    o.engines[1].command = fake_engine(mode);
    o.games = games;
    o.concurrency = 1;
    o.clock.hang_timeout = 0.5;
    return o;
}

}  // namespace

TEST_CASE("Elo from a score, and its 95% interval", "[match]") {
    CHECK(elo_from_score(0.5) == Approx(0.0).margin(1e-9));
    CHECK(elo_from_score(0.75) == Approx(190.85).epsilon(1e-3));
    CHECK(elo_from_score(0.25) == Approx(-190.85).epsilon(1e-3));
    CHECK(std::isinf(elo_from_score(1.0)));
    CHECK(score_from_elo(elo_from_score(0.64)) == Approx(0.64));

    Tally even{50, 0, 50};
    const EloEstimate e = elo_estimate(even);
    CHECK(e.elo == Approx(0.0).margin(1e-9));
    CHECK(e.lower == Approx(-e.upper));
    CHECK(e.upper == Approx(70.0).epsilon(0.05));  // +-9.8% score -> about +-70 Elo at 100 games

    Tally sweep{6, 0, 0};
    const EloEstimate s = elo_estimate(sweep);
    CHECK(std::isinf(s.elo));
    CHECK(std::isfinite(s.lower));  // a clean sweep of 6 games still leaves a finite lower bound
    CHECK(s.lower > 0);
    CHECK(format_elo(s).substr(0, 5) == "+inf ");

    Tally t;
    t.add(1.0), t.add(0.5), t.add(0.0), t.add(1.0);
    CHECK(t.wins == 2);
    CHECK(t.draws == 1);
    CHECK(t.losses == 1);
    CHECK(t.score() == Approx(0.625));
}

TEST_CASE("the referee tells outflank's threads from the command and warns when games x threads exceed the cores", "[match]") {
    CHECK(engine_threads("build/outflank gtp --threads 4 --time 1", 16) == 4);
    CHECK(engine_threads("/usr/bin/outflank gtp --threads=3", 16) == 3);
    CHECK(engine_threads("outflank gtp --level 5", 16) == 16);  // the default: the CPUs the referee may use
    CHECK(engine_threads("outflank", 8) == 8);
    CHECK(engine_threads("OUTFLANK_EVAL=x exec ./outflank-old gtp --threads 2", 8) == 2);
    CHECK(engine_threads("gtp-rhino --level 4", 16) == 1);
    CHECK(engine_threads("", 16) == 1);
    const int one[2] = {1, 1}, two[2] = {2, 1}, many[2] = {16, 1};
    CHECK(oversubscription_warning(2, one, 2).empty());
    CHECK(oversubscription_warning(1, two, 2).empty());
    CHECK_THAT(oversubscription_warning(2, two, 2), Catch::Matchers::Contains("4 threads on 2 cores"));
    CHECK_THAT(oversubscription_warning(1, many, 8), Catch::Matchers::Contains("--threads 8"));
}

TEST_CASE("SPRT: a decision stands when games under way finish after it", "[match]") {
    // With --concurrency 2 a game still running when the LLR crosses a bound finishes and counts
    // in the score; it once pulled a crossed bound (2.95 >= 2.94) back to "undecided" (2.92).
    const SprtSpec spec{0.0, 10.0, 0.05, 0.05};
    const SprtState decided = sprt_state(spec, Tally{600, 0, 400});
    REQUIRE(decided.decision == 1);
    CHECK(decided.games == 1000);
    const SprtState later = next_sprt_state(decided, spec, Tally{600, 0, 1400});  // would be H0 now
    CHECK(later.decision == 1);
    CHECK(later.llr == decided.llr);
    CHECK(later.games == 1000);
    // Before a decision every game counts.
    const SprtState open = sprt_state(spec, Tally{3, 0, 3});
    REQUIRE(open.decision == 0);
    CHECK(next_sprt_state(open, spec, Tally{600, 0, 400}).decision == 1);
    CHECK(next_sprt_state(open, spec, Tally{4, 0, 3}).games == 7);

    // The summary gives the decision and says which games it counted.
    MatchOptions options;
    options.games = 1001;
    options.sprt = spec;
    MatchResult result;
    result.names[0] = "new";
    result.names[1] = "old";
    result.tally = Tally{601, 0, 400};
    result.sprt = next_sprt_state(decided, spec, result.tally);
    const std::string text = summary_text(result, options);
    CHECK_THAT(text, Catch::Matchers::Contains("H1 accepted after 1000 games (1 game under way then finished later"));
    result.tally = Tally{600, 0, 400};
    CHECK_THAT(summary_text(result, options), !Catch::Matchers::Contains("after 1000 games"));
}

TEST_CASE("SPRT decides clear cases and waits on close ones", "[match]") {
    const SprtSpec spec{0.0, 20.0, 0.05, 0.05};
    const SprtState none = sprt_state(spec, Tally{});
    CHECK(none.llr == 0.0);
    CHECK(none.lower == Approx(std::log(0.05 / 0.95)));
    CHECK(none.upper == Approx(std::log(0.95 / 0.05)));
    CHECK(sprt_state(spec, Tally{600, 0, 400}).decision == 1);
    CHECK(sprt_state(spec, Tally{400, 0, 600}).decision == -1);
    CHECK(sprt_state(spec, Tally{3, 0, 3}).decision == 0);
    CHECK(sprt_state(spec, Tally{3, 0, 0}).decision == 0);  // three wins prove nothing yet
}

TEST_CASE("game lines and GGF records", "[match]") {
    GameRecord g;
    g.number = 7;
    g.black = 1;
    g.opening = parse_transcript("f5d6c3");
    g.moves = {parse_square("f5"), parse_square("d6"), parse_square("c3"), parse_square("d3"), kPass};
    g.seconds = {0, 0, 0, 1.5, 0};
    g.reason = Reason::Illegal;
    g.winner = 1;
    g.black_discs = 3;
    g.white_discs = 4;
    g.detail = "white played the illegal move a1\t(legal: ...)";
    g.time_used[0] = 1.5;
    const std::string names[2] = {"first one", "second"};
    CHECK(result_string(g) == "B+F");
    CHECK(game_line(g, names) ==
          "game=7\tblack=second\twhite=first one\tresult=B+F\treason=illegal\tdiscs=3-4\topening=f5d6c3"
          "\tmoves=f5d6c3d3PA\ttime=1.50/0.00\tdetail=white played the illegal move a1 (legal: ...)");
    const std::string ggf = ggf_game(g, names, ClockSpec{});
    CHECK(ggf.rfind("(;GM[Othello]PC[outflank match]DT[", 0) == 0);
    CHECK(ggf.find("PB[second]PW[first_one]RE[+64.000:r]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- "
                   "-------- -------- -------- *]B[F5]W[D6]B[C3]W[D3//1.50]B[PA];)") != std::string::npos);

    g.reason = Reason::End;
    g.score_black = -24;
    g.winner = -1;
    CHECK(result_string(g) == "W+24");
    CHECK(ggf_game(g, names, ClockSpec{}).find("RE[-24.000]") != std::string::npos);
    g.score_black = 0;
    CHECK(result_string(g) == "0");
    g.reason = Reason::Timeout;
    g.winner = -1;
    CHECK(result_string(g) == "W+T");
    CHECK(ggf_game(g, names, ClockSpec{0, 300}).find("RE[-64.000:t]TI[05:00]") != std::string::npos);
}

TEST_CASE("openings are read, replayed and checked", "[match]") {
    std::vector<std::string> lines = outflank::test::test_openings();
    lines.push_back(std::string(outflank::test::kForcedPassOpening) + "PA");
    const std::vector<Opening> openings = load_openings(outflank::test::write_openings("ok", lines));
    REQUIRE(openings.size() == 4);
    CHECK(transcript_string(openings[0].moves) == "f5d6c4d3c2b3b4b5");
    CHECK(openings[0].line == 2);
    CHECK(openings[3].moves.size() == 9);
    CHECK(openings[3].moves.back() == kPass);

    CHECK_THROWS_WITH(load_openings(outflank::test::write_openings("bad", {"f5d6", "f5f5"})),
                      Catch::Contains(":2:") && Catch::Contains("illegal"));
    CHECK_THROWS_WITH(load_openings(outflank::test::write_openings("empty", {"# nothing"})),
                      Catch::Contains("no openings"));
    CHECK_THROWS_AS(load_openings("/nonexistent/openings.txt"), Error);
}

TEST_CASE("GTP client: answers, ids, multi-line answers and CR/LF", "[match]") {
    GtpClient c("printf '=1 two\\r\\nlines\\n\\n= \\n\\n? nope\\n\\n'; sleep 30");
    c.start();
    GtpReply r = c.command("first", 5);
    CHECK(r.status == GtpReply::Status::Ok);
    CHECK(r.text == "two\nlines");
    r = c.command("second", 5);
    CHECK(r.status == GtpReply::Status::Ok);
    CHECK(r.text.empty());
    r = c.command("third", 5);
    CHECK(r.status == GtpReply::Status::Failure);
    CHECK(r.text == "nope");
    const pid_t pid = c.pid();
    c.kill();  // the sleep of the shell's list dies with it: the whole group is killed
    CHECK(reaped(pid));
    CHECK_FALSE(c.running());
}

TEST_CASE("GTP client: a chatty stderr never blocks an engine, its own or the other one's", "[match]") {
    GtpClient chatty("yes 'noise line' | head -n 200000 >&2; printf '= ok\\n\\n'; sleep 30", 3);
    chatty.start();
    GtpReply r = chatty.command("name", 10);
    CHECK(r.status == GtpReply::Status::Ok);
    CHECK(r.text == "ok");
    CHECK(chatty.stderr_tail() == std::vector<std::string>(3, "noise line"));

    // While `slow` thinks, `other` writes far more than a pipe holds: the wait drains it.
    GtpClient other("yes noise | head -n 100000 >&2; echo done >&2; sleep 30");
    GtpClient slow("sleep 1; printf '= move\\n\\n'; sleep 30");
    other.start();
    slow.start();
    r = slow.command("genmove b", 10, &other);
    CHECK(r.text == "move");
    REQUIRE_FALSE(other.stderr_tail().empty());
    CHECK(other.stderr_tail().back() == "done");
}

TEST_CASE("GTP client: a hang times out on time and the child is reaped", "[match]") {
    GtpClient c(fake_engine("hang"));
    c.start();
    CHECK(c.command("name", 5).text == "fake-hang");
    const auto t0 = std::chrono::steady_clock::now();
    const GtpReply r = c.command("genmove b", 0.3);
    CHECK(r.status == GtpReply::Status::Timeout);
    CHECK(seconds_since(t0) < 2.0);
    CHECK(r.seconds >= 0.3);
    const pid_t pid = c.pid();
    c.quit(0.2);  // the engine cannot answer quit while it "thinks": it is killed
    CHECK(reaped(pid));
    bool saw_line = false;
    for (const std::string& line : c.stderr_tail()) saw_line |= line == "fake: thinking forever";
    CHECK(saw_line);
}

TEST_CASE("GTP client: a crash is reported with its signal and last stderr lines", "[match]") {
    GtpClient c(fake_engine("crash"), 1);
    c.start();
    const pid_t pid = c.pid();
    const GtpReply r = c.command("genmove b", 5);
    CHECK(r.status == GtpReply::Status::Crashed);
    CHECK_THAT(r.text, Catch::Contains("signal 11"));
    CHECK(c.stderr_tail() == std::vector<std::string>{"fake: segfault coming"});  // only the last line kept
    CHECK(reaped(pid));
    // Talking to it again is a crash too, not a hang.
    CHECK(c.command("name", 5).status == GtpReply::Status::Crashed);
}

TEST_CASE("GTP client: garbage, a missing program, stdin closed early, cancel", "[match]") {
    {
        GtpClient c(fake_engine("garbage"));
        c.start();
        const GtpReply r = c.command("genmove w", 5);
        CHECK(r.status == GtpReply::Status::Malformed);
        CHECK(r.text == "this is not GTP");
    }
    {
        GtpClient c("/nonexistent/engine --flag");
        c.start();
        const GtpReply r = c.command("protocol_version", 5);
        CHECK(r.status == GtpReply::Status::Crashed);
        CHECK(r.text == "exited with code 127");
        REQUIRE_FALSE(c.stderr_tail().empty());
        CHECK_THAT(c.stderr_tail().back(), Catch::Contains("not found"));
    }
    {
        GtpClient c("exec 0<&-; sleep 30");  // does not read: the write side must not block or SIGPIPE
        c.start();
        const GtpReply r = c.command(std::string(200000, 'x'), 0.5);
        CHECK((r.status == GtpReply::Status::Crashed || r.status == GtpReply::Status::Timeout));
    }
    {
        std::atomic<bool> cancel{false};
        GtpClient c(fake_engine("hang"), 10, &cancel);
        c.start();
        std::thread raiser([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            cancel = true;
        });
        const auto t0 = std::chrono::steady_clock::now();
        const GtpReply r = c.command("genmove b", 30);
        raiser.join();
        CHECK(r.status == GtpReply::Status::Cancelled);
        CHECK(seconds_since(t0) < 2.0);
    }
}

TEST_CASE("fake engines lose each game with the right reason and the match goes on", "[match]") {
    struct Case {
        const char* mode;
        Reason reason;
        const char* detail;
    };
    const Case cases[] = {
        {"illegal", Reason::Illegal, "illegal move d4"},
        {"hang", Reason::Timeout, "hangs"},
        {"crash", Reason::Crash, "signal 11"},
        {"garbage", Reason::Protocol, "malformed answer"},
        {"refuse", Reason::Protocol, "refused `genmove"},
        {"resign", Reason::Resign, "resigned"},
    };
    for (const Case& c : cases) {
        INFO("fake engine mode " << c.mode);
        // Three games: the fake loses as white, as black, and again after its restart.
        const MatchResult r = run_match(fake_match(c.mode, 3));
        REQUIRE(r.games.size() == 3);
        CHECK(r.names[1] == std::string("fake-") + c.mode);
        CHECK(r.tally.wins == 3);
        for (const GameRecord& g : r.games) {
            CHECK(g.reason == c.reason);
            CHECK_THAT(g.detail, Catch::Contains(c.detail));
            CHECK(g.engine_of(g.winner > 0 ? 0 : 1) == 0);  // engine1 won
            CHECK_NOTHROW(outflank::test::check_record(g));
            if (c.reason == Reason::Crash) CHECK(g.stderr_tail.back() == "fake: segfault coming");
        }
    }
}

TEST_CASE("a move over the clock loses on time", "[match]") {
    MatchOptions o = fake_match("hang", 2);
    o.clock.per_move = 0.2;
    o.clock.margin = 0.1;
    o.clock.hang_timeout = 100;  // not used with a clock
    const auto t0 = std::chrono::steady_clock::now();
    const MatchResult r = run_match(o);
    CHECK(seconds_since(t0) < 5.0);
    REQUIRE(r.games.size() == 2);
    for (const GameRecord& g : r.games) {
        CHECK(g.reason == Reason::Timeout);
        CHECK_THAT(g.detail, Catch::Contains("over the time limit"));
    }
}

TEST_CASE("an engine that cannot start stops the match with an error", "[match]") {
    MatchOptions o = fake_match("nostart", 2);
    CHECK_THROWS_WITH(run_match(o), Catch::Contains("engine2") && Catch::Contains("failed to start") &&
                                        Catch::Contains("exited with code 3") && Catch::Contains("fake: cannot start"));
    o.engines[1].command = "/nonexistent/engine";
    CHECK_THROWS_WITH(run_match(o), Catch::Contains("not found"));
}

TEST_CASE("outflank match on the command line: files, summary, exit codes", "[match]") {
    const std::string dir = std::filesystem::temp_directory_path().string() + "/outflank_match_cli_" +
                            std::to_string(::getpid());
    std::filesystem::create_directories(dir);
    const std::string openings = outflank::test::write_openings("cli", outflank::test::test_openings());
    const std::string cmd = "'" OUTFLANK_BINARY "' match --engine1 \"" + outflank_engine(1) + "\" --engine2 \"" +
                            fake_engine("illegal") + "\" --name2 Faker --openings '" + openings +
                            "' --games 4 -j 2 --seed 3 --pgn-like-out '" + dir + "/games.txt' --ggf '" + dir +
                            "/games.ggf' > '" + dir + "/summary.txt' 2> '" + dir + "/log.txt'";
    REQUIRE(std::system(cmd.c_str()) == 0);
    auto read = [&](const std::string& name) {
        std::ifstream in(dir + "/" + name);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    const std::string games = read("games.txt"), ggf = read("games.ggf"), summary = read("summary.txt"),
                      log = read("log.txt");
    CHECK(std::count(games.begin(), games.end(), '\n') == 4);
    CHECK(std::count(ggf.begin(), ggf.end(), '\n') == 4);
    CHECK_THAT(games, Catch::Contains("reason=illegal") && Catch::Contains("Faker"));
    CHECK_THAT(summary, Catch::Contains("3 openings shuffled (seed 3)") &&
                            Catch::Contains("illegal 4 (engine1 0, engine2 4)") && Catch::Contains("100.0%"));
    CHECK_THAT(log, Catch::Contains("Faker loses (illegal)") && Catch::Contains("[4/4]"));

    const std::string bad = "'" OUTFLANK_BINARY "' match --engine1 x --engine2 y --time-per-move 1 --time-per-game 9 "
                            "2>/dev/null";
    const int status = std::system(bad.c_str());
    CHECK(WEXITSTATUS(status) == 2);
    std::filesystem::remove_all(dir);
}
