#include "eval/pattern_eval.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <utility>

#include "core/checksum.hpp"
#include "core/error.hpp"
#include "eval/eval.hpp"
#include "core/movegen.hpp"
#include "core/file_io.hpp"

namespace outflank {
namespace {

using namespace patterns;

// File layout (little-endian): magic, version, stage count, feature-set signature, compact size,
// weight scale, then stage x compact int16 weights, then an FNV-1a 64 checksum of all before it.
constexpr char kMagic[8] = {'O', 'F', 'L', 'K', 'E', 'V', 'A', 'L'};
constexpr std::uint32_t kVersion = 1;
constexpr std::size_t kHeaderSize = 8 + 4 + 4 + 8 + 4 + 4;

template <typename T>
void put(std::string& out, T value) {
    for (std::size_t i = 0; i < sizeof(T); ++i) out.push_back(static_cast<char>((static_cast<std::uint64_t>(value) >> (8 * i)) & 0xFF));
}

template <typename T>
T get(std::string_view bytes, std::size_t at) {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) v |= std::uint64_t{static_cast<unsigned char>(bytes[at + i])} << (8 * i);
    return static_cast<T>(v);
}

// The eight symmetric images of a bitboard, in apply_symmetry's numbering.
inline void symmetries(Bitboard b, Bitboard out[8]) {
    out[0] = b;
    out[1] = flip_vertical(b);
    out[2] = mirror_horizontal(b);
    out[3] = mirror_horizontal(out[1]);
    // One transpose instead of four: transpose(flip(b)) = mirror(transpose(b)),
    // transpose(mirror(b)) = flip(transpose(b)), and both together commute the same way.
    out[4] = transpose(b);
    out[5] = mirror_horizontal(out[4]);
    out[6] = flip_vertical(out[4]);
    out[7] = flip_vertical(out[5]);
}

// Where each instance's pattern table starts, known at compile time (instances enumerated as
// build_layout does, by instance_symmetries), so that the evaluation from indices reads every
// weight with one load at a constant displacement.
constexpr std::array<std::uint32_t, kInstanceCount> instance_table_offsets() {
    std::array<std::uint32_t, kInstanceCount> out{};
    int n = 0;
    std::uint32_t start = 0;
    for (const Pattern& pattern : kPatterns) {
        int symmetries[kSymmetryCount] = {};
        for (int i = instance_symmetries(pattern.mask, symmetries); i > 0; --i) out[n++] = start;
        std::uint32_t size = 1;
        for (int k = 0; k < popcount(pattern.mask); ++k) size *= 3;
        start += size;
    }
    return out;
}
constexpr std::array<std::uint32_t, kInstanceCount> kTableOffset = instance_table_offsets();

// The weights of all instances, unrolled: kInstanceCount independent loads the CPU can overlap.
template <std::size_t... I>
int pattern_sum(const std::int16_t* w, const std::uint16_t* index, std::index_sequence<I...>) {
    return (0 + ... + int{w[kTableOffset[I] + index[I]]});
}

// The same sum in kNarrowChunks runs of 16-bit additions, each added to an int at its end.
// Why: x86 adds a 16-bit weight straight from memory to a 16-bit register (one instruction
// instead of a sign-extending load and an add), which made the carried evaluation 9% faster
// (README, "Evaluation"). It is exact only while no run can leave the int16 range, so
// PatternWeights checks at load time that the largest |weight| of each table, summed over a
// run's instances, stays within it at every stage (narrow_sum_: the shipped weights use at most
// half the range), and evaluate_wide sums in int otherwise.
constexpr int kNarrowChunks = 4;
constexpr int kNarrowChunkSize = (kInstanceCount + kNarrowChunks - 1) / kNarrowChunks;

template <std::size_t Begin, std::size_t... I>
int narrow_run(const std::int16_t* w, const std::uint16_t* index, std::index_sequence<I...>) {
    std::uint16_t sum = 0;  // unsigned: wraps by definition; the load-time bound keeps the value in range
    ((sum = static_cast<std::uint16_t>(sum + static_cast<std::uint16_t>(w[kTableOffset[Begin + I] + index[Begin + I]]))), ...);
    return static_cast<std::int16_t>(sum);
}

template <std::size_t... C>
int narrow_pattern_sum(const std::int16_t* w, const std::uint16_t* index, std::index_sequence<C...>) {
    return (0 + ... +
            narrow_run<C * kNarrowChunkSize>(
                w, index, std::make_index_sequence<std::min<std::size_t>(kNarrowChunkSize, kInstanceCount - C * kNarrowChunkSize)>{}));
}

}  // namespace

PatternWeights::PatternWeights(std::vector<std::int16_t> compact) : compact_(std::move(compact)) {
    const Layout& lay = layout();
    if (compact_.size() != std::size_t{kStageCount} * lay.compact_size)
        throw Error("pattern weights: wrong number of weights");
    full_size_ = lay.full_size;
    full_.resize(std::size_t{kStageCount} * full_size_);
    for (std::size_t s = 0; s < kStageCount; ++s)
        for (std::uint32_t f = 0; f < full_size_; ++f)
            full_[s * full_size_ + f] = compact_[s * lay.compact_size + lay.compact_of_full[f]];
    for (int i = 0; i < kInstanceCount; ++i) {
        const Instance& in = lay.instances[i];
        hot_[i] = {kPatterns[in.pattern].mask, lay.full_offset[in.pattern], in.symmetry};
        if (kTableOffset[i] != lay.full_offset[in.pattern]) throw std::logic_error("pattern table offsets");
    }
    for (int e = 0; e < kExtraCount; ++e) extra_offset_[e] = lay.extra_full_offset[e];
    narrow_sum_ = narrow_sum_is_exact();
}

bool PatternWeights::narrow_sum_is_exact() const {
    const Layout& lay = layout();
    for (std::size_t s = 0; s < kStageCount; ++s) {
        const std::int16_t* w = full_.data() + s * full_size_;
        long largest[kPatternCount] = {};  // max |weight| of each pattern's table at this stage
        for (int p = 0; p < kPatternCount; ++p) {
            const std::uint32_t end = p + 1 < kPatternCount ? lay.full_offset[p + 1] : lay.extra_full_offset[0];
            for (std::uint32_t f = lay.full_offset[p]; f < end; ++f) largest[p] = std::max(largest[p], long{std::abs(int{w[f]})});
        }
        for (int c = 0; c < kNarrowChunks; ++c) {
            long bound = 0;
            for (int i = c * kNarrowChunkSize; i < std::min((c + 1) * kNarrowChunkSize, kInstanceCount); ++i)
                bound += largest[lay.instances[i].pattern];
            if (bound > std::numeric_limits<std::int16_t>::max()) return false;
        }
    }
    return true;
}

inline const std::int16_t* PatternWeights::stage_weights(int empties) const {
    return full_.data() + std::size_t{static_cast<unsigned>(stage_of(empties))} * full_size_;
}

inline int PatternWeights::finish(const std::int16_t* w, int sum, Bitboard player, Bitboard opponent, int empties) const {
    const Bitboard empty = ~(player | opponent);
    sum += w[extra_offset_[kMobilityPlayer] + std::min(popcount(legal_moves(player, opponent)), kMobilityCap)];
    sum += w[extra_offset_[kMobilityOpponent] + std::min(popcount(legal_moves(opponent, player)), kMobilityCap)];
    sum += w[extra_offset_[kPotentialPlayer] + std::min(popcount(neighbours(opponent) & empty), kPotentialCap)];
    sum += w[extra_offset_[kPotentialOpponent] + std::min(popcount(neighbours(player) & empty), kPotentialCap)];
    sum += w[extra_offset_[kEmptiesBias] + (empties & 3)];
    // 1/kWeightScale discs -> 1/kEvalScale discs, rounded to nearest.
    constexpr int kDiv = kWeightScale / kEvalScale;
    return (sum >= 0 ? sum + kDiv / 2 : sum - kDiv / 2) / kDiv;
}

int PatternWeights::evaluate(Bitboard player, Bitboard opponent) const {
    const int empties = popcount(~(player | opponent));
    const std::int16_t* w = stage_weights(empties);
    Bitboard p[8], o[8];
    symmetries(player, p);
    symmetries(opponent, o);
    int sum = 0;
    for (const HotInstance& in : hot_)
        sum += w[in.offset + kTernary[gather_bits(p[in.symmetry], in.mask)] +
                 2u * kTernary[gather_bits(o[in.symmetry], in.mask)]];
    return finish(w, sum, player, opponent, empties);
}

int PatternWeights::evaluate(const PatternIndices& indices, Bitboard player, Bitboard opponent) const {
    if (!narrow_sum_) [[unlikely]]
        return evaluate_wide(indices, player, opponent);
    const int empties = popcount(~(player | opponent));
    const std::int16_t* w = stage_weights(empties);
    const int sum = narrow_pattern_sum(w, indices.mover.lane, std::make_index_sequence<kNarrowChunks>{});
    return finish(w, sum, player, opponent, empties);
}

int PatternWeights::evaluate_wide(const PatternIndices& indices, Bitboard player, Bitboard opponent) const {
    const int empties = popcount(~(player | opponent));
    const std::int16_t* w = stage_weights(empties);
    const int sum = pattern_sum(w, indices.mover.lane, std::make_index_sequence<kInstanceCount>{});
    return finish(w, sum, player, opponent, empties);
}

std::string PatternWeights::serialize() const {
    std::string out(kMagic, sizeof kMagic);
    put<std::uint32_t>(out, kVersion);
    put<std::uint32_t>(out, kStageCount);
    put<std::uint64_t>(out, layout().signature);
    put<std::uint32_t>(out, layout().compact_size);
    put<std::uint32_t>(out, kWeightScale);
    for (std::int16_t w : compact_) put<std::uint16_t>(out, static_cast<std::uint16_t>(w));
    put<std::uint64_t>(out, fnv1a(out));
    return out;
}

PatternWeights PatternWeights::parse(std::string_view bytes, const std::string& name) {
    const Layout& lay = layout();
    if (bytes.size() < kHeaderSize + 8 || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        throw Error(name + ": not an outflank weights file");
    if (get<std::uint32_t>(bytes, 8) != kVersion)
        throw Error(name + ": weights file version " + std::to_string(get<std::uint32_t>(bytes, 8)) +
                    " (this build reads version " + std::to_string(kVersion) + ")");
    if (get<std::uint32_t>(bytes, 12) != kStageCount || get<std::uint64_t>(bytes, 16) != lay.signature ||
        get<std::uint32_t>(bytes, 24) != lay.compact_size || get<std::uint32_t>(bytes, 28) != kWeightScale)
        throw Error(name + ": the weights were trained for a different feature set");
    const std::size_t count = std::size_t{kStageCount} * lay.compact_size;
    const std::size_t expected = kHeaderSize + 2 * count + 8;
    if (bytes.size() != expected)
        throw Error(name + ": weights file is " + std::to_string(bytes.size()) + " bytes, expected " +
                    std::to_string(expected) + " (truncated or padded)");
    if (get<std::uint64_t>(bytes, expected - 8) != fnv1a(bytes.substr(0, expected - 8)))
        throw Error(name + ": weights file checksum mismatch (corrupt)");
    std::vector<std::int16_t> compact(count);
    for (std::size_t i = 0; i < count; ++i) compact[i] = static_cast<std::int16_t>(get<std::uint16_t>(bytes, kHeaderSize + 2 * i));
    return PatternWeights(std::move(compact));
}

PatternWeights PatternWeights::load(const std::string& path) {
    return parse(read_file(path, kMaxWeightsFileBytes), path);
}

void PatternWeights::save(const std::string& path) const {
    write_file_atomic(path, serialize());
}

}  // namespace outflank
