// The transposition table's allocation: sizes the machine cannot hold are refused with the reason
// and leave the old table in use; a table is cleared when it is made and by clear().
#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "search/engine.hpp"
#include "search/tt.hpp"

using namespace outflank;
using Catch::Matchers::Contains;

TEST_CASE("hash sizes: at most half of the machine's memory, refused with the reason", "[tt]") {
    const std::size_t limit = max_hash_mb();
    CHECK(limit >= 64);
    CHECK_NOTHROW(check_hash_mb(1));
    CHECK_NOTHROW(check_hash_mb(limit));
    CHECK_THROWS_WITH(check_hash_mb(0), Contains("at least 1 MB"));
    CHECK_THROWS_WITH(check_hash_mb(limit + 1), Contains("more than half of this machine's memory (at most " +
                                                         std::to_string(limit) + " MB)"));
    CHECK_THROWS_AS(Engine(limit + 1), Error);
}

TEST_CASE("a refused resize keeps the old table and what it holds", "[tt]") {
    TranspositionTable tt(2);
    CHECK(tt.megabytes() == 2);
    tt.store(0x1234, 5, kNoSelectivity, -64, 64, 7, 19);
    CHECK_THROWS_AS(tt.resize(max_hash_mb() + 1), Error);
    CHECK(tt.megabytes() == 2);
    TTData d;
    REQUIRE(tt.probe(0x1234, d));
    CHECK(d.lower == 7);
    CHECK(d.upper == 7);
    CHECK(d.move == 19);
    tt.clear();
    CHECK_FALSE(tt.probe(0x1234, d));
    tt.resize(4);
    CHECK(tt.megabytes() == 4);
    CHECK_FALSE(tt.probe(0x1234, d));
}

TEST_CASE("progress is reported while a large table is cleared", "[tt]") {
    double last = -1;
    int calls = 0;
    TranspositionTable tt(512, [&](double fraction) {
        CHECK(fraction >= last);
        last = fraction;
        ++calls;
    });
    CHECK(calls >= 1);
    CHECK(last == 1.0);
    // A small one says nothing (no latency added for the progress report).
    calls = 0;
    tt.resize(8, [&](double) { ++calls; });
    CHECK(calls == 0);
}
