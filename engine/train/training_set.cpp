#include "train/training_set.hpp"

#include <algorithm>
#include <cstring>

#include "core/checksum.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"

namespace outflank {
namespace {

constexpr char kMagic[8] = {'O', 'F', 'L', 'K', 'T', 'R', 'N', '1'};
constexpr std::size_t kRecordSize = 8 + 8 + 4 + 4 + 1;

}  // namespace

void canonical_orientation(Bitboard& player, Bitboard& opponent) {
    Bitboard best_p = player, best_o = opponent;
    for (int s = 1; s < kSymmetryCount; ++s) {
        const Bitboard p = apply_symmetry(player, s), o = apply_symmetry(opponent, s);
        if (p < best_p || (p == best_p && o < best_o)) best_p = p, best_o = o;
    }
    player = best_p;
    opponent = best_o;
}

void TrainingSet::add_game(const Game& game, int score_black, int theoretical_black, int theoretical_empties) {
    for (std::size_t i = 0; i < game.moves().size(); ++i) {
        const Position& pos = game.position_at(i);
        if (pos.moves() == 0) continue;  // a pass: nothing to learn that the next position lacks
        const bool theoretical = theoretical_black != kUnknownScore && pos.empty_count() >= theoretical_empties;
        const int black = theoretical ? theoretical_black : score_black;
        TrainingPosition tp;
        tp.player = pos.player;
        tp.opponent = pos.opponent;
        canonical_orientation(tp.player, tp.opponent);
        tp.result_sum = static_cast<float>(pos.side == Color::Black ? black : -black);
        tp.count = 1;
        positions_.push_back(tp);
    }
}

void TrainingSet::merge() {
    auto key_less = [](const TrainingPosition& a, const TrainingPosition& b) {
        const int ea = a.empties(), eb = b.empties();
        if (ea != eb) return ea < eb;
        return a.player != b.player ? a.player < b.player : a.opponent < b.opponent;
    };
    std::sort(positions_.begin(), positions_.end(), key_less);
    std::vector<TrainingPosition> merged;
    merged.reserve(positions_.size() / 2);
    for (const TrainingPosition& p : positions_) {
        if (!merged.empty() && merged.back().player == p.player && merged.back().opponent == p.opponent) {
            merged.back().result_sum += p.result_sum;
            merged.back().count += p.count;
            if (p.exact != kUnknownScore) merged.back().exact = p.exact;
        } else {
            merged.push_back(p);
        }
    }
    positions_ = std::move(merged);
}

std::size_t TrainingSet::sample_range(int min_empties, int max_empties, int one_in, bool keep_solved) {
    const std::size_t before = positions_.size();
    std::erase_if(positions_, [&](const TrainingPosition& p) {
        const int e = p.empties();
        if (e < min_empties || e > max_empties || (keep_solved && p.exact != kUnknownScore)) return false;
        std::uint64_t h = (p.player * 0x9E3779B97F4A7C15ULL) ^ (p.opponent * 0xC2B2AE3D27D4EB4FULL);
        h ^= h >> 29;
        return (h * 0xBF58476D1CE4E5B9ULL >> 40) % static_cast<std::uint64_t>(one_in) != 0;
    });
    return before - positions_.size();
}

void TrainingSet::save(const std::string& path) const {
    std::string bytes(kMagic, sizeof kMagic);
    const std::uint64_t n = positions_.size();
    bytes.append(reinterpret_cast<const char*>(&n), 8);
    for (const TrainingPosition& p : positions_) {
        char record[kRecordSize];
        std::memcpy(record, &p.player, 8);
        std::memcpy(record + 8, &p.opponent, 8);
        std::memcpy(record + 16, &p.result_sum, 4);
        std::memcpy(record + 20, &p.count, 4);
        record[24] = static_cast<char>(p.exact);
        bytes.append(record, kRecordSize);
    }
    const std::uint64_t sum = fnv1a(bytes);
    bytes.append(reinterpret_cast<const char*>(&sum), 8);
    write_file_atomic(path, bytes);
}

TrainingSet TrainingSet::load(const std::string& path) {
    const std::string bytes = read_file(path, kMaxTrainingSetBytes);
    if (bytes.size() < 24 || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        throw Error(path + ": not an outflank training set");
    std::uint64_t n = 0, sum = 0;
    std::memcpy(&n, bytes.data() + 8, 8);
    if (n > (bytes.size() - 24) / kRecordSize || bytes.size() != 24 + n * kRecordSize)
        throw Error(path + ": truncated training set");
    std::memcpy(&sum, bytes.data() + bytes.size() - 8, 8);
    if (sum != fnv1a(std::string_view(bytes).substr(0, bytes.size() - 8))) throw Error(path + ": checksum mismatch (corrupt)");
    TrainingSet set;
    set.positions_.resize(n);
    for (std::uint64_t i = 0; i < n; ++i) {
        const char* record = bytes.data() + 16 + i * kRecordSize;
        TrainingPosition& p = set.positions_[i];
        std::memcpy(&p.player, record, 8);
        std::memcpy(&p.opponent, record + 8, 8);
        std::memcpy(&p.result_sum, record + 16, 4);
        std::memcpy(&p.count, record + 20, 4);
        p.exact = static_cast<std::int8_t>(record[24]);
    }
    return set;
}

}  // namespace outflank
