#include "analysis/svg_diagrams.hpp"

#include <algorithm>
#include <cstdlib>

#include "analysis/board_text.hpp"
#include "core/notation.hpp"
#include "common/search_format.hpp"
#include "analysis/svg.hpp"

namespace outflank {
namespace {

using N = SvgWriter;

std::string player_name(Color c) { return c == Color::Black ? "black" : "white"; }

// The smallest of 8, 16, 32, 64 that holds every score, so a quiet game is not drawn flat.
int score_range(const std::vector<int>& scores) {
    int most = 0;
    for (int s : scores) most = std::max(most, std::abs(s));
    int range = 8;
    while (range < most && range < 64) range *= 2;
    return range;
}

std::string result_text(const Game& game) {
    if (!game.is_over()) return "unfinished";
    const int s = game.final_score_black();
    return s == 0 ? "draw" : final_score_string(s);
}

}  // namespace

std::vector<const MoveAnalysis*> worst_marked_moves(const GameAnalysis& analysis, std::size_t count) {
    std::vector<const MoveAnalysis*> marked;
    for (const MoveAnalysis& a : analysis.moves)
        if (a.mark != Mark::None) marked.push_back(&a);
    std::stable_sort(marked.begin(), marked.end(), [](const MoveAnalysis* x, const MoveAnalysis* y) { return x->loss > y->loss; });
    if (marked.size() > count) marked.resize(count);
    std::sort(marked.begin(), marked.end(), [](const MoveAnalysis* x, const MoveAnalysis* y) { return x->number < y->number; });
    return marked;
}

std::string evaluation_graph_svg(const GameAnalysis& analysis, const PlayerNames& players) {
    const auto& moves = analysis.moves;
    const int count = std::max<int>(1, static_cast<int>(moves.size()));
    constexpr int width = 760, height = 420;
    constexpr int left = 72, right = 20, top = 62, bottom = 64;
    const double plot_w = width - left - right, plot_h = height - top - bottom;
    // A label under every move of a short game, every 5th or 10th of longer ones: about 12-30 labels.
    const int move_step = count <= 12 ? 1 : count <= 30 ? 5 : 10;

    // Point k is black's score after move k; point 0 is the start position's best score.
    std::vector<int> points;
    if (!moves.empty()) {
        const MoveAnalysis& first = moves.front();
        points.push_back(first.player() == Color::Black ? first.best_score : -first.best_score);
    }
    for (const MoveAnalysis& a : moves) points.push_back(a.score_black_after());
    const int range = score_range(points);
    auto x_of = [&](double k) { return left + plot_w * k / count; };
    auto y_of = [&](double s) { return top + plot_h * (range - s) / (2.0 * range); };

    SvgWriter svg(width, height);
    svg.element("rect", {{"x", "0"}, {"y", "0"}, {"width", N::number(width)}, {"height", N::number(height)},
                         {"fill", "#ffffff"}});
    const std::string black = players.black.empty() ? "Black" : players.black + " (black)";
    const std::string white = players.white.empty() ? "White" : players.white + " (white)";
    svg.element("text", {{"x", N::number(left)}, {"y", "24"}, {"font-family", "sans-serif"}, {"font-size", "16"},
                         {"class", "title"}},
                black + " vs " + white + ": " + result_text(analysis.game) + ", " + std::to_string(moves.size()) +
                    " moves");
    svg.element("text", {{"x", N::number(left)}, {"y", "44"}, {"font-family", "sans-serif"}, {"font-size", "12"},
                         {"fill", "#555555"}, {"class", "subtitle"}},
                "Evaluation after each move: above 0 black is ahead, below 0 white");

    // The exactly solved part of the game.
    const auto first_exact = std::find_if(moves.begin(), moves.end(), [](const MoveAnalysis& a) { return a.exact; });
    if (first_exact != moves.end()) {
        const double x0 = x_of(first_exact->number - 1);
        svg.element("rect", {{"class", "exact-zone"}, {"x", N::number(x0)}, {"y", N::number(top)},
                             {"width", N::number(x_of(count) - x0)}, {"height", N::number(plot_h)},
                             {"fill", "#eef3fb"}});
        svg.element("text", {{"x", N::number(x0 + 4)}, {"y", N::number(top + 14)}, {"font-family", "sans-serif"},
                             {"font-size", "11"}, {"fill", "#5577aa"}},
                    "exact");
    }

    // Grid: a line every quarter of the range, one every 10 moves.
    svg.open("g", {{"class", "grid"}, {"stroke", "#dddddd"}, {"stroke-width", "1"}});
    for (int i = -2; i <= 2; ++i) {
        const double y = y_of(range * i / 2.0);
        svg.element("line", {{"x1", N::number(left)}, {"y1", N::number(y)}, {"x2", N::number(x_of(count))},
                             {"y2", N::number(y)}});
    }
    for (int k = move_step; k < count; k += move_step)
        svg.element("line", {{"x1", N::number(x_of(k))}, {"y1", N::number(top)}, {"x2", N::number(x_of(k))},
                             {"y2", N::number(top + plot_h)}});
    svg.close();

    svg.open("g", {{"class", "axis"}, {"font-family", "sans-serif"}, {"font-size", "11"}, {"fill", "#444444"}});
    svg.element("line", {{"x1", N::number(left)}, {"y1", N::number(y_of(0))}, {"x2", N::number(x_of(count))},
                         {"y2", N::number(y_of(0))}, {"stroke", "#888888"}});
    svg.element("rect", {{"x", N::number(left)}, {"y", N::number(top)}, {"width", N::number(plot_w)},
                         {"height", N::number(plot_h)}, {"fill", "none"}, {"stroke", "#888888"}});
    for (int i = -2; i <= 2; ++i) {
        const int s = range * i / 2;
        svg.element("text", {{"x", N::number(left - 6)}, {"y", N::number(y_of(s) + 4)}, {"text-anchor", "end"}},
                    score_string(s));
    }
    for (int k = 0; k <= count; k += move_step)
        svg.element("text", {{"x", N::number(x_of(k))}, {"y", N::number(top + plot_h + 16)}, {"text-anchor", "middle"}},
                    std::to_string(k));
    svg.close();
    svg.open("g", {{"class", "axis-title"}, {"font-family", "sans-serif"}, {"font-size", "12"}, {"fill", "#444444"},
                   {"text-anchor", "middle"}});
    svg.element("text", {{"x", N::number(left + plot_w / 2)}, {"y", N::number(top + plot_h + 32)}}, "move");
    const double mid_y = top + plot_h / 2;
    svg.element("text", {{"x", "18"}, {"y", N::number(mid_y)},
                         {"transform", "rotate(-90 18 " + N::number(mid_y) + ")"}},
                "discs ahead for black");
    svg.close();

    std::string coords;
    for (std::size_t k = 0; k < points.size(); ++k) {
        if (!coords.empty()) coords += ' ';
        coords += N::number(x_of(static_cast<double>(k))) + "," + N::number(y_of(points[k]));
    }
    if (!points.empty())
        svg.element("polyline", {{"class", "score"}, {"points", coords}, {"fill", "none"}, {"stroke", "#222222"},
                                 {"stroke-width", "2"}, {"stroke-linejoin", "round"}});

    for (const MoveAnalysis& a : moves) {
        if (a.mark == Mark::None) continue;
        const bool blunder = a.mark == Mark::Blunder;
        svg.open("circle", {{"class", mark_name(a.mark)}, {"cx", N::number(x_of(a.number))},
                            {"cy", N::number(y_of(a.score_black_after()))}, {"r", blunder ? "6" : "4.5"},
                            {"fill", blunder ? "#d62728" : "#ff9f1a"}, {"stroke", "#ffffff"}});
        svg.element("title", {},
                    std::to_string(a.number) + ". " + player_name(a.player()) + " " + square_name(a.played) + " (" +
                        mark_name(a.mark) + ", loses " + std::to_string(a.loss) + "; best " + square_name(a.best) +
                        " " + score_string(a.best_score) + ")");
        svg.close();
    }

    // The worst marks labelled in plain sight ("23. e3 -8": move number, move, discs lost), so
    // that a printed or embedded picture tells them without a mouse over the circles.
    // A white halo under the letters keeps them readable where the curve or a grid line runs.
    svg.open("g", {{"class", "mark-label"}, {"font-family", "sans-serif"}, {"font-size", "11"}, {"fill", "#222222"},
                   {"text-anchor", "middle"}, {"stroke", "#ffffff"}, {"stroke-width", "3"}, {"paint-order", "stroke"}});
    for (const MoveAnalysis* a : worst_marked_moves(analysis, 3)) {
        const double y = y_of(a->score_black_after());
        // Away from the middle line, where the curve mostly runs; kept inside the plot.
        const double label_y = y < mid_y ? y + 18 : y - 10;
        const double label_x = std::clamp(x_of(a->number), left + 30.0, left + plot_w - 30.0);
        svg.element("text", {{"x", N::number(label_x)}, {"y", N::number(label_y)}},
                    std::to_string(a->number) + ". " + square_name(a->played) + " -" + std::to_string(a->loss));
    }
    svg.close();

    // Legend.
    const double ly = height - 14;
    svg.open("g", {{"class", "legend"}, {"font-family", "sans-serif"}, {"font-size", "12"}, {"fill", "#444444"}});
    svg.element("circle", {{"cx", N::number(left + 6)}, {"cy", N::number(ly - 4)}, {"r", "4.5"}, {"fill", "#ff9f1a"}});
    svg.element("text", {{"x", N::number(left + 16)}, {"y", N::number(ly)}},
                "mistake (loses " + std::to_string(kMistakeLoss) + "-" + std::to_string(kBlunderLoss - 1) + ")");
    svg.element("circle", {{"cx", N::number(left + 156)}, {"cy", N::number(ly - 4)}, {"r", "6"}, {"fill", "#d62728"}});
    svg.element("text", {{"x", N::number(left + 166)}, {"y", N::number(ly)}},
                "blunder (loses " + std::to_string(kBlunderLoss) + "+)");
    svg.element("text", {{"x", N::number(left + 300)}, {"y", N::number(ly)}},
                "discs lost: black " + std::to_string(analysis.black.total_loss) + ", white " +
                    std::to_string(analysis.white.total_loss));
    svg.close();
    return svg.finish();
}

std::string board_svg(const BoardPicture& picture) {
    constexpr int cell = 50, margin = 28, board = 8 * cell;
    constexpr int width = board + 2 * margin, height = board + 2 * margin + 28;
    const Position& pos = picture.position;
    auto centre = [&](int index) { return margin + cell * index + cell / 2.0; };

    SvgWriter svg(width, height);
    svg.element("rect", {{"x", "0"}, {"y", "0"}, {"width", N::number(width)}, {"height", N::number(height)},
                         {"fill", "#ffffff"}});
    svg.element("rect", {{"class", "board"}, {"x", N::number(margin)}, {"y", N::number(margin)},
                         {"width", N::number(board)}, {"height", N::number(board)}, {"fill", "#2e8b57"},
                         {"stroke", "#000000"}, {"stroke-width", "2"}});
    svg.open("g", {{"class", "grid"}, {"stroke", "#000000"}, {"stroke-width", "1"}});
    for (int i = 1; i < 8; ++i) {
        const std::string p = N::number(margin + cell * i);
        svg.element("line", {{"x1", p}, {"y1", N::number(margin)}, {"x2", p}, {"y2", N::number(margin + board)}});
        svg.element("line", {{"x1", N::number(margin)}, {"y1", p}, {"x2", N::number(margin + board)}, {"y2", p}});
    }
    for (int gx : {2, 6})
        for (int gy : {2, 6})
            svg.element("circle", {{"cx", N::number(margin + cell * gx)}, {"cy", N::number(margin + cell * gy)},
                                   {"r", "4"}, {"fill", "#000000"}});
    svg.close();

    svg.open("g", {{"class", "coordinates"}, {"font-family", "sans-serif"}, {"font-size", "14"},
                   {"text-anchor", "middle"}, {"fill", "#333333"}});
    for (int i = 0; i < 8; ++i) {
        const std::string file(1, static_cast<char>('a' + i)), rank(1, static_cast<char>('1' + i));
        svg.element("text", {{"x", N::number(centre(i))}, {"y", N::number(margin - 9)}}, file);
        svg.element("text", {{"x", N::number(centre(i))}, {"y", N::number(margin + board + 19)}}, file);
        svg.element("text", {{"x", N::number(margin / 2.0)}, {"y", N::number(centre(i) + 5)}}, rank);
        svg.element("text", {{"x", N::number(margin + board + margin / 2.0)}, {"y", N::number(centre(i) + 5)}}, rank);
    }
    svg.close();

    for (int sq = 0; sq < 64; ++sq) {
        const bool black = pos.black() & bit(sq), white = pos.white() & bit(sq);
        if (!black && !white) continue;
        svg.element("circle", {{"class", black ? "disc black" : "disc white"}, {"cx", N::number(centre(sq % 8))},
                               {"cy", N::number(centre(sq / 8))}, {"r", "21"},
                               {"fill", black ? "#111111" : "#f8f8f8"}, {"stroke", "#000000"}});
    }
    if (picture.last_move >= 0 && picture.last_move < 64)
        svg.element("circle", {{"class", "last-move"}, {"cx", N::number(centre(picture.last_move % 8))},
                               {"cy", N::number(centre(picture.last_move / 8))}, {"r", "5"}, {"fill", "#e53935"}});

    if (!picture.scores.empty()) {
        int best = -65;
        for (const MoveScore& m : picture.scores) best = std::max(best, m.score);
        svg.open("g", {{"font-family", "sans-serif"}, {"font-size", "16"}, {"font-weight", "bold"},
                       {"text-anchor", "middle"}});
        for (const MoveScore& m : picture.scores) {
            if (m.move < 0 || m.move >= 64) continue;
            const bool is_best = m.score == best;
            svg.element("text", {{"class", is_best ? "move-score best" : "move-score"},
                                 {"x", N::number(centre(m.move % 8))}, {"y", N::number(centre(m.move / 8) + 6)},
                                 {"fill", is_best ? "#ffeb3b" : "#e0f2e9"}},
                        score_string(m.score));
        }
        svg.close();
    } else if (picture.show_legal_moves) {
        for (Square sq : squares(pos.moves()))
            svg.element("circle", {{"class", "legal"}, {"cx", N::number(centre(sq % 8))},
                                   {"cy", N::number(centre(sq / 8))}, {"r", "6"}, {"fill", "#000000"},
                                   {"fill-opacity", "0.3"}});
    }

    const std::string caption = board_caption(picture);
    svg.element("text", {{"class", "caption"}, {"x", N::number(margin)}, {"y", N::number(height - 12)},
                         {"font-family", "sans-serif"}, {"font-size", "14"}, {"fill", "#222222"}},
                caption);
    return svg.finish();
}

}  // namespace outflank
