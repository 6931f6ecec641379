#include "cli/cli_shard.hpp"

#include <cstdio>

#include "core/checksum.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "eval/eval.hpp"
#include "eval/pattern_eval.hpp"

namespace outflank::cli {

void add_shard_options(CLI::App* sub, ShardOptions& opt) {
    sub->add_option("--shard", opt.spec,
                    "Do only shard K of N (items i with i mod N = K-1, in input order) and write it to --output "
                    "for `outflank merge`")
        ->type_name("K/N");
    sub->add_option("--output,-o", opt.output, "With --shard: the shard file to write (replaced atomically)");
}

std::optional<ShardSpec> shard_spec(const ShardOptions& opt, const std::string& command) {
    if (opt.spec.empty()) {
        if (!opt.output.empty()) throw Error(command + ": --output goes with --shard K/N");
        return std::nullopt;
    }
    ShardSpec spec;
    try {
        spec = parse_shard_spec(opt.spec);
    } catch (const Error& e) {
        throw Error(command + ": " + e.what());
    }
    if (opt.output.empty()) throw Error(command + ": --shard " + opt.spec + " needs --output FILE (the shard file)");
    check_writable(opt.output);
    return spec;
}

std::string evaluation_setting() {
    const PatternWeights* weights = active_pattern_weights();
    if (!weights) return "eval=handmade";
    const auto& compact = weights->compact();
    const std::string_view bytes(reinterpret_cast<const char*>(compact.data()), compact.size() * sizeof compact[0]);
    char buf[40];
    std::snprintf(buf, sizeof buf, "eval=fnv1a:%016llx", static_cast<unsigned long long>(fnv1a(bytes)));
    return buf;
}

std::string shard_summary(const ShardFile& shard, const std::string& path) {
    return "shard " + shard.spec.text() + ": " + std::to_string(shard.records.size()) + " of " +
           std::to_string(shard.items) + " items -> " + path;
}

}  // namespace outflank::cli
