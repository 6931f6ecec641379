// When a front end plays the opening book's move rather than search. The book's moves come from
// searches of a fixed depth (16 for the shipped book) backed up through the book's tree; a search
// that goes deeper plays better openings, and one that goes shallower worse (README "Opening book",
// "With book against without": at fixed depths the book never loses, at 1 s a move, where the
// search reaches depth 22-26 in the opening, it scored 45.8%). So:
//   - a solved book move (exact) is always played at once: nothing can be better;
//   - when time a move does not use is kept for later moves (main time, a byo-yomi period of
//     several moves), the book answers at once: the saved seconds are worth more later;
//   - at a fixed depth with no clock, the book answers at once when its depth is at least the
//     search's, and is not used otherwise;
//   - when unused time is lost (a time per move, a byo-yomi period of one move), the engine
//     searches for its time anyway and plays the book move only if that search finished less deep
//     than the book's search.
#pragma once

#include "book/book.hpp"
#include "search/search_types.hpp"

namespace outflank {

enum class BookUse {
    Now,          // play the book move without a search
    IfDeeper,     // search for the whole budget; keep the book move if the search finished shallower
    Never,        // search; ignore the book move
};

// `limits`: what the move's search would be given; `time_kept`: whether time this move does not
// spend stays on the clock for later moves (false for a time per move).
inline BookUse book_use(const BookMove& move, const Limits& limits, bool time_kept) {
    if (move.exact) return BookUse::Now;
    if (limits.time > 0) return time_kept ? BookUse::Now : BookUse::IfDeeper;
    if (limits.depth > 0) return move.depth >= limits.depth ? BookUse::Now : BookUse::Never;
    return BookUse::Now;  // no time and no depth (a node budget alone): the book is free
}

// For BookUse::IfDeeper, after the search: true when the book move is the better-founded one.
inline bool book_deeper_than(const BookMove& move, const SearchResult& search) {
    if (search.best_move == kNoMove) return true;  // the search failed: the book's move beats none
    return !search.exact && !search.wld && move.depth > search.depth;
}

}  // namespace outflank
