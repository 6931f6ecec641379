#include "book/book_builder.hpp"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <unordered_set>

#include "book/book_file.hpp"
#include "book/book_sources.hpp"
#include "core/error.hpp"

namespace outflank {
namespace {

using KeySet = std::unordered_set<BookKey, BookKeyHash>;

// The moves of a position as the book sees them: its legal squares, or a forced pass.
std::vector<Square> book_move_list(const Position& pos) {
    if (pos.must_pass()) return {kPass};
    std::vector<Square> moves;
    for (Square sq : squares(pos.moves())) moves.push_back(sq);
    return moves;
}

// Depth-first from the start position, so that consecutive jobs share much of their search
// trees (each engine's transposition table keeps helping); unreachable positions come last.
std::vector<BookKey> search_order(const Book& book) {
    std::vector<BookKey> order;
    order.reserve(book.size());
    KeySet seen;
    std::vector<BookKey> stack;
    const BookKey root = canonical(Position::start()).key;
    if (book.find(root)) {
        stack.push_back(root);
        seen.insert(root);
    }
    while (!stack.empty()) {
        const BookKey key = stack.back();
        stack.pop_back();
        order.push_back(key);
        const Position pos = key.position();
        if (pos.is_game_over()) continue;
        std::vector<Square> moves = book_move_list(pos);
        std::reverse(moves.begin(), moves.end());
        for (Square m : moves) {
            const BookKey child = canonical(after_move(pos, m)).key;
            if (book.find(child) && seen.insert(child).second) stack.push_back(child);
        }
    }
    std::vector<BookKey> rest;
    for (const auto& [key, entry] : book.entries())
        if (!seen.count(key)) rest.push_back(key);
    std::sort(rest.begin(), rest.end());
    order.insert(order.end(), rest.begin(), rest.end());
    return order;
}

EvalJob leaf_job(const Book& book, const BookKey& key) {
    const Position pos = key.position();
    EvalJob job{pos, book.book_moves(pos), pos.must_pass() && book.leads_into_book(pos, kPass), false};
    return job;
}

// The best of the scored moves that does not lead into the book becomes the leaf.
void set_leaf(const Book& book, BookEntry& e, const Position& pos, const std::vector<MoveScore>& moves, int depth) {
    e.leaf_move = kNoLeafMove;
    e.exact = false;
    for (const MoveScore& m : moves) {
        if (book.leads_into_book(pos, m.move)) continue;
        e.leaf_move = static_cast<std::uint8_t>(m.move);
        e.leaf_score = static_cast<std::int8_t>(std::clamp(m.score, -64, 64));
        e.exact = m.exact;
        break;
    }
    e.depth = static_cast<std::uint8_t>(std::min(depth, kMaxBookDepth));
    e.pending = false;
}

std::vector<std::unique_ptr<Engine>> make_engines(const RunSettings& run) {
    if (run.threads < 1 || run.threads > 64) throw Error("book: threads must be 1-64");
    std::vector<std::unique_ptr<Engine>> engines;
    check_threads(run.search_threads);
    for (int i = 0; i < run.threads; ++i) engines.push_back(std::make_unique<Engine>(run.hash_mb, AllocationProgress{}, run.search_threads));
    return engines;
}

std::vector<Engine*> pointers(const std::vector<std::unique_ptr<Engine>>& engines) {
    std::vector<Engine*> p;
    for (const auto& e : engines) p.push_back(e.get());
    return p;
}

void check_depth(int depth, const char* what) {
    if (depth < 1 || depth > kMaxBookDepth) throw Error(std::string(what) + ": depth must be 1-60");
}

// Loads `<path>.partial` when it holds the same job (returns true), refuses one holding another.
bool resume_partial(Book& book, const std::string& partial, const std::string& job, const RunSettings& run) {
    if (run.restart || !std::filesystem::exists(partial)) return false;
    Book saved = load_book(partial);
    if (saved.meta("job") != job)
        throw Error(partial + " holds an unfinished job with other settings (" + saved.meta("job", "unknown") +
                    "); run with the same settings to resume it, or with --restart to start over");
    book = std::move(saved);
    return true;
}

void finish(Book& book, const std::string& path, const std::string& partial) {
    book.back_up();
    book.unfinished = false;
    book.metadata().erase("job");
    save_book(book, path);
    std::error_code ec;
    std::filesystem::remove(partial, ec);
}

}  // namespace

Book collect_positions(const std::vector<Game>& games, int plies, int min_games) {
    std::unordered_map<BookKey, std::uint32_t, BookKeyHash> counts;
    KeySet in_game;
    for (const Game& game : games) {
        in_game.clear();
        const std::size_t last = std::min(game.moves().size(), static_cast<std::size_t>(std::max(plies, 0)));
        for (std::size_t i = 0; i <= last; ++i) {
            const BookKey key = canonical(game.position_at(i)).key;
            if (in_game.insert(key).second) ++counts[key];
        }
    }
    Book book;
    for (const auto& [key, n] : counts)
        if (n >= static_cast<std::uint32_t>(std::max(min_games, 1))) book.insert(key).games = std::min(n, kMaxBookGames);
    return book;
}

bool evaluate_pending(Book& book, const std::vector<Engine*>& engines, int depth, const RunControl& control,
                      std::size_t* searched) {
    std::vector<BookKey> keys;
    std::vector<EvalJob> jobs;
    for (const BookKey& key : search_order(book)) {
        BookEntry& e = *book.find(key);
        if (!e.pending) continue;
        if (key.position().is_game_over()) {
            set_leaf(book, e, key.position(), {}, 0);
            e.exact = true;
            continue;
        }
        keys.push_back(key);
        jobs.push_back(leaf_job(book, key));
    }
    if (jobs.empty()) return true;
    return run_jobs(engines, jobs, depth, "searching positions",
                    [&](std::size_t i, EvalResult&& r) {
                        set_leaf(book, *book.find(keys[i]), jobs[i].pos, r.moves, depth);
                        if (searched) ++*searched;
                    },
                    control);
}

bool refresh_leaves(Book& book, const std::vector<Engine*>& engines, int depth, const RunControl& control,
                    std::size_t* searched) {
    std::vector<BookKey> keys;
    std::vector<EvalJob> jobs;
    for (const BookKey& key : search_order(book)) {
        const BookEntry& e = *book.find(key);
        if (e.pending || !e.has_leaf() || !book.leads_into_book(key.position(), e.leaf_move)) continue;
        keys.push_back(key);
        jobs.push_back(leaf_job(book, key));
    }
    if (jobs.empty()) return true;
    return run_jobs(engines, jobs, depth, "searching again where the leaf joined the book",
                    [&](std::size_t i, EvalResult&& r) {
                        set_leaf(book, *book.find(keys[i]), jobs[i].pos, r.moves, depth);
                        if (searched) ++*searched;
                    },
                    control);
}

namespace {

void check_build(const BuildSettings& s) {
    if (s.game_files.empty()) throw Error("book build: give the source games with --games");
    if (s.plies < 0 || s.plies > 60) throw Error("book build: plies must be 0-60");
    if (s.min_games < 1) throw Error("book build: min-games must be at least 1");
    check_depth(s.depth, "book build");
}

std::string source_names(const BuildSettings& s) {
    std::string sources;
    for (const std::string& f : s.game_files)
        sources += (sources.empty() ? "" : ",") + std::filesystem::path(f).filename().string();
    return sources;
}

// The build's positions, all pending, with the metadata of the finished book (and "job").
Book collect_build(const BuildSettings& s, const std::string& job, std::string& summary) {
    const SourceGames src = read_source_games(s.game_files, s.plies);
    std::size_t rejected = 0;
    for (const SourceFile& f : src.files) rejected += f.rejected;
    summary = std::to_string(src.games.size()) + " games from " + std::to_string(src.files.size()) + " files" +
              (rejected ? " (" + std::to_string(rejected) + " left out: illegal, or from another start)" : "");
    Book book = collect_positions(src.games, s.plies, s.min_games);
    book.metadata() = {{"plies", std::to_string(s.plies)},
                       {"min_games", std::to_string(s.min_games)},
                       {"depth", std::to_string(s.depth)},
                       {"games", std::to_string(src.games.size())},
                       {"sources", source_names(s)},
                       {"engine", "outflank " OUTFLANK_VERSION},
                       {"job", job}};
    book.unfinished = true;
    return book;
}

std::string build_job(const BuildSettings& s) {
    return "build plies=" + std::to_string(s.plies) + " min_games=" + std::to_string(s.min_games) +
           " depth=" + std::to_string(s.depth) + " sources=" + source_names(s);
}

}  // namespace

RunOutcome build_book(const BuildSettings& s, const std::string& out_path, const RunSettings& run) {
    check_build(s);
    const std::string job = build_job(s);
    const std::string partial = out_path + ".partial";

    RunOutcome outcome;
    Book book;
    outcome.resumed = resume_partial(book, partial, job, run);
    if (!outcome.resumed) {
        book = collect_build(s, job, outcome.sources);
        save_book(book, partial);
    }
    const auto engines = make_engines(run);
    RunControl control = run.control;
    control.checkpoint = [&] { save_book(book, partial); };
    control.fresh_engines = true;
    if (!evaluate_pending(book, pointers(engines), s.depth, control, &outcome.searched)) {
        save_book(book, partial);
        outcome.positions = book.size();
        return outcome;
    }
    finish(book, out_path, partial);
    outcome.finished = true;
    outcome.positions = book.size();
    return outcome;
}

BuildShardOutcome build_book_shard(const BuildSettings& s, const ShardSpec& shard, const RunSettings& run) {
    check_build(s);
    if (shard.count < 1 || shard.index < 1 || shard.index > shard.count)
        throw Error("book build: the shard must be K of N with 1 <= K <= N");
    BuildShardOutcome outcome;
    Book book = collect_build(s, build_job(s), outcome.sources);
    book.metadata().erase("job");
    std::vector<BookKey> keys;
    keys.reserve(book.size());
    for (const auto& [key, e] : book.entries()) keys.push_back(key);
    std::sort(keys.begin(), keys.end());
    // Other shards' positions stay in the book (membership decides the leaf moves) but are not searched.
    for (std::size_t i = 0; i < keys.size(); ++i)
        if (!shard.owns(i)) book.find(keys[i])->pending = false;
    const auto engines = make_engines(run);
    RunControl control = run.control;
    control.fresh_engines = true;
    if (!evaluate_pending(book, pointers(engines), s.depth, control, &outcome.searched)) return outcome;
    outcome.items = shard_items(keys.size(), shard);
    for (const std::size_t i : outcome.items) outcome.entries.emplace_back(keys[i], *book.find(keys[i]));
    outcome.positions = keys.size();
    outcome.metadata = book.metadata();
    outcome.finished = true;
    return outcome;
}

RunOutcome expand_book(const std::string& path, const ExpandSettings& s, const RunSettings& run) {
    check_depth(s.depth, "book expand");
    if (s.error < 0 || s.error > 128) throw Error("book expand: error must be 0-128 discs");
    const std::string job = "expand depth=" + std::to_string(s.depth) + " error=" + std::to_string(s.error);
    const std::string partial = path + ".partial";

    RunOutcome outcome;
    Book book;
    outcome.resumed = resume_partial(book, partial, job, run);
    if (!outcome.resumed) {
        book = load_book(path);
        if (book.unfinished) throw Error("book expand: " + path + " is an unfinished book");
        // Mark the leaves for scoring, and add the move where the book would leave the book.
        std::vector<BookKey> best_replies;
        for (auto& [key, e] : book.entries()) {
            const Position pos = key.position();
            if (e.pending || pos.is_game_over()) continue;
            int best_child = -1000;
            for (Square m : book_move_list(pos))
                if (const BookEntry* child = book.find(after_move(pos, m)); child && !child->pending)
                    best_child = std::max(best_child, -static_cast<int>(child->score));
            if (best_child == -1000 && book.book_moves(pos) == 0 && !(pos.must_pass() && book.leads_into_book(pos, kPass)))
                e.frontier = true;
            else if (e.has_leaf() && e.leaf_score > best_child && !book.leads_into_book(pos, e.leaf_move))
                best_replies.push_back(canonical(after_move(pos, e.leaf_move)).key);
        }
        for (const BookKey& k : best_replies)
            if (!book.find(k)) {
                book.insert(k);
                ++outcome.added;
            }
        book.metadata()["job"] = job;
        book.unfinished = true;
        save_book(book, partial);
    }

    const auto engines = make_engines(run);
    RunControl control = run.control;
    control.checkpoint = [&] { save_book(book, partial); };
    control.fresh_engines = true;
    auto stopped = [&] {
        save_book(book, partial);
        outcome.positions = book.size();
        return outcome;
    };

    // Score every move of each leaf; the best and those within `error` of it join the book.
    std::vector<BookKey> keys;
    std::vector<EvalJob> jobs;
    for (const BookKey& key : search_order(book))
        if (book.find(key)->frontier) {
            keys.push_back(key);
            jobs.push_back({key.position(), 0, false, true});
        }
    const bool scored = run_jobs(pointers(engines), jobs, s.depth, "scoring the moves of leaves",
        [&](std::size_t i, EvalResult&& r) {
            const Position& pos = jobs[i].pos;
            for (std::size_t k = 0; k < r.moves.size(); ++k) {
                const MoveScore& m = r.moves[k];
                if (m.score < r.moves.front().score - s.error) break;
                const Canonical child = canonical(after_move(pos, m.move));
                if (book.find(child.key)) continue;
                BookEntry& added = book.insert(child.key);
                ++outcome.added;
                // The search of the move found the new position's best answer too: its leaf,
                // one ply less deep (refresh_leaves redoes it if that answer is in the book).
                if (r.replies[k] != kNoMove) {
                    added.leaf_move = static_cast<std::uint8_t>(apply_symmetry(r.replies[k], child.symmetry));
                    added.leaf_score = static_cast<std::int8_t>(-m.score);
                    added.exact = m.exact;
                    added.depth = static_cast<std::uint8_t>(std::max(1, s.depth - 1));
                    added.pending = false;
                }
            }
            BookEntry& e = *book.find(keys[i]);
            set_leaf(book, e, pos, r.moves, s.depth);
            e.frontier = false;
            ++outcome.searched;
        },
        control);
    if (!scored) return stopped();
    if (!evaluate_pending(book, pointers(engines), s.depth, control, &outcome.searched)) return stopped();
    if (!refresh_leaves(book, pointers(engines), s.depth, control, &outcome.searched)) return stopped();

    std::string& history = book.metadata()["expansions"];
    history += (history.empty() ? "" : "; ") + job.substr(7);
    finish(book, path, partial);
    outcome.finished = true;
    outcome.positions = book.size();
    return outcome;
}

void learn_game(Book& book, Engine& engine, const Game& game, const LearnSettings& settings) {
    const int depth = settings.depth > 0 ? settings.depth : book.meta_int("depth", 12);
    check_depth(depth, "book learn");
    const std::size_t last = std::min(game.moves().size(), static_cast<std::size_t>(std::max(settings.plies, 0)));
    KeySet seen;
    for (std::size_t i = 0; i <= last; ++i) {
        const BookKey key = canonical(game.position_at(i)).key;
        if (!seen.insert(key).second) continue;
        BookEntry& e = book.insert(key);
        e.games = std::min(e.games + 1, kMaxBookGames);
    }
    const std::vector<Engine*> engines{&engine};
    evaluate_pending(book, engines, depth, {});
    refresh_leaves(book, engines, depth, {});
    book.back_up();
    book.metadata()["learned"] = std::to_string(book.meta_int("learned", 0) + 1);
}

}  // namespace outflank
