// `outflank solve FILE.obf [--wld] [--threads 1] [--hash MB] [--numbers A-B]`
// Solves every position of an OBF file with the exact endgame solver and checks the result
// against the file's scores: the endgame benchmark (FFO #40-#59) and a correctness check.
// Exit code 1 if any result is wrong, 2 for an unreadable file or a malformed line.
#include <cstdio>
#include <fstream>
#include <memory>
#include <charconv>
#include <string>
#include <string_view>
#include <vector>

#include "cli.hpp"
#include "engine.hpp"
#include "error.hpp"
#include "notation.hpp"

namespace outflank::cli {
namespace {

struct SolveOptions {
    std::string file;
    bool wld = false;
    int threads = 1;
    int hash_mb = 256;
    std::string numbers;  // "A-B": only the positions numbered A..B
};

struct ObfProblem {
    int line = 0;
    int number = 0;
    Position pos;
    bool has_expected = false;
    int expected = 0;        // the best listed score (the position's value)
    Bitboard best_moves = 0; // the moves listed with that score (0 when a pass)
};

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return {};
    return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

// "<64 squares> <side>; MOVE:SCORE; MOVE:SCORE; ..." (the move list may be absent).
ObfProblem parse_obf_line(const std::string& text, int line) {
    const std::string where = "line " + std::to_string(line) + ": ";
    ObfProblem p;
    p.line = line;
    const auto semi = text.find(';');
    try {
        p.pos = parse_position(trim(text.substr(0, semi)));
    } catch (const Error& e) {
        throw Error(where + e.what());
    }
    if (semi == std::string::npos) return p;
    std::size_t at = semi + 1;
    while (at < text.size()) {
        auto end = text.find(';', at);
        if (end == std::string::npos) end = text.size();
        const std::string item = trim(text.substr(at, end - at));
        at = end + 1;
        if (item.empty()) continue;
        const auto colon = item.find(':');
        if (colon == std::string::npos) throw Error(where + "expected MOVE:SCORE, found \"" + item + "\"");
        Square move;
        try {
            move = parse_move(trim(item.substr(0, colon)));
        } catch (const Error& e) {
            throw Error(where + e.what());
        }
        const std::string score_text = trim(item.substr(colon + 1));
        int score = 0;
        std::size_t used = 0;
        try {
            score = std::stoi(score_text, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || used != score_text.size() || score < -64 || score > 64)
            throw Error(where + "bad score \"" + score_text + "\" (expected an integer -64..64)");
        if (move != kPass && !p.pos.is_legal(move))
            throw Error(where + "move " + square_name(move) + " is not legal in this position");
        if (!p.has_expected || score > p.expected) {
            p.expected = score;
            p.best_moves = 0;
        }
        p.has_expected = true;
        if (score == p.expected && move != kPass) p.best_moves |= bit(move);
    }
    return p;
}

// "A" or "A-B" (whole numbers) -> [first, last]; false for anything else.
bool parse_number_range(std::string_view text, int& first, int& last) {
    auto number = [](std::string_view t, int& out) {
        if (t.empty()) return false;
        const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
        return ec == std::errc() && end == t.data() + t.size() && out >= 0;
    };
    const std::size_t dash = text.find('-');
    if (dash == std::string_view::npos) return number(text, first) && number(text, last);
    return number(text.substr(0, dash), first) && number(text.substr(dash + 1), last);
}

// FFO files are named fforum-A-B.obf: their positions are numbered A, A+1, ...; others from 1.
int first_number_of(const std::string& file) {
    std::string_view name = file;
    if (const std::size_t slash = name.rfind('/'); slash != std::string_view::npos) name.remove_prefix(slash + 1);
    if (name.size() < 4 || name.substr(name.size() - 4) != ".obf") return 1;
    name.remove_suffix(4);
    const std::size_t last_dash = name.rfind('-');
    if (last_dash == std::string_view::npos || last_dash == 0) return 1;
    const std::size_t dash = name.rfind('-', last_dash - 1);
    if (dash == std::string_view::npos) return 1;
    int first = 0, last = 0;
    return parse_number_range(name.substr(dash + 1), first, last) ? first : 1;
}

std::vector<ObfProblem> read_obf(const std::string& file) {
    std::ifstream in(file);
    if (!in) throw Error("cannot read " + file);
    int number = first_number_of(file);
    std::vector<ObfProblem> problems;
    std::string text;
    for (int line = 1; std::getline(in, text); ++line) {
        const std::string t = trim(text);
        if (t.empty() || t[0] == '#' || t[0] == '%') continue;
        problems.push_back(parse_obf_line(t, line));
        problems.back().number = number++;
    }
    if (in.bad()) throw Error("error reading " + file);
    return problems;
}

void run_solve(const SolveOptions& opt) {
    if (opt.threads != 1) throw Error("solve: only --threads 1 is supported for now");
    if (opt.hash_mb < 1 || opt.hash_mb > 65536) throw Error("solve: --hash must be 1-65536 MB");
    int first = 0, last = 1 << 30;
    if (!opt.numbers.empty()) {
        if (!parse_number_range(opt.numbers, first, last))
            throw Error("solve: --numbers must be A or A-B, not " + opt.numbers);
    }
    const std::vector<ObfProblem> problems = read_obf(opt.file);

    Engine engine(static_cast<std::size_t>(opt.hash_mb));
    Limits limits;
    limits.exact = !opt.wld;
    limits.wld = opt.wld;

    std::printf("%4s %3s %5s %6s %8s %6s %14s %9s %12s\n", "#", "emp", "move", "score", "expected", "result",
                "nodes", "seconds", "nodes/s");
    std::fflush(stdout);
    std::uint64_t total_nodes = 0;
    double total_seconds = 0;
    int solved = 0, wrong = 0;
    for (const ObfProblem& p : problems) {
        if (p.number < first || p.number > last) continue;
        std::fprintf(stderr, "solving #%d (%d empties)...\r", p.number, p.pos.empty_count());
        std::fflush(stderr);
        engine.new_game();  // each position from scratch: reproducible node counts
        const SearchResult r = engine.search(p.pos, limits);
        std::fprintf(stderr, "%40s\r", "");

        int expected = p.expected;
        if (opt.wld) expected = expected > 0 ? 1 : expected < 0 ? -1 : 0;
        bool ok = true;
        if (p.has_expected) {
            ok = r.score == expected;
            // A best move must be one the file lists with the best score (WLD: any winning move
            // of a win is fine, so only the score is checked there).
            if (!opt.wld && p.best_moves && (r.best_move >= 64 || !(p.best_moves & bit(r.best_move)))) ok = false;
        }
        wrong += !ok;
        ++solved;
        total_nodes += r.nodes;
        total_seconds += r.seconds;
        const std::string expected_text = p.has_expected ? std::to_string(expected) : "-";
        std::printf("%4d %3d %5s %+6d %8s %6s %14llu %9.3f %12.0f\n", p.number, p.pos.empty_count(),
                    square_name(r.best_move).c_str(), r.score, expected_text.c_str(),
                    p.has_expected ? (ok ? "OK" : "WRONG") : "-", static_cast<unsigned long long>(r.nodes), r.seconds,
                    r.nps());
        std::fflush(stdout);
    }
    std::printf("%4s %3d %5s %6s %8s %6s %14llu %9.3f %12.0f\n", "all", solved, "", "", "",
                wrong ? "WRONG" : "OK", static_cast<unsigned long long>(total_nodes), total_seconds,
                total_seconds > 0 ? total_nodes / total_seconds : 0.0);
    if (wrong) {
        std::fprintf(stderr, "solve: %d of %d positions wrong\n", wrong, solved);
        exit_code = 1;
    }
}

}  // namespace

void add_solve(CLI::App& app) {
    auto opt = std::make_shared<SolveOptions>();
    CLI::App* sub = app.add_subcommand("solve", "Solve the positions of an OBF file exactly and check the scores");
    sub->add_option("file", opt->file, "OBF file: one position a line, \"<64 squares> <side>; MOVE:SCORE; ...\"")
        ->required();
    sub->add_flag("--wld", opt->wld, "Solve for win/loss/draw only (scores -1, 0, +1)");
    sub->add_option("--threads,-t", opt->threads, "Search threads (only 1 for now)");
    sub->add_option("--hash", opt->hash_mb, "Transposition table size in MB (default 256)");
    sub->add_option("--numbers,-n", opt->numbers, "Only the positions numbered A-B (FFO files number from their first)");
    sub->callback([opt] { run_solve(*opt); });
}

}  // namespace outflank::cli
