// End to end: the real outflank binary, driven through a pipe, with and without the gtp
// subcommand, closed by EOF (no quit) as GUIs do.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

using namespace std::string_literals;

namespace {

struct RunResult {
    std::string out;
    int exit_code = -1;
};

RunResult run_binary(const std::string& args, const std::string& input) {
    const auto in_path = std::filesystem::temp_directory_path() / "outflank_gtp_e2e_input.txt";
    std::ofstream(in_path, std::ios::binary) << input;
    const std::string command = "cat '" + in_path.string() + "' | '" OUTFLANK_BINARY "' " + args + " 2>/dev/null";
    RunResult r;
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe);
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
    const int status = pclose(pipe);
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

}  // namespace

TEST_CASE("the binary speaks GTP without a subcommand and exits 0 at EOF", "[gtp_e2e]") {
    const RunResult r = run_binary("", "1 protocol_version\r\nname\n# comment\n\nplay b d3\nplay w a1\n2 undo\n");
    CHECK(r.exit_code == 0);
    CHECK(r.out == "=1 2\n\n= outflank\n\n= \n\n? illegal move\n\n=2 \n\n");
}

TEST_CASE("outflank gtp with options: genmove, showboard, quit", "[gtp_e2e]") {
    const RunResult r = run_binary("gtp --depth 2 --hash 1 --quiet",
                                   "genmove b\nouflank\nshowboard\nquit\nname\n");
    CHECK(r.exit_code == 0);
    const std::vector<std::string> first_moves = {"= D3\n\n", "= C4\n\n", "= F5\n\n", "= E6\n\n"};
    REQUIRE(r.out.size() > 6);
    CHECK(std::find(first_moves.begin(), first_moves.end(), r.out.substr(0, 6)) != first_moves.end());
    CHECK(r.out.find("? unknown command\n\n= \n  a b c d e f g h\n") != std::string::npos);
    CHECK(r.out.find("White (O) to move") != std::string::npos);
    CHECK(r.out.size() >= 5);
    CHECK(r.out.substr(r.out.size() - 5) == "\n= \n\n");  // quit answered, nothing after it
}

TEST_CASE("outflank gtp rejects bad options with exit code 2", "[gtp_e2e]") {
    CHECK(run_binary("gtp --level 99", "").exit_code == 2);
    CHECK(run_binary("gtp --level 3 --depth 4", "").exit_code == 2);
    CHECK(run_binary("gtp --time 3", "name\n").out == "= outflank\n\n");
}
