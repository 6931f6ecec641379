#include "book/book_file.hpp"

#include <algorithm>
#include <ostream>
#include <vector>

#include "core/checksum.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "core/notation.hpp"

namespace outflank {
namespace {

constexpr char kMagic[8] = {'O', 'F', 'L', 'K', 'B', 'O', 'O', 'K'};
constexpr std::size_t kHeaderSize = 40;
constexpr std::size_t kChecksumOffset = 32;
constexpr std::size_t kRecordSize = 24;
constexpr std::uint32_t kFlagUnfinished = 1;
constexpr std::uint8_t kRecordExact = 1, kRecordPending = 2, kRecordFrontier = 4;
// Far above any real book (the shipped one is about a megabyte); refuses absurd headers early.
constexpr std::uint64_t kMaxRecords = 100'000'000;
constexpr std::uint32_t kMaxMetadata = 1 << 20;

std::uint64_t file_checksum(std::string_view bytes) {
    return fnv1a(bytes.substr(kHeaderSize), fnv1a(bytes.substr(0, kChecksumOffset)));
}

void put_le(std::string& out, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out += static_cast<char>((v >> (8 * i)) & 0xFF);
}

std::uint64_t get_le(std::string_view in, std::size_t at, int bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v |= static_cast<std::uint64_t>(static_cast<unsigned char>(in[at + i])) << (8 * i);
    return v;
}

Error file_error(const std::string& name, const std::string& what) { return Error("book " + name + ": " + what); }

void check_entry(const BookKey& key, const BookEntry& e, const std::string& where) {
    auto bad = [&](const std::string& what) { return Error(where + " is invalid (" + what + ")"); };
    if (key.player & key.opponent) throw bad("a square holds two discs");
    if (canonical(key.player, key.opponent).key != key) throw bad("the position is not in its canonical orientation");
    if (e.score < -64 || e.score > 64 || e.leaf_score < -64 || e.leaf_score > 64) throw bad("score out of range");
    if (e.leaf_move > kPass && e.leaf_move != kNoLeafMove) throw bad("leaf move out of range");
    if (e.depth > kMaxBookDepth) throw bad("depth out of range");
}

std::string signed_text(int v) { return v > 0 ? "+" + std::to_string(v) : std::to_string(v); }

}  // namespace

std::string serialize_book(const Book& book) {
    std::string meta;
    for (const auto& [k, v] : book.metadata()) meta += k + "=" + v + "\n";
    std::vector<std::pair<BookKey, BookEntry>> records(book.entries().begin(), book.entries().end());
    std::sort(records.begin(), records.end(), [](const auto& a, const auto& b) { return a.first < b.first; });

    std::string out(kMagic, sizeof kMagic);
    put_le(out, kBookFormatVersion, 4);
    put_le(out, kRecordSize, 4);
    put_le(out, records.size(), 8);
    put_le(out, meta.size(), 4);
    put_le(out, book.unfinished ? kFlagUnfinished : 0, 4);
    put_le(out, 0, 8);  // checksum, filled in below
    out += meta;
    out.reserve(out.size() + records.size() * kRecordSize);
    for (const auto& [key, e] : records) {
        put_le(out, key.player, 8);
        put_le(out, key.opponent, 8);
        out += static_cast<char>(e.score);
        out += static_cast<char>(e.leaf_score);
        out += static_cast<char>(e.leaf_move);
        out += static_cast<char>(e.depth);
        out += static_cast<char>((e.exact ? kRecordExact : 0) | (e.pending ? kRecordPending : 0) |
                                 (e.frontier ? kRecordFrontier : 0));
        put_le(out, std::min(e.games, kMaxBookGames), 3);
    }
    const std::uint64_t sum = file_checksum(out);
    for (int i = 0; i < 8; ++i) out[kChecksumOffset + i] = static_cast<char>((sum >> (8 * i)) & 0xFF);
    return out;
}

Book parse_book(std::string_view bytes, const std::string& name) {
    const std::string_view magic(kMagic, sizeof kMagic);
    if (bytes.substr(0, sizeof kMagic) != magic.substr(0, std::min(bytes.size(), sizeof kMagic)))
        throw file_error(name, "not an outflank book (no OFLKBOOK magic)");
    if (bytes.size() < kHeaderSize)
        throw file_error(name, "truncated (" + std::to_string(bytes.size()) + " bytes, shorter than the header)");
    const auto version = get_le(bytes, 8, 4);
    if (version != kBookFormatVersion)
        throw file_error(name, "format version " + std::to_string(version) +
                                   (version > kBookFormatVersion ? " is newer than this program's (" : " is not supported (this program reads ") +
                                   std::to_string(kBookFormatVersion) + ")");
    const auto record_size = get_le(bytes, 12, 4);
    const auto count = get_le(bytes, 16, 8);
    const auto meta_size = get_le(bytes, 24, 4);
    const auto flags = get_le(bytes, 28, 4);
    if (record_size != kRecordSize) throw file_error(name, "record size " + std::to_string(record_size) + " (expected 24)");
    if (count > kMaxRecords || meta_size > kMaxMetadata) throw file_error(name, "header is corrupt (impossible sizes)");
    const std::uint64_t expected = kHeaderSize + meta_size + count * kRecordSize;
    if (bytes.size() < expected)
        throw file_error(name, "truncated (" + std::to_string(bytes.size()) + " bytes; the header announces " +
                                   std::to_string(expected) + ")");
    if (bytes.size() > expected)
        throw file_error(name, std::to_string(bytes.size() - expected) + " unexpected bytes after the last record");
    if (get_le(bytes, kChecksumOffset, 8) != file_checksum(bytes))
        throw file_error(name, "checksum mismatch: the file is corrupt");

    Book book;
    book.unfinished = (flags & kFlagUnfinished) != 0;
    std::string_view meta = bytes.substr(kHeaderSize, meta_size);
    while (!meta.empty()) {
        const std::size_t end = meta.find('\n');
        const std::string_view line = meta.substr(0, end);
        const std::size_t eq = line.find('=');
        if (eq == std::string_view::npos) throw file_error(name, "metadata line without '='");
        book.metadata()[std::string(line.substr(0, eq))] = std::string(line.substr(eq + 1));
        meta = end == std::string_view::npos ? std::string_view{} : meta.substr(end + 1);
    }
    book.entries().reserve(count);
    BookKey previous;
    for (std::uint64_t i = 0; i < count; ++i) {
        const std::size_t at = kHeaderSize + meta_size + i * kRecordSize;
        const BookKey key{get_le(bytes, at, 8), get_le(bytes, at + 8, 8)};
        BookEntry e;
        e.score = static_cast<std::int8_t>(bytes[at + 16]);
        e.leaf_score = static_cast<std::int8_t>(bytes[at + 17]);
        e.leaf_move = static_cast<std::uint8_t>(bytes[at + 18]);
        e.depth = static_cast<std::uint8_t>(bytes[at + 19]);
        const auto rflags = static_cast<std::uint8_t>(bytes[at + 20]);
        e.exact = rflags & kRecordExact;
        e.pending = rflags & kRecordPending;
        e.frontier = rflags & kRecordFrontier;
        e.games = static_cast<std::uint32_t>(get_le(bytes, at + 21, 3));
        const std::string where = "book " + name + ": record " + std::to_string(i + 1);
        if (i > 0 && !(previous < key)) throw Error(where + " is out of order or repeated");
        check_entry(key, e, where);
        book.entries().emplace(key, e);
        previous = key;
    }
    return book;
}

Book load_book(const std::string& path) { return parse_book(read_file(path, kMaxBookFileBytes), path); }

void save_book(const Book& book, const std::string& path) { write_file_atomic(path, serialize_book(book)); }

// ---- Text form ------------------------------------------------------------------------------

void export_book_text(const Book& book, std::ostream& out) {
    out << "# outflank opening book, text form " << kBookFormatVersion << ": position side leaf-move leaf-score depth games score\n";
    for (const auto& [k, v] : book.metadata()) out << "# meta " << k << "=" << v << "\n";
    std::vector<std::pair<BookKey, BookEntry>> records(book.entries().begin(), book.entries().end());
    std::sort(records.begin(), records.end(), [](const auto& a, const auto& b) {
        const int da = popcount(a.first.player | a.first.opponent), db = popcount(b.first.player | b.first.opponent);
        return da != db ? da < db : a.first < b.first;
    });
    for (const auto& [key, e] : records) {
        Position pos = key.position();
        // Black moves first, so without passes black is to move when the disc count is even.
        if (pos.disc_count() % 2) pos.side = Color::White;
        out << position_string(pos) << ' ';
        if (e.has_leaf()) out << square_name(e.leaf_move) << ' ' << signed_text(e.leaf_score);
        else out << "- -";
        out << ' ';
        if (e.pending) out << "pending";
        else out << static_cast<int>(e.depth) << (e.exact ? "e" : "");
        out << ' ' << e.games << ' ' << signed_text(e.score) << '\n';
    }
}

Book import_book_text(std::string_view text, const std::string& name) {
    Book book;
    int line_number = 0;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        std::string line(text.substr(0, end));
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++line_number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const std::string where = "book text " + name + " line " + std::to_string(line_number);
        if (line.rfind("# meta ", 0) == 0) {
            const std::size_t eq = line.find('=');
            if (eq == std::string::npos) throw Error(where + ": metadata without '='");
            book.metadata()[line.substr(7, eq - 7)] = line.substr(eq + 1);
            continue;
        }
        // Blank lines (spaces and tabs too) and comments carry nothing.
        if (line.find_first_not_of(" \t") == std::string::npos || line[0] == '#') continue;
        std::vector<std::string> f;
        for (std::size_t i = 0; i < line.size();) {
            const std::size_t j = line.find_first_of(" \t", i);
            if (j != i) f.push_back(line.substr(i, j - i));
            if (j == std::string::npos) break;
            i = j + 1;
        }
        if (f.size() != 7)
            throw Error(where + ": expected 7 fields (position side leaf-move leaf-score depth games score), found " +
                        std::to_string(f.size()));
        try {
            const Position pos = parse_position(f[0] + " " + f[1]);
            const Canonical c = canonical(pos);
            BookEntry e;
            if (f[2] != "-") {
                const Square leaf = parse_move(f[2]);
                const bool legal = leaf == kPass ? pos.must_pass() : pos.is_legal(leaf);
                if (!legal) throw Error("leaf move " + f[2] + " is not legal in the position");
                e.leaf_move = static_cast<std::uint8_t>(apply_symmetry(leaf, c.symmetry));
                std::size_t used = 0;
                const int s = std::stoi(f[3], &used);
                if (used != f[3].size() || s < -64 || s > 64) throw Error("leaf score must be -64..64");
                e.leaf_score = static_cast<std::int8_t>(s);
            } else if (f[3] != "-") {
                throw Error("a leaf score without a leaf move");
            }
            if (f[4] == "pending") {
                e.pending = true;
            } else {
                std::string d = f[4];
                e.exact = !d.empty() && d.back() == 'e';
                if (e.exact) d.pop_back();
                std::size_t used = 0;
                const int depth = std::stoi(d, &used);
                if (used != d.size() || depth < 0 || depth > kMaxBookDepth) throw Error("depth must be 0-60");
                e.depth = static_cast<std::uint8_t>(depth);
                e.pending = false;
            }
            std::size_t used = 0;
            const unsigned long games = std::stoul(f[5], &used);
            if (used != f[5].size() || games > kMaxBookGames) throw Error("games must be 0-" + std::to_string(kMaxBookGames));
            e.games = static_cast<std::uint32_t>(games);
            if (book.find(c.key)) throw Error("the position (or a symmetric image of it) is listed twice");
            book.insert(c.key) = e;
        } catch (const std::invalid_argument&) {
            throw Error(where + ": a number is malformed");
        } catch (const std::out_of_range&) {
            throw Error(where + ": a number is out of range");
        } catch (const Error& err) {
            throw Error(where + ": " + err.what());
        }
    }
    if (book.size() == 0) throw Error("book text " + name + ": no positions in the file");
    book.back_up();
    return book;
}

}  // namespace outflank
