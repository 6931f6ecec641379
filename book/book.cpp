#include "book/book.hpp"

#include <algorithm>
#include <charconv>

namespace outflank {

Canonical canonical(Bitboard player, Bitboard opponent) {
    Canonical best{{player, opponent}, 0};
    for (int s = 1; s < kSymmetryCount; ++s) {
        const BookKey k{apply_symmetry(player, s), apply_symmetry(opponent, s)};
        if (k < best.key) best = {k, s};
    }
    return best;
}

Position after_move(const Position& pos, Square move) {
    Position next = pos;
    next.play_or_pass(move);
    return next;
}

Square move_from_key(Square key_move, int symmetry) {
    if (key_move >= 64) return key_move;
    for (Square sq = 0; sq < 64; ++sq)
        if (apply_symmetry(sq, symmetry) == key_move) return sq;
    return kNoMove;  // unreachable: every symmetry is a permutation of the squares
}

const BookEntry* Book::find(const BookKey& key) const {
    const auto it = entries_.find(key);
    return it == entries_.end() ? nullptr : &it->second;
}

BookEntry* Book::find(const BookKey& key) {
    const auto it = entries_.find(key);
    return it == entries_.end() ? nullptr : &it->second;
}

bool Book::leads_into_book(const Position& pos, Square move) const {
    return find(after_move(pos, move)) != nullptr;
}

Bitboard Book::book_moves(const Position& pos) const {
    Bitboard in_book = 0;
    for (Square sq : squares(pos.moves()))
        if (leads_into_book(pos, sq)) in_book |= bit(sq);
    return in_book;
}

std::optional<BookProbe> Book::probe(const Position& pos) const {
    if (pos.is_game_over()) return std::nullopt;
    const Canonical c = canonical(pos);
    const BookEntry* e = find(c.key);
    if (!e || e->pending) return std::nullopt;
    BookProbe probe{e->score, e->depth, e->exact, e->games, {}};

    auto add_book_move = [&](Square move) {
        const BookEntry* child = find(after_move(pos, move));
        if (child && !child->pending)
            probe.moves.push_back({move, -child->score, true, child->games, child->depth, child->exact});
    };
    if (pos.must_pass()) add_book_move(kPass);
    else
        for (Square sq : squares(pos.moves())) add_book_move(sq);

    if (e->has_leaf()) {
        const Square leaf = move_from_key(e->leaf_move, c.symmetry);
        const bool legal = leaf == kPass ? pos.must_pass() : pos.is_legal(leaf);
        // A leaf move that has since entered the book is already listed with its book score.
        if (legal && !leads_into_book(pos, leaf))
            probe.moves.push_back({leaf, e->leaf_score, false, 0, e->depth, e->exact});
    }
    std::stable_sort(probe.moves.begin(), probe.moves.end(), [](const BookMove& a, const BookMove& b) {
        if (a.score != b.score) return a.score > b.score;
        if (a.in_book != b.in_book) return a.in_book;
        return a.games > b.games;
    });
    if (probe.moves.empty()) return std::nullopt;
    return probe;
}

std::optional<BookMove> Book::choose(const Position& pos, int randomness, std::mt19937_64& rng) const {
    const std::optional<BookProbe> p = probe(pos);
    if (!p) return std::nullopt;
    // Randomness 0 is deterministic: equal scores go to the first in probe's order.
    if (randomness <= 0) return p->moves.front();
    const int floor = p->moves.front().score - randomness;
    std::size_t candidates = 0;
    while (candidates < p->moves.size() && p->moves[candidates].score >= floor) ++candidates;
    if (candidates == 1) return p->moves.front();
    return p->moves[std::uniform_int_distribution<std::size_t>(0, candidates - 1)(rng)];
}

void Book::back_up() {
    // Children have more discs than their parent, except the position after a forced pass, which
    // has as many and always has moves itself. So: most discs first, and at equal discs the
    // positions with moves before those that must pass.
    std::vector<std::pair<const BookKey*, BookEntry*>> order;
    order.reserve(entries_.size());
    for (auto& [key, entry] : entries_) order.emplace_back(&key, &entry);
    auto rank = [](const BookKey& k) {
        const Position pos = k.position();
        return std::pair{-pos.disc_count(), pos.moves() == 0 ? 1 : 0};
    };
    std::sort(order.begin(), order.end(), [&](const auto& a, const auto& b) {
        const auto ra = rank(*a.first), rb = rank(*b.first);
        return ra != rb ? ra < rb : *a.first < *b.first;
    });

    for (auto& [key, entry] : order) {
        const Position pos = key->position();
        if (pos.is_game_over()) {
            *entry = BookEntry{static_cast<std::int8_t>(pos.final_score()), 0, kNoLeafMove, 0, true, false, false,
                               entry->games};
            continue;
        }
        if (entry->pending) continue;
        int best = entry->has_leaf() ? entry->leaf_score : -1000;
        auto consider = [&](Square move) {
            const BookEntry* child = find(after_move(pos, move));
            if (child && !child->pending) best = std::max(best, -static_cast<int>(child->score));
        };
        if (pos.must_pass()) consider(kPass);
        else
            for (Square sq : squares(pos.moves())) consider(sq);
        // Evaluated, yet nothing to go on (its leaf left for the book, whose children are not
        // evaluated): it needs evaluating again.
        if (best == -1000) entry->pending = true;
        else entry->score = static_cast<std::int8_t>(best);
    }
}

std::size_t Book::pending_count() const {
    return static_cast<std::size_t>(
        std::count_if(entries_.begin(), entries_.end(), [](const auto& kv) { return kv.second.pending; }));
}

std::size_t Book::frontier_count() const {
    return static_cast<std::size_t>(
        std::count_if(entries_.begin(), entries_.end(), [](const auto& kv) { return kv.second.frontier; }));
}

std::string Book::meta(const std::string& key, const std::string& fallback) const {
    const auto it = metadata_.find(key);
    return it == metadata_.end() ? fallback : it->second;
}

int Book::meta_int(const std::string& key, int fallback) const {
    const std::string v = meta(key);
    int n = 0;
    const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
    return ec == std::errc() && end == v.data() + v.size() ? n : fallback;
}

}  // namespace outflank
