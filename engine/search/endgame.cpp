// EndgameSolver: the root of the exact search (best move, PV, result) over the layers of
// endgame_search.cpp and endgame_last.cpp.
#include "search/endgame.hpp"

#include <algorithm>
#include <chrono>

#include "search/endgame_internal.hpp"

namespace outflank {
namespace {

using endgame::Context;
using endgame::kInfinity;

// PVS at the root: like endgame::pvs but reports the best move, and always searches every move
// it needs (no table cut-off at the root, so the move is known).
int root_pvs(Context& c, Bitboard P, Bitboard O, int alpha, int beta, Square& best_move) {
    const int n_empties = popcount(~(P | O));
    const unsigned parity = endgame::parity_of(~(P | O));
    ++c.nodes;
    const Bitboard moves = legal_moves(P, O);
    best_move = kNoMove;
    if (!moves) {
        if (!legal_moves(O, P)) return final_score(P, O);
        best_move = kPass;
        return -endgame::pvs(c, O, P, -beta, -alpha, n_empties, parity);
    }
    Square tt_move = kNoMove;
    const std::uint64_t key = hash_discs(P, O);
    if (c.tt) {
        TTData data;
        if (c.tt->probe(key, data)) tt_move = data.move;
    }
    endgame::MoveList list;
    if (c.stopped()) {
        // A stopped search returns at once: the shallow searches of the deep ordering would cost
        // milliseconds (far more under a sanitizer) before a `ping` or `stop` could be answered.
        endgame::fastest_first(list, P, O, moves, parity, tt_move);
        best_move = list.pick(0).sq;
        return alpha;
    }
    endgame::order_moves(c, list, P, O, moves, parity, tt_move, n_empties, alpha);
    int best = -kInfinity, a = alpha;
    for (int i = 0; i < list.count; ++i) {
        const endgame::MoveEntry& m = list.pick(i);
        const Bitboard nP = O ^ m.flipped, nO = P ^ m.flipped ^ bit(m.sq);
        const unsigned np = parity ^ endgame::kQuadrantBit[m.sq];
        int score;
        if (i == 0) {
            score = -endgame::pvs(c, nP, nO, -beta, -a, n_empties - 1, np);
        } else {
            score = -endgame::nws(c, nP, nO, -a - 1, n_empties - 1, np);
            if (score > a && score < beta && !c.stopped()) score = -endgame::pvs(c, nP, nO, -beta, -a, n_empties - 1, np);
        }
        if (c.stopped()) break;
        if (score > best) {
            best = score;
            best_move = m.sq;
            if (best >= beta) break;
            if (best > a) a = best;
        }
    }
    if (best_move == kNoMove) best_move = list.moves[0].sq;  // stopped before the first result
    if (c.tt && !c.stopped() && n_empties >= endgame::kHashMin)
        c.tt->store(key, n_empties, kNoSelectivity, alpha, beta, best, best_move);
    return best;
}

}  // namespace

EndgameSolver::EndgameSolver(TranspositionTable& tt, SearchControl& control) : table_(&tt), ctx_(own_) {
    own_.begin(&tt, &control);
}

void EndgameSolver::sync() {
    if (&ctx_ == &own_) own_.refresh_stop();
}

int EndgameSolver::search(Bitboard player, Bitboard opponent, int alpha, int beta, Square* best_move) {
    sync();
    Context& c = ctx_;
    if (alpha < -kInfinity + 1) alpha = -kInfinity + 1;
    if (beta > kInfinity - 1) beta = kInfinity - 1;
    int score;
    if (best_move) {
        score = root_pvs(c, player, opponent, alpha, beta, *best_move);
    } else {
        const Bitboard empties = ~(player | opponent);
        score = endgame::pvs(c, player, opponent, alpha, beta, popcount(empties), endgame::parity_of(empties));
    }
    return score;
}

SearchResult EndgameSolver::solve(const Position& pos, bool wld, const InfoCallback& on_info, std::optional<int> guess) {
    sync();
    const auto start = std::chrono::steady_clock::now();
    Context& c = ctx_;
    const std::uint64_t start_nodes = c.search_nodes();
    SearchResult result;
    result.depth = pos.empty_count();
    result.selectivity = 100;
    result.exact = !wld;
    result.wld = wld;

    Bitboard P = pos.player, O = pos.opponent;
    Square best = kNoMove;
    int score;
    if (wld) {
        score = root_pvs(c, P, O, -1, 1, best);
    } else if (!guess) {
        score = root_pvs(c, P, O, -kMaxScore - 1, kMaxScore + 1, best);
    } else {
        // Aspiration: a window of +-2 around the guess, widened (doubling) past the side it
        // failed on; the fail-soft bound of a failed search starts the next window.
        int delta = 2;
        int alpha = std::max(-kMaxScore - 1, *guess - delta), beta = std::min(kMaxScore + 1, *guess + delta);
        for (;;) {
            score = root_pvs(c, P, O, alpha, beta, best);
            if (c.stopped()) break;
            delta *= 2;
            if (score <= alpha && alpha > -kMaxScore - 1) {
                beta = score + 1;
                alpha = std::max(-kMaxScore - 1, score - delta);
            } else if (score >= beta && beta < kMaxScore + 1) {
                alpha = score - 1;
                beta = std::min(kMaxScore + 1, score + delta);
            } else {
                break;
            }
        }
    }
    result.best_move = best;
    result.stopped = c.stopped();
    if (wld) score = score > 0 ? 1 : score < 0 ? -1 : 0;
    result.score = score;

    // The principal variation: the table's best moves while they are known, else the first move
    // whose small search reproduces the expected score.
    if (!result.stopped && best != kNoMove) {
        int expected = score;
        Square move = best;
        while (move != kNoMove && result.pv.size() < 80 && !c.stopped()) {
            result.pv.push_back(move);
            if (move == kPass) {
                std::swap(P, O);
            } else {
                const Bitboard f = endgame::flip(move, P, O);
                const Bitboard nP = O ^ f;
                O = P ^ f ^ bit(move);
                P = nP;
            }
            expected = -expected;
            const Bitboard moves = legal_moves(P, O);
            move = kNoMove;
            if (!moves) {
                if (legal_moves(O, P)) move = kPass;
                continue;
            }
            const int n = popcount(~(P | O));
            TTData data;
            if (c.tt && c.tt->probe(hash_discs(P, O), data) && data.depth == n && data.move < 64 &&
                (moves & bit(data.move)) && (wld || (data.lower == expected && data.upper == expected))) {
                move = data.move;
                continue;
            }
            if (n > 24) break;  // re-solving deep positions for the PV is not worth it
            // The move whose score matches: exact -> equal; WLD -> same sign.
            const int lo = wld ? (expected > 0 ? 0 : expected == 0 ? -1 : -kInfinity + 1) : expected - 1;
            const int hi = wld ? (expected > 0 ? kInfinity - 1 : expected == 0 ? 1 : 0) : expected + 1;
            for (Square sq : squares(moves)) {
                const Bitboard f = endgame::flip(sq, P, O);
                const int s = -endgame::pvs(c, O ^ f, P ^ f ^ bit(sq), -hi, -lo, n - 1,
                                            endgame::parity_of(~(P | O)) ^ endgame::kQuadrantBit[sq]);
                if (s > lo && s < hi) {
                    move = sq;
                    break;
                }
            }
        }
    }
    result.nodes = c.search_nodes() - start_nodes;
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (on_info) on_info(result);
    return result;
}

}  // namespace outflank
