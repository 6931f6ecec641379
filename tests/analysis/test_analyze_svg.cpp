// The SVG pictures: well-formed XML (checked by a small parser here, which must itself reject
// broken documents) with the elements each picture promises.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "search/analysis.hpp"
#include "support/analyze_support.hpp"
#include "search/engine.hpp"
#include "core/game.hpp"
#include "core/notation.hpp"
#include "analysis/svg.hpp"
#include "analysis/svg_diagrams.hpp"

using namespace outflank;
using outflank::test::elements;
using outflank::test::XmlChecker;

TEST_CASE("the XML checker rejects what is not well-formed", "[svg]") {
    CHECK_NOTHROW(XmlChecker::parse("<?xml version=\"1.0\"?>\n<a x=\"1\"><b/>t &amp; u<!-- c --></a>\n"));
    CHECK_THROWS(XmlChecker::parse("<a><b></a></b>"));
    CHECK_THROWS(XmlChecker::parse("<a x=1/>"));
    CHECK_THROWS(XmlChecker::parse("<a x=\"1\" x=\"2\"/>"));
    CHECK_THROWS(XmlChecker::parse("<a>&nbsp;</a>"));
    CHECK_THROWS(XmlChecker::parse("<a>1 < 2</a>"));
    CHECK_THROWS(XmlChecker::parse("<a/><b/>"));
    CHECK_THROWS(XmlChecker::parse("<a>"));
    CHECK_THROWS(XmlChecker::parse("<a x=\"1\"y=\"2\"/>"));
}

TEST_CASE("the SVG writer escapes text and attributes and closes what it opened", "[svg]") {
    SvgWriter svg(10, 20);
    svg.open("g", {{"class", "a\"b<c>&'"}});
    svg.element("text", {{"x", SvgWriter::number(1.5)}}, "1 < 2 & \"3\"\x01");
    svg.open("g");
    const std::string doc = svg.finish();
    const auto root = XmlChecker::parse(doc);
    CHECK(root->name == "svg");
    CHECK(root->attributes.at("xmlns") == "http://www.w3.org/2000/svg");
    CHECK(root->attributes.at("viewBox") == "0 0 10 20");
    const auto texts = elements(*root, "text");
    REQUIRE(texts.size() == 1);
    CHECK(texts[0]->text == "1 < 2 & \"3\"");
    CHECK(texts[0]->attributes.at("x") == "1.50");
    CHECK(elements(*root, "g")[0]->attributes.at("class") == "a\"b<c>&'");
    CHECK(SvgWriter::number(-3) == "-3");
}

TEST_CASE("the evaluation graph: a point per move, every mistake and blunder marked", "[svg]") {
    AnalysisSettings settings;
    settings.depth = 2;
    settings.exact_from = 12;
    Engine engine(8);
    const Game game = Game::from_transcript(
        "f5d6c4d3e6f4e3f6c5b4e7f3c6d7b5a5c3b3g5h5g4h4e2g6b6d8c7c8a4a6a7f1a3c2d2b2e1b7g3h3f2d1a1a2b1a8c1g1f7g8e8f8b8g7h8h7h6h2g2h1");
    const GameAnalysis a = analyze_game(engine, game, settings);
    const std::string svg = evaluation_graph_svg(a);
    const auto root = XmlChecker::parse(svg);
    CHECK(root->name == "svg");

    const auto lines = elements(*root, "polyline", "score");
    REQUIRE(lines.size() == 1);
    std::size_t points = 0;
    for (char c : lines[0]->attributes.at("points")) points += c == ',';
    CHECK(points == a.moves.size() + 1);  // the start, then after each move

    int mistakes = 0, blunders = 0;
    for (const MoveAnalysis& m : a.moves) {
        mistakes += m.mark == Mark::Mistake;
        blunders += m.mark == Mark::Blunder;
    }
    CHECK(mistakes + blunders > 0);  // the game has some at depth 2, so the marks are tested
    const auto mistake_marks = elements(*root, "circle", "mistake");
    const auto blunder_marks = elements(*root, "circle", "blunder");
    CHECK(static_cast<int>(mistake_marks.size()) == mistakes);
    CHECK(static_cast<int>(blunder_marks.size()) == blunders);
    for (const auto* mark : blunder_marks) {
        const auto titles = elements(*mark, "title");
        REQUIRE(titles.size() == 1);
        CHECK(titles[0]->text.find("blunder, loses") != std::string::npos);
    }
    CHECK(elements(*root, "rect", "exact-zone").size() == 1);
    CHECK(elements(*root, "text", "title")[0]->text.find("B+28") != std::string::npos);
    // Both axes say what they measure; the worst marks are labelled in plain sight.
    const auto axis_titles = elements(*root, "g", "axis-title");
    REQUIRE(axis_titles.size() == 1);
    CHECK(elements(*axis_titles[0], "text").size() == 2);
    const auto worst = worst_marked_moves(a, 3);
    CHECK(worst.size() == std::min<std::size_t>(3, static_cast<std::size_t>(mistakes + blunders)));
    const auto label_group = elements(*root, "g", "mark-label");
    REQUIRE(label_group.size() == 1);
    const auto labels = elements(*label_group[0], "text");
    REQUIRE(labels.size() == worst.size());
    for (std::size_t i = 0; i < worst.size(); ++i)
        CHECK(labels[i]->text == std::to_string(worst[i]->number) + ". " + square_name(worst[i]->played) + " -" +
                                     std::to_string(worst[i]->loss));
    int worst_kept = 100, best_dropped = 0;
    for (const MoveAnalysis& m : a.moves) {
        if (m.mark == Mark::None) continue;
        const bool kept = std::find(worst.begin(), worst.end(), &m) != worst.end();
        if (kept) worst_kept = std::min(worst_kept, m.loss);
        else best_dropped = std::max(best_dropped, m.loss);
    }
    CHECK(worst_kept >= best_dropped);  // no dropped mark loses more than a labelled one
    // A long game is labelled every 10 moves.
    const auto axis = elements(*root, "g", "axis");
    REQUIRE(axis.size() == 1);
    CHECK(elements(*axis[0], "text").size() == 5 + 7);  // 5 scores; moves 0, 10, ..., 60

    // Named players in the title.
    const auto named = XmlChecker::parse(evaluation_graph_svg(a, {"Alice", "Bob"}));
    CHECK(elements(*named, "text", "title")[0]->text.starts_with("Alice (black) vs Bob (white): B+28"));

    // A short game gets a label under every move.
    const GameAnalysis short_game = analyze_game(engine, Game::from_transcript("f5d6c3d3c4"), settings);
    const auto short_root = XmlChecker::parse(evaluation_graph_svg(short_game));
    CHECK(elements(*elements(*short_root, "g", "axis")[0], "text").size() == 5 + 6);  // moves 0-5

    // An empty analysis (a game without moves) still draws a valid picture.
    const GameAnalysis empty = analyze_game(engine, Game(), settings);
    const auto empty_root = XmlChecker::parse(evaluation_graph_svg(empty));
    CHECK(elements(*empty_root, "polyline").empty());
}

TEST_CASE("the board diagram: coordinates, discs, the last move, legal moves or scores", "[svg]") {
    const Game game = Game::from_transcript("f5d6c3d3c4");
    BoardPicture picture;
    picture.position = game.position();
    picture.last_move = parse_square("c4");
    picture.show_legal_moves = true;
    const auto root = XmlChecker::parse(board_svg(picture));
    CHECK(root->name == "svg");
    CHECK(elements(*root, "rect", "board").size() == 1);
    CHECK(elements(*root, "circle", "black").size() == static_cast<std::size_t>(popcount(game.position().black())));
    CHECK(elements(*root, "circle", "white").size() == static_cast<std::size_t>(popcount(game.position().white())));
    CHECK(elements(*root, "circle", "disc").size() == static_cast<std::size_t>(game.position().disc_count()));
    CHECK(elements(*root, "circle", "last-move").size() == 1);
    CHECK(elements(*root, "circle", "legal").size() == static_cast<std::size_t>(popcount(game.position().moves())));
    std::string letters;
    for (const auto* t : elements(*root.get(), "g", "coordinates"))
        for (const auto& child : t->children) letters += child->text;
    CHECK(letters.find("aa11bb22") != std::string::npos);  // each letter and number twice
    CHECK(elements(*root, "text", "caption")[0]->text.find("White to move; last move c4") != std::string::npos);

    picture.scores = {{parse_square("f4"), 3, false}, {parse_square("c5"), 3, false}, {parse_square("b4"), -2, false}};
    const auto scored = XmlChecker::parse(board_svg(picture));
    CHECK(elements(*scored, "text", "move-score").size() == 3);
    CHECK(elements(*scored, "text", "best").size() == 2);
    CHECK(elements(*scored, "circle", "legal").empty());  // scores replace the dots
}
