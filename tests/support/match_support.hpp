// Helpers shared by the referee's tests: engine command lines (our binary at a fixed depth, the
// fake engines, grhino), temporary opening files and a checked replay of a game record.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/game.hpp"
#include "match/match.hpp"

namespace outflank::test {

// Without the opening book, so that these referee tests do not depend on the shipped book.
inline std::string outflank_engine(int depth) {
    return "'" OUTFLANK_BINARY "' gtp --depth " + std::to_string(depth) + " --hash 4 --book none --quiet";
}

inline std::string fake_engine(const std::string& mode) {
    return "sh '" OUTFLANK_FAKE_ENGINES "/fake_gtp.sh' " + mode;
}

inline const char* grhino_path() { return "/usr/games/gtp-rhino"; }
inline bool have_grhino() { return ::access(grhino_path(), X_OK) == 0; }

// A file of opening lines in the temporary directory, unique per test run.
inline std::string write_openings(const std::string& name, const std::vector<std::string>& lines) {
    const auto path = std::filesystem::temp_directory_path() /
                      ("outflank_match_" + std::to_string(::getpid()) + "_" + name + ".txt");
    std::ofstream out(path);
    for (const std::string& line : lines) out << line << '\n';
    return path.string();
}

// Three XOT openings (from the published list) and one that ends with black forced to pass.
inline const std::vector<std::string>& test_openings() {
    static const std::vector<std::string> lines = {
        "# a small XOT sample",
        "f5d6c4d3c2b3b4b5",
        "f5f6d3c5d6c7b5e3",
        "f5f4e3d2c3e6e1g5",
    };
    return lines;
}
// After these 8 moves black has no move but white has: the first thing the game needs is a pass.
inline const char* kForcedPassOpening = "d3c3b3b2f5a3a1c1";

// Replays a record's moves with the rules core: every move legal, and for a played-out game the
// end reached with the recorded score.
inline void check_record(const match::GameRecord& g) {
    Game game;
    for (Square sq : g.moves) game.play(sq);  // throws on an illegal move or a wrong pass
    if (g.reason == match::Reason::End) {
        if (!game.is_over()) throw Error("game " + std::to_string(g.number) + " is not over");
        if (game.final_score_black() != g.score_black) throw Error("wrong score in game " + std::to_string(g.number));
    }
}

}  // namespace outflank::test
