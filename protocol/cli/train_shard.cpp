#include "cli/train_shard.hpp"

#include <bit>
#include <charconv>
#include <cstdio>
#include <optional>
#include <vector>

#include "core/error.hpp"
#include "core/tokenizer.hpp"

namespace outflank::cli {
std::string training_record(const TrainingPosition& p) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%llx %llx %x %u %d", static_cast<unsigned long long>(p.player),
                  static_cast<unsigned long long>(p.opponent), std::bit_cast<std::uint32_t>(p.result_sum), p.count,
                  static_cast<int>(p.exact));
    return buf;
}

TrainingPosition parse_training_record(std::string_view text, const std::string& name) {
    const std::vector<std::string_view> w = text::split_words(text);
    const Error bad(name + ": not a training position: '" + std::string(text.substr(0, 80)) + "'");
    if (w.size() != 5) throw bad;
    const auto player = text::parse_hex64(w[0]), opponent = text::parse_hex64(w[1]), sum = text::parse_hex64(w[2]);
    const auto count = text::parse_integer(w[3]), exact = text::parse_integer(w[4]);
    if (!player || !opponent || !sum || *sum > 0xFFFFFFFFull || (*player & *opponent) || !count || *count < 0 ||
        *count > 0xFFFFFFFFll || !exact || !(*exact == kUnknownScore || (*exact >= -64 && *exact <= 64)))
        throw bad;
    TrainingPosition p;
    p.player = *player;
    p.opponent = *opponent;
    p.result_sum = std::bit_cast<float>(static_cast<std::uint32_t>(*sum));
    p.count = static_cast<std::uint32_t>(*count);
    p.exact = static_cast<std::int8_t>(*exact);
    return p;
}

TrainingSet merged_training_set(const MergedShards& merged) {
    TrainingSet set;
    set.positions().reserve(merged.texts.size());
    for (std::size_t i = 0; i < merged.texts.size(); ++i)
        set.positions().push_back(parse_training_record(merged.texts[i], "merge: item " + std::to_string(i)));
    return set;
}

}  // namespace outflank::cli
