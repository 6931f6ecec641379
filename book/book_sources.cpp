#include "book/book_sources.hpp"

#include <algorithm>
#include <filesystem>
#include <iterator>

#include "core/error.hpp"
#include "core/file_io.hpp"
#include "records/ggf.hpp"
#include "records/records.hpp"

namespace outflank {
namespace {

std::string lower_extension(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext;
}

// Replays the first `plies` moves (a record may leave passes out; replay_moves puts them back).
void add_game(SourceGames& out, SourceFile& file, const std::vector<Square>& moves, int plies) {
    const std::size_t n = std::min(moves.size(), static_cast<std::size_t>(plies));
    try {
        Game game = replay_moves({moves.begin(), moves.begin() + static_cast<std::ptrdiff_t>(n)});
        // Implied passes count as plies, so the replay may run past `plies`: cut it back.
        while (game.moves().size() > static_cast<std::size_t>(plies)) game.undo();
        out.games.push_back(std::move(game));
        ++file.games;
    } catch (const Error&) {
        ++file.rejected;
    }
}

void add_ggf_games(SourceGames& out, SourceFile& file, int plies) {
    const std::string text = read_file(file.path, kMaxGameRecordFileBytes);
    for (std::string_view record : ggf_records(text)) {
        try {
            Game game = parse_ggf(record);
            // Games from another start (XOT, synchro random starts) say nothing about openings.
            if (game.start_position() != Position::start()) throw Error("not from the start position");
            while (game.moves().size() > static_cast<std::size_t>(plies)) game.undo();
            out.games.push_back(std::move(game));
            ++file.games;
        } catch (const Error&) {
            ++file.rejected;
        }
    }
}

}  // namespace

SourceGames read_source_games(const std::vector<std::string>& paths, int plies) {
    SourceGames out;
    for (const std::string& path : paths) {
        SourceFile file{path, "", 0, 0};
        const std::string ext = lower_extension(path);
        if (ext == ".wtb") {
            file.format = "WTHOR";
            for (const WthorGame& g : read_wthor(path).games) add_game(out, file, g.moves, plies);
        } else if (ext == ".csv") {
            file.format = "eOthello CSV";
            for (const EOthelloGame& g : read_eothello_csv(path)) add_game(out, file, g.moves, plies);
        } else if (ext == ".ggf") {
            file.format = "GGF";
            add_ggf_games(out, file, plies);
        } else {
            file.format = "transcripts";
            for (const TranscriptRecord& g : read_transcripts(path)) add_game(out, file, g.moves, plies);
        }
        out.files.push_back(file);
    }
    return out;
}

}  // namespace outflank
