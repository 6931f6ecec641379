// `outflank book build|expand|show|info|coverage|export|import|merge`: the opening book from the command line.
// Building and expanding show a progress bar on stderr (-q: none) and stop cleanly on Ctrl-C or SIGTERM
// (the state is saved; the same command resumes it; exit code 130 or 143). Results go to stdout.

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "book/book.hpp"
#include "book/book_builder.hpp"
#include "book/book_file.hpp"
#include "book/book_merge.hpp"
#include "book/book_sources.hpp"
#include "cli/cli.hpp"
#include "cli/cli_interrupt.hpp"
#include "cli/cli_shard.hpp"
#include "cli/book_shard.hpp"
#include "core/checksum.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "core/game.hpp"
#include "core/notation.hpp"
#include "common/progress.hpp"
#include "common/search_format.hpp"

namespace outflank::cli {
namespace {

// The bar of a build or an expansion on the one progress display: redrawn in place on a
// terminal; in a log a line every 30 seconds (builds take hours), and the end always.
class ProgressBar {
public:
    ProgressBar(std::string command, bool quiet) : command_(std::move(command)), progress_(quiet, std::chrono::seconds(30)) {}
    void operator()(const RunProgress& p) {
        const bool end = p.done == p.total;
        const double share = p.total ? static_cast<double>(p.done) / static_cast<double>(p.total) : 1.0;
        constexpr int kWidth = 30;
        const int filled = static_cast<int>(share * kWidth);
        std::string bar(static_cast<std::size_t>(filled), '#');
        bar.resize(kWidth, '.');
        std::string eta;
        if (p.done > 0 && !end) eta = ", about " + duration_text(p.seconds * static_cast<double>(p.total - p.done) / static_cast<double>(p.done)) + " left";
        char counts[96];
        std::snprintf(counts, sizeof counts, " %3d%% %zu/%zu, ", static_cast<int>(share * 100), p.done, p.total);
        const std::string text = command_ + ": " + p.phase + " [" + bar + "]" + counts + duration_text(p.seconds) + eta;
        if (end) progress_.line(text);
        else progress_.update(text);
    }
    // Before a message of its own: the bar off the terminal's line.
    void finish() { progress_.finish(); }

private:
    std::string command_;
    ProgressDisplay progress_;
};

RunControl progress_control(const std::string& command, bool quiet, std::shared_ptr<ProgressBar>& bar) {
    bar = std::make_shared<ProgressBar>(command, quiet);
    RunControl control;
    control.on_progress = [bar](const RunProgress& p) { (*bar)(p); };
    control.should_stop = [] { return InterruptScope::requested(); };
    return control;
}

std::string with_commas(std::uint64_t n) {
    std::string s = std::to_string(n);
    for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(static_cast<std::size_t>(i), ",");
    return s;
}

std::string depth_text(int depth, bool exact) { return exact ? "exact" : std::to_string(depth); }

void report_stop(const std::string& command, const std::string& file, const RunOutcome& r) {
    std::fprintf(stderr, "%s: stopped by %s after %zu searches; the state is saved in %s.partial: run the same command again to continue\n",
                 command.c_str(), InterruptScope::signal_name(), r.searched, file.c_str());
    exit_code = InterruptScope::exit_code();
}

// ---- build / expand -----------------------------------------------------------------------

struct BuildCli {
    BuildSettings settings;
    std::string out;
    int threads = default_threads();
    int search_threads = 1;
    int hash_mb = 64;
    bool restart = false;
    bool quiet = false;
    ShardOptions shard;  // --shard K/N --output FILE (book_builder.hpp: build_book_shard)
};

// `book build --shard K/N --output FILE`: the shard's positions searched, recorded whole
// (book_shard_record) for `outflank merge -o OUT.book`.
void run_build_shard(const BuildCli& opt) {
    const ShardSpec spec = *shard_spec(opt.shard, "book build");
    if (!opt.out.empty()) throw Error("book build: with --shard the shard goes to --output; `outflank merge` writes the book");
    InterruptScope interrupt;
    std::shared_ptr<ProgressBar> bar;
    RunSettings run{opt.threads, static_cast<std::size_t>(opt.hash_mb), false, progress_control("book build", opt.quiet, bar),
                    opt.search_threads};
    const BuildShardOutcome r = build_book_shard(opt.settings, spec, run);
    if (!r.finished) {
        std::fprintf(stderr, "book build: stopped by %s; no shard file written (run the shard again)\n",
                     InterruptScope::signal_name());
        exit_code = InterruptScope::exit_code();
        return;
    }
    ShardFile file;
    file.kind = "book";
    std::string sources;
    for (const std::string& f : opt.settings.game_files) sources += read_file(f, kMaxGameRecordFileBytes);
    file.input = r.metadata.count("sources") ? r.metadata.at("sources") : "games";
    file.input_checksum = fnv1a(sources);
    file.spec = spec;
    file.items = r.positions;
    for (const auto& [key, value] : r.metadata) file.settings += (file.settings.empty() ? "" : " ") + key + "=" + shard_escape(value);
    file.settings += " " + evaluation_setting();
    for (std::size_t i = 0; i < r.items.size(); ++i)
        file.records.push_back({r.items[i], book_shard_record(r.entries[i].first, r.entries[i].second)});
    write_shard(opt.shard.output, file);
    std::fprintf(stderr, "book build: %s searched at depth %d; %s\n", with_commas(r.searched).c_str(),
                 opt.settings.depth, shard_summary(file, opt.shard.output).c_str());
}

void run_build(const BuildCli& opt) {
    if (!opt.shard.spec.empty() || !opt.shard.output.empty()) return run_build_shard(opt);
    if (opt.out.empty()) throw Error("book build: give the book file with --out FILE");
    check_writable(opt.out);  // a build takes minutes: refuse a bad --out before it starts
    if (opt.hash_mb < 1 || opt.hash_mb > 16384) throw Error("book build: --hash must be 1-16384 MB");
    InterruptScope interrupt;
    std::shared_ptr<ProgressBar> bar;
    RunSettings run{opt.threads, static_cast<std::size_t>(opt.hash_mb), opt.restart, progress_control("book build", opt.quiet, bar),
                    opt.search_threads};
    const auto start = std::chrono::steady_clock::now();
    const RunOutcome r = build_book(opt.settings, opt.out, run);
    bar->finish();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!r.finished) return report_stop("book build", opt.out, r);
    std::printf("%s: %s positions%s, %s searched at depth %d in %s%s\n", opt.out.c_str(), with_commas(r.positions).c_str(),
                r.sources.empty() ? "" : (" from " + r.sources).c_str(), with_commas(r.searched).c_str(), opt.settings.depth,
                duration_text(seconds).c_str(), r.resumed ? " (resumed)" : "");
}

struct ExpandCli {
    std::string file;
    ExpandSettings settings;
    int threads = default_threads();
    int search_threads = 1;
    int hash_mb = 64;
    bool restart = false;
    bool quiet = false;
};

void run_expand(const ExpandCli& opt) {
    if (opt.hash_mb < 1 || opt.hash_mb > 16384) throw Error("book expand: --hash must be 1-16384 MB");
    InterruptScope interrupt;
    std::shared_ptr<ProgressBar> bar;
    RunSettings run{opt.threads, static_cast<std::size_t>(opt.hash_mb), opt.restart, progress_control("book expand", opt.quiet, bar),
                    opt.search_threads};
    const auto start = std::chrono::steady_clock::now();
    const RunOutcome r = expand_book(opt.file, opt.settings, run);
    bar->finish();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!r.finished) return report_stop("book expand", opt.file, r);
    std::printf("%s: %s positions (%s added), %s searches at depth %d in %s%s\n", opt.file.c_str(),
                with_commas(r.positions).c_str(), with_commas(r.added).c_str(), with_commas(r.searched).c_str(),
                opt.settings.depth, duration_text(seconds).c_str(), r.resumed ? " (resumed)" : "");
}

// ---- show / info ----------------------------------------------------------------------------

Book load_finished(const std::string& path) {
    Book book = load_book(path);
    if (book.unfinished) throw Error("book " + path + ": an unfinished build; finish it with the command that started it");
    return book;
}

void run_show(const std::string& path, const std::string& position, const std::string& moves) {
    const Book book = load_finished(path);
    const Position start = position.empty() ? Position::start() : parse_position(position);
    const Position pos = Game::from_transcript(moves, start).position();
    std::printf("position %s\n", position_string(pos).c_str());
    const std::optional<BookProbe> p = book.probe(pos);
    if (!p) {
        std::printf("not in the book\n");
        return;
    }
    std::printf("score %s, depth %s, %s games\n", score_string(p->score).c_str(), depth_text(p->depth, p->exact).c_str(),
                with_commas(p->games).c_str());
    std::printf("%-5s %6s %9s %6s\n", "move", "score", "games", "depth");
    for (const BookMove& m : p->moves)
        std::printf("%-5s %6s %9s %6s%s\n", square_name(m.move).c_str(), score_string(m.score).c_str(),
                    m.in_book ? with_commas(m.games).c_str() : "-", depth_text(m.depth, m.exact).c_str(),
                    m.in_book ? "" : "  (best move out of the book)");
}

void run_info(const std::string& path) {
    const Book book = load_book(path);
    std::error_code ec;
    const auto bytes = std::filesystem::file_size(path, ec);
    std::map<int, std::size_t> by_ply, by_depth;
    std::size_t from_games = 0, exact = 0, pending = 0;
    std::map<std::string, std::size_t> by_games;
    for (const auto& [key, e] : book.entries()) {
        ++by_ply[popcount(key.player | key.opponent) - 4];
        if (e.pending) ++pending;
        else if (e.exact) ++exact;
        else ++by_depth[e.depth];
        if (e.games > 0) ++from_games;
        by_games[e.games == 0 ? "0 (added by search)" : e.games < 10 ? "1-9" : e.games < 100 ? "10-99" : e.games < 1000 ? "100-999" : "1000+"]++;
    }
    std::printf("%-11s %s (%s bytes, format %u)%s\n", "file", path.c_str(), with_commas(bytes).c_str(), kBookFormatVersion,
                book.unfinished ? ", UNFINISHED" : "");
    std::printf("%-11s %s (%s from games, %s added by search)\n", "positions", with_commas(book.size()).c_str(),
                with_commas(from_games).c_str(), with_commas(book.size() - from_games).c_str());
    for (const auto& [k, v] : book.metadata()) std::printf("%-11s %s\n", k.c_str(), v.c_str());
    if (const auto p = book.probe(Position::start())) {
        std::string best;
        for (const BookMove& m : p->moves) best += " " + square_name(m.move) + " " + score_string(m.score);
        std::printf("%-11s score %s:%s\n", "start", score_string(p->score).c_str(), best.c_str());
    }
    std::string line;
    for (const auto& [d, n] : by_depth) line += " " + std::to_string(d) + ": " + with_commas(n);
    if (exact) line += " exact: " + with_commas(exact);
    if (pending) line += " not searched yet: " + with_commas(pending);
    std::printf("%-11s%s\n", "by depth", line.c_str());
    line.clear();
    for (const auto& [ply, n] : by_ply) line += " " + std::to_string(ply) + ": " + with_commas(n);
    std::printf("%-11s%s\n", "by ply", line.c_str());
    line.clear();
    for (const char* k : {"1000+", "100-999", "10-99", "1-9", "0 (added by search)"})
        if (by_games.count(k)) line += std::string(line.empty() ? " " : ", ") + k + ": " + with_commas(by_games[k]);
    std::printf("%-11s%s\n", "by games", line.c_str());
}

// How many positions of some games' first plies the book knows (positions counted once per
// game and ply, so common positions weigh as often as they were played).
void run_coverage(const std::string& path, const std::vector<std::string>& game_files, int plies) {
    if (plies < 1 || plies > 60) throw Error("book coverage: --plies must be 1-60");
    const Book book = load_finished(path);
    const SourceGames src = read_source_games(game_files, plies);
    std::vector<std::size_t> total(static_cast<std::size_t>(plies) + 1), found(static_cast<std::size_t>(plies) + 1);
    for (const Game& game : src.games)
        for (std::size_t i = 1; i <= game.moves().size(); ++i) {
            ++total[i];
            if (book.probe(game.position_at(i))) ++found[i];
        }
    std::size_t all = 0, in_book = 0;
    std::string by_ply;
    char buf[64];
    for (std::size_t i = 1; i < total.size(); ++i) {
        all += total[i];
        in_book += found[i];
        std::snprintf(buf, sizeof buf, " %zu: %.1f%%", i, total[i] ? 100.0 * static_cast<double>(found[i]) / static_cast<double>(total[i]) : 0.0);
        by_ply += buf;
    }
    std::printf("%-11s %s\n", "games", with_commas(src.games.size()).c_str());
    std::printf("%-11s %s (plies 1-%d)\n", "positions", with_commas(all).c_str(), plies);
    std::printf("%-11s %s (%.1f%%)\n", "in book", with_commas(in_book).c_str(),
                all ? 100.0 * static_cast<double>(in_book) / static_cast<double>(all) : 0.0);
    std::printf("%-11s%s\n", "by ply", by_ply.c_str());
}

// ---- export / import ------------------------------------------------------------------------

void run_export(const std::string& path, const std::string& out) {
    const Book book = load_book(path);
    if (out.empty()) {
        export_book_text(book, std::cout);
        std::cout.flush();
        return;
    }
    std::ostringstream text;
    export_book_text(book, text);
    write_file_atomic(out, text.str());
}

void run_import(const std::string& text_path, const std::string& out) {
    const Book book = import_book_text(read_file(text_path, kMaxBookTextBytes), text_path);
    save_book(book, out);
    std::printf("%s: %s positions\n", out.c_str(), with_commas(book.size()).c_str());
}

void run_merge_books(const std::vector<std::string>& files, const std::string& out) {
    check_writable(out);
    std::vector<Book> books;
    for (const std::string& f : files) books.push_back(load_book(f));
    BookMergeStats stats;
    const Book merged = merge_books(books, files, &stats);
    save_book(merged, out);
    std::printf("%s: %s positions from %zu books (%s in several, %s of them from a deeper search)\n", out.c_str(),
                with_commas(stats.positions).c_str(), books.size(), with_commas(stats.shared).c_str(),
                with_commas(stats.replaced).c_str());
}

}  // namespace

void add_book(CLI::App& app) {
    CLI::App* book =
        app.add_subcommand("book", "The opening book: build, expand, show, info, coverage, export, import, merge");
    book->require_subcommand(1);

    auto b = std::make_shared<BuildCli>();
    CLI::App* build = book->add_subcommand("build", "Build a book from game records, searched with the engine");
    build->add_option("--games", b->settings.game_files, "Game files: WTHOR .wtb, eOthello .csv, or transcripts (one a line)")
        ->required();
    build->add_option("--plies", b->settings.plies, "Positions of the first N plies (default 12)");
    build->add_option("--min-games", b->settings.min_games, "... that occur in at least K games (default 3)");
    build->add_option("--depth,-d", b->settings.depth, "Search depth for every position (default 12)");
    build->add_option("--out,-o", b->out, "The book file to write");
    build->add_option("--threads", b->threads, "Engines searching positions in parallel (default: " + usable_cpus_text() + ")")
        ->check(CLI::Range(1, 64));
    add_search_threads_option(build, "--search-threads", b->search_threads, "Threads per engine (default 1)");
    build->add_option("--hash", b->hash_mb, "Transposition table per engine in MB (default 64)");
    build->add_flag("--restart", b->restart, "Ignore an unfinished build (<out>.partial) instead of resuming it");
    build->add_flag("--quiet,-q", b->quiet, "No progress bar on stderr");
    build->add_option("--shard", b->shard.spec,
                      "Search only shard K of N of the positions (in key order, i mod N = K-1) into --output, for "
                      "`outflank merge -o BOOK`")
        ->type_name("K/N");
    build->add_option("--output", b->shard.output, "With --shard: the shard file to write");
    build->callback([b] { run_build(*b); });

    auto e = std::make_shared<ExpandCli>();
    CLI::App* expand = book->add_subcommand("expand", "Add the engine's best replies and near-best moves at the book's leaves");
    expand->add_option("file", e->file, "The book file (rewritten)")->required();
    expand->add_option("--depth,-d", e->settings.depth, "Search depth (default 12)");
    expand->add_option("--error,-e", e->settings.error, "Also add every move within E discs of the best (default 2)");
    expand->add_option("--threads", e->threads, "Engines searching positions in parallel (default: " + usable_cpus_text() + ")")
        ->check(CLI::Range(1, 64));
    add_search_threads_option(expand, "--search-threads", e->search_threads, "Threads per engine (default 1)");
    expand->add_option("--hash", e->hash_mb, "Transposition table per engine in MB (default 64)");
    expand->add_flag("--restart", e->restart, "Ignore an unfinished expansion (<file>.partial) instead of resuming it");
    expand->add_flag("--quiet,-q", e->quiet, "No progress bar on stderr");
    expand->callback([e] { run_expand(*e); });

    auto file = std::make_shared<std::string>();
    auto position = std::make_shared<std::string>();
    auto moves = std::make_shared<std::string>();
    CLI::App* show = book->add_subcommand("show", "The book moves of a position, with scores and game counts");
    show->add_option("file", *file, "The book file")->required();
    show->add_option("--position,-p", *position, "Position: 64 squares (X O -) and the side to move (default: start)");
    show->add_option("--moves,-m", *moves, "Moves played from the position first, e.g. f5d6c3");
    show->callback([file, position, moves] { run_show(*file, *position, *moves); });

    CLI::App* info = book->add_subcommand("info", "Size, settings and depth distribution of a book");
    info->add_option("file", *file, "The book file")->required();
    info->callback([file] { run_info(*file); });

    auto games = std::make_shared<std::vector<std::string>>();
    auto plies = std::make_shared<int>(12);
    CLI::App* cov = book->add_subcommand("coverage", "The share of the positions of some games' first plies that the book knows");
    cov->add_option("file", *file, "The book file")->required();
    cov->add_option("--games", *games, "Game files: WTHOR .wtb, eOthello .csv, or transcripts")->required();
    cov->add_option("--plies", *plies, "Positions after each of the first N plies (default 12)");
    cov->callback([file, games, plies] { run_coverage(*file, *games, *plies); });

    auto out = std::make_shared<std::string>();
    CLI::App* exp = book->add_subcommand("export", "Write a book as text, one position a line");
    exp->add_option("file", *file, "The book file")->required();
    exp->add_option("--out,-o", *out, "The text file (default: stdout)");
    exp->callback([file, out] { run_export(*file, *out); });

    CLI::App* imp = book->add_subcommand("import", "Make a book file from the text form");
    imp->add_option("text", *file, "The text file")->required();
    imp->add_option("--out,-o", *out, "The book file to write")->required();
    imp->callback([file, out] { run_import(*file, *out); });

    auto books = std::make_shared<std::vector<std::string>>();
    CLI::App* merge = book->add_subcommand(
        "merge", "Merge finished books into one: every position, the deeper search where they differ, scores backed up again");
    merge->add_option("books", *books, "The book files")->required();
    merge->add_option("--out,-o", *out, "The book file to write")->required();
    merge->callback([books, out] { run_merge_books(*books, *out); });
}

}  // namespace outflank::cli
