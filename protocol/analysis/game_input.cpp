#include "analysis/game_input.hpp"

#include <algorithm>
#include <filesystem>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "core/file_io.hpp"
#include "records/ggf.hpp"
#include "records/sgf.hpp"
#include "core/notation.hpp"
#include "records/records.hpp"

namespace outflank {
namespace {

LoadedGame from_sgf(SgfGame sgf) { return {std::move(sgf.game), {sgf.black_player, sgf.white_player}}; }

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

// The names of a WTHOR game's players from the .JOU file beside the .wtb (the first one, by name,
// when there are several). Names are a nicety: without a readable .JOU the picture says "Black"
// and "White" rather than refusing a game that is fine.
PlayerNames wthor_player_names(const std::string& path, const WthorGame& game) {
    std::error_code ec;
    std::vector<std::filesystem::path> name_files;
    const std::filesystem::path folder = std::filesystem::path(path).parent_path();
    for (const auto& entry : std::filesystem::directory_iterator(folder.empty() ? "." : folder, ec))
        if (lowercase_extension(entry.path().string()) == ".jou") name_files.push_back(entry.path());
    if (name_files.empty()) return {};
    std::sort(name_files.begin(), name_files.end());
    try {
        const std::vector<std::string> names = read_wthor_names(name_files.front().string());
        auto name = [&](int index) {
            return index >= 0 && static_cast<std::size_t>(index) < names.size() ? names[static_cast<std::size_t>(index)]
                                                                               : std::string();
        };
        return {name(game.black_player), name(game.white_player)};
    } catch (const Error&) {
        return {};
    }
}

LoadedGame load_wthor_game(const std::string& path, int number) {
    const WthorFile file = read_wthor(path);
    const std::size_t count = file.games.size();
    if (count == 0) throw Error(path + ": the file holds no games");
    if (number < 1 || static_cast<std::size_t>(number) > count)
        throw Error(path + ": " + (number == 0 ? "a WTHOR file needs --game N" : "there is no game " +
                                                                                     std::to_string(number)) +
                    " (the file has games 1-" + std::to_string(count) + ")");
    const WthorGame& game = file.games[static_cast<std::size_t>(number - 1)];
    try {
        return {replay_moves(game.moves), wthor_player_names(path, game)};
    } catch (const Error& e) {
        throw Error(path + ": game " + std::to_string(number) + ": " + e.what());
    }
}

LoadedGame load_ggf_game(const std::string& path, std::string_view text, int number) {
    const std::vector<std::string_view> records = ggf_records(text);
    if (records.empty()) throw Error(path + ": no GGF game \"(;GM[Othello]...;)\" in the file");
    if (number == 0 && records.size() > 1)
        throw Error(path + ": the file holds " + std::to_string(records.size()) + " games; choose one with --game N");
    if (number > static_cast<int>(records.size()))
        throw Error(path + ": there is no game " + std::to_string(number) + " (the file has games 1-" +
                    std::to_string(records.size()) + ")");
    const std::string where = number == 0 ? path : path + ": game " + std::to_string(number);
    try {
        const std::string_view record = records[static_cast<std::size_t>(std::max(number, 1) - 1)];
        Game game = parse_ggf(record);
        const GgfPlayers players = ggf_players(record);
        return {std::move(game), {players.black, players.white}};
    } catch (const Error& e) {
        throw Error(where + ": " + e.what());
    }
}

bool is_ggf(std::string_view text) { return text.starts_with("(;") && text.find("GM[Othello]") != std::string_view::npos; }

// A text file: a GGF or SGF game, or a transcript (the whole file, line breaks allowed).
LoadedGame load_text_game(const std::string& path, int number) {
    const std::string text = read_file(path, kMaxGameFileBytes);
    const std::string_view body = trim(text);
    // An empty file is not a game without moves: most likely the wrong file, so say so.
    if (body.empty()) throw Error(path + ": no game in the file (it is empty)");
    if (is_ggf(body)) return load_ggf_game(path, body, number);
    if (number != 0) throw Error("--game N is only for WTHOR .wtb and GGF files");
    try {
        if (body.starts_with("(")) return from_sgf(parse_sgf_game(body));
        return {Game::from_transcript(body), {}};
    } catch (const Error& e) {
        throw Error(path + ": " + e.what());
    }
}

}  // namespace

Game load_game(const std::string& argument, int game_number) { return load_game_with_players(argument, game_number).game; }

LoadedGame load_game_with_players(const std::string& argument, int game_number) {
    std::error_code ec;
    const bool is_file = std::filesystem::exists(argument, ec);
    // A transcript never contains '.' or '/': such an argument was meant as a file name.
    if (!is_file && argument.find_first_of("./") != std::string::npos)
        throw Error("cannot read " + argument + ": no such file");
    const std::string ext = is_file ? lowercase_extension(argument) : "";
    if (game_number != 0 && (!is_file || ext == ".sgf")) throw Error("--game N is only for WTHOR .wtb and GGF files");
    if (!is_file) return {Game::from_transcript(argument), {}};
    if (ext == ".wtb") return load_wthor_game(argument, game_number);
    if (ext == ".sgf") return from_sgf(load_sgf_file(argument, 0, kMaxGameFileBytes));
    if (ext == ".ggf") return load_ggf_game(argument, read_file(argument, kMaxGameFileBytes), game_number);
    return load_text_game(argument, game_number);
}

}  // namespace outflank
