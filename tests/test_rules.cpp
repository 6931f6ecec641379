#include <catch2/catch.hpp>

#include "perft.hpp"
#include "position.hpp"

using namespace outflank;

TEST_CASE("start position has the four first moves d3 c4 f5 e6", "[rules]") {
    const Position pos = Position::start();
    CHECK(pos.moves() == (bit(19) | bit(26) | bit(37) | bit(44)));
}

TEST_CASE("perft from the start position, depths 1-9", "[rules]") {
    const std::uint64_t expected[] = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288};
    for (int d = 1; d <= 9; ++d) CHECK(perft(Position::start(), d) == expected[d]);
}
