// The trained evaluation: pattern weights by game stage (see patterns.hpp for the features),
// loaded from a versioned binary file with a checksum.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/bitboard.hpp"
#include "eval/patterns.hpp"

namespace outflank {

// Weights are stored in 1/kWeightScale discs.
inline constexpr int kWeightScale = 64;

class PatternWeights {
public:
    // From compact weights, stage by stage (kStageCount x layout().compact_size values).
    explicit PatternWeights(std::vector<std::int16_t> compact);

    // Reads a weights file (read_file: a regular file of at most kMaxWeightsFileBytes); throws
    // Error naming the file and what is wrong (missing, not a regular file, too large, truncated,
    // wrong magic/version/feature set, bad checksum).
    static PatternWeights load(const std::string& path);
    static PatternWeights parse(std::string_view bytes, const std::string& name);
    // The file's bytes; save() replaces the file with them atomically (write_file_atomic: the old
    // file stays whole when the write fails, and Error says why).
    std::string serialize() const;
    void save(const std::string& path) const;

    // Estimated final disc difference for `player` (to move), in 1/kEvalScale discs, unclamped.
    int evaluate(Bitboard player, Bitboard opponent) const;

    const std::vector<std::int16_t>& compact() const { return compact_; }

private:
    struct HotInstance {
        Bitboard mask;
        std::uint32_t offset;
        int symmetry;
    };
    std::vector<std::int16_t> compact_;
    std::vector<std::int16_t> full_;  // kStageCount x layout().full_size, indexed as the evaluator reads
    HotInstance hot_[patterns::kInstanceCount];
    std::uint32_t extra_offset_[patterns::kExtraCount];
    std::uint32_t full_size_;
};

}  // namespace outflank
