// The hand-made evaluation (v1). Each feature is a difference between the side to move and its
// opponent, weighted by game phase (linear interpolation between an opening and an endgame weight
// set, by the number of discs). Weights are in 1/kEvalScale discs.
#include "eval/eval.hpp"

#include <algorithm>
#include <cstdio>

#include "core/error.hpp"
#include "eval/pattern_eval.hpp"

#include "core/movegen.hpp"
#include "core/stability.hpp"

namespace outflank {
namespace {

constexpr Bitboard kXSquares = 0x4200000000004200ULL;  // b2 g2 b7 g7
constexpr Bitboard kCSquares = 0x4281000000008142ULL;  // a2 b1 g1 h2 a7 b8 g8 h7
constexpr Bitboard kEdges = 0xFF818181818181FFULL;

struct Weights {
    int mobility, potential_mobility, corner, x_square, c_square, stable, edge, parity;
};
// {opening (few discs), endgame (board nearly full)}, tuned by hand from common practice:
// mobility dominates early, discs that can never flip dominate late.
constexpr Weights kOpening{24, 8, 160, -72, -20, 16, 2, 0};
constexpr Weights kEndgame{10, 2, 80, -24, -6, 40, 4, 16};

// Discs on squares next to an empty corner are liabilities (they give the corner away).
int corner_liability(Bitboard discs, Bitboard empty, Bitboard near_corner) {
    int n = 0;
    // For each corner, the X- or C-squares that touch it.
    constexpr Bitboard kCorner[4] = {bit(0), bit(7), bit(56), bit(63)};
    constexpr Bitboard kNear[4] = {0x0000000000000302ULL, 0x000000000000C040ULL, 0x0203000000000000ULL,
                                   0x40C0000000000000ULL};
    for (int c = 0; c < 4; ++c)
        if (empty & kCorner[c]) n += popcount(discs & kNear[c] & near_corner);
    return n;
}

std::shared_ptr<const PatternWeights> g_weights;
const PatternWeights* g_active = nullptr;  // g_weights.get(), read on every evaluation
std::string g_warning;                     // evaluation_warning()

}  // namespace

int evaluate(Bitboard player, Bitboard opponent) {
    // Summing the discs' index vectors beats the reference's gathers (bench --eval-speed).
    if (g_active)
        return std::clamp(g_active->evaluate(patterns::indices_of(player, opponent), player, opponent),
                          -64 * kEvalScale + 1, 64 * kEvalScale - 1);
    return evaluate_handmade(player, opponent);
}

int evaluate(const patterns::PatternIndices& indices, Bitboard player, Bitboard opponent) {
    if (g_active)
        return std::clamp(g_active->evaluate(indices, player, opponent), -64 * kEvalScale + 1, 64 * kEvalScale - 1);
    return evaluate_handmade(player, opponent);
}

void use_pattern_weights(std::shared_ptr<const PatternWeights> weights) {
    g_weights = std::move(weights);
    g_active = g_weights.get();
    g_warning.clear();
}

const PatternWeights* active_pattern_weights() { return g_active; }

std::string default_weights_path() { return OUTFLANK_DEFAULT_WEIGHTS; }

DataFileLookup weights_lookup() {
    DataFileLookup lookup;
    lookup.option = "--eval";
    lookup.variable = "OUTFLANK_EVAL";
    lookup.file_name = "eval.ofw";
    lookup.source_tree_file = default_weights_path();
    lookup.program_dir = DataFileLookup::this_program_dir();
    return lookup;
}

std::string EvaluationChoice::description() const {
    return weights ? "pattern weights " + file.path : "hand-made evaluation";
}

EvaluationChoice choose_evaluation(const std::string& spec, const DataFileLookup& lookup) {
    EvaluationChoice choice;
    choice.file = locate_data_file(lookup, spec);
    // Only a file found nowhere (a build without the shipped weights, a binary moved away from
    // them) leaves the hand-made evaluation. A file the user named, or a found file that is
    // damaged, stops the program instead: playing silently weaker is worse than refusing to start.
    if (!choice.file.found()) return choice;
    try {
        choice.weights = std::make_shared<const PatternWeights>(PatternWeights::load(choice.file.path));
    } catch (const Error& e) {
        throw Error(choice.file.explain(e.what()));
    }
    return choice;
}

std::string missing_weights_note(const EvaluationChoice& choice) {
    std::string places;
    for (const std::string& place : choice.file.looked_in) places += (places.empty() ? "" : ", ") + place;
    return "outflank: no trained weights found (" + choice.file.variable + " is not set; looked for " + places +
           "); using the hand-made evaluation, about 550 Elo weaker. Name the file with --eval FILE or " +
           choice.file.variable + "=FILE";
}

std::string select_evaluation(const std::string& spec) { return select_evaluation(spec, weights_lookup()); }

std::string select_evaluation(const std::string& spec, const DataFileLookup& lookup) {
    // Loaded before anything changes, so a failure leaves the current evaluation in place.
    const EvaluationChoice choice = choose_evaluation(spec, lookup);
    use_pattern_weights(choice.weights);
    if (choice.missing_weights()) {
        std::fprintf(stderr, "%s\n", missing_weights_note(choice).c_str());
        g_warning = "hand-made evaluation: trained weights not found";
    }
    return choice.description();
}

const std::string& evaluation_warning() { return g_warning; }

int evaluate_handmade(Bitboard player, Bitboard opponent) {
    const Bitboard empty = ~(player | opponent);
    const int discs = popcount(player | opponent);
    // phase: 0 at the start position (4 discs) .. 60 when the board is full
    const int phase = std::clamp(discs - 4, 0, 60);
    auto blend = [phase](int opening, int endgame) { return (opening * (60 - phase) + endgame * phase) / 60; };

    const int mob = popcount(legal_moves(player, opponent)) - popcount(legal_moves(opponent, player));
    const int pot = popcount(neighbours(opponent) & empty) - popcount(neighbours(player) & empty);
    const int corners = popcount(player & kCorners) - popcount(opponent & kCorners);
    const int x = corner_liability(player, empty, kXSquares) - corner_liability(opponent, empty, kXSquares);
    const int c = corner_liability(player, empty, kCSquares) - corner_liability(opponent, empty, kCSquares);
    const int stable = popcount(stable_discs(player, opponent)) - popcount(stable_discs(opponent, player));
    const int edge = popcount(player & kEdges) - popcount(opponent & kEdges);
    // With an odd number of empties the side to move should get the last move in the region.
    const int parity = (popcount(empty) & 1) ? 1 : -1;

    int score = blend(kOpening.mobility, kEndgame.mobility) * mob +
                blend(kOpening.potential_mobility, kEndgame.potential_mobility) * pot +
                blend(kOpening.corner, kEndgame.corner) * corners +
                blend(kOpening.x_square, kEndgame.x_square) * x +
                blend(kOpening.c_square, kEndgame.c_square) * c +
                blend(kOpening.stable, kEndgame.stable) * stable +
                blend(kOpening.edge, kEndgame.edge) * edge +
                blend(kOpening.parity, kEndgame.parity) * parity;
    return std::clamp(score, -64 * kEvalScale + 1, 64 * kEvalScale - 1);
}

}  // namespace outflank
