// `outflank match --engine1 "CMD" --engine2 "CMD" [...]`: the referee on the command line.
// Game lines go to --pgn-like-out (or stdout), GGF to --ggf, progress and forfeit logs to stderr,
// the summary to stdout. With --shard K/N --output FILE only the shard's games are played
// (match_shard.hpp) and recorded in FILE; `outflank merge` prints the lines and the summary.
#include <algorithm>
#include <cstdio>
#include <optional>
#include <fstream>
#include <memory>
#include <thread>

#include "cli/cli.hpp"
#include "common/progress.hpp"
#include "cli/cli_interrupt.hpp"
#include "cli/cli_shard.hpp"
#include "core/checksum.hpp"
#include "core/cpus.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "match/match.hpp"
#include "match/match_output.hpp"
#include "match/match_shard.hpp"

namespace outflank::cli {
namespace {

struct MatchCliOptions {
    std::string engine[2], name[2];
    std::string pass_style[2] = {"auto", "auto"};
    std::string openings;
    std::uint64_t seed = 0;
    int games = 100;
    int concurrency = 0;
    double time_per_move = 0, time_per_game = 0;
    double margin = 0.2, hang_timeout = 300, command_timeout = 10;
    std::vector<double> sprt;
    double sprt_alpha = 0.05, sprt_beta = 0.05;
    std::string games_out, ggf_out;
    int stderr_lines = 10;
    bool quiet = false;
    ShardOptions shard;
};

std::ofstream open_output(const std::string& path) {
    std::ofstream out(path, std::ios::trunc);
    if (!out) throw Error("cannot write `" + path + "`");
    return out;
}

void run(const MatchCliOptions& c, bool seed_given) {
    const std::optional<ShardSpec> shard = shard_spec(c.shard, "match");
    if (shard && (!c.sprt.empty() || !c.games_out.empty() || !c.ggf_out.empty()))
        throw Error("match: --shard writes its games to --output; --sprt (which stops on the running score), "
                    "--pgn-like-out and --ggf are for a whole match (outflank merge --ggf writes the GGF)");
    match::MatchOptions o;
    for (int e = 0; e < 2; ++e) {
        o.engines[e].command = c.engine[e];
        o.engines[e].name = c.name[e];
        o.engines[e].pass_style = match::parse_pass_style(c.pass_style[e]);
    }
    // Read once: a shard's checksum is of the very openings it played.
    const std::string openings_text = c.openings.empty() ? std::string() : read_file(c.openings, kMaxGameRecordFileBytes);
    if (!c.openings.empty()) o.openings = match::parse_openings(openings_text, c.openings);
    o.shuffle = seed_given;
    o.seed = c.seed;
    o.games = c.games;
    const unsigned cores = static_cast<unsigned>(usable_cpus());
    o.concurrency = c.concurrency > 0 ? c.concurrency : static_cast<int>(cores ? cores : 1);
    // Each game has one engine thinking at a time: concurrency x its threads should fit the cores.
    const int threads[2] = {match::engine_threads(c.engine[0], static_cast<int>(cores ? cores : 1)),
                            match::engine_threads(c.engine[1], static_cast<int>(cores ? cores : 1))};
    const std::string crowded = match::oversubscription_warning(o.concurrency, threads, static_cast<int>(cores));
    if (!crowded.empty()) std::fprintf(stderr, "match: warning: %s\n", crowded.c_str());
    o.clock.per_move = c.time_per_move;
    o.clock.per_game = c.time_per_game;
    o.clock.margin = c.margin;
    o.clock.hang_timeout = c.hang_timeout;
    o.clock.command_timeout = c.command_timeout;
    if (!c.sprt.empty()) {
        if (c.sprt.size() != 2 || !(c.sprt[0] < c.sprt[1])) throw Error("match: --sprt needs ELO0 < ELO1");
        o.sprt = match::SprtSpec{c.sprt[0], c.sprt[1], c.sprt_alpha, c.sprt_beta};
    }
    o.stderr_lines = static_cast<std::size_t>(c.stderr_lines);
    if (shard) o.shard = *shard;
    ShardFile file;

    std::ofstream games_file, ggf_file;
    if (!c.games_out.empty()) games_file = open_output(c.games_out);
    if (!c.ggf_out.empty()) ggf_file = open_output(c.ggf_out);

    // Ctrl-C or SIGTERM: stop scheduling games, end the engines, print what was played, and
    // exit 130 or 143.
    InterruptScope interrupt;
    o.cancel = &InterruptScope::flag();

    // A line after each game (never rewritten in place: a finished game is worth keeping on screen).
    ProgressDisplay progress(c.quiet);
    auto on_game = [&](const match::GameRecord& g, const match::MatchResult& r) {
        if (shard) file.records.push_back({static_cast<std::size_t>(g.number - 1), match::shard_record(g, r.names, o.clock)});
        const std::string line = match::game_line(g, r.names);
        if (games_file.is_open()) games_file << line << '\n' << std::flush;
        else if (!shard) std::printf("%s\n", line.c_str()), std::fflush(stdout);
        if (ggf_file.is_open()) ggf_file << match::ggf_game(g, r.names, o.clock) << '\n' << std::flush;
        if (g.reason != match::Reason::End && g.reason != match::Reason::Resign) {
            // A forfeit is worth a look: say who lost and why, with the loser's last stderr lines.
            const int loser = g.engine_of(g.winner > 0 ? 1 : 0);
            std::string log = "game " + std::to_string(g.number) + ": " + r.names[loser] + " loses (" +
                              match::to_string(g.reason) + "): " + g.detail;
            if (!g.stderr_tail.empty()) log += "\n  last stderr lines:";
            for (const std::string& s : g.stderr_tail) log += "\n  | " + s;
            std::fprintf(stderr, "%s\n", log.c_str());
        }
        progress.line(match::progress_line(g, r, o.games));
    };
    const match::MatchResult result = match::run_match(o, on_game);
    if (shard && !InterruptScope::requested()) {
        // The games are numbered in the whole match; the openings file (if any) is the input.
        file.kind = "match";
        file.input = c.openings.empty() ? "start position" : c.openings;
        file.input_checksum = fnv1a(openings_text);
        file.spec = *shard;
        file.items = static_cast<std::size_t>(o.games);
        file.settings = match::shard_settings(o, result);
        std::sort(file.records.begin(), file.records.end(),
                  [](const ShardRecord& a, const ShardRecord& b) { return a.item < b.item; });
        write_shard(c.shard.output, file);
        std::fprintf(stderr, "match: %s\n", shard_summary(file, c.shard.output).c_str());
    } else if (!shard) {
        std::printf("%s", match::summary_text(result, o).c_str());
        std::fflush(stdout);
    }
    if (InterruptScope::requested()) {
        std::fprintf(stderr, "match: stopped by %s after %zu games; %s\n", InterruptScope::signal_name(),
                     result.games.size(),
                     shard ? "no shard file is written (run the shard again)" : "the summary above counts them");
        exit_code = InterruptScope::exit_code();
    }
}

}  // namespace

void add_match(CLI::App& app) {
    auto opt = std::make_shared<MatchCliOptions>();
    CLI::App* sub = app.add_subcommand("match", "Referee a match between two GTP engines (openings, clocks, Elo, SPRT)");
    sub->add_option("--engine1", opt->engine[0], "First engine's command line, run by /bin/sh -c")->required();
    sub->add_option("--engine2", opt->engine[1], "Second engine's command line")->required();
    sub->add_option("--name1", opt->name[0], "Label of engine1 (default: its GTP name)");
    sub->add_option("--name2", opt->name[1], "Label of engine2 (default: its GTP name)");
    sub->add_option("--pass-style1", opt->pass_style[0], "How engine1 hears of passes: auto, explicit (play c pass), implicit (nothing)")
        ->check(CLI::IsMember({"auto", "explicit", "implicit"}));
    sub->add_option("--pass-style2", opt->pass_style[1], "The same for engine2")
        ->check(CLI::IsMember({"auto", "explicit", "implicit"}));
    sub->add_option("--openings", opt->openings, "File of opening transcripts (one a line), each played twice with colours swapped")
        ->check(CLI::ExistingFile);
    CLI::Option* seed = sub->add_option("--seed", opt->seed, "Shuffle the openings with this seed (default: file order)");
    sub->add_option("--games,-n", opt->games, "Number of games (default 100)")->check(CLI::Range(1, 100000000));
    sub->add_option("--concurrency,-j", opt->concurrency, "Games played at once (default: the number of cores)")
        ->check(CLI::Range(1, 256));
    CLI::Option* tpm = sub->add_option("--time-per-move", opt->time_per_move, "Seconds per move; a slower move loses")
                           ->check(CLI::Range(0.001, 1e6));
    CLI::Option* tpg = sub->add_option("--time-per-game", opt->time_per_game, "Seconds per side for the whole game")
                           ->check(CLI::Range(0.001, 1e7));
    tpm->excludes(tpg);
    sub->add_option("--margin", opt->margin, "Grace in seconds over a time limit before a move loses (default 0.2)")
        ->check(CLI::Range(0.0, 1e6));
    sub->add_option("--hang-timeout", opt->hang_timeout, "Without a clock: seconds after which an unanswered genmove loses (default 300)")
        ->check(CLI::Range(0.01, 1e7));
    sub->add_option("--command-timeout", opt->command_timeout, "Seconds allowed for any other command (default 10)")
        ->check(CLI::Range(0.01, 1e6));
    sub->add_option("--sprt", opt->sprt, "Stop early when the SPRT of H0: Elo = ELO0 against H1: Elo = ELO1 decides")
        ->expected(2);
    sub->add_option("--sprt-alpha", opt->sprt_alpha, "SPRT false-positive rate (default 0.05)")->check(CLI::Range(1e-6, 0.5));
    sub->add_option("--sprt-beta", opt->sprt_beta, "SPRT false-negative rate (default 0.05)")->check(CLI::Range(1e-6, 0.5));
    sub->add_option("--pgn-like-out", opt->games_out, "Write one line per game here (default: stdout)");
    sub->add_option("--ggf", opt->ggf_out, "Write every game in GGF here, one a line");
    sub->add_option("--stderr-lines", opt->stderr_lines, "Engine stderr lines kept for the log of a forfeit (default 10)")
        ->check(CLI::Range(0, 1000));
    sub->add_flag("--quiet,-q", opt->quiet, "No progress line after each game");
    add_shard_options(sub, opt->shard);
    sub->callback([opt, seed] { run(*opt, seed->count() > 0); });
}

}  // namespace outflank::cli
