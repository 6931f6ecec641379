// `outflank board [--position "<64> X"] [--moves f5d6...] [--svg FILE] [--legal] [--scores
//                 [--depth D | --exact]] [--quiet]`: a board diagram, as text or as an SVG picture; both
// show the same things (board_text.hpp), scores on the squares included.
#include <cstdio>
#include <memory>
#include <string>

#include "search/analysis.hpp"
#include "cli/cli.hpp"
#include "search/engine.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "core/game.hpp"
#include "core/notation.hpp"
#include "common/progress.hpp"
#include "common/search_format.hpp"
#include "analysis/board_text.hpp"
#include "analysis/svg_diagrams.hpp"

namespace outflank::cli {
namespace {

struct BoardOptions {
    std::string position;
    std::string moves;
    std::string svg;
    bool legal = false;
    bool scores = false;
    int depth = 12;
    bool exact = false;
    bool depth_given = false;
    bool quiet = false;
};

void run_board(const BoardOptions& opt) {
    if (opt.exact && !opt.scores) throw Error("board: --exact goes with --scores");
    // A depth would be silently ignored without scores to search for.
    if (opt.depth_given && !opt.scores) throw Error("board: --depth goes with --scores");
    if (opt.depth_given && opt.exact) throw Error("board: give --depth or --exact, not both");
    if (!opt.svg.empty() && opt.svg != "-") check_writable(opt.svg);  // before any scoring search
    Position start = Position::start();
    if (!opt.position.empty()) {
        try {
            start = parse_position(opt.position);
        } catch (const Error& e) {
            throw Error(std::string("board: --position: ") + e.what());
        }
    }
    const Game game = Game::from_transcript(opt.moves, start);

    BoardPicture picture;
    picture.position = game.position();
    picture.show_legal_moves = opt.legal;
    for (auto it = game.moves().rbegin(); it != game.moves().rend(); ++it) {
        if (*it == kPass) continue;
        picture.last_move = *it;
        break;
    }
    if (opt.scores) {
        Engine engine(64);
        AnalysisSettings settings;
        settings.depth = opt.depth;
        ProgressDisplay progress(opt.quiet);
        PositionAnalysis analysis;
        {
            // As in analyze: nothing is reported until every move is scored.
            SearchHeartbeat status(progress, "board: scoring " + std::to_string(popcount(picture.position.moves())) +
                                                 " moves");
            analysis = analyze_position(engine, picture.position, settings, opt.exact);
        }
        progress.finish();
        for (const MoveScore& m : analysis.moves)
            if (m.move != kPass) picture.scores.push_back(m);
    }

    if (opt.svg.empty()) {
        const std::string text = board_text(picture);
        std::fwrite(text.data(), 1, text.size(), stdout);
        return;
    }
    const std::string svg = board_svg(picture);
    if (opt.svg == "-") {
        std::fwrite(svg.data(), 1, svg.size(), stdout);
        return;
    }
    write_file_atomic(opt.svg, svg);
}

}  // namespace

void add_board(CLI::App& app) {
    auto opt = std::make_shared<BoardOptions>();
    CLI::App* sub = app.add_subcommand("board", "Draw a board diagram (text, or an SVG picture with --svg)");
    sub->add_option("--position,-p", opt->position, "The position: 64 squares (X O -) and the side (default: start)");
    sub->add_option("--moves,-m", opt->moves, "Moves played from the position first; the last one is marked");
    sub->add_option("--svg", opt->svg, "Write an SVG picture to FILE (- for stdout) instead of the text diagram");
    sub->add_flag("--legal", opt->legal, "Mark the legal moves of the side to move");
    sub->add_flag("--scores", opt->scores, "Write each legal move's score on its square (searches the position)");
    CLI::Option* depth =
        sub->add_option("--depth,-d", opt->depth, "Depth of the --scores search (default 12)")->check(CLI::Range(1, 60));
    sub->add_flag("--exact", opt->exact, "Solve the --scores exactly");
    sub->add_flag("--quiet,-q", opt->quiet, "No progress on stderr while --scores searches");
    sub->callback([opt, depth] {
        opt->depth_given = depth->count() > 0;
        run_board(*opt);
    });
}

}  // namespace outflank::cli
