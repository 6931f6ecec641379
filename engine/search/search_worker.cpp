// SearchWorker: one thread's midgame PVS (see search_worker.hpp), and its work at split points.
#include "search/search_worker.hpp"

#include <algorithm>
#include <cmath>

#include "core/stability.hpp"
#include "eval/eval.hpp"
#include "search/endgame_internal.hpp"
#include "search/probcut.hpp"
#include "search/thread_pool.hpp"

namespace outflank {

namespace {

constexpr Bitboard kXSquaresOf[4] = {bit(9), bit(14), bit(49), bit(54)};
constexpr Bitboard kCornerOf[4] = {bit(0), bit(7), bit(56), bit(63)};

int eval_discs(const patterns::PatternIndices& indices, Bitboard player, Bitboard opponent) {
    return eval_to_discs(evaluate(indices, player, opponent));
}

// Cheap static ordering bonus of a square (1/16 discs): corners good, X-squares next to an empty
// corner bad.
int square_bonus(Square sq, Bitboard empty) {
    const Bitboard b = bit(sq);
    if (b & kCorners) return 16 * 16;
    for (int c = 0; c < 4; ++c)
        if ((b & kXSquaresOf[c]) && (empty & kCornerOf[c])) return -16 * 16;
    return 0;
}

}  // namespace

SearchWorker::SearchWorker(ThreadPool* pool) : endgame_(ctx_) {
    ctx_.pool = pool;
    ctx_.worker = this;
}

void SearchWorker::update_pv(int ply, Square move) {
    pv_[ply][ply] = move;
    const int child_len = ply + 1 <= kMaxPly ? pv_length_[ply + 1] : ply + 1;
    for (int i = ply + 1; i < child_len; ++i) pv_[ply][i] = pv_[ply + 1][i];
    pv_length_[ply] = std::max(child_len, ply + 1);
}

std::vector<Square> SearchWorker::root_pv() const { return {pv_[0], pv_[0] + pv_length_[0]}; }

void SearchWorker::note_root_move(int score) { root_progress_.raised_alpha(pv_[0], pv_length_[0], score); }

void SearchWorker::order_moves(MoveList& list, Bitboard player, Bitboard opponent, int depth, int ply,
                           Square hash_move) {
    // From depth 3 the moves are ordered by the evaluation of the position after each (one
    // incremental index update and a table lookup), otherwise by mobility and squares alone.
    // Shallow searches of each move (2 plies from depth 6, 4 from depth 10) ordered no better for
    // their cost: at equal depth they needed 2.2x the nodes and time on 120 WTHOR 2023
    // positions (28-44 empties, depth 14 and 16).
    const Bitboard empty = ~(player | opponent);
    for (MoveEntry& m : list) {
        const Bitboard child_player = opponent & ~m.flipped;
        const Bitboard child_opponent = player | m.flipped | bit(m.sq);
        // From depth 3 each child probes the table first thing: request its bucket now, so that
        // the cache misses of all the children overlap instead of coming one per child.
        if (depth >= 3 && ctx_.tt) ctx_.tt->prefetch(hash_discs(child_player, child_opponent));
        if (m.sq == hash_move) {  // the transposition table's best move goes first, unexamined
            m.score = 1 << 30;
            continue;
        }
        m.score = 0;
        if (depth >= 3) {
            patterns::PatternIndices child;
            patterns::indices_after_move(indices_[ply], m.sq, m.flipped, child);
            m.score = -evaluate(child, child_player, child_opponent) * 16;
        }
        // Fastest first: leave the opponent as few moves as possible (1/2 disc a move).
        m.score += -popcount(legal_moves(child_player, child_opponent)) * 128 + square_bonus(m.sq, empty);
    }
}

bool SearchWorker::probcut(Bitboard player, Bitboard opponent, int depth, int alpha, int beta, int ply, int& score) {
    const int shallow = probcut_shallow_depth(depth);
    const int empties = popcount(~(player | opponent));
    const double sigma = depth >= empties ? endcut_sigma(shallow, empties) : probcut_sigma(depth, shallow, empties);
    const double margin = kProbCutT[selectivity_] * sigma;
    const int beta_bound = static_cast<int>(std::ceil(beta + margin));
    if (beta_bound < kMaxScore) {
        const int s = pvs(player, opponent, shallow, beta_bound - 1, beta_bound, ply, false);
        if (s >= beta_bound) { score = beta; return true; }
    }
    const int alpha_bound = static_cast<int>(std::floor(alpha - margin));
    if (alpha_bound > kMinScore) {
        const int s = pvs(player, opponent, shallow, alpha_bound, alpha_bound + 1, ply, false);
        if (s <= alpha_bound) { score = alpha; return true; }
    }
    return false;
}

int SearchWorker::search_depth1(Bitboard player, Bitboard opponent, Bitboard moves, int alpha, int beta, int ply) {
    // One ply above the evaluation: every child is evaluated in generation order, with no table
    // probe or store and no ordering. At equal depth this searched 37% more nodes (cheap ones)
    // but took 16% less time on 120 WTHOR 2023 positions: the table's cache misses and the
    // ordering's mobility counts cost more than the evaluations they saved.
    int best = -kInfinity;
    pv_length_[ply + 1] = ply + 1;
    for (Square sq : squares(moves)) {
        ++ctx_.nodes;
        const Bitboard flipped = flips(sq, player, opponent);
        const Bitboard child_player = opponent & ~flipped, child_opponent = player | flipped | bit(sq);
        patterns::indices_after_move(indices_[ply], sq, flipped, indices_[ply + 1]);
        const int s = -eval_discs(indices_[ply + 1], child_player, child_opponent);
        if (s > best) {
            best = s;
            if (s > alpha) {
                alpha = s;
                update_pv(ply, sq);
                if (ply == 0) note_root_move(s);
                if (s >= beta) break;
            }
        }
    }
    return best;
}

int SearchWorker::pvs(Bitboard player, Bitboard opponent, int depth, int alpha, int beta, int ply, bool pv_node) {
    ++ctx_.nodes;
    pv_length_[ply] = ply;
    if (ply == 0) root_progress_.begin_window();
    if (ctx_.should_stop()) return 0;

    const int empties = popcount(~(player | opponent));
    // A selective search to the end of the game goes on here with ProbCut (endgame error
    // model) down to kEndCutMinEmpties; an exact one goes to the solver.
    if (depth >= empties && (selectivity_ == kNoSelectivity || empties < kEndCutMinEmpties)) {
        Square best = kNoMove;
        const int s = endgame_.search(player, opponent, alpha, beta, &best);
        if (best != kNoMove && ply < kMaxPly) {
            pv_[ply][ply] = best;
            pv_length_[ply] = ply + 1;
        }
        return s;
    }
    if (depth <= 0) return eval_discs(indices_[ply], player, opponent);
    depth = std::min(depth, empties);
    if (depth == empties) {
        // A (selective) search to the end of the game: stable discs bound the final score. These
        // nodes cost thousands of others, so the bounds are always worth computing.
        const int upper = kMaxScore - 2 * popcount(stable_discs(opponent, player));
        if (upper <= alpha) return upper;
        const int lower = 2 * popcount(stable_discs(player, opponent)) - kMaxScore;
        if (lower >= beta) return lower;
    }

    const Bitboard moves = legal_moves(player, opponent);
    if (moves == 0) {
        if (legal_moves(opponent, player) == 0) return final_score(player, opponent);
        if (ply >= kMaxPly) return eval_discs(indices_[ply], player, opponent);
        patterns::indices_after_pass(indices_[ply], indices_[ply + 1]);
        const int s = -pvs(opponent, player, depth, -beta, -alpha, ply + 1, pv_node);
        update_pv(ply, kPass);
        return s;
    }
    if (ply >= kMaxPly) return eval_discs(indices_[ply], player, opponent);
    if (depth == 1) return search_depth1(player, opponent, moves, alpha, beta, ply);

    const std::uint64_t key = hash_discs(player, opponent);
    Square hash_move = kNoMove;
    if (ctx_.tt) {
        TTData e;
        if (ctx_.tt->probe(key, e)) {
            hash_move = e.move;
            if (!pv_node && e.depth >= depth && e.selectivity >= selectivity_) {
                if (e.lower >= beta) return e.lower;
                if (e.upper <= alpha) return e.upper;
                if (e.lower == e.upper) return e.lower;
            }
        }
    }

    if (selectivity_ < kNoSelectivity && !pv_node && depth >= kProbCutMinDepth) {
        int score;
        if (probcut(player, opponent, depth, alpha, beta, ply, score)) return score;
    }

    int best = -kInfinity;
    Square best_move = kNoMove;
    int a = alpha;
    // Searches one child (the first with the full window, the others with a null window first) and
    // keeps its score; true when it fails high. The caller checks for a stop after each.
    auto search_child = [&](Square sq, Bitboard flipped, bool first) {
        const Bitboard child_player = opponent & ~flipped;
        const Bitboard child_opponent = player | flipped | bit(sq);
        patterns::indices_after_move(indices_[ply], sq, flipped, indices_[ply + 1]);
        int s;
        if (first) {
            s = -pvs(child_player, child_opponent, depth - 1, -beta, -a, ply + 1, pv_node);
        } else {
            s = -pvs(child_player, child_opponent, depth - 1, -a - 1, -a, ply + 1, false);
            if (s > a && s < beta) s = -pvs(child_player, child_opponent, depth - 1, -beta, -a, ply + 1, pv_node);
        }
        if (ctx_.stopped()) return false;  // the caller returns at once, before any score is kept
        if (s > best) {
            best = s;
            best_move = sq;
            if (s > a) {
                a = s;
                update_pv(ply, sq);
                if (ply == 0) note_root_move(s);
                if (s >= beta) return true;
            }
        }
        return false;
    };

    // The table's move goes first whatever the others score, so it is searched before they are
    // generated and ordered: when it cuts off, as it mostly does, their evaluations are saved.
    // The tree is the one a full ordering would search (that ordering puts it first too).
    const bool hash_searched = hash_move < kPass && (moves & bit(hash_move));
    if (hash_searched) {
        const bool cut = search_child(hash_move, flips(hash_move, player, opponent), true);
        if (ctx_.stopped()) return 0;
        if (cut || (moves & (moves - 1)) == 0) {
            if (ctx_.tt) ctx_.tt->store(key, depth, selectivity_, alpha, beta, best, best_move);
            return best;
        }
    }

    MoveList list(player, opponent, moves);
    if (list.size() > 1) order_moves(list, player, opponent, depth, ply, hash_move);
    for (int i = 0; i < list.size(); ++i) {
        const MoveEntry& m = list.pick(i);
        if (i > 0 || !hash_searched) {  // the table's move (first in the order) was searched above
            const bool cut = search_child(m.sq, m.flipped, i == 0);
            if (ctx_.stopped()) return 0;
            if (cut) break;
        }
        // The eldest brother failed low at a null-window node: the others may be shared with
        // idle threads (the window stays (alpha, alpha + 1), so no PV is needed from them).
        if (i == 0 && !pv_node && beta == alpha + 1 && list.size() > 2 && depth >= kMidSplitDepth && ctx_.pool &&
            ctx_.pool->has_idle_helper()) {
            SplitPoint sp(SplitPoint::Kind::midgame, player, opponent, alpha, depth);
            sp.ply = ply;
            sp.selectivity = selectivity_;
            sp.indices = indices_[ply];
            sp.share_moves_after_first(list, list.size(), best_move, best);
            ctx_.pool->split(*this, sp);
            if (ctx_.stopped()) return 0;
            best = sp.best;
            best_move = sp.best_move;
            break;
        }
    }
    if (ctx_.tt) ctx_.tt->store(key, depth, selectivity_, alpha, beta, best, best_move);
    return best;
}

void SearchWorker::midgame_work_at(SplitPoint& sp) {
    // This thread's arrays take over at the split point's ply.
    const int ply = sp.ply;
    const int saved_selectivity = selectivity_;
    selectivity_ = sp.selectivity;
    indices_[ply] = sp.indices;
    const Bitboard player = sp.player, opponent = sp.opponent;
    work_through(ctx_, sp, [&](int i) {
        const Square sq = sp.moves[i];
        const Bitboard flipped = sp.flipped[i];
        patterns::indices_after_move(indices_[ply], sq, flipped, indices_[ply + 1]);
        return -pvs(opponent & ~flipped, player | flipped | bit(sq), sp.depth - 1, -sp.alpha - 1, -sp.alpha, ply + 1,
                    false);
    });
    selectivity_ = saved_selectivity;
}

void SearchWorker::work_at(SplitPoint& sp) {
    if (sp.kind == SplitPoint::Kind::endgame)
        endgame::work_at(ctx_, sp);
    else
        midgame_work_at(sp);
}

Square SearchWorker::best_ordered_move(const Position& pos) {
    indices_[0] = patterns::indices_of(pos.player, pos.opponent);
    MoveList list(pos.player, pos.opponent, pos.moves());
    order_moves(list, pos.player, pos.opponent, 1, 0, kNoMove);
    return list.pick(0).sq;
}

int SearchWorker::aspiration_search(const Position& pos, int depth, int previous, bool use_aspiration) {
    indices_[0] = patterns::indices_of(pos.player, pos.opponent);
    root_progress_.begin_iteration();
    if (!use_aspiration || depth < 5) return pvs(pos.player, pos.opponent, depth, kMinScore - 1, kMaxScore + 1, 0, true);
    int delta = 3;
    int alpha = std::max(kMinScore - 1, previous - delta), beta = std::min(kMaxScore + 1, previous + delta);
    for (;;) {
        const int s = pvs(pos.player, pos.opponent, depth, alpha, beta, 0, true);
        if (ctx_.stopped()) return s;
        if (s <= alpha && alpha > kMinScore - 1) {
            delta *= 3;
            alpha = std::max(kMinScore - 1, s - delta);
        } else if (s >= beta && beta < kMaxScore + 1) {
            // The move that failed high beats the last iteration's best: keep it in case the
            // wider re-search is stopped before it proves anything.
            root_progress_.failed_high(pv_[0], pv_length_[0], s);
            delta *= 3;
            beta = std::min(kMaxScore + 1, s + delta);
        } else {
            return s;
        }
    }
}


}  // namespace outflank
