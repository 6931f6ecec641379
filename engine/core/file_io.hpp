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

// The default cap: larger than any file the project writes or reads today.
inline constexpr std::size_t kMaxInputFileBytes = std::size_t{1} << 30;

// A whole regular file's bytes. Throws Error "cannot read PATH: REASON" when it does not exist,
// is not a regular file, is larger than max_bytes, or cannot be read.
std::string read_file(const std::string& path, std::size_t max_bytes = kMaxInputFileBytes);

// Replaces `path` with `bytes` atomically: written to a unique temporary file in the same folder,
// flushed to disk, then renamed over the target. On any failure the temporary is removed, the
// old file (if any) is untouched, and Error "cannot write PATH: REASON" is thrown.
void write_file_atomic(const std::string& path, std::string_view bytes);

}  // namespace outflank
