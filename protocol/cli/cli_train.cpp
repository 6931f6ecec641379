// `outflank train data|fit|validate|probe-head`: the trainer of the pattern evaluation
// (scripts/train-eval runs the whole pipeline) and a measurement for its next model. The work is
// in engine/train/; this file reads options and files and prints progress (stderr) and reports
// (stdout).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "cli/cli_interrupt.hpp"
#include "cli/cli_shard.hpp"
#include "cli/train_shard.hpp"
#include "core/checksum.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "eval/eval.hpp"
#include "eval/pattern_eval.hpp"
#include "common/progress.hpp"
#include "records/records.hpp"
#include "train/head_probe.hpp"
#include "train/trainer.hpp"
#include "train/training_checkpoint.hpp"
#include "train/training_label.hpp"
#include "train/training_report.hpp"
#include "train/training_set.hpp"

namespace outflank::cli {
namespace {

struct DataOptions {
    std::vector<std::string> wthor, eothello, transcripts;
    int selfplay = 0;
    int selfplay_depth = 4;
    int exact_empties = 18;
    int exact_all = 24;     // every position up to this many empties is solved ...
    int exact_sample = 1;   // ... above it, 1 in this many (the others are dropped)
    unsigned threads = 2;
    std::uint64_t seed = 1;
    std::string out;
    bool resume = false;
    bool quiet = false;
    // --solve-eval: the evaluation that orders the exact solves ("" keeps the command's). Not a
    // setting of the set: the scores are exact whatever orders the search, only the time changes.
    std::string solve_eval;
    ShardOptions shard;  // --shard K/N --output FILE: solve only this shard's positions
};

struct FitCliOptions {
    std::string data, validation, out;
    bool resume = false;
    bool quiet = false;
    TrainerOptions trainer;
};

struct ValidateOptions {
    std::string validation;
    int sample = 1;  // 1 in this many of the positions the solver did not label
    int depth = 10;
    unsigned threads = 2;
    bool quiet = false;
};

std::string count_line(const char* what, std::size_t done, std::size_t total) {
    char line[120];
    std::snprintf(line, sizeof line, "%s %zu/%zu (%.0f%%)", what, done, total, total ? 100.0 * done / total : 100.0);
    return line;
}

// Everything the collected set depends on: the options, the bytes of every input file and, with
// self-play, the evaluation that plays it (the one in use when this is called: call it before
// --solve-eval switches).
std::string data_settings_text(const DataOptions& o) {
    std::string text;
    const auto files = [&text](const char* kind, const std::vector<std::string>& paths) {
        for (const std::string& path : paths) {
            char sum[24];
            std::snprintf(sum, sizeof sum, "%016llx", static_cast<unsigned long long>(fnv1a(read_file(path, kMaxGameRecordFileBytes))));
            text += std::string(kind) + "=" + path + "@" + sum + " ";
        }
    };
    files("wthor", o.wthor);
    files("eothello", o.eothello);
    files("transcripts", o.transcripts);
    text += "selfplay=" + std::to_string(o.selfplay) + " selfplay-depth=" + std::to_string(o.selfplay_depth) +
            " seed=" + std::to_string(o.seed) + " exact-empties=" + std::to_string(o.exact_empties) +
            " exact-all=" + std::to_string(o.exact_all) + " exact-sample=" + std::to_string(o.exact_sample);
    if (o.selfplay > 0) text += " selfplay-" + evaluation_setting();
    return text;
}

// The evaluation for the solves, loaded before any work so that a bad file is refused at once;
// nullopt keeps the command's evaluation (the one self-play used).
std::optional<EvaluationChoice> solve_evaluation(const DataOptions& o) {
    if (o.solve_eval.empty()) return std::nullopt;
    DataFileLookup lookup = weights_lookup();
    lookup.option = "--solve-eval";
    try {
        return choose_evaluation(o.solve_eval, lookup);
    } catch (const Error& e) {
        throw Error(std::string("train data --solve-eval: ") + e.what());
    }
}

// Switches to the solves' evaluation once self-play is over: its weights order the solver's moves.
void use_solve_evaluation(const std::optional<EvaluationChoice>& choice, ProgressDisplay& status) {
    if (!choice) return;
    use_pattern_weights(choice->weights);
    status.line("the solves are ordered by the " + choice->description());
}

// Reads the games, plays the self-play games, merges and samples: the set before solving. False
// when stopped by a signal (nothing is kept: this part is redone on the next run).
bool collect_positions(const DataOptions& o, ProgressDisplay& status, DataCheckpoint& c) {
    TrainingSet& set = c.set;
    std::size_t games = 0, skipped = 0;
    for (const std::string& path : o.wthor) {
        const WthorFile file = read_wthor(path);
        for (const WthorGame& g : file.games) {
            const Game game = replay_moves(g.moves);
            if (!game.is_over()) { ++skipped; continue; }  // records that stop before the end
            set.add_game(game, game.final_score_black(), score_from_wthor_discs(g.theoretical_black),
                         file.header.theoretical_empties);
            ++games;
        }
        status.update(path);
    }
    for (const std::string& path : o.eothello)
        for (const EOthelloGame& g : read_eothello_csv(path)) {
            const Game game = replay_moves(g.moves);
            if (!game.is_over()) { ++skipped; continue; }
            set.add_game(game, game.final_score_black());
            ++games;
        }
    for (const std::string& path : o.transcripts)
        for (const TranscriptRecord& r : read_transcripts(path)) {
            const Game game = replay_moves(r.moves);
            if (!game.is_over()) { ++skipped; continue; }
            set.add_game(game, game.final_score_black());
            ++games;
        }
    c.games = games;
    c.skipped = skipped;
    status.line("read " + std::to_string(games) + " finished games (" + std::to_string(skipped) + " unfinished skipped)");
    if (o.selfplay > 0) {
        const auto played = self_play(
            o.selfplay, o.selfplay_depth, o.seed, o.threads,
            [&](std::size_t done) { status.update(count_line("self-play games", done, static_cast<std::size_t>(o.selfplay))); },
            [] { return InterruptScope::requested(); });
        if (InterruptScope::requested()) return false;
        for (const Game& g : played) set.add_game(g, g.final_score_black());
        status.line("self-play: " + std::to_string(played.size()) + " games at depth " + std::to_string(o.selfplay_depth));
    }
    const std::size_t before = set.positions().size();
    set.merge();
    status.line(std::to_string(before) + " positions, " + std::to_string(set.positions().size()) +
                " distinct up to symmetry");
    if (o.exact_sample > 1) {
        // Solving is the expensive step: keep only a sample of the positions between exact_all and
        // exact_empties, so that every kept position near the end still has an exact label.
        const std::size_t dropped = set.sample_range(o.exact_all + 1, o.exact_empties, o.exact_sample);
        status.line("kept 1 in " + std::to_string(o.exact_sample) + " positions with " +
                    std::to_string(o.exact_all + 1) + "-" + std::to_string(o.exact_empties) + " empties (" +
                    std::to_string(dropped) + " dropped)");
    }
    return true;
}

// `train data --shard K/N`: collect as a single run does, solve only the shard's positions (items
// numbered in the set's order), record its positions whole in the shard file --output. No
// checkpoint: a stopped shard is run again.
void run_data_shard(const DataOptions& o) {
    const ShardSpec spec = *shard_spec(o.shard, "train data");
    if (o.resume) throw Error("train data: --resume is for a whole run; a stopped shard is run again");
    if (!o.out.empty()) throw Error("train data: with --shard the shard goes to --output; `outflank merge` writes the set");
    const std::optional<EvaluationChoice> solve_choice = solve_evaluation(o);
    const std::string settings = data_settings_text(o);
    InterruptScope interrupt;
    ProgressDisplay status(o.quiet);
    DataCheckpoint c;
    if (!collect_positions(o, status, c)) {
        status.finish();
        std::fprintf(stderr, "train data: stopped by %s; no shard file written\n", InterruptScope::signal_name());
        exit_code = InterruptScope::exit_code();
        return;
    }
    const std::vector<TrainingPosition>& all = c.set.positions();
    const std::vector<std::size_t> items = shard_items(all.size(), spec);
    std::vector<TrainingPosition> mine;
    for (const std::size_t i : items) mine.push_back(all[i]);
    std::size_t to_solve = 0;
    for (const TrainingPosition& p : mine) to_solve += p.empties() <= o.exact_empties;
    status.line("solving " + std::to_string(to_solve) + " positions with at most " + std::to_string(o.exact_empties) +
                " empties (shard " + std::to_string(spec.index) + " of " + std::to_string(spec.count) + ")");
    use_solve_evaluation(solve_choice, status);
    solve_exact(
        mine, o.exact_empties, o.threads, [&](std::size_t done) { status.update(count_line("solving", done, to_solve)); },
        [] { return InterruptScope::requested(); });
    if (InterruptScope::requested()) {
        status.finish();
        std::fprintf(stderr, "train data: stopped by %s; no shard file written\n", InterruptScope::signal_name());
        exit_code = InterruptScope::exit_code();
        return;
    }
    ShardFile file;
    file.kind = "train";
    file.input = "train data";
    // The settings text already holds every input file's checksum; it is the input's identity.
    file.input_checksum = fnv1a(settings);
    file.spec = spec;
    file.items = all.size();
    file.settings = settings;
    for (std::size_t i = 0; i < mine.size(); ++i) file.records.push_back({items[i], training_record(mine[i])});
    write_shard(o.shard.output, file);
    status.line("solved " + std::to_string(to_solve) + " positions; " + shard_summary(file, o.shard.output));
    status.finish();
}

void run_data(const DataOptions& o) {
    if (!o.shard.spec.empty() || !o.shard.output.empty()) return run_data_shard(o);
    if (o.out.empty()) throw Error("train data: --out FILE is required");
    const std::string checkpoint_path = o.out + ".checkpoint";
    std::error_code ec;
    const bool checkpoint_exists = std::filesystem::exists(checkpoint_path, ec);
    if (!o.resume && checkpoint_exists)
        throw Error("train data: " + checkpoint_path + " holds an interrupted run: add --resume to continue it, "
                    "or remove the file to start again");
    if (o.resume && !checkpoint_exists)
        throw Error("train data --resume: there is no checkpoint " + checkpoint_path + " to resume");
    const std::string settings = data_settings_text(o);
    const std::optional<EvaluationChoice> solve_choice = solve_evaluation(o);
    DataCheckpoint c;
    if (o.resume) {
        c = load_data_checkpoint(checkpoint_path);
        if (c.settings != settings)
            throw Error("train data --resume: " + checkpoint_path + " was made with other options or input files (" +
                        c.settings + "; now " + settings + "): resume with the same ones, or remove it to start again");
    }
    c.settings = settings;

    InterruptScope interrupt;
    ProgressDisplay status(o.quiet);
    if (o.resume) {
        status.line("resuming from " + checkpoint_path + ": " + std::to_string(c.set.positions().size()) +
                    " positions collected");
    } else if (!collect_positions(o, status, c)) {
        status.finish();
        std::fprintf(stderr, "train data: stopped by %s before solving began; nothing was saved\n",
                     InterruptScope::signal_name());
        exit_code = InterruptScope::exit_code();
        return;
    }
    TrainingSet& set = c.set;
    std::size_t to_solve = 0, solved_before = 0;
    for (const TrainingPosition& p : set.positions()) {
        to_solve += p.empties() <= o.exact_empties;
        solved_before += p.empties() <= o.exact_empties && p.exact != kUnknownScore;
    }
    const auto start = std::chrono::steady_clock::now();
    // The longest step starts: one line that always shows (a log then tells which step a stop hit).
    status.line("solving " + std::to_string(to_solve - solved_before) + " positions with at most " +
                std::to_string(o.exact_empties) + " empties");
    use_solve_evaluation(solve_choice, status);
    solve_exact(
        set.positions(), o.exact_empties, o.threads,
        [&](std::size_t done) { status.update(count_line("solving", solved_before + done, to_solve)); },
        [] { return InterruptScope::requested(); });
    if (InterruptScope::requested()) {
        // The positions solved so far keep their scores; the others are solved by --resume.
        save_data_checkpoint(c, checkpoint_path);
        std::size_t solved = 0;
        for (const TrainingPosition& p : set.positions()) solved += p.empties() <= o.exact_empties && p.exact != kUnknownScore;
        status.finish();
        std::fprintf(stderr,
                     "train data: stopped by %s with %zu of %zu positions solved; saved in %s: run the same "
                     "command with --resume to continue\n",
                     InterruptScope::signal_name(), solved, to_solve, checkpoint_path.c_str());
        exit_code = InterruptScope::exit_code();
        return;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    char line[160];
    std::snprintf(line, sizeof line, "solved %zu positions with <= %d empties in %.0f s", to_solve - solved_before,
                  o.exact_empties, seconds);
    status.line(line);
    set.save(o.out);
    std::filesystem::remove(checkpoint_path, ec);
    std::printf("%s: %zu positions from %zu games (+%d self-play), %zu solved exactly%s\n", o.out.c_str(),
                set.positions().size(), static_cast<std::size_t>(c.games), o.selfplay, to_solve,
                o.resume ? " (resumed)" : "");
}

void print_stage_row(const StageReport& r) {
    std::printf("%5d  %2d-%-2d  %15zu  %5.1f%%  %7.1f%%  %9.3f  %14.3f  %7.1f\n", r.stage, r.min_empties,
                r.max_empties, r.train_positions, 100.0 * r.exact_labels / std::max<std::size_t>(1, r.train_positions),
                100.0 * r.searched_labels / std::max<std::size_t>(1, r.train_positions), r.train_mae,
                r.validation_mae, r.seconds);
    std::fflush(stdout);
}

// Where an interrupted fit keeps its stages: beside the output, removed once the output is written.
std::string fit_checkpoint_path(const std::string& out) { return out + ".checkpoint"; }

void run_fit(const FitCliOptions& o) {
    if (o.out.empty()) throw Error("train fit: --out FILE is required");
    const std::string checkpoint_path = fit_checkpoint_path(o.out);
    std::error_code ec;
    const bool checkpoint_exists = std::filesystem::exists(checkpoint_path, ec);
    if (!o.resume && checkpoint_exists)
        throw Error("train fit: " + checkpoint_path + " holds an interrupted fit: add --resume to continue it, "
                    "or remove the file to start again");
    if (o.resume && !checkpoint_exists)
        throw Error("train fit --resume: there is no checkpoint " + checkpoint_path + " to resume");

    const TrainingSet train = TrainingSet::load(o.data);
    const TrainingSet validation = o.validation.empty() ? TrainingSet{} : TrainingSet::load(o.validation);
    FitCheckpoint checkpoint;
    checkpoint.settings = fit_settings_text(o.trainer);
    checkpoint.train_checksum = training_set_checksum(train);
    checkpoint.validation_checksum = training_set_checksum(validation);
    if (o.resume) {
        const FitCheckpoint saved = load_fit_checkpoint(checkpoint_path);
        check_fit_checkpoint_matches(saved, checkpoint_path, checkpoint.settings, checkpoint.train_checksum,
                                     checkpoint.validation_checksum);
        checkpoint.state = saved.state;
    } else {
        checkpoint.state = TrainerState::fresh();
    }

    InterruptScope interrupt;
    ProgressDisplay status(o.quiet);
    const auto start = std::chrono::steady_clock::now();
    if (o.resume)
        status.line("resuming from " + checkpoint_path + ": stages 0-" +
                    std::to_string(checkpoint.state.stages_done - 1) + " are done");
    std::printf("stage empties  train-positions  exact  searched  train-MAE  validation-MAE  seconds\n");
    for (const StageReport& r : checkpoint.state.reports) print_stage_row(r);  // the rows of the earlier run
    TrainerHooks hooks;
    hooks.log = [&status](const std::string& line) { status.update(line); };
    hooks.should_stop = [] { return InterruptScope::requested(); };
    hooks.on_stage = [&](const StageReport& r, const TrainerState& state) {
        checkpoint.state = state;
        save_fit_checkpoint(checkpoint, checkpoint_path);
        status.line("stage " + std::to_string(r.stage) + " done (saved in " + checkpoint_path + ")");
        print_stage_row(r);
    };
    if (!train_evaluation(train, validation, o.trainer, checkpoint.state, hooks)) {
        const int done = checkpoint.state.stages_done;
        status.finish();
        if (done == 0)
            std::fprintf(stderr, "train fit: stopped by %s before the first stage was done; nothing was saved\n",
                         InterruptScope::signal_name());
        else
            std::fprintf(stderr,
                         "train fit: stopped by %s; stages 0-%d are saved in %s: run the same command with "
                         "--resume to continue\n",
                         InterruptScope::signal_name(), done - 1, checkpoint_path.c_str());
        exit_code = InterruptScope::exit_code();
        return;
    }
    status.finish();  // the status line off the terminal before the report on stdout
    const std::vector<std::int16_t>& weights = checkpoint.state.weights;
    write_file_atomic(o.out, PatternWeights(weights).serialize());
    std::filesystem::remove(checkpoint_path, ec);  // the output holds it all now
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("wrote %s (%zu weights) in %.0f s%s\n", o.out.c_str(), weights.size(), seconds,
                o.resume ? " (resumed)" : "");
}

void run_validate(const ValidateOptions& o) {
    TrainingSet validation = TrainingSet::load(o.validation);
    if (o.sample > 1) validation.sample_range(0, 60, o.sample, /*keep_solved=*/true);
    if (!active_pattern_weights()) throw Error("train validate: no pattern weights loaded (see --eval)");
    ProgressDisplay status(o.quiet);
    const auto rows = validation_report(validation, o.depth, o.threads,
                                        [&](const std::string& text) { status.update(text); });
    status.line("validation done");
    print_validation_report(rows, o.depth, stdout);
}

struct ProbeHeadOptions {
    std::string train, validation;
    bool quiet = false;
    HeadProbeOptions probe;
};

void run_probe_head(const ProbeHeadOptions& o) {
    const TrainingSet train = TrainingSet::load(o.train), validation = TrainingSet::load(o.validation);
    InterruptScope interrupt;
    ProgressDisplay status(o.quiet);
    std::printf("model      epoch  stage  empties  train-positions  train-MAE  validation-positions  validation-MAE\n");
    probe_head(
        train, validation, o.probe,
        [&](const HeadProbeEpoch& r) {
            const char* model = r.model == HeadModel::linear ? "linear" : "nonlinear";
            status.line(std::string(model) + ": epoch " + std::to_string(r.epoch) + "/" +
                        std::to_string(o.probe.epochs) + " done");
            for (int st = 0; st < patterns::kStageCount; ++st) {
                if (r.train_positions[st] == 0 && r.validation_positions[st] == 0) continue;
                const std::string empties = std::to_string(patterns::stage_min_empties(st)) + "-" +
                                            std::to_string(patterns::stage_max_empties(st));
                std::printf("%-9s  %5d  %5d  %7s  %15zu  %9.3f  %20zu  %14.3f\n", model, r.epoch, st, empties.c_str(),
                            r.train_positions[st], r.train_mae[st], r.validation_positions[st], r.validation_mae[st]);
            }
            std::fflush(stdout);
        },
        [] { return InterruptScope::requested(); }, [&](const std::string& text) { status.update(text); });
    status.finish();
    if (InterruptScope::requested()) {
        std::fprintf(stderr, "train probe-head: stopped by %s\n", InterruptScope::signal_name());
        exit_code = InterruptScope::exit_code();
    }
}

}  // namespace

void add_train(CLI::App& app) {
    auto* train = app.add_subcommand("train", "Train the pattern evaluation (see scripts/train-eval)");
    train->require_subcommand(1);

    auto data = std::make_shared<DataOptions>();
    auto* d = train->add_subcommand("data", "Collect positions from games and self-play, solve the endgame ones");
    d->add_option("--wthor", data->wthor, "WTHOR .wtb files")->check(CLI::ExistingFile);
    d->add_option("--eothello", data->eothello, "eOthello CSV files")->check(CLI::ExistingFile);
    d->add_option("--transcripts", data->transcripts, "Transcript files (one game a line)")->check(CLI::ExistingFile);
    d->add_option("--selfplay", data->selfplay, "Self-play games from random openings")->capture_default_str();
    d->add_option("--selfplay-depth", data->selfplay_depth, "Search depth of the self-play games")
        ->check(CLI::Range(1, 20))->capture_default_str();
    d->add_option("--exact-empties", data->exact_empties, "Solve every position with at most this many empties")
        ->check(CLI::Range(0, 24))->capture_default_str();
    d->add_option("--exact-all", data->exact_all,
                  "With --exact-sample: positions up to this many empties are all kept and solved")
        ->capture_default_str();
    d->add_option("--exact-sample", data->exact_sample,
                  "Keep (and solve) 1 in K positions with more than --exact-all and at most --exact-empties empties")
        ->check(CLI::Range(1, 1000))->capture_default_str();
    d->add_option("--threads", data->threads, "Worker threads")->check(CLI::Range(1, 64))->capture_default_str();
    d->add_option("--seed", data->seed, "Seed of the self-play openings")->capture_default_str();
    d->add_option("--out", data->out, "Training set file to write (an interrupted run keeps its work in FILE.checkpoint)");
    d->add_flag("--resume", data->resume,
                "Continue an interrupted run from --out's .checkpoint (same options and input files)");
    d->add_flag("--quiet,-q", data->quiet, "No progress on stderr");
    d->add_option("--solve-eval", data->solve_eval,
                  "Weights file (or none) that orders the exact solves; default: the command's evaluation. "
                  "The scores are exact either way: the same set, only the time changes");
    add_shard_options(d, data->shard);
    d->callback([data] { run_data(*data); });

    auto fit = std::make_shared<FitCliOptions>();
    auto* f = train->add_subcommand("fit", "Fit the weights stage by stage, from the end backwards");
    f->add_option("data", fit->data, "Training set (from `train data`)")->required()->check(CLI::ExistingFile);
    f->add_option("--validation", fit->validation, "Validation set (from `train data`)")->check(CLI::ExistingFile);
    f->add_option("--out", fit->out, "Weights file to write (an interrupted fit keeps its stages in FILE.checkpoint)")
        ->required();
    f->add_flag("--resume", fit->resume,
                "Continue an interrupted fit from --out's .checkpoint (same data and options; gives the same weights)");
    f->add_option("--depth", fit->trainer.search_depth, "Depth of the labelling search")
        ->check(CLI::Range(1, 12))->capture_default_str();
    f->add_option("--blend", fit->trainer.blend, "Weight of the search value against the game result")
        ->check(CLI::Range(0.0, 1.0))->capture_default_str();
    f->add_option("--overlap", fit->trainer.overlap,
                  "Also fit each stage on its neighbours' positions up to N empties beyond its range")
        ->check(CLI::Range(0, 8))
        ->capture_default_str();
    f->add_option("--overlap-weight", fit->trainer.overlap_weight, "How much each of those positions counts")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    f->add_option("--epochs", fit->trainer.fit.epochs, "Adam steps per stage")->check(CLI::Range(1, 100000))->capture_default_str();
    f->add_option("--learning-rate", fit->trainer.fit.learning_rate, "Initial Adam step (discs)")->capture_default_str();
    f->add_option("--l2", fit->trainer.fit.l2, "Ridge penalty (in positions)")->capture_default_str();
    f->add_option("--last-stage", fit->trainer.last_stage, "Train stages 0..N only (the later ones copy stage N)")
        ->check(CLI::Range(0, patterns::kStageCount - 1))->capture_default_str();
    f->add_option("--threads", fit->trainer.fit.threads, "Worker threads")->check(CLI::Range(1, 64))->capture_default_str();
    f->add_flag("--quiet,-q", fit->quiet, "No progress on stderr (the stage table still goes to stdout)");
    f->callback([fit] { run_fit(*fit); });

    auto validate = std::make_shared<ValidateOptions>();
    auto* v = train->add_subcommand("validate", "Errors of the hand-made and the active evaluation, per stage");
    v->add_option("validation", validate->validation, "Validation set (from `train data`)")->required()->check(CLI::ExistingFile);
    v->add_option("--depth", validate->depth, "Depth of the reference search for unsolved positions")
        ->check(CLI::Range(1, 30))->capture_default_str();
    v->add_option("--sample", validate->sample, "Use 1 in K of the unsolved positions (deep searches are slow)")
        ->check(CLI::Range(1, 1000))->capture_default_str();
    v->add_option("--threads", validate->threads, "Worker threads")->check(CLI::Range(1, 64))->capture_default_str();
    v->add_flag("--quiet,-q", validate->quiet, "No progress on stderr");
    v->callback([validate] { run_validate(*validate); });

    auto probe = std::make_shared<ProbeHeadOptions>();
    auto* p = train->add_subcommand(
        "probe-head", "Measure what a non-linear layer over pattern vectors gains over the linear model");
    p->add_option("data", probe->train, "Training set (from `train data`)")->required()->check(CLI::ExistingFile);
    p->add_option("--validation", probe->validation, "Validation set (from `train data`)")
        ->required()
        ->check(CLI::ExistingFile);
    p->add_option("--min-empties", probe->probe.min_empties, "Fewest empties of the positions used")
        ->check(CLI::Range(1, 60))->capture_default_str();
    p->add_option("--max-empties", probe->probe.max_empties, "Most empties of the positions used")
        ->check(CLI::Range(1, 60))->capture_default_str();
    p->add_option("--epochs", probe->probe.epochs, "Passes over the training positions, per model")
        ->check(CLI::Range(1, 1000))->capture_default_str();
    p->add_option("--dims", probe->probe.dims, "Length of each pattern configuration's vector")
        ->check(CLI::Range(1, 256))->capture_default_str();
    p->add_option("--hidden", probe->probe.hidden, "Units of the second layer")->check(CLI::Range(1, 256))->capture_default_str();
    p->add_option("--learning-rate", probe->probe.learning_rate, "Initial Adam step")->capture_default_str();
    p->add_option("--seed", probe->probe.seed, "Seed of the initial vectors and of the order of the positions")
        ->capture_default_str();
    p->add_option("--label-depth", probe->probe.label_depth,
                  "0: solved positions only; D: unsolved ones too, labelled by a depth-D search (active evaluation)")
        ->check(CLI::Range(0, 12))->capture_default_str();
    p->add_option("--validation-depth", probe->probe.validation_depth,
                  "With --label-depth: the search depth that labels the unsolved validation positions")
        ->check(CLI::Range(1, 16))->capture_default_str();
    p->add_option("--threads", probe->probe.threads, "Threads for those searches")->check(CLI::Range(1, 64))->capture_default_str();
    p->add_flag("--quiet,-q", probe->quiet, "No progress on stderr (the table still goes to stdout)");
    p->callback([probe] { run_probe_head(*probe); });
}

}  // namespace outflank::cli
