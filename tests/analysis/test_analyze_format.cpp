// The analysis formats: JSON documents checked field by field against the schema documented in
// README.md ("Analysis"), CSV (header and one row per move), and the readable table.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "search/analysis.hpp"
#include "analysis/analysis_format.hpp"
#include "support/analyze_support.hpp"
#include "search/engine.hpp"
#include "core/game.hpp"
#include "core/notation.hpp"

using namespace outflank;
using outflank::test::JsonParser;
using outflank::test::JsonValue;
using Type = JsonValue::Type;

namespace {

// A short game with a mistake or two at depth 3: d3 is a poor reply for white at move 4.
const char* const kGame = "f5d6c3d3c4f4f6f3e6e7";

enum class Kind { Int, Number, String, Bool, Object, Array, IntOrNull, StringOrNull };

struct Field {
    const char* name;
    Kind kind;
};

bool has_kind(const JsonValue& v, Kind kind) {
    switch (kind) {
        case Kind::Int: return v.type == Type::Number && v.integer;
        case Kind::Number: return v.type == Type::Number;
        case Kind::String: return v.type == Type::String;
        case Kind::Bool: return v.type == Type::Bool;
        case Kind::Object: return v.type == Type::Object;
        case Kind::Array: return v.type == Type::Array;
        case Kind::IntOrNull: return v.type == Type::Null || (v.type == Type::Number && v.integer);
        case Kind::StringOrNull: return v.type == Type::Null || v.type == Type::String;
    }
    return false;
}

// The object has exactly these fields, in this order, with these types.
void check_schema(const JsonValue& v, const std::vector<Field>& fields) {
    REQUIRE(v.type == Type::Object);
    std::vector<std::string> expected;
    for (const Field& f : fields) expected.push_back(f.name);
    CHECK(v.keys() == expected);
    for (const Field& f : fields) {
        INFO("field " << f.name);
        if (v.has(f.name)) CHECK(has_kind(v[f.name], f.kind));
    }
}

const std::vector<Field> kSettings = {
    {"depth", Kind::Int}, {"time", Kind::Number}, {"exact_from", Kind::Int}, {"selective", Kind::Bool}};
const std::vector<Field> kTotals = {{"moves", Kind::Int},
                                    {"total_loss", Kind::Int},
                                    {"average_loss", Kind::Number},
                                    {"mistakes", Kind::Int},
                                    {"blunders", Kind::Int}};
const std::vector<Field> kRow = {
    {"move", Kind::Int},       {"ply", Kind::Int},        {"player", Kind::String},       {"empties", Kind::Int},
    {"position", Kind::String}, {"played", Kind::String},  {"played_score", Kind::Int},    {"best", Kind::String},
    {"best_score", Kind::Int},  {"loss", Kind::Int},       {"mark", Kind::String},         {"exact", Kind::Bool},
    {"depth", Kind::Int},       {"score_black", Kind::Int}, {"nodes", Kind::Int},          {"seconds", Kind::Number}};

std::vector<Field> game_fields(bool with_line) {
    std::vector<Field> f;
    if (with_line) f.push_back({"line", Kind::Int});
    for (const Field& x : std::vector<Field>{{"type", Kind::String},
                                             {"start", Kind::String},
                                             {"moves", Kind::String},
                                             {"settings", Kind::Object},
                                             {"finished", Kind::Bool},
                                             {"final_score_black", Kind::IntOrNull},
                                             {"analysis", Kind::Array},
                                             {"totals", Kind::Object},
                                             {"nodes", Kind::Int},
                                             {"seconds", Kind::Number}})
        f.push_back(x);
    return f;
}

std::vector<Field> position_fields(bool with_line) {
    std::vector<Field> f;
    if (with_line) f.push_back({"line", Kind::Int});
    for (const Field& x : std::vector<Field>{{"type", Kind::String},
                                             {"position", Kind::String},
                                             {"player", Kind::String},
                                             {"empties", Kind::Int},
                                             {"game_over", Kind::Bool},
                                             {"exact", Kind::Bool},
                                             {"settings", Kind::Object},
                                             {"best_move", Kind::StringOrNull},
                                             {"score", Kind::Int},
                                             {"moves", Kind::Array},
                                             {"seconds", Kind::Number}})
        f.push_back(x);
    return f;
}

GameAnalysis analysed_game(const char* transcript, int depth = 3) {
    AnalysisSettings settings;
    settings.depth = depth;
    Engine engine(8);
    return analyze_game(engine, Game::from_transcript(transcript), settings);
}

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> out;
    std::string item;
    std::istringstream in(text);
    while (std::getline(in, item, sep)) out.push_back(item);
    return out;
}

}  // namespace

TEST_CASE("game JSON follows the documented schema", "[analyze_format]") {
    const GameAnalysis a = analysed_game(kGame);
    for (int line : {0, 12}) {
        const std::string text = game_analysis_json(a, line);
        REQUIRE(text.ends_with("}\n"));
        CHECK(text.find('\n') == text.size() - 1);  // one line: JSON Lines ready
        const JsonValue doc = JsonParser::parse(text);
        check_schema(doc, game_fields(line > 0));
        if (line > 0) CHECK(doc["line"].number == 12);
        CHECK(doc["type"].string == "game");
        CHECK(doc["start"].string == position_string(Position::start()));
        CHECK(doc["moves"].string == kGame);
        check_schema(doc["settings"], kSettings);
        CHECK(doc["settings"]["depth"].number == 3);
        CHECK(doc["settings"]["exact_from"].number == 20);
        CHECK_FALSE(doc["finished"].boolean);
        CHECK(doc["final_score_black"].type == Type::Null);
        const auto& rows = doc["analysis"].array;
        REQUIRE(rows.size() == 10);
        for (std::size_t k = 0; k < rows.size(); ++k) {
            INFO("row " << k);
            check_schema(rows[k], kRow);
            const MoveAnalysis& m = a.moves[k];
            CHECK(rows[k]["move"].number == m.number);
            CHECK(rows[k]["player"].string == (k % 2 == 0 ? "black" : "white"));
            CHECK(rows[k]["position"].string == position_string(m.position));
            CHECK(rows[k]["played"].string == std::string(kGame).substr(2 * k, 2));
            CHECK(rows[k]["loss"].number == m.loss);
            CHECK(rows[k]["loss"].number == rows[k]["best_score"].number - rows[k]["played_score"].number);
            CHECK(rows[k]["mark"].string == mark_name(m.mark));
            CHECK(rows[k]["score_black"].number == m.score_black_after());
        }
        check_schema(doc["totals"], {{"black", Kind::Object}, {"white", Kind::Object}});
        check_schema(doc["totals"]["black"], kTotals);
        check_schema(doc["totals"]["white"], kTotals);
        CHECK(doc["totals"]["white"]["total_loss"].number == a.white.total_loss);
    }
    // A finished game carries its result.
    const JsonValue wipeout = JsonParser::parse(game_analysis_json(analysed_game("e6f4e3f6g5d6e7f5c5", 2)));
    CHECK(wipeout["finished"].boolean);
    CHECK(wipeout["final_score_black"].number == 64);
}

TEST_CASE("position JSON follows the documented schema", "[analyze_format]") {
    Engine engine(8);
    AnalysisSettings settings;
    settings.depth = 2;
    const PositionAnalysis p = analyze_position(engine, Position::start(), settings);
    const JsonValue doc = JsonParser::parse(position_analysis_json(p, 3));
    check_schema(doc, position_fields(true));
    CHECK(doc["type"].string == "position");
    CHECK(doc["player"].string == "black");
    CHECK(doc["empties"].number == 60);
    check_schema(doc["settings"], kSettings);
    CHECK(doc["best_move"].string == square_name(p.moves.front().move));
    CHECK(doc["score"].number == p.moves.front().score);
    REQUIRE(doc["moves"].array.size() == 4);
    for (const JsonValue& m : doc["moves"].array)
        check_schema(m, {{"move", Kind::String}, {"score", Kind::Int}, {"exact", Kind::Bool}});

    const Game over = Game::from_transcript("e6f4e3f6g5d6e7f5c5");
    const JsonValue end = JsonParser::parse(position_analysis_json(analyze_position(engine, over.position(), settings)));
    check_schema(end, position_fields(false));
    CHECK(end["game_over"].boolean);
    CHECK(end["best_move"].type == Type::Null);
    CHECK(end["score"].number == over.position().final_score());
    CHECK(end["moves"].array.empty());
}

TEST_CASE("batch error objects have the line and the message", "[analyze_format]") {
    const JsonValue e = JsonParser::parse(batch_error_json(7, "transcript: move 3: \"z9\": column must be a-h"));
    check_schema(e, {{"line", Kind::Int}, {"error", Kind::String}});
    CHECK(e["error"].string == "transcript: move 3: \"z9\": column must be a-h");
}

TEST_CASE("CSV: the header, then one row per move with every column", "[analyze_format]") {
    const GameAnalysis a = analysed_game(kGame);
    const std::vector<std::string> lines = split(game_analysis_csv(a), '\n');
    REQUIRE(lines.size() == 11);
    CHECK(lines[0] ==
          "move,player,empties,played,played_score,best,best_score,loss,mark,exact,depth,score_black,nodes,seconds");
    for (std::size_t k = 1; k < lines.size(); ++k) {
        INFO(lines[k]);
        std::vector<std::string> cells = split(lines[k], ',');
        if (lines[k].ends_with(",")) cells.push_back("");
        REQUIRE(cells.size() == 14);
        const MoveAnalysis& m = a.moves[k - 1];
        CHECK(cells[0] == std::to_string(k));
        CHECK(cells[3] == square_name(m.played));
        CHECK(cells[7] == std::to_string(m.loss));
        CHECK(cells[8] == mark_name(m.mark));
        CHECK(cells[9] == "false");
    }

    Engine engine(8);
    AnalysisSettings settings;
    settings.depth = 2;
    const std::vector<std::string> moves =
        split(position_analysis_csv(analyze_position(engine, Position::start(), settings)), '\n');
    REQUIRE(moves.size() == 5);
    CHECK(moves[0] == "move,score,exact");
}

TEST_CASE("the table lists every move, the totals and the result", "[analyze_format]") {
    const GameAnalysis a = analysed_game(kGame);
    const std::string table = game_analysis_table(a);
    const std::vector<std::string> lines = split(table, '\n');
    CHECK(lines[0] == "Analysis of 10 moves: depth 3, exact from 20 empties");
    CHECK(lines[1].starts_with("move  player empties  played  score  best"));
    CHECK(lines[2].starts_with("   1  black       60  f5"));
    CHECK(lines[11].starts_with("  10  white       51  e7"));
    CHECK(table.find("\nblack  ") != std::string::npos);
    CHECK(table.find("\nwhite  ") != std::string::npos);
    CHECK(table.find("Result: unfinished") != std::string::npos);
}
