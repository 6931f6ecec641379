// `book build --shard K/N` records and their merge: each record is one searched position
// ("PLAYER OPPONENT GAMES LEAF_MOVE LEAF_SCORE DEPTH EXACT", bitboards in hex); the merge puts all
// shards' positions into one book with the build's metadata (the shards' settings line), backs
// the scores up and writes the book build_book would have written.
#pragma once

#include <string>
#include <string_view>

#include "book/book.hpp"
#include "core/shard.hpp"

namespace outflank::cli {

std::string book_shard_record(const BookKey& key, const BookEntry& entry);

// The finished book of merged `book` shards. Throws Error naming the item of a malformed record.
Book merged_book(const MergedShards& merged);

}  // namespace outflank::cli
