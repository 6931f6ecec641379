// Searcher: iterative deepening, the prepared exact solve and the clock hand-over, on the main
// SearchWorker, with the ThreadPool's helpers joining at split points (see search.hpp).
#include "search/search.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "eval/eval.hpp"
#include "search/probcut.hpp"
#include "search/timeman.hpp"

namespace outflank {
namespace {

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

// Once a midgame search without a fixed depth has reached this close to the end of the game, its
// next iterations search to the end: selective passes at rising confidence (73%, 87%, 95%, 98%,
// 99%: ProbCut with the endgame error model down to kEndCutMinEmpties, exact below), then the
// exact one. On FFO #41-#48 (22-25 empties) the 73% pass took 0.0-0.6 s against 0.4-8.7 s for
// the exact solve, and its score was within 2 discs of the exact one; a midgame score is further
// off (up to 7 discs there at half the empties' depth). Whether that wins games is the strength
// ladder's SPRT rows (README), not this measurement; 12 plies played worse there (-23 at 0.1 s a
// move) and 8 no better (+0).
constexpr int kEndPassGap = 10;


// Helpers wait for split points only while a search runs (they sleep otherwise).
class PoolSession {
public:
    explicit PoolSession(ThreadPool& pool) : pool_(pool) { pool_.begin_search(); }
    ~PoolSession() { pool_.end_search(); }
    PoolSession(const PoolSession&) = delete;
    PoolSession& operator=(const PoolSession&) = delete;

private:
    ThreadPool& pool_;
};

}  // namespace

double estimated_solve_seconds(int empties) {
    // The 90th percentile of prepared solves of WTHOR 2022 positions on this machine (both cores
    // busy): 0.32 s at 20 empties, 3.5 s at 24, 30 s at 26, about x2.1 per empty. Measured with
    // `outflank tune endcut-data --games WTH_2022.wtb --positions 120 --depth 1 --min-empties 16
    // --max-empties 26 --seed 3` (the exact_seconds column).
    return 0.4 * std::pow(2.1, empties - 20);
}


Searcher::Searcher(std::size_t hash_mb, const AllocationProgress& progress, int threads) : tt_(hash_mb, progress) {
    set_threads(threads);
}

Searcher::~Searcher() = default;

void Searcher::set_threads(int threads) {
    main_.reset();
    pool_.reset();
    pool_ = std::make_unique<ThreadPool>(threads);
    main_ = std::make_unique<SearchWorker>(pool_->threads() > 1 ? pool_.get() : nullptr);
}

int Searcher::threads() const { return pool_->threads(); }

std::uint64_t Searcher::nodes() const { return main_->context().search_nodes(); }

bool Searcher::stopped() const { return main_->context().stopped() || control_.stopped(); }

SearchResult Searcher::solve(const Position& pos, bool wld, const InfoCallback& on_info) {
    // The result carries the search's totals (the control counts every step, and the midgame
    // search before it in timed play); on_info gets each step and then the result. A stopped
    // solve's score means nothing: the best estimate so far replaces it, marked as not exact.
    std::optional<int> estimate;
    auto finish = [&](SearchResult r) {
        if (r.stopped) {
            r.exact = r.wld = false;
            r.score = estimate ? *estimate : eval_to_discs(evaluate(pos.player, pos.opponent));
        }
        r.nodes = nodes();
        r.seconds = control_.elapsed();
        if (on_info) on_info(r);
        return r;
    };
    const int empties = pos.empty_count();
    if (empties < kPreparedSolveMin || !use_tt_) return finish(main_->endgame().solve(pos, wld));

    Limits prepare;
    prepare.depth = prepare_depth(empties);
    prepare.use_aspiration = true;
    const SearchResult midgame_result = midgame(pos, prepare, on_info);
    if (stopped()) {
        // The preparing search's best move so far is the answer: a stopped solver returns at once
        // with only its fastest-first move, which that search's move is better than.
        if (midgame_result.best_move == kNoMove) return finish(main_->endgame().solve(pos, wld));
        estimate = midgame_result.score;
        SearchResult r = midgame_result;
        r.stopped = true;  // the solve did not happen, whether or not the midgame search finished
        return finish(r);
    }
    int guess = midgame_result.score;
    estimate = guess;
    for (int selectivity = 0; selectivity < kPreparePasses; ++selectivity) {
        main_->set_selectivity(selectivity);
        const int s = main_->aspiration_search(pos, empties, guess, true);
        if (stopped()) break;
        estimate = guess = s;
        if (on_info) {
            SearchInfo info;
            info.depth = empties;
            info.selectivity = kProbCutPercent[selectivity];
            info.score = s;
            info.pv = main_->root_pv();
            info.nodes = nodes();
            info.seconds = control_.elapsed();
            on_info(info);
        }
    }
    main_->set_selectivity(kNoSelectivity);
    return finish(main_->endgame().solve(pos, wld, {}, guess));
}

SearchResult Searcher::midgame(const Position& pos, const Limits& limits, const InfoCallback& on_info) {
    SearchResult result;
    const int empties = pos.empty_count();
    const int max_depth = std::min(limits.depth > 0 ? limits.depth : 60, empties);
    const int selectivity = limits.selective ? 1 : kNoSelectivity;
    // Without a fixed depth, the iterations go to the end of the game once the midgame depth is
    // within kEndPassGap plies of it.
    const bool end_passes = limits.depth == 0 && limits.selective && limits.endgame_auto;
    IterationTimer timer(limits.time, limits.deadline());
    int previous = 0;
    int end_level = -1;  // the selectivity of the pass to the end, once there; -1 = midgame
    for (int depth = 1; depth <= max_depth;) {
        main_->set_selectivity(end_level >= 0 ? end_level : depth >= empties ? kNoSelectivity : selectivity);
        const int s = main_->aspiration_search(pos, depth, previous, limits.use_aspiration);
        if (stopped()) {
            result.stopped = true;
            adopt_unfinished_best(result);
            break;
        }
        previous = s;
        result.depth = depth;
        result.score = s;
        result.pv = main_->root_pv();
        result.best_move = result.pv.empty() ? kNoMove : result.pv.front();
        result.exact = depth >= empties && main_->selectivity() == kNoSelectivity;
        result.selectivity = kProbCutPercent[main_->selectivity()];
        result.nodes = nodes();
        result.seconds = control_.elapsed();
        // Before the report: a caller that answers at the deadline from another thread pairs the
        // last report with what the iteration after it has proven (Engine::search).
        main_->forget_interrupted_best();
        if (on_info) on_info(result);
        if (result.exact) break;
        timer.completed(result.best_move, s);
        const double elapsed = control_.elapsed();
        // Under a clock the exact solver takes over as soon as it fits in half the time left (the
        // estimate is a 90th percentile; the whole time left played no better, README ladder).
        if (limits.time > 0 && limits.endgame_auto && limits.solve_empties < 0 &&
            estimated_solve_seconds(empties) < (limits.time - elapsed) * 0.5)
            break;
        if (!timer.start_next(elapsed)) break;
        if (end_level >= 0) {
            ++end_level;
        } else if (end_passes && depth + kEndPassGap >= empties && empties >= kEndCutMinEmpties) {
            end_level = 0;
            depth = empties;
        } else {
            ++depth;
        }
    }
    return result;
}

void Searcher::adopt_unfinished_best(SearchResult& result, bool wait) const {
    // The unfinished iteration searched deeper than the last one: a root move it proved better
    // than the last best (or the last best, re-proved) is the better answer.
    std::vector<Square> pv;
    int score = 0;
    if (result.best_move == kNoMove || !main_->interrupted_best(pv, score, wait)) return;
    if (pv.front() != result.best_move) result.score = score;
    result.pv = std::move(pv);
    result.best_move = result.pv.front();
}

SearchResult Searcher::search(const Position& pos, const Limits& limits, const InfoCallback& on_info) {
    control_.clear_stop_request();
    return search_from(pos, limits, on_info, SearchControl::Clock::now());
}

SearchResult Searcher::search_from(const Position& pos, const Limits& limits, const InfoCallback& on_info,
                                   SearchControl::Clock::time_point start) {
    start_ = start;
    PoolSession session(*pool_);
    // unfinished_best() reads only this search's progress: nothing from the search before it,
    // and nothing once this one has returned.
    main_->forget_interrupted_best();
    SearchResult result = search_position(pos, limits, on_info);
    main_->forget_interrupted_best();
    return result;
}

SearchResult Searcher::search_position(const Position& pos, const Limits& limits, const InfoCallback& on_info) {
    control_.start(limits.nodes, limits.deadline(), start_);
    tt_.new_search();
    use_tt_ = limits.use_tt;
    main_->begin(use_tt_ ? &tt_ : nullptr, &control_);

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
        main_->begin(use_tt_ ? &tt_ : nullptr, &control_);
        Limits quick = limits;
        quick.depth = 2;
        quick.time = 0;
        result = midgame(pos, quick, {});
        result.stopped = true;
        return result;
    }

    result = midgame(pos, limits, on_info);

    // With a clock and no fixed solve depth, hand over to the solver when it fits in half the time left.
    // (A win/loss/draw solve where only that fits, an empty or two earlier, played no better:
    // README ladder.)
    if (!result.exact && !stopped() && limits.endgame_auto && limits.solve_empties < 0 && limits.time > 0 &&
        estimated_solve_seconds(empties) < (limits.time - control_.elapsed()) * 0.5) {
        SearchResult exact = solve(pos, false, on_info);  // its nodes include the midgame search's
        if (!exact.stopped && exact.best_move < 64) return exact;
        result.stopped = true;
    }
    if (result.best_move == kNoMove) {
        // Not even depth 1 finished (a tiny node or time limit): answer with the best-ordered move.
        result.best_move = main_->best_ordered_move(pos);
        result.pv = {result.best_move};
        result.stopped = true;
    }
    result.nodes = nodes();
    result.seconds = control_.elapsed();
    return result;
}

std::vector<MoveScore> Searcher::evaluate_moves(const Position& pos, const Limits& limits) {
    control_.clear_stop_request();
    PoolSession session(*pool_);
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
        start_ = SearchControl::Clock::now();  // each move's search has its own time
        const SearchResult r = search_position(child, child_limits, {});
        if (control_.stop_requested()) break;
        scores.push_back({sq, -r.score, r.exact});
    }
    std::stable_sort(scores.begin(), scores.end(), [](const MoveScore& a, const MoveScore& b) { return a.score > b.score; });
    return scores;
}

}  // namespace outflank
