// `outflank train data|fit|validate`: the trainer of the pattern evaluation (scripts/train-eval
// runs the whole pipeline). The work is in engine/train/; this file reads
// options and files and prints progress (stderr) and reports (stdout).
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "core/error.hpp"
#include "eval/eval.hpp"
#include "eval/pattern_eval.hpp"
#include "records/records.hpp"
#include "train/trainer.hpp"
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
};

struct FitCliOptions {
    std::string data, validation, out;
    TrainerOptions trainer;
};

struct ValidateOptions {
    std::string validation;
    int sample = 1;  // 1 in this many of the positions the solver did not label
    int depth = 10;
    unsigned threads = 2;
};

class StatusLine {
public:
    void operator()(const std::string& text) {
        const auto now = std::chrono::steady_clock::now();
        if (now - last_ < std::chrono::milliseconds(200)) return;
        last_ = now;
        std::fprintf(stderr, "\r%-78.78s", text.c_str());
        std::fflush(stderr);
    }
    void done(const std::string& text) { std::fprintf(stderr, "\r%-78.78s\n", text.c_str()); }

private:
    std::chrono::steady_clock::time_point last_{};
};

std::string count_line(const char* what, std::size_t done, std::size_t total) {
    char line[120];
    std::snprintf(line, sizeof line, "%s %zu/%zu (%.0f%%)", what, done, total, total ? 100.0 * done / total : 100.0);
    return line;
}

void run_data(const DataOptions& o) {
    if (o.out.empty()) throw Error("train data: --out FILE is required");
    StatusLine status;
    TrainingSet set;
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
        status(path);
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
    status.done("read " + std::to_string(games) + " finished games (" + std::to_string(skipped) + " unfinished skipped)");
    if (o.selfplay > 0) {
        const auto played = self_play(o.selfplay, o.selfplay_depth, o.seed, o.threads, [&](std::size_t done) {
            status(count_line("self-play games", done, static_cast<std::size_t>(o.selfplay)));
        });
        for (const Game& g : played) set.add_game(g, g.final_score_black());
        status.done("self-play: " + std::to_string(played.size()) + " games at depth " + std::to_string(o.selfplay_depth));
    }
    const std::size_t before = set.positions().size();
    set.merge();
    status.done(std::to_string(before) + " positions, " + std::to_string(set.positions().size()) +
                " distinct up to symmetry");
    if (o.exact_sample > 1) {
        // Solving is the expensive step: keep only a sample of the positions between exact_all and
        // exact_empties, so that every kept position near the end still has an exact label.
        const std::size_t dropped = set.sample_range(o.exact_all + 1, o.exact_empties, o.exact_sample);
        status.done("kept 1 in " + std::to_string(o.exact_sample) + " positions with " +
                    std::to_string(o.exact_all + 1) + "-" + std::to_string(o.exact_empties) + " empties (" +
                    std::to_string(dropped) + " dropped)");
    }
    std::size_t to_solve = 0;
    for (const TrainingPosition& p : set.positions()) to_solve += p.empties() <= o.exact_empties;
    const auto start = std::chrono::steady_clock::now();
    solve_exact(set.positions(), o.exact_empties, o.threads,
                [&](std::size_t done) { status(count_line("solving", done, to_solve)); });
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    char line[160];
    std::snprintf(line, sizeof line, "solved %zu positions with <= %d empties in %.0f s", to_solve, o.exact_empties,
                  seconds);
    status.done(line);
    set.save(o.out);
    std::printf("%s: %zu positions from %zu games (+%d self-play), %zu solved exactly\n", o.out.c_str(),
                set.positions().size(), games, o.selfplay, to_solve);
}

void run_fit(const FitCliOptions& o) {
    if (o.out.empty()) throw Error("train fit: --out FILE is required");
    const TrainingSet train = TrainingSet::load(o.data);
    const TrainingSet validation = o.validation.empty() ? TrainingSet{} : TrainingSet::load(o.validation);
    StatusLine status;
    const auto start = std::chrono::steady_clock::now();
    std::printf("stage empties  train-positions  exact  searched  train-MAE  validation-MAE  seconds\n");
    const auto weights = train_evaluation(train, validation, o.trainer, status, [&](const StageReport& r) {
        status.done("stage " + std::to_string(r.stage) + " done");
        std::printf("%5d  %2d-%-2d  %15zu  %5.1f%%  %7.1f%%  %9.3f  %14.3f  %7.1f\n", r.stage, r.min_empties,
                    r.max_empties, r.train_positions, 100.0 * r.exact_labels / std::max<std::size_t>(1, r.train_positions),
                    100.0 * r.searched_labels / std::max<std::size_t>(1, r.train_positions), r.train_mae,
                    r.validation_mae, r.seconds);
        std::fflush(stdout);
    });
    PatternWeights(weights).save(o.out);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("wrote %s (%zu weights) in %.0f s\n", o.out.c_str(), weights.size(), seconds);
}

void run_validate(const ValidateOptions& o) {
    TrainingSet validation = TrainingSet::load(o.validation);
    if (o.sample > 1) validation.sample_range(0, 60, o.sample, /*keep_solved=*/true);
    if (!active_pattern_weights()) throw Error("train validate: no pattern weights loaded (see --eval)");
    StatusLine status;
    const auto rows = validation_report(validation, o.depth, o.threads,
                                        [&](const std::string& text) { status(text); });
    status.done("validation done");
    print_validation_report(rows, o.depth, stdout);
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
    d->add_option("--out", data->out, "Training set file to write")->required();
    d->callback([data] { run_data(*data); });

    auto fit = std::make_shared<FitCliOptions>();
    auto* f = train->add_subcommand("fit", "Fit the weights stage by stage, from the end backwards");
    f->add_option("data", fit->data, "Training set (from `train data`)")->required()->check(CLI::ExistingFile);
    f->add_option("--validation", fit->validation, "Validation set (from `train data`)")->check(CLI::ExistingFile);
    f->add_option("--out", fit->out, "Weights file to write")->required();
    f->add_option("--depth", fit->trainer.search_depth, "Depth of the labelling search")
        ->check(CLI::Range(1, 12))->capture_default_str();
    f->add_option("--blend", fit->trainer.blend, "Weight of the search value against the game result")
        ->check(CLI::Range(0.0, 1.0))->capture_default_str();
    f->add_option("--epochs", fit->trainer.fit.epochs, "Adam steps per stage")->check(CLI::Range(1, 100000))->capture_default_str();
    f->add_option("--learning-rate", fit->trainer.fit.learning_rate, "Initial Adam step (discs)")->capture_default_str();
    f->add_option("--l2", fit->trainer.fit.l2, "Ridge penalty (in positions)")->capture_default_str();
    f->add_option("--last-stage", fit->trainer.last_stage, "Train stages 0..N only (the later ones copy stage N)")
        ->check(CLI::Range(0, patterns::kStageCount - 1))->capture_default_str();
    f->add_option("--threads", fit->trainer.fit.threads, "Worker threads")->check(CLI::Range(1, 64))->capture_default_str();
    f->callback([fit] { run_fit(*fit); });

    auto validate = std::make_shared<ValidateOptions>();
    auto* v = train->add_subcommand("validate", "Errors of the hand-made and the active evaluation, per stage");
    v->add_option("validation", validate->validation, "Validation set (from `train data`)")->required()->check(CLI::ExistingFile);
    v->add_option("--depth", validate->depth, "Depth of the reference search for unsolved positions")
        ->check(CLI::Range(1, 30))->capture_default_str();
    v->add_option("--sample", validate->sample, "Use 1 in K of the unsolved positions (deep searches are slow)")
        ->check(CLI::Range(1, 1000))->capture_default_str();
    v->add_option("--threads", validate->threads, "Worker threads")->check(CLI::Range(1, 64))->capture_default_str();
    v->callback([validate] { run_validate(*validate); });
}

}  // namespace outflank::cli
