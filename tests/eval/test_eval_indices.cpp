// The pattern indices that the search carries from move to move (eval/pattern_indices.hpp),
// against the reference evaluation from the board: the same index for every instance, kept
// exact by updates over whole random games (passes included), and the same evaluation at every
// stage for both colours. Built into both test binaries, so the vectorised code of the native
// build and the SSE code of the portable one are each checked.
#include <catch2/catch.hpp>

#include <array>
#include <cstring>
#include <memory>
#include <vector>

#include "core/movegen.hpp"
#include "eval/eval.hpp"
#include "eval/pattern_eval.hpp"
#include "eval/pattern_indices.hpp"
#include "eval/patterns.hpp"
#include "support/eval_support.hpp"
#include "support/rules_support.hpp"

using namespace outflank;
using namespace outflank::patterns;
using outflank::test::Rng;

namespace {

bool same(const PatternIndices& a, const PatternIndices& b) {
    return std::memcmp(&a, &b, sizeof(PatternIndices)) == 0;
}

std::vector<std::int16_t> random_weights(std::uint64_t seed) {
    Rng rng(seed);
    std::vector<std::int16_t> w(std::size_t{kStageCount} * layout().compact_size);
    for (auto& x : w) x = static_cast<std::int16_t>(rng.below(4001) - 2000);
    return w;
}

std::vector<std::int16_t> constant_weights(std::int16_t value) {
    return std::vector<std::int16_t>(std::size_t{kStageCount} * layout().compact_size, value);
}

// Plays `games` random games from the start and calls visit(position, indices) at every position
// (game ends included) with indices carried from the start by indices_after_move/pass only.
// Returns the number of passes played, so that callers can insist that passes were covered.
template <typename Visit>
int walk_random_games(int games, std::uint64_t seed, Visit&& visit) {
    Rng rng(seed);
    int passes = 0;
    for (int g = 0; g < games; ++g) {
        Position pos = Position::start();
        PatternIndices indices = indices_of(pos.player, pos.opponent);
        for (;;) {
            visit(pos, indices);
            if (pos.is_game_over()) break;
            PatternIndices next;
            if (const Bitboard moves = pos.moves()) {
                const Square sq = rng.pick(moves);
                indices_after_move(indices, sq, flips(sq, pos.player, pos.opponent), next);
                pos.play(sq);
            } else {
                indices_after_pass(indices, next);
                pos.pass();
                ++passes;
            }
            indices = next;
        }
    }
    return passes;
}

}  // namespace

TEST_CASE("pattern indices: from the discs, every instance reads the board's configuration", "[eval_indices]") {
    const Layout& lay = layout();
    for (const Position& pos : test::random_play_positions(4000, 21)) {
        const PatternIndices indices = indices_of(pos.player, pos.opponent);
        for (int i = 0; i < kInstanceCount; ++i) {
            const Bitboard mask = kPatterns[lay.instances[i].pattern].mask;
            const Bitboard p = apply_symmetry(pos.player, lay.instances[i].symmetry);
            const Bitboard o = apply_symmetry(pos.opponent, lay.instances[i].symmetry);
            const unsigned tp = kTernary[gather_bits(p, mask)], to = kTernary[gather_bits(o, mask)];
            REQUIRE(indices.mover.lane[i] == tp + 2 * to);
            REQUIRE(indices.waiting.lane[i] == to + 2 * tp);
        }
        for (int i = kInstanceCount; i < kIndexLanes; ++i) REQUIRE((indices.mover.lane[i] | indices.waiting.lane[i]) == 0);
    }
}

TEST_CASE("pattern indices: updated move by move and over passes, they stay the board's", "[eval_indices]") {
    int positions = 0;
    const int passes = walk_random_games(test::sanitized() ? 100 : 1500, 5, [&](const Position& pos, const PatternIndices& carried) {
        REQUIRE(same(carried, indices_of(pos.player, pos.opponent)));
        ++positions;
    });
    CHECK(positions > 1000);
    CHECK(passes > 0);
}

TEST_CASE("pattern evaluation: from carried indices it equals the reference at every stage, both colours", "[eval_indices]") {
    test::EvaluationGuard guard;
    std::vector<std::shared_ptr<const PatternWeights>> weight_sets{
        std::make_shared<const PatternWeights>(random_weights(17)),
        std::make_shared<const PatternWeights>(random_weights(18))};
    try {
        weight_sets.push_back(std::make_shared<const PatternWeights>(PatternWeights::load(default_weights_path())));
    } catch (const std::exception& e) {
        WARN("shipped weights not checked: " << e.what());
    }
    for (std::size_t k = 0; k < weight_sets.size(); ++k) {
        const PatternWeights& weights = *weight_sets[k];
        use_pattern_weights(weight_sets[k]);
        std::array<int, kStageCount> seen_black{}, seen_white{};
        int after_pass = 0;
        bool previous_passed = false;
        Bitboard previous_discs = 0;
        walk_random_games(test::sanitized() ? 60 : 600, 100 + k, [&](const Position& pos, const PatternIndices& carried) {
            // A pass leaves the discs as they were: that is how the walk's passes show here.
            const Bitboard discs = pos.player | pos.opponent;
            previous_passed = discs == previous_discs;
            previous_discs = discs;
            if (pos.is_game_over()) return;
            const int reference = weights.evaluate(pos.player, pos.opponent);
            REQUIRE(weights.evaluate(carried, pos.player, pos.opponent) == reference);
            REQUIRE(evaluate(carried, pos.player, pos.opponent) == evaluate(pos.player, pos.opponent));
            (pos.side == Color::Black ? seen_black : seen_white)[stage_of(pos.empty_count())]++;
            after_pass += previous_passed;
        });
        for (int s = 0; s < kStageCount; ++s) {
            CHECK(seen_black[s] > 0);
            CHECK(seen_white[s] > 0);
        }
        CHECK(after_pass > 0);
    }
    // Without pattern weights the indices are ignored: the hand-made evaluation answers.
    use_pattern_weights(nullptr);
    for (const Position& pos : test::random_play_positions(500, 3))
        if (!pos.is_game_over())
            REQUIRE(evaluate(indices_of(pos.player, pos.opponent), pos.player, pos.opponent) ==
                    evaluate_handmade(pos.player, pos.opponent));
}

// The evaluation from indices adds the weights in 16-bit runs of 15 instances when no run can
// overflow (the largest |weight| of each table, summed over a run, at most 32767), and in int
// otherwise. Both must give the reference's value, at the bound and past it.
TEST_CASE("pattern evaluation: the 16-bit sum is used only where it is exact, and both sums are right", "[eval_indices]") {
    test::EvaluationGuard guard;
    struct Case {
        std::vector<std::int16_t> weights;
        bool narrow;
    };
    std::vector<Case> cases;
    cases.push_back({random_weights(31), true});     // |w| <= 2000: 15 x 2000 fits
    cases.push_back({constant_weights(2184), true});  // 15 x 2184 = 32760: every run at the top of the range
    cases.push_back({constant_weights(-2184), true}); // and at the bottom
    cases.push_back({constant_weights(2185), false}); // 15 x 2185 = 32775 would wrap
    {
        Rng rng(32);
        std::vector<std::int16_t> w = random_weights(33);
        for (auto& x : w) x = static_cast<std::int16_t>(rng.below(65535) - 32767);  // the whole int16 range
        cases.push_back({w, false});
    }
    try {
        cases.push_back({PatternWeights::load(default_weights_path()).compact(), true});
    } catch (const std::exception& e) {
        WARN("shipped weights not checked: " << e.what());
    }
    for (std::size_t k = 0; k < cases.size(); ++k) {
        const PatternWeights weights(cases[k].weights);
        REQUIRE(weights.narrow_sum() == cases[k].narrow);
        walk_random_games(test::sanitized() ? 20 : 200, 40 + k, [&](const Position& pos, const PatternIndices& carried) {
            if (!pos.is_game_over()) REQUIRE(weights.evaluate(carried, pos.player, pos.opponent) == weights.evaluate(pos.player, pos.opponent));
        });
    }
}
