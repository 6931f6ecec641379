// The opening book in memory: one entry per position up to the eight board symmetries, each with
// its negamax-backed score, the best move that leaves the book (searched), the depth of that
// search and how many source games reached it. Probing is a hash lookup per legal move; the
// builder (book_builder.hpp) fills it, book_file.hpp stores it, the front ends only probe and
// choose. Scores are final disc differences for the side to move, as everywhere in outflank.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/position.hpp"

namespace outflank {

// A position up to symmetry: the smallest (player, opponent) pair among its eight images. The
// colour to move is not part of it (the game from a position does not depend on the colours).
struct BookKey {
    Bitboard player = 0;
    Bitboard opponent = 0;
    friend bool operator==(const BookKey&, const BookKey&) = default;
    friend auto operator<=>(const BookKey&, const BookKey&) = default;
    Position position() const { return {player, opponent, Color::Black}; }
};

struct BookKeyHash {
    std::size_t operator()(const BookKey& k) const { return hash_discs(k.player, k.opponent); }
};

struct Canonical {
    BookKey key;
    int symmetry = 0;  // apply_symmetry(square, symmetry) maps the position's squares to the key's
};
Canonical canonical(Bitboard player, Bitboard opponent);
inline Canonical canonical(const Position& pos) { return canonical(pos.player, pos.opponent); }

// leaf_move when every move of the position leads into the book.
inline constexpr std::uint8_t kNoLeafMove = 255;
inline constexpr int kMaxBookDepth = 60;
inline constexpr std::uint32_t kMaxBookGames = (1u << 24) - 1;  // the file keeps 24 bits

struct BookEntry {
    std::int8_t score = 0;         // negamax-backed score (meaningless while pending)
    std::int8_t leaf_score = 0;    // search score of leaf_move
    std::uint8_t leaf_move = kNoLeafMove;  // best move leaving the book, in the key's orientation (kPass possible)
    std::uint8_t depth = 0;        // depth of the search behind leaf_score
    bool exact = false;            // leaf_score was solved to the end
    bool pending = true;           // not evaluated yet (only in unfinished builds)
    bool frontier = false;         // still to be expanded (only in unfinished expansions)
    std::uint32_t games = 0;       // source games that reached the position (0: added by search)

    bool has_leaf() const { return leaf_move != kNoLeafMove; }
};

// One move of a probed position, in that position's orientation.
struct BookMove {
    Square move = kNoMove;     // a square, or kPass when the side must pass
    int score = 0;             // for the side to move in the probed position
    bool in_book = false;      // leads to a book position (else: the best move out of the book)
    std::uint32_t games = 0;   // source games through the resulting position (0 out of the book)
    int depth = 0;             // search depth behind the score
    bool exact = false;
};

struct BookProbe {
    int score = 0;             // the position's backed-up score
    int depth = 0;             // depth of its own search
    bool exact = false;
    std::uint32_t games = 0;
    std::vector<BookMove> moves;  // best first; ties: book moves first, then more games
};

class Book {
public:
    using Map = std::unordered_map<BookKey, BookEntry, BookKeyHash>;

    // The book's moves for `pos` with their scores; nullopt when the position is not in the book
    // (or not evaluated yet). A finished game is never in the book's answer.
    std::optional<BookProbe> probe(const Position& pos) const;
    // A move for `pos` chosen uniformly among the book's moves scoring within `randomness` discs
    // of the best; 0: always probe's first move (the best; among equals the book move with the
    // most games, then the lowest square). nullopt when the position is not in the book.
    std::optional<BookMove> choose(const Position& pos, int randomness, std::mt19937_64& rng) const;

    const BookEntry* find(const BookKey& key) const;
    const BookEntry* find(const Position& pos) const { return find(canonical(pos).key); }
    BookEntry* find(const BookKey& key);
    // The entry of `key`, added (pending, no games) when absent.
    BookEntry& insert(const BookKey& key) { return entries_[key]; }
    bool contains(const Position& pos) const { return find(pos) != nullptr; }
    std::size_t size() const { return entries_.size(); }
    const Map& entries() const { return entries_; }
    Map& entries() { return entries_; }

    // The squares of `pos` whose move reaches a position in the book (a pass: leads_into_book).
    Bitboard book_moves(const Position& pos) const;
    // True when playing `move` (or kPass) in `pos` reaches a position in the book.
    bool leads_into_book(const Position& pos, Square move) const;

    // Recomputes every score from the leaves by negamax: a position is worth the best of its
    // leaf move and its book moves. Finished games are worth their final score.
    void back_up();
    // Entries not evaluated yet / still to be expanded.
    std::size_t pending_count() const;
    std::size_t frontier_count() const;

    // Build settings and history as key=value pairs, kept in the file (book info shows them).
    std::map<std::string, std::string>& metadata() { return metadata_; }
    const std::map<std::string, std::string>& metadata() const { return metadata_; }
    std::string meta(const std::string& key, const std::string& fallback = "") const;
    int meta_int(const std::string& key, int fallback) const;

    // A file saved in the middle of a build or expansion (the builder resumes it; play refuses it).
    bool unfinished = false;

private:
    Map entries_;
    std::map<std::string, std::string> metadata_;
};

// The position after `move` (a square or kPass) in `pos`; pos must allow it.
Position after_move(const Position& pos, Square move);
// The square in `pos`'s orientation that a move stored in the key's orientation stands for.
Square move_from_key(Square key_move, int symmetry);

}  // namespace outflank
