// Shards: batch work cut into N independent pieces that a cluster (Slurm job arrays) runs apart
// and one merge puts back together, exactly as one run would have written it.
//
// The subset rule, the same for every command: the items of the input (the lines `analyze --batch`
// analyses, the positions `solve` solves, the games of a match, ...) are numbered 0, 1, 2, ... in
// input order after the command's own selection (blank and # lines skipped, --numbers applied),
// and item i belongs to shard (i mod N) + 1. So shards 1..N cover the input exactly once whatever N
// is, and neighbouring items (an FFO file grows harder line by line) spread over all shards.
//
// A shard writes one file (write_file_atomic: present means complete) that describes itself:
//
//   outflank-shard 1
//   kind analyze                   the command, so `outflank merge` knows what to rebuild
//   input games.txt                the input as named (information only)
//   input-fnv1a 0123456789abcdef   the input's checksum: shards of other inputs never mix
//   shard 2/4
//   items 8                        the items of the whole input (all shards)
//   settings depth=8 exact=0 ...   what changes the results: shards must agree on it
//   records 2
//   body-fnv1a fedcba9876543210    checksum of the records below (a damaged file is refused)
//   ---
//   1 <one line of result>         item number, a space, the item's result (one line)
//   5 <...>
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace outflank {

struct ShardSpec {
    int index = 1;  // K, 1-based
    int count = 1;  // N

    // Whether item `item` (0-based, in input order) is this shard's.
    bool owns(std::size_t item) const { return item % static_cast<std::size_t>(count) == static_cast<std::size_t>(index - 1); }
    std::string text() const { return std::to_string(index) + "/" + std::to_string(count); }
};

// The most shards a run may have: far above any job array a site allows (Slurm's default
// MaxArraySize is 1001), far below what would make the merge's bookkeeping large.
inline constexpr int kMaxShards = 1000000;

// "K/N" with 1 <= K <= N <= kMaxShards, decimal digits only. Throws Error
// "--shard must be K/N with 1 <= K <= N (such as 2/8), not '...'" otherwise.
ShardSpec parse_shard_spec(std::string_view text);

// The items of `total` that shard `spec` takes, in input order.
std::vector<std::size_t> shard_items(std::size_t total, const ShardSpec& spec);

struct ShardRecord {
    std::size_t item = 0;
    std::string text;  // one line, no '\n'
};

struct ShardFile {
    std::string kind;      // "analyze", "solve", ...: a word
    std::string input;     // the input's name (a path, "stdin")
    std::uint64_t input_checksum = 0;
    ShardSpec spec;
    std::size_t items = 0;  // in the whole input
    std::string settings;   // one line
    std::vector<ShardRecord> records;
};

// The file's text (above). Throws Error when a field holds a line break or a record is not one of
// the shard's items (a bug in the caller, but never written as a file the merge would refuse).
std::string serialize_shard(const ShardFile& shard);
// Parses a shard file's text; `name` goes into the errors ("NAME: not an outflank shard file",
// "NAME: line 12: ...", "NAME: damaged: the records' checksum differs").
ShardFile parse_shard(std::string_view text, const std::string& name);

// A value of a settings line as one word: '%', space, tab, CR and LF as %XX; and back.
std::string shard_escape(std::string_view value);
std::string shard_unescape(std::string_view word);
// A settings line of `key=value` words (values escaped as above) as a map; throws Error for a word
// without '='.
std::map<std::string, std::string> shard_settings_map(std::string_view settings);

// Shard files are capped like the largest inputs they come from (a shard of training labels).
inline constexpr std::size_t kMaxShardFileBytes = std::size_t{2048} << 20;

// Reads and parses a shard file (read_file under kMaxShardFileBytes).
ShardFile read_shard(const std::string& path);
// Writes it with write_file_atomic.
void write_shard(const std::string& path, const ShardFile& shard);

struct MergedShards {
    std::string kind;
    std::string input;
    std::uint64_t input_checksum = 0;
    std::size_t items = 0;
    std::string settings;
    int shards = 0;                  // N
    std::vector<std::string> texts;  // texts[i]: item i's result
};

// Checks that `shards` (read from `names`, in that order) are shards 1..N of one run, each once:
// the same kind, input checksum, item count, N and settings, every one of each shard's items
// present exactly once and no other. Throws Error naming what is wrong: the missing shards
// ("shards 2, 4 of 4 are missing"), a shard given twice, the file whose input or settings differ
// from the first file's. Returns the results in input order.
MergedShards merge_shards(const std::vector<ShardFile>& shards, const std::vector<std::string>& names);

}  // namespace outflank
