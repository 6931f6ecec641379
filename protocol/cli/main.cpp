// outflank: an Othello engine. Without a subcommand it speaks GTP on stdin/stdout.
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>

#include "cli/cli.hpp"
#include "cli/usage_error.hpp"
#include "core/error.hpp"
#include "eval/eval.hpp"

int main(int argc, char** argv) {
    CLI::App app{"outflank " OUTFLANK_VERSION " - an Othello (Reversi) engine", "outflank"};
    app.require_subcommand(0, 1);
    app.footer("Without a subcommand, outflank speaks GTP on stdin/stdout (options: outflank gtp --help).");
    // Global: accepted before or after the subcommand (`outflank gtp --eval none`).
    app.fallthrough();
    std::string eval_spec;
    CLI::Option* eval = app.add_option("--eval", eval_spec,
                                       "Evaluation weights file, or `none` for the hand-made evaluation (default: "
                                       "$OUTFLANK_EVAL, else eval.ofw beside the program, in ../share/outflank or "
                                       "the source tree; --version shows which)")
                               ->type_name("FILE|none");
    // --version and --man-page answer and exit before anything is loaded (their option callbacks
    // run once the whole line is parsed, before the callback below and any subcommand's).
    int version_code = 0;
    app.add_flag_callback(
        "--version,-V",
        [eval, &version_code] {
            const std::string spec = eval->count() ? eval->as<std::string>() : std::string();
            version_code = outflank::cli::version_report(spec, std::cout);
            throw CLI::Success();
        },
        "Print the version and the weights and book files in use, then exit");
    app.add_flag_callback(
           "--man-page",
           [&app] {
               std::cout << outflank::cli::man_page(app);
               throw CLI::Success();
           },
           "Print the manual page (troff) and exit")
        ->group("");  // hidden: the build makes outflank.1 with it
    // Runs after parsing and before the subcommand's callback, so every command sees the choice.
    app.parse_complete_callback([&eval_spec] { outflank::select_evaluation(eval_spec); });
    outflank::cli::add_perft(app);
    outflank::cli::add_gtp(app);
    outflank::cli::add_solve(app);
    outflank::cli::add_search(app);
    outflank::cli::add_bench(app);
    outflank::cli::add_tune(app);
    outflank::cli::add_match(app);
    outflank::cli::add_train(app);
    outflank::cli::add_nboard(app);
    outflank::cli::add_analyze(app);
    outflank::cli::add_board(app);
    outflank::cli::add_book(app);
    outflank::cli::add_play(app);
    outflank::cli::add_merge(app);
    try {
        app.parse(argc, argv);
        // No subcommand: speak GTP, so GUIs can start the plain binary as an engine.
        if (app.get_subcommands().empty()) return outflank::cli::run_gtp_default();
    } catch (const CLI::ParseError& e) {
        // --help, --version and --man-page come this way too (--version may report an unusable file).
        if (e.get_exit_code() == 0) return version_code ? version_code : app.exit(e);
        return outflank::cli::report_usage_error(app, e, argc, argv);
    } catch (const outflank::Error& e) {
        std::fprintf(stderr, "outflank: %s\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "outflank: internal error: %s\n", e.what());
        return 3;
    }
    return outflank::cli::exit_code;
}
