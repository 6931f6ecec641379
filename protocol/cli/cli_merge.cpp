// `outflank merge SHARD... [--output FILE]`: puts the shard files of one batch run (written with
// --shard K/N, core/shard.hpp) back together into what a single run writes, on stdout or into
// --output (replaced atomically). The shards say what they hold (their `kind`), so one command
// serves every kind (analyze --batch, solve, match, train data, book build); each kind's rebuilding is below. Refused (exit 2, nothing written): a shard
// missing or given twice, shards of another input, N or settings, a damaged or cut file. Solve
// results exit 1 when a position was solved wrong, as `outflank solve` does.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "cli/solve_table.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "core/shard.hpp"
#include "book/book_file.hpp"
#include "cli/book_shard.hpp"
#include "cli/train_shard.hpp"
#include "match/match_shard.hpp"

namespace outflank::cli {
namespace {

struct MergeOptions {
    std::vector<std::string> files;
    std::string output;
    std::string ggf;  // match: the games in GGF
    bool quiet = false;
};

struct Rebuilt {
    std::string text;
    int exit_code = 0;
    std::string note;  // for stderr
    bool written = false;  // already in --output (a binary result)
};

// `analyze --batch`: its JSON lines, in input order.
Rebuilt rebuild_analyze(const MergedShards& merged) {
    Rebuilt out;
    int errors = 0;
    for (const std::string& line : merged.texts) {
        out.text += line + "\n";
        // An error line is {"line":N,"error":"..."} (batch_error_json); an analysis has no "error" key.
        const std::size_t comma = line.find(',');
        errors += line.starts_with("{\"line\":") && line.compare(comma + 1, 8, "\"error\":") == 0;
    }
    // As `analyze --batch` says it: "8 lines (1 error)".
    out.note = std::to_string(merged.texts.size()) + (merged.texts.size() == 1 ? " line (" : " lines (") +
               std::to_string(errors) + (errors == 1 ? " error)" : " errors)");
    return out;
}

// `solve`: the table with its "all" row, and exit code 1 when a position was solved wrong.
Rebuilt rebuild_solve(const MergedShards& merged) {
    std::vector<SolveRow> rows;
    for (std::size_t i = 0; i < merged.texts.size(); ++i)
        rows.push_back(parse_solve_record(merged.texts[i], "merge: item " + std::to_string(i)));
    Rebuilt out;
    out.text = solve_table_header();
    for (const SolveRow& row : rows) out.text += solve_table_row(row);
    out.text += solve_table_total(rows);
    const int wrong = solve_wrong_count(rows);
    out.note = std::to_string(rows.size()) + " positions, " + std::to_string(wrong) + " wrong";
    if (wrong) out.exit_code = 1;
    return out;
}

// `match`: the game lines in game order and the summary, as `match` prints them on stdout (a
// single run prints the lines in the order the games end); the GGF games into --ggf.
Rebuilt rebuild_match(const MergedShards& merged, const MergeOptions& opt) {
    const match::MergedMatch m = match::merge_match(merged);
    if (!opt.ggf.empty()) write_file_atomic(opt.ggf, m.ggf);
    Rebuilt out;
    out.text = m.games + m.summary;
    out.note = std::to_string(m.games_played) + " games";
    return out;
}

// `train data`: the training set, a binary file, so only into --output.
Rebuilt rebuild_train(const MergedShards& merged, const MergeOptions& opt) {
    if (opt.output.empty()) throw Error("merge: train shards make a training set file: give --output FILE");
    const TrainingSet set = merged_training_set(merged);
    set.save(opt.output);
    std::size_t solved = 0;
    for (const TrainingPosition& p : set.positions()) solved += p.exact != kUnknownScore;
    Rebuilt out;
    out.written = true;
    out.note = std::to_string(set.positions().size()) + " positions, " + std::to_string(solved) + " solved exactly";
    return out;
}

// `book build`: the finished book, a binary file, so only into --output.
Rebuilt rebuild_book(const MergedShards& merged, const MergeOptions& opt) {
    if (opt.output.empty()) throw Error("merge: book shards make a book file: give --output FILE");
    const Book book = merged_book(merged);
    save_book(book, opt.output);
    Rebuilt out;
    out.written = true;
    out.note = std::to_string(book.size()) + " positions";
    return out;
}

void run_merge(const MergeOptions& opt) {
    if (!opt.output.empty()) check_writable(opt.output);
    if (!opt.ggf.empty()) check_writable(opt.ggf);
    std::vector<ShardFile> shards;
    for (const std::string& file : opt.files) shards.push_back(read_shard(file));
    const MergedShards merged = merge_shards(shards, opt.files);
    Rebuilt out;
    if (!opt.ggf.empty() && merged.kind != "match") throw Error("merge: --ggf is for match shards");
    if (merged.kind == "analyze") out = rebuild_analyze(merged);
    else if (merged.kind == "solve") out = rebuild_solve(merged);
    else if (merged.kind == "match") out = rebuild_match(merged, opt);
    else if (merged.kind == "train") out = rebuild_train(merged, opt);
    else if (merged.kind == "book") out = rebuild_book(merged, opt);
    else throw Error("merge: " + opt.files.front() + " holds results of kind '" + merged.kind + "', which this version cannot merge");
    if (!out.written && opt.output.empty()) {
        std::fwrite(out.text.data(), 1, out.text.size(), stdout);
        std::fflush(stdout);
    } else if (!out.written) {
        write_file_atomic(opt.output, out.text);
    }
    if (!opt.quiet)
        std::fprintf(stderr, "merge: %d shards of %s results: %s%s\n", merged.shards, merged.kind.c_str(),
                     out.note.c_str(), opt.output.empty() ? "" : (" -> " + opt.output).c_str());
    exit_code = out.exit_code;
}

}  // namespace

void add_merge(CLI::App& app) {
    auto opt = std::make_shared<MergeOptions>();
    CLI::App* sub = app.add_subcommand(
        "merge", "Merge the shard files of a batch run (--shard K/N) into what a single run writes");
    sub->add_option("shards", opt->files, "The shard files, all N of them, in any order")->required();
    sub->add_option("--output,-o", opt->output, "Write the result here (replaced atomically) instead of stdout");
    sub->add_option("--ggf", opt->ggf, "Match shards: also write every game in GGF here, one a line");
    sub->add_flag("--quiet,-q", opt->quiet, "No summary on stderr");
    sub->callback([opt] { run_merge(*opt); });
}

}  // namespace outflank::cli
