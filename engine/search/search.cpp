#include "search/search.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "eval/eval.hpp"
#include "search/probcut.hpp"
#include "core/stability.hpp"

namespace outflank {
namespace {

constexpr int kInfinity = 1000;
// Searches to the end of the game at a selectivity below kNoSelectivity use ProbCut down to
// this many empties; below it the exact solver is cheap enough to be exact.
constexpr int kEndCutMinEmpties = 16;
// Exact solves of this many empties or more are prepared (Searcher::solve): a midgame search,
// then selective passes to the end of the game at rising confidence (the first kPreparePasses
// ProbCut levels). Each pass fills the table with best moves for the next and gives it a narrow
// window; the exact solve comes last. On FFO #40-#49 one pass (73%) cut the nodes by 60% and
// the time by 45%; passes at 87% and 95% saved a few more nodes but cost more time than they saved,
// and the end-cut limit at 14 or 18 empties did no better than 16.
constexpr int kPreparedSolveMin = 20;
constexpr int kPreparePasses = 1;
// Depth of the preparing midgame search for a solve of `empties`.
constexpr int prepare_depth(int empties) { return empties / 2; }
constexpr Bitboard kXSquaresOf[4] = {bit(9), bit(14), bit(49), bit(54)};
constexpr Bitboard kCornerOf[4] = {bit(0), bit(7), bit(56), bit(63)};

int to_discs(int e) { return (e >= 0 ? e + kEvalScale / 2 : e - kEvalScale / 2) / kEvalScale; }
int eval_discs(Bitboard player, Bitboard opponent) { return to_discs(evaluate(player, opponent)); }
int eval_discs(const patterns::PatternIndices& indices, Bitboard player, Bitboard opponent) {
    return to_discs(evaluate(indices, player, opponent));
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

double estimated_solve_seconds(int empties) {
    // The 90th percentile of prepared solves of WTHOR 2022 positions on this machine (both cores
    // busy): 0.32 s at 20 empties, 3.5 s at 24, 30 s at 26, about x2.1 per empty. Measured with
    // `outflank tune endcut-data --games WTH_2022.wtb --positions 120 --depth 1 --min-empties 16
    // --max-empties 26 --seed 3` (the exact_seconds column).
    return 0.4 * std::pow(2.1, empties - 20);
}

Searcher::Searcher(std::size_t hash_mb, const AllocationProgress& progress)
    : tt_(hash_mb, progress), endgame_(tt_, control_) {}

void Searcher::update_pv(int ply, Square move) {
    pv_[ply][ply] = move;
    const int child_len = ply + 1 <= kMaxPly ? pv_length_[ply + 1] : ply + 1;
    for (int i = ply + 1; i < child_len; ++i) pv_[ply][i] = pv_[ply + 1][i];
    pv_length_[ply] = std::max(child_len, ply + 1);
}

std::vector<Square> Searcher::root_pv() const { return {pv_[0], pv_[0] + pv_length_[0]}; }

void Searcher::order_moves(MoveList& list, Bitboard player, Bitboard opponent, int depth, int ply,
                           Square hash_move) {
    const Bitboard empty = ~(player | opponent);
    for (MoveEntry& m : list) {
        if (m.sq == hash_move) {  // the transposition table's best move goes first, unexamined
            m.score = 1 << 30;
            continue;
        }
        const Bitboard child_player = opponent & ~m.flipped;
        const Bitboard child_opponent = player | m.flipped | bit(m.sq);
        if (depth >= 6) {
            // A shallow search orders best at high depth, where its cost is amortised.
            const int shallow = depth >= 10 ? 4 : 2;
            patterns::indices_after_move(indices_[ply], m.sq, m.flipped, indices_[ply + 1]);
            m.score = -pvs(child_player, child_opponent, shallow, -kInfinity, kInfinity, ply + 1, false) * 256;
        } else if (depth >= 3) {
            patterns::PatternIndices child;
            patterns::indices_after_move(indices_[ply], m.sq, m.flipped, child);
            m.score = -evaluate(child, child_player, child_opponent) * 16;
        } else {
            m.score = 0;
        }
        // Fastest first: leave the opponent as few moves as possible.
        m.score += -popcount(legal_moves(child_player, child_opponent)) * 64 + square_bonus(m.sq, empty);
    }
}

bool Searcher::probcut(Bitboard player, Bitboard opponent, int depth, int alpha, int beta, int ply, int& score) {
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

int Searcher::pvs(Bitboard player, Bitboard opponent, int depth, int alpha, int beta, int ply, bool pv_node) {
    ++control_.nodes;
    pv_length_[ply] = ply;
    if (control_.should_stop()) return 0;

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

    const std::uint64_t key = hash_discs(player, opponent);
    Square hash_move = kNoMove;
    if (use_tt_) {
        TTData e;
        if (tt_.probe(key, e)) {
            hash_move = e.move;
            if (!pv_node && e.depth >= depth && e.selectivity >= selectivity_) {
                if (e.lower >= beta) return e.lower;
                if (e.upper <= alpha) return e.upper;
                if (e.lower == e.upper) return e.lower;
            }
        }
    }

    if (selectivity_ < kNoSelectivity && !pv_node && depth >= 3) {
        int score;
        if (probcut(player, opponent, depth, alpha, beta, ply, score)) return score;
    }

    MoveList list(player, opponent, moves);
    if (list.size() > 1) order_moves(list, player, opponent, depth, ply, hash_move);

    int best = -kInfinity;
    Square best_move = kNoMove;
    int a = alpha;
    for (int i = 0; i < list.size(); ++i) {
        const MoveEntry& m = list.pick(i);
        const Bitboard child_player = opponent & ~m.flipped;
        const Bitboard child_opponent = player | m.flipped | bit(m.sq);
        patterns::indices_after_move(indices_[ply], m.sq, m.flipped, indices_[ply + 1]);
        int s;
        if (i == 0) {
            s = -pvs(child_player, child_opponent, depth - 1, -beta, -a, ply + 1, pv_node);
        } else {
            s = -pvs(child_player, child_opponent, depth - 1, -a - 1, -a, ply + 1, false);
            if (s > a && s < beta)
                s = -pvs(child_player, child_opponent, depth - 1, -beta, -a, ply + 1, pv_node);
        }
        if (control_.stopped()) return 0;
        if (s > best) {
            best = s;
            best_move = m.sq;
            if (s > a) {
                a = s;
                update_pv(ply, m.sq);
                if (s >= beta) break;
            }
        }
    }
    if (use_tt_) tt_.store(key, depth, selectivity_, alpha, beta, best, best_move);
    return best;
}

int Searcher::aspiration_search(const Position& pos, int depth, int previous, bool use_aspiration) {
    indices_[0] = patterns::indices_of(pos.player, pos.opponent);
    if (!use_aspiration || depth < 5) return pvs(pos.player, pos.opponent, depth, kMinScore - 1, kMaxScore + 1, 0, true);
    int delta = 3;
    int alpha = std::max(kMinScore - 1, previous - delta), beta = std::min(kMaxScore + 1, previous + delta);
    for (;;) {
        const int s = pvs(pos.player, pos.opponent, depth, alpha, beta, 0, true);
        if (control_.stopped()) return s;
        if (s <= alpha && alpha > kMinScore - 1) {
            delta *= 3;
            alpha = std::max(kMinScore - 1, s - delta);
        } else if (s >= beta && beta < kMaxScore + 1) {
            delta *= 3;
            beta = std::min(kMaxScore + 1, s + delta);
        } else {
            return s;
        }
    }
}

SearchResult Searcher::solve(const Position& pos, bool wld, const InfoCallback& on_info) {
    // The result carries the search's totals (control_ counts every step, and the midgame
    // search before it in timed play); on_info gets each step and then the result. A stopped
    // solve's score means nothing: the best estimate so far replaces it, marked as not exact.
    std::optional<int> estimate;
    auto finish = [&](SearchResult r) {
        if (r.stopped) {
            r.exact = r.wld = false;
            r.score = estimate ? *estimate : eval_discs(pos.player, pos.opponent);
        }
        r.nodes = control_.nodes;
        r.seconds = control_.elapsed();
        if (on_info) on_info(r);
        return r;
    };
    const int empties = pos.empty_count();
    if (empties < kPreparedSolveMin || !use_tt_) return finish(endgame_.solve(pos, wld));

    Limits prepare;
    prepare.depth = prepare_depth(empties);
    prepare.use_aspiration = true;
    const SearchResult midgame_result = midgame(pos, prepare, on_info);
    if (control_.stopped()) return finish(endgame_.solve(pos, wld));  // returns at once, stopped
    int guess = midgame_result.score;
    estimate = guess;
    for (int selectivity = 0; selectivity < kPreparePasses; ++selectivity) {
        selectivity_ = selectivity;
        const int s = aspiration_search(pos, empties, guess, true);
        if (control_.stopped()) break;
        estimate = guess = s;
        if (on_info) {
            SearchInfo info;
            info.depth = empties;
            info.selectivity = kProbCutPercent[selectivity];
            info.score = s;
            info.pv = root_pv();
            info.nodes = control_.nodes;
            info.seconds = control_.elapsed();
            on_info(info);
        }
    }
    selectivity_ = kNoSelectivity;
    return finish(endgame_.solve(pos, wld, {}, guess));
}

SearchResult Searcher::midgame(const Position& pos, const Limits& limits, const InfoCallback& on_info) {
    SearchResult result;
    const int empties = pos.empty_count();
    const int max_depth = std::min(limits.depth > 0 ? limits.depth : 60, empties);
    const int selectivity = limits.selective ? 1 : kNoSelectivity;
    int previous = 0;
    for (int depth = 1; depth <= max_depth; ++depth) {
        selectivity_ = depth >= empties ? kNoSelectivity : selectivity;
        const int s = aspiration_search(pos, depth, previous, limits.use_aspiration);
        if (control_.stopped()) {
            result.stopped = true;
            break;
        }
        previous = s;
        result.depth = depth;
        result.score = s;
        result.pv = root_pv();
        result.best_move = result.pv.empty() ? kNoMove : result.pv.front();
        result.exact = depth >= empties;
        result.selectivity = result.exact ? 100 : kProbCutPercent[selectivity_];
        result.nodes = control_.nodes;
        result.seconds = control_.elapsed();
        if (on_info) on_info(result);
        if (result.exact) break;
        // Each iteration costs a few times the previous one: do not start one that cannot finish.
        if (limits.time > 0 && control_.elapsed() > limits.time * 0.4) break;
    }
    return result;
}

SearchResult Searcher::search(const Position& pos, const Limits& limits, const InfoCallback& on_info) {
    control_.clear_stop_request();
    return search_position(pos, limits, on_info);
}

SearchResult Searcher::search_position(const Position& pos, const Limits& limits, const InfoCallback& on_info) {
    const double hard = limits.hard_time > 0 ? limits.hard_time : limits.time;
    control_.start(limits.nodes, hard);
    tt_.new_search();
    use_tt_ = limits.use_tt;
    endgame_.set_use_tt(limits.use_tt);

    SearchResult result;
    if (pos.is_game_over()) {
        result.best_move = kNoMove;
        result.score = pos.final_score();
        result.exact = true;
        result.depth = pos.empty_count();
        return result;
    }
    if (pos.must_pass()) {
        Position next = pos;
        next.pass();
        // Search the opponent's reply so that the score and PV are meaningful.
        SearchResult reply = search_position(next, limits, {});
        result = reply;
        result.score = -reply.score;
        result.pv.insert(result.pv.begin(), kPass);
        result.best_move = kPass;
        if (on_info) on_info(result);
        return result;
    }

    const int empties = pos.empty_count();
    const bool solve_now = limits.exact || limits.wld ||
                           (limits.endgame_auto && limits.solve_empties >= 0 && empties <= limits.solve_empties);
    if (solve_now) {
        result = solve(pos, limits.wld && !limits.exact, on_info);
        if (result.best_move < 64) return result;
        // Stopped before any move was known: answer with a very shallow search instead.
        control_.start(0, 0);
        Limits quick = limits;
        quick.depth = 2;
        quick.time = 0;
        result = midgame(pos, quick, {});
        result.stopped = true;
        return result;
    }

    result = midgame(pos, limits, on_info);

    // With a clock and no fixed solve depth, hand over to the solver when it fits in the time left.
    if (!result.exact && !control_.stopped() && limits.endgame_auto && limits.solve_empties < 0 && limits.time > 0 &&
        estimated_solve_seconds(empties) < (limits.time - control_.elapsed()) * 0.5) {
        SearchResult exact = solve(pos, false, on_info);  // its nodes include the midgame search's
        if (!exact.stopped && exact.best_move < 64) return exact;
        result.stopped = true;
    }
    if (result.best_move == kNoMove) {
        // Not even depth 1 finished (a tiny node or time limit): answer with the best-ordered move.
        MoveList list(pos.player, pos.opponent, pos.moves());
        order_moves(list, pos.player, pos.opponent, 1, 0, kNoMove);
        result.best_move = list.pick(0).sq;
        result.pv = {result.best_move};
        result.stopped = true;
    }
    result.nodes = control_.nodes;
    result.seconds = control_.elapsed();
    return result;
}

std::vector<MoveScore> Searcher::evaluate_moves(const Position& pos, const Limits& limits) {
    control_.clear_stop_request();
    std::vector<MoveScore> scores;
    const Bitboard moves = pos.moves();
    const int count = popcount(moves);
    Limits child_limits = limits;
    if (limits.depth > 0) child_limits.depth = std::max(1, limits.depth - 1);
    if (limits.time > 0 && count > 0) child_limits.time = limits.time / count;
    if (limits.hard_time > 0 && count > 0) child_limits.hard_time = limits.hard_time / count;
    if (limits.nodes > 0 && count > 0) child_limits.nodes = std::max<std::uint64_t>(1, limits.nodes / count);
    for (Square sq : squares(moves)) {
        Position child = pos;
        child.play(sq);
        const SearchResult r = search_position(child, child_limits, {});
        if (control_.stop_requested()) break;
        scores.push_back({sq, -r.score, r.exact});
    }
    std::stable_sort(scores.begin(), scores.end(), [](const MoveScore& a, const MoveScore& b) { return a.score > b.score; });
    return scores;
}

}  // namespace outflank
