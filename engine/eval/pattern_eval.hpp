// The trained evaluation: pattern weights by game stage (see patterns.hpp for the features),
// loaded from a versioned binary file with a checksum.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/bitboard.hpp"
#include "eval/huge_page_allocator.hpp"
#include "eval/pattern_indices.hpp"
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
    // The reference: every instance's index gathered from the board (symmetries, pext, ternary).
    int evaluate(Bitboard player, Bitboard opponent) const;
    // The same value from indices carried along with the position (pattern_indices.hpp):
    // `indices` must be indices_of(player, opponent) or updated to it move by move.
    int evaluate(const patterns::PatternIndices& indices, Bitboard player, Bitboard opponent) const;

    const std::vector<std::int16_t>& compact() const { return compact_; }
    // Whether evaluate(indices, ...) sums the weights in 16-bit runs (pattern_eval.cpp): true
    // for any weights whose tables cannot overflow a run, as every trained file so far.
    bool narrow_sum() const { return narrow_sum_; }

private:
    // The stage's table, and the sum's finish: the mobility, potential mobility and parity
    // terms added to `pattern_sum`, then the unit change (both evaluations share it).
    const std::int16_t* stage_weights(int empties) const;
    int finish(const std::int16_t* w, int pattern_sum, Bitboard player, Bitboard opponent, int empties) const;
    bool narrow_sum_is_exact() const;
    // evaluate(indices, ...) for weights whose sum does not fit the 16-bit runs: out of line,
    // so that the compiler keeps the fast path's registers to itself.
    [[gnu::noinline]] int evaluate_wide(const patterns::PatternIndices& indices, Bitboard player, Bitboard opponent) const;

    struct HotInstance {
        Bitboard mask;
        std::uint32_t offset;
        int symmetry;
    };
    std::vector<std::int16_t> compact_;
    // kStageCount x layout().full_size, indexed as the evaluator reads; on huge pages (10 MB read at random)
    std::vector<std::int16_t, HugePageAllocator<std::int16_t>> full_;
    HotInstance hot_[patterns::kInstanceCount];
    std::uint32_t extra_offset_[patterns::kExtraCount];
    std::uint32_t full_size_;
    bool narrow_sum_ = false;
};

}  // namespace outflank
