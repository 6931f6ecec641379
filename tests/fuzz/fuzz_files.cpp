// libFuzzer entry point for the file readers: the first byte picks the format, the rest is the
// file. Every reader must either succeed or throw outflank::Error; anything else (a crash, a
// sanitizer report, another exception, a hang) is a bug. Where a format has a writer, what was
// read must also survive a round trip, which catches readers that accept what they cannot keep.
// The seeds in tests/fuzz/corpus/files/ start with the selector byte (see kParsers below).
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "book/book.hpp"
#include "book/book_file.hpp"
#include "core/error.hpp"
#include "eval/pattern_eval.hpp"
#include "records/ggf.hpp"
#include "records/obf.hpp"
#include "records/records.hpp"
#include "records/sgf.hpp"

namespace {

using namespace outflank;

const std::string kName = "fuzz";

// Replays a record as the book builder, trainer and analysis do; illegal moves are Errors.
void replay(const std::vector<Square>& moves) {
    try {
        replay_moves(moves);
    } catch (const Error&) {
    }
}

// OBF as read_obf reads it: one position a line, blank lines and # or % comments skipped.
void obf(std::string_view text) {
    int number = 0;
    std::size_t begin = 0;
    while (begin < text.size()) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string_view::npos) end = text.size();
        const std::string line(text.substr(begin, end - begin));
        ++number;
        begin = end + 1;
        if (line.empty() || line[0] == '#' || line[0] == '%') continue;
        try {
            parse_obf_line(line, number);
        } catch (const Error&) {
        }
    }
    int first = 0, last = 0;
    parse_number_range(text.substr(0, 64), first, last);  // solve's --range; returns false when malformed
}

// A GGF file: every record, and each game read back from what to_ggf writes of it.
void ggf(std::string_view text) {
    for (const std::string_view record : ggf_records(text)) {
        try {
            const Game game = parse_ggf(record);
            const Game again = parse_ggf(to_ggf(game));
            if (!(again.start_position() == game.start_position()) || again.moves() != game.moves()) __builtin_trap();
        } catch (const Error&) {
        }
    }
}

void wthor_games(std::string_view bytes) {
    const WthorFile file = parse_wthor(bytes, kName);
    for (const WthorGame& g : file.games) replay(g.moves);
}

void wthor_names(std::string_view bytes) { parse_wthor_names(bytes, kName); }

// A binary book: what parsed must serialize to bytes that parse to the same book, and its text form
// must import again (other tools rely on it).
void book(std::string_view bytes) {
    const Book b = parse_book(bytes, kName);
    const std::string saved = serialize_book(b);
    if (serialize_book(parse_book(saved, kName)) != saved) __builtin_trap();
    b.probe(Position::start());
    std::ostringstream text;
    export_book_text(b, text);
    import_book_text(text.str(), kName);
}

void book_text(std::string_view text) {
    const Book b = import_book_text(text, kName);
    serialize_book(b);
}

void weights(std::string_view bytes) {
    const PatternWeights w = PatternWeights::parse(bytes, kName);
    if (w.serialize() != bytes) __builtin_trap();
    const Position start = Position::start();
    w.evaluate(start.player, start.opponent);
}

void sgf(std::string_view text) { parse_sgf_game(text); }

void eothello(std::string_view text) {
    for (const EOthelloGame& g : parse_eothello_csv(text, kName)) replay(g.moves);
}

void transcripts(std::string_view text) {
    for (const TranscriptRecord& r : parse_transcripts(text, kName)) replay(r.moves);
}

using Parser = void (*)(std::string_view);
// The selector byte is the index here (modulo the count, so that every input means something).
constexpr Parser kParsers[] = {obf, ggf, wthor_games, wthor_names, book, book_text, weights, sgf, eothello, transcripts};
constexpr std::size_t kParserCount = sizeof kParsers / sizeof kParsers[0];

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string_view bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
    try {
        kParsers[data[0] % kParserCount](bytes);
    } catch (const Error&) {
        // A clear refusal is the expected answer to a damaged file.
    }
    return 0;
}
