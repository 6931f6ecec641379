#include "game_input.hpp"

#include <filesystem>
#include <fstream>
#include <string_view>

#include "error.hpp"
#include "gtp_sgf.hpp"
#include "notation.hpp"
#include "records.hpp"

namespace outflank {
namespace {

constexpr std::size_t kMaxGameFileBytes = 16u << 20;

std::string lowercase_extension(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    for (char& c : ext) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return ext;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

Game load_wthor_game(const std::string& path, int number) {
    const WthorFile file = read_wthor(path);
    const std::size_t count = file.games.size();
    if (number < 1 || static_cast<std::size_t>(number) > count)
        throw Error(path + ": " + (number == 0 ? "a WTHOR file needs --game N" : "there is no game " +
                                                                                     std::to_string(number)) +
                    " (the file has games 1-" + std::to_string(count) + ")");
    try {
        return replay_moves(file.games[static_cast<std::size_t>(number - 1)].moves);
    } catch (const Error& e) {
        throw Error(path + ": game " + std::to_string(number) + ": " + e.what());
    }
}

// A text file: an SGF game tree, or a transcript (the whole file, line breaks allowed).
Game load_text_game(const std::string& path) {
    const std::string text = read_text_file(path, kMaxGameFileBytes);
    const std::string_view body = trim(text);
    try {
        if (body.starts_with("(")) return parse_sgf_game(body).game;
        return Game::from_transcript(body);
    } catch (const Error& e) {
        throw Error(path + ": " + e.what());
    }
}

}  // namespace

std::string read_text_file(const std::string& path, std::size_t max_bytes) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) throw Error("cannot read " + path + ": no such file");
    if (!std::filesystem::is_regular_file(path, ec)) throw Error("cannot read " + path + ": not a regular file");
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) throw Error("cannot read " + path + ": " + ec.message());
    if (size > max_bytes) throw Error("cannot read " + path + ": too large (" + std::to_string(size) + " bytes)");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error("cannot read " + path + ": cannot open it");
    std::string text(static_cast<std::size_t>(size), '\0');
    in.read(text.data(), static_cast<std::streamsize>(size));
    if (in.bad()) throw Error("cannot read " + path + ": read error");
    text.resize(static_cast<std::size_t>(in.gcount()));
    return text;
}

Game load_game(const std::string& argument, int wthor_game) {
    std::error_code ec;
    const bool is_file = std::filesystem::exists(argument, ec);
    // A transcript never contains '.' or '/': such an argument was meant as a file name.
    if (!is_file && argument.find_first_of("./") != std::string::npos)
        throw Error("cannot read " + argument + ": no such file");
    const std::string ext = is_file ? lowercase_extension(argument) : "";
    if (wthor_game != 0 && ext != ".wtb") throw Error("--game N is only for WTHOR .wtb files");
    if (!is_file) return Game::from_transcript(argument);
    if (ext == ".wtb") return load_wthor_game(argument, wthor_game);
    if (ext == ".sgf") return load_sgf_file(argument, 0, kMaxGameFileBytes).game;
    return load_text_game(argument);
}

}  // namespace outflank
