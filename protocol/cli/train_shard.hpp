// `train data --shard K/N`: the labelling step (the exact solves) as shards. Every shard collects
// the same positions (reading the games and self-play is cheap and deterministic); item i is the
// set's i-th position, and a shard solves its own items and records them whole, so that
// `outflank merge -o FILE` writes the very training set a single `train data` run writes.
#pragma once

#include <string>
#include <string_view>

#include "core/shard.hpp"
#include "train/training_set.hpp"

namespace outflank::cli {

// "PLAYER OPPONENT RESULT_SUM COUNT EXACT": bitboards in hex, the result sum's float bits in hex
// (exact, not rounded), the count, the exact score or -128.
std::string training_record(const TrainingPosition& p);
TrainingPosition parse_training_record(std::string_view text, const std::string& name);

// The training set of merged `train` shards, in item order.
TrainingSet merged_training_set(const MergedShards& merged);

}  // namespace outflank::cli
