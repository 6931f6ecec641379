// The project's one file reader and one file writer. Every file outflank reads (weights, book,
// training sets, game records, OBF, batch lists) goes through read_file: a regular file only (a
// FIFO, device or directory is refused at once, so /dev/zero or a pipe cannot hang or flood the
// program) and no larger than the caller's cap. Every file it writes goes through
// write_file_atomic: a unique temporary beside the target, fsync, rename, so a kill, a full disk
// or a second writer never leaves a truncated or mixed file behind.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace outflank {

// The cap for each kind of file, in one place: far above any real file of the kind (so none is
// refused in practice), far below what a mistaken path (a disk image, a log, /proc/kcore) would
// make the program hold in memory.
inline constexpr std::size_t kMiB = std::size_t{1} << 20;
// Weights: the shipped eval.ofw is 3.4 MB, and the format fixes the size exactly (checked after reading).
inline constexpr std::size_t kMaxWeightsFileBytes = 16 * kMiB;
// Books: 24 bytes a position (the shipped book is 0.7 MB); 256 MiB is about 11 million positions.
inline constexpr std::size_t kMaxBookFileBytes = 256 * kMiB;
// A book's text form: about 90 bytes a position, so the same 11 million positions.
inline constexpr std::size_t kMaxBookTextBytes = 1024 * kMiB;
// OBF (FFO) endgame files: a line of about 100 bytes a position; the FFO files are a few KB.
inline constexpr std::size_t kMaxObfFileBytes = 64 * kMiB;
// Game databases (WTHOR .wtb, eOthello CSV, transcript lists, GGF archives): all WTHOR years
// together are about 10 MB; GGF archives of a year of GGS games run to a few hundred.
inline constexpr std::size_t kMaxGameRecordFileBytes = 512 * kMiB;
// One game to analyse (SGF, GGF, a transcript in a text file).
inline constexpr std::size_t kMaxGameFileBytes = 16 * kMiB;
// An SGF game for GTP `loadsgf` (README: "files over 4 MB ... are refused").
inline constexpr std::size_t kMaxSgfFileBytes = 4 * kMiB;
// Training sets: 25 bytes a position; 2 GiB is about 85 million positions.
inline constexpr std::size_t kMaxTrainingSetBytes = 2048 * kMiB;
// `analyze --batch` lists: one transcript or position a line (each line takes a search).
inline constexpr std::size_t kMaxBatchListBytes = 256 * kMiB;

// A whole regular file's bytes. Throws Error "cannot read PATH: REASON" when it does not exist,
// is not a regular file, is larger than max_bytes, or cannot be read. There is no default cap:
// each caller names the kind of file it reads (above).
std::string read_file(const std::string& path, std::size_t max_bytes);

// Replaces `path` with `bytes` atomically: written to a unique temporary file in the same folder,
// flushed to disk, then renamed over the target. On any failure the temporary is removed, the
// old file (if any) is untouched, and Error "cannot write PATH: REASON" is thrown.
void write_file_atomic(const std::string& path, std::string_view bytes);

// Checks, before any work, that write_file_atomic(path, ...) can succeed as far as can be known:
// the folder exists and is writable and `path` is not a folder. Throws the same Error otherwise,
// so a long job never runs only to fail on its output path.
void check_writable(const std::string& path);

}  // namespace outflank
