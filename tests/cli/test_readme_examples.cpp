// The README's examples are true: every code block marked `<!-- example -->` starts with a
// command line (`$ outflank ...`, a shell pipeline allowed) and shows its standard output; the
// command runs here with the built `outflank` first on PATH, from the source tree (so
// `book/outflank.book` is the shipped book), and its output must match. Numbers that depend on
// the machine's speed are masked on both sides: decimals (seconds) and the integer after them
// (nodes/s); a marker may name more with `mask="REGEX"` (ECMAScript). Runs of spaces count as
// one, so a masked number of another width still lines up.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "support/file_io_support.hpp"

using outflank::test::run_program_bounded;

namespace {

struct Example {
    int line = 0;              // of the command in README.md
    std::string command;       // after "$ ", continuation lines joined
    std::string expected;      // the rest of the block
    std::string extra_mask;    // mask="..." of the marker, or empty
};

std::string source_dir() { return std::filesystem::path(OUTFLANK_TESTS_DIR).parent_path().string(); }

std::vector<std::string> readme_lines() {
    std::ifstream in(source_dir() + "/README.md");
    REQUIRE(in);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::vector<Example> readme_examples() {
    const std::vector<std::string> lines = readme_lines();
    const std::regex marker(R"re(^<!-- example( mask="([^"]*)")? -->$)re");
    std::vector<Example> examples;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::smatch m;
        if (!std::regex_match(lines[i], m, marker)) continue;
        INFO("README.md line " << i + 1 << ": a marker must stand right before a ``` block whose first line is `$ ...`");
        REQUIRE(i + 2 < lines.size());
        REQUIRE(lines[i + 1] == "```");
        REQUIRE(lines[i + 2].starts_with("$ "));
        Example e;
        e.line = static_cast<int>(i + 3);
        e.extra_mask = m[2].str();
        std::size_t j = i + 2;
        e.command = lines[j].substr(2);
        while (e.command.ends_with("\\") && j + 1 < lines.size()) {
            e.command.pop_back();
            e.command += " " + lines[++j];
        }
        for (++j; j < lines.size() && lines[j] != "```"; ++j) e.expected += lines[j] + "\n";
        REQUIRE(j < lines.size());
        examples.push_back(e);
    }
    return examples;
}

std::string normalized(const std::string& text, const std::string& extra_mask) {
    std::string s = text;
    if (!extra_mask.empty()) s = std::regex_replace(s, std::regex(extra_mask), "#");
    s = std::regex_replace(s, std::regex(R"(\b\d+\.\d+\b)"), "#");
    s = std::regex_replace(s, std::regex(R"(# +\d+\b)"), "# #");
    s = std::regex_replace(s, std::regex(" +"), " ");
    s = std::regex_replace(s, std::regex(" \n"), "\n");
    // A code block cannot end in an empty line the way GTP's answers do, nor keep a prompt's
    // trailing space through an editor.
    while (s.ends_with("\n") || s.ends_with(" ")) s.pop_back();
    return s + "\n";
}

}  // namespace

TEST_CASE("README: the masking leaves what does not depend on speed", "[readme_examples]") {
    CHECK(normalized("exact 22        0       17535388     0.884     19845938  h4 a3\n", "") ==
          "exact 22 0 17535388 # # h4 a3\n");
    CHECK(normalized("Searched 200109 nodes in 0.05 s\n", "") == "Searched 200109 nodes in # s\n");
    CHECK(normalized("Nodes/second   : 123456\n", R"(: \d+)") == "Nodes/second #\n");
    CHECK(normalized("a 12 b\n", "") == "a 12 b\n");
}

TEST_CASE("README: every marked example prints what the README shows", "[readme_examples]") {
    const std::vector<Example> examples = readme_examples();
    // The README's newcomer part shows the main commands; fewer marks means the markers broke.
    CHECK(examples.size() >= 10);
    const std::string binary_dir = std::filesystem::path(OUTFLANK_BINARY).parent_path().string();
    for (const Example& e : examples) {
        INFO("README.md line " << e.line << ": $ " << e.command);
        // The data files found as a user of the source tree finds them, whatever this shell has set.
        const std::string prefix = "cd '" + source_dir() + "' && env -u OUTFLANK_EVAL -u OUTFLANK_BOOK PATH='" +
                                   binary_dir + "':\"$PATH\"";
        const auto r = run_program_bounded(prefix, "sh", "-c '" + std::regex_replace(e.command, std::regex("'"), "'\\''") + "'",
                                           {}, 60);
        INFO("stderr: " << r.err);
        CHECK(r.exit_code == 0);
        const std::string expected = normalized(e.expected, e.extra_mask), actual = normalized(r.out, e.extra_mask);
        if (expected != actual) {
            FAIL_CHECK("the README shows:\n" << e.expected << "\nthe program prints:\n" << r.out);
        }
    }
}
