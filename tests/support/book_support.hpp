// Helpers for the opening book tests: real opening lines (from eOthello games; the four first
// moves appear, so symmetric openings meet), a private temporary folder, and small books built
// quickly at a shallow depth.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "book/book_builder.hpp"

namespace outflank::test {

// 29 games' first 12 moves; several share their first plies.
inline const std::vector<std::string>& book_openings() {
    static const std::vector<std::string> lines = {
        "c4e3f4c5e6d6b5b4d3f5b6f3",
        "c4e3f5c5f4e6d3c3d6c6e2f3",
        "c4e3f6e6f5c5c3c6d3d2c2f4",
        "d3c3c4c5d6f4f5e3g3g4f3e2",
        "d3c5f6e3c3f5f3e2f2c4f4c2",
        "d3c5f6e3d6e6f5c6d7c3f2e7",
        "d3c5f6f5e6e3c3f3c4b4b5c2",
        "d3c5f6f5e6e3d6f7b6d7e2c6",
        "e6f4c3c4d3c2b4a5e2e3d2c5",
        "e6f4e3d6c5f3c4f6f5g4c7d3",
        "e6f6f5d6c5e3e7c7d7c6b5f4",
        "f5d6c3d3c4f4c5b5b4b3a6c6",
        "f5d6c3d3c4f4f6f3e6e7c6g6",
        "f5d6c3f4f6c4e3g5f3e2d3c2",
        "f5d6c3f4f6d3c6g6e6c5c4f7",
        "f5d6c4b3b4f4f6f3e3g5g6f7",
        "f5d6c4d3c3f4e6b3e2c5c7f6",
        "f5d6c4d3e6f4e3f6c5b4e7f3",
        "f5d6c4f4c5d3e6b6b5f6e3c3",
        "f5d6c4f4c5d3e6b6b5g6c6a6",
        "f5d6c4g5c6c5b6c3e3b5d7d3",
        "f5d6c5b4c3e3e2f4f3g4e6g5",
        "f5d6c5f4e3c6e6f6g4g3g6h3",
        "f5d6c5f4e3g6f3c3d3c4e6c2",
        "f5f6c4c3e6f4d3c6c5d6b3c2",
        "f5f6c4g5e6d7e7f7e8d8c8d6",
        "f5f6e6d6c5e3d3f4e2c3c4c6",
        "f5f6e6d6e7g5g6f3c6c7c8f7",
        "f5f6e6f4d3e7f3e3g4g5f7g3",
    };
    return lines;
}

// A fresh folder for one test, removed when the object goes.
class TempDir {
public:
    explicit TempDir(const std::string& name)
        : path_(std::filesystem::temp_directory_path() /
                ("outflank_" + name + "_" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    std::string file(const std::string& name) const { return (path_ / name).string(); }

private:
    std::filesystem::path path_;
};

inline std::string write_text(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

inline std::string write_openings(const TempDir& dir) {
    std::string text = "# test openings\n";
    for (const std::string& line : book_openings()) text += line + "\n";
    return write_text(dir.file("openings.txt"), text);
}

// A quick build: the openings' first 8 plies seen in at least 2 games, searched at depth 4.
inline BuildSettings small_build(const std::string& games_file, int depth = 4) {
    BuildSettings s;
    s.game_files = {games_file};
    s.plies = 8;
    s.min_games = 2;
    s.depth = depth;
    return s;
}

inline RunSettings small_run(int threads = 2) {
    RunSettings r;
    r.threads = threads;
    r.hash_mb = 4;
    return r;
}

}  // namespace outflank::test
