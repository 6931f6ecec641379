#include "cli/book_shard.hpp"

#include <charconv>
#include <cstdio>
#include <optional>
#include <vector>

#include "core/error.hpp"
#include "core/tokenizer.hpp"

namespace outflank::cli {
std::string book_shard_record(const BookKey& key, const BookEntry& e) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%llx %llx %u %u %d %u %d", static_cast<unsigned long long>(key.player),
                  static_cast<unsigned long long>(key.opponent), e.games, static_cast<unsigned>(e.leaf_move),
                  static_cast<int>(e.leaf_score), static_cast<unsigned>(e.depth), e.exact ? 1 : 0);
    return buf;
}

Book merged_book(const MergedShards& merged) {
    Book book;
    for (std::size_t i = 0; i < merged.texts.size(); ++i) {
        const std::vector<std::string_view> w = text::split_words(merged.texts[i]);
        const Error bad("merge: item " + std::to_string(i) + ": not a book position: '" +
                        merged.texts[i].substr(0, 80) + "'");
        if (w.size() != 7) throw bad;
        const auto player = text::parse_hex64(w[0]), opponent = text::parse_hex64(w[1]);
        const auto games = text::parse_integer(w[2]), leaf_move = text::parse_integer(w[3]),
                   leaf_score = text::parse_integer(w[4]), depth = text::parse_integer(w[5]),
                   exact = text::parse_integer(w[6]);
        if (!player || !opponent || (*player & *opponent) || !games || *games < 0 || *games > kMaxBookGames ||
            !leaf_move || *leaf_move < 0 || *leaf_move > kNoLeafMove || !leaf_score || *leaf_score < -64 ||
            *leaf_score > 64 || !depth || *depth < 0 || *depth > kMaxBookDepth || !exact || *exact < 0 || *exact > 1)
            throw bad;
        const BookKey key{*player, *opponent};
        if (book.find(key)) throw Error("merge: item " + std::to_string(i) + ": a position given twice");
        BookEntry& e = book.insert(key);
        e.games = static_cast<std::uint32_t>(*games);
        e.leaf_move = static_cast<std::uint8_t>(*leaf_move);
        e.leaf_score = static_cast<std::int8_t>(*leaf_score);
        e.depth = static_cast<std::uint8_t>(*depth);
        e.exact = *exact == 1;
        e.pending = false;
    }
    // The build's metadata, as the shards recorded it; the weights' checksum is only for the check.
    book.metadata() = shard_settings_map(merged.settings);
    book.metadata().erase("eval");
    book.back_up();
    book.unfinished = false;
    return book;
}

}  // namespace outflank::cli
