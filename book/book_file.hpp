// The book's file forms. The binary form is what the engine ships and loads: a 40-byte header
// (magic "OFLKBOOK", format version, record size, record count, metadata length, flags, and a
// 64-bit FNV-1a checksum of everything else), the metadata as `key=value` lines, then one 24-byte
// record per position sorted by key (player and opponent bitboards, score, leaf score, leaf
// move, depth, flags, games). The text form is for people and other tools: one position a line.
// Readers check everything and throw outflank::Error naming the file and what is wrong.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>

#include "book/book.hpp"

namespace outflank {

inline constexpr std::uint32_t kBookFormatVersion = 1;

// Reads the file with read_file (a regular file of at most kMaxBookFileBytes).
Book load_book(const std::string& path);
// The same from bytes in memory; `name` stands for the file in messages.
Book parse_book(std::string_view bytes, const std::string& name);

// Replaces `path` with write_file_atomic (a unique temporary beside it, fsync, rename), so a
// crash, a full disk or a second writer never leaves a half-written book behind.
void save_book(const Book& book, const std::string& path);
std::string serialize_book(const Book& book);

// Text form: `# meta key=value` lines, then per position
//   <64 squares> <side> <leaf move|-> <leaf score|-> <depth[e]|pending> <games> <score>
// The position is the book's canonical image, with the side guessed from the disc count (the
// book does not keep colours); the leaf move is in that orientation; `e` marks an exact score.
// The score column is for reading: import recomputes scores from the leaves. A text without a
// single position is refused (most likely the wrong file), rather than imported as an empty book.
void export_book_text(const Book& book, std::ostream& out);
Book import_book_text(std::string_view text, const std::string& name);

}  // namespace outflank
