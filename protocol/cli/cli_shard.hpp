// `--shard K/N --output FILE` for the batch commands (core/shard.hpp says what a shard takes and
// writes), and what the commands put into a shard's settings line.
#pragma once

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "core/shard.hpp"

namespace outflank::cli {

struct ShardOptions {
    std::string spec;    // "K/N", empty: no sharding
    std::string output;  // the shard file
};

// Adds --shard and --output to `sub`.
void add_shard_options(CLI::App* sub, ShardOptions& opt);

// The parsed --shard, or nothing when it is not given. Checks, before any work, that --output is
// given with it (and only with it) and can be written. `command` starts the errors ("solve: ...").
std::optional<ShardSpec> shard_spec(const ShardOptions& opt, const std::string& command);

// The evaluation in use, for a shard's settings: "eval=handmade" or "eval=fnv1a:<weights checksum>",
// so that shards searched with different weights are never merged.
std::string evaluation_setting();

// "shard 2/4: 3 of 8 items -> FILE" for the stderr summary.
std::string shard_summary(const ShardFile& shard, const std::string& path);

}  // namespace outflank::cli
