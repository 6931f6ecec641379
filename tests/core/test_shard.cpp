// Shards (core/shard.hpp): the K/N spec and its refusals, the subset rule covering every input
// exactly once, the file format round trip and its damage checks, and the merge's refusals.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/shard.hpp"
#include "support/file_io_support.hpp"

using namespace outflank;

namespace {

// Shard `spec` of a run over `items` items whose item i's result is "r<i>".
ShardFile make_shard(ShardSpec spec, std::size_t items, const std::string& settings = "depth=8") {
    ShardFile s;
    s.kind = "analyze";
    s.input = "games.txt";
    s.input_checksum = 0x0123456789abcdefULL;
    s.spec = spec;
    s.items = items;
    s.settings = settings;
    for (const std::size_t i : shard_items(items, spec)) s.records.push_back({i, "r" + std::to_string(i)});
    return s;
}

std::vector<ShardFile> all_shards(int n, std::size_t items) {
    std::vector<ShardFile> shards;
    for (int k = 1; k <= n; ++k) shards.push_back(make_shard({k, n}, items));
    return shards;
}

std::vector<std::string> names_of(const std::vector<ShardFile>& shards) {
    std::vector<std::string> names;
    for (const ShardFile& s : shards) names.push_back("shard-" + s.spec.text());
    return names;
}

}  // namespace

TEST_CASE("shard: K/N specs", "[shard]") {
    const ShardSpec s = parse_shard_spec("2/8");
    CHECK(s.index == 2);
    CHECK(s.count == 8);
    CHECK(parse_shard_spec("1/1").count == 1);
    CHECK(parse_shard_spec("1000000/1000000").index == kMaxShards);
    for (const char* bad : {"0/4", "5/4", "x/y", "", "/", "1/", "/4", "4", "-1/4", "1/-4", "+1/4", " 1/4", "1/4 ",
                            "1/0", "1/1000001", "1.5/4", "1/4/2", "99999999999999999999/4"}) {
        INFO(bad);
        CHECK_THROWS_WITH(parse_shard_spec(bad), Catch::Contains("--shard must be K/N"));
    }
}

TEST_CASE("shard: shards 1..N cover the items exactly once, whatever N", "[shard]") {
    for (const std::size_t total : {0u, 1u, 7u, 8u, 19u, 100u}) {
        for (const int n : {1, 2, 3, 4, 7, 8, 25}) {
            std::multiset<std::size_t> seen;
            for (int k = 1; k <= n; ++k) {
                const std::vector<std::size_t> items = shard_items(total, {k, n});
                for (const std::size_t i : items) {
                    CHECK(i % static_cast<std::size_t>(n) == static_cast<std::size_t>(k - 1));
                    seen.insert(i);
                }
                // Round robin: no shard has more than one item more than another.
                CHECK(items.size() >= total / static_cast<std::size_t>(n));
                CHECK(items.size() <= total / static_cast<std::size_t>(n) + 1);
            }
            CHECK(seen.size() == total);
            for (std::size_t i = 0; i < total; ++i) CHECK(seen.count(i) == 1);
        }
    }
    CHECK(shard_items(8, {2, 4}) == std::vector<std::size_t>{1, 5});
}

TEST_CASE("shard: files round trip and refuse damage", "[shard]") {
    const ShardFile s = make_shard({2, 4}, 10);
    const std::string text = serialize_shard(s);
    CHECK(text.starts_with("outflank-shard 1\nkind analyze\ninput games.txt\ninput-fnv1a 0123456789abcdef\n"
                           "shard 2/4\nitems 10\nsettings depth=8\nrecords 3\n"));
    CHECK(text.ends_with("---\n1 r1\n5 r5\n9 r9\n"));
    const ShardFile back = parse_shard(text, "f");
    CHECK(back.kind == s.kind);
    CHECK(back.input_checksum == s.input_checksum);
    CHECK(back.spec.text() == "2/4");
    CHECK(back.items == 10);
    CHECK(back.settings == "depth=8");
    REQUIRE(back.records.size() == 3);
    CHECK(back.records[2].item == 9);
    CHECK(back.records[2].text == "r9");

    CHECK_THROWS_WITH(parse_shard("hello\n", "f"), Catch::Contains("f: not an outflank shard file"));
    std::string changed = text;
    changed[changed.size() - 2] = '8';  // "r9" -> "r8": the body checksum no longer matches
    CHECK_THROWS_WITH(parse_shard(changed, "f"), Catch::Contains("f: damaged"));
    CHECK_THROWS_WITH(parse_shard(text.substr(0, text.size() - 5), "f"), Catch::Contains("f: damaged"));
    CHECK_THROWS_WITH(parse_shard(text.substr(0, 60), "f"), Catch::Contains("f: line"));
    std::string bad_spec = text;
    bad_spec.replace(bad_spec.find("shard 2/4"), 9, "shard 5/4");
    CHECK_THROWS_WITH(parse_shard(bad_spec, "f"), Catch::Contains("--shard must be K/N"));

    // A record that is not the shard's, or a line break in a field, is never written.
    ShardFile wrong = s;
    wrong.records.push_back({2, "r2"});
    CHECK_THROWS_AS(serialize_shard(wrong), Error);
    ShardFile broken = s;
    broken.records[0].text = "two\nlines";
    CHECK_THROWS_AS(serialize_shard(broken), Error);
}

TEST_CASE("shard: files are written atomically and read back", "[shard]") {
    const test::ScratchDir dir("shard");
    const ShardFile s = make_shard({1, 3}, 7);
    write_shard(dir.file("s1"), s);
    CHECK(dir.entries() == std::set<std::string>{"s1"});
    CHECK(read_shard(dir.file("s1")).records.size() == 3);
    CHECK_THROWS_WITH(read_shard(dir.file("nothing")), Catch::Contains("cannot read"));
}

TEST_CASE("shard: the merge rebuilds input order from shards in any order", "[shard]") {
    std::vector<ShardFile> shards = all_shards(3, 8);
    std::swap(shards[0], shards[2]);
    const MergedShards m = merge_shards(shards, names_of(shards));
    CHECK(m.shards == 3);
    REQUIRE(m.texts.size() == 8);
    for (std::size_t i = 0; i < 8; ++i) CHECK(m.texts[i] == "r" + std::to_string(i));
    // One shard of one: the whole input.
    const std::vector<ShardFile> one = all_shards(1, 5);
    CHECK(merge_shards(one, names_of(one)).texts.size() == 5);
    // More shards than items: some are empty, and still needed.
    const std::vector<ShardFile> many = all_shards(6, 2);
    CHECK(merge_shards(many, names_of(many)).texts == std::vector<std::string>{"r0", "r1"});
}

TEST_CASE("shard: the merge names what is missing, doubled or different", "[shard]") {
    std::vector<ShardFile> shards = all_shards(4, 8);
    auto merge_error = [](std::vector<ShardFile> s) {
        try {
            merge_shards(s, names_of(s));
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    {
        std::vector<ShardFile> s = shards;
        s.erase(s.begin() + 1);
        CHECK(merge_error(s) == "merge: shard 2 of 4 is missing");
        s.erase(s.begin() + 2);
        CHECK(merge_error(s) == "merge: shards 2 and 4 of 4 are missing");
    }
    {
        std::vector<ShardFile> s = shards;
        s.push_back(shards[2]);
        CHECK_THAT(merge_error(s), Catch::Contains("shard 3/4 is given twice"));
    }
    {
        std::vector<ShardFile> s = shards;
        s[3].input_checksum ^= 1;
        CHECK_THAT(merge_error(s), Catch::Contains("shard-4/4 comes from another input"));
    }
    {
        std::vector<ShardFile> s = shards;
        s[1].settings = "depth=9";
        CHECK_THAT(merge_error(s), Catch::Contains("shard-2/4 was run with other settings"));
    }
    {
        std::vector<ShardFile> s = shards;
        s[2] = make_shard({3, 5}, 8);
        CHECK_THAT(merge_error(s), Catch::Contains("all must be of the same N"));
    }
    {
        std::vector<ShardFile> s = shards;
        s[0].kind = "solve";
        CHECK_THAT(merge_error(s), Catch::Contains("holds analyze results"));
    }
    {
        std::vector<ShardFile> s = shards;
        s[1].records.pop_back();  // a shard that lost a result
        CHECK_THAT(merge_error(s), Catch::Contains("7 results for 8 items"));
        s[1].records.push_back(s[1].records.front());  // ... and holds another twice instead
        CHECK_THAT(merge_error(s), Catch::Contains("item 1 appears twice"));
    }
    {
        std::vector<ShardFile> s = shards;
        s[1].records[0].item = 2;  // another shard's item
        CHECK_THAT(merge_error(s), Catch::Contains("item 2 is not shard 2/4's"));
    }
    CHECK_THROWS_WITH(merge_shards({}, {}), Catch::Contains("no shard files"));
}
