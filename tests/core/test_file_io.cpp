// The one reader and the one writer (engine/core/file_io): what they refuse, and that a write
// either replaces the file whole or leaves it as it was, with no temporary left behind.
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/error.hpp"
#include "core/file_io.hpp"
#include "support/file_io_support.hpp"

using namespace outflank;
using Catch::Matchers::Contains;
namespace fs = std::filesystem;

namespace {

// Larger than any file these tests read: the cap is tested on its own below.
constexpr std::size_t kAnySize = std::size_t{1} << 20;

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("outflank_file_io_" + name + "_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

int entries(const fs::path& dir) {
    int n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++n;
    return n;
}

}  // namespace

TEST_CASE("read_file: bytes of a regular file, refusals with the reason", "[file_io]") {
    const fs::path dir = fresh_dir("read");
    const std::string file = (dir / "a.bin").string();
    std::string bytes = "abc";
    bytes.push_back('\0');
    bytes += "def";
    { std::ofstream(file, std::ios::binary) << bytes; }
    CHECK(read_file(file, kAnySize) == bytes);
    CHECK(read_file(file, bytes.size()) == bytes);
    CHECK_THROWS_WITH(read_file(file, bytes.size() - 1), Contains("cannot read " + file + ": too large (7 bytes"));
    CHECK_THROWS_WITH(read_file((dir / "none").string(), kAnySize), Contains(": no such file"));
    CHECK_THROWS_WITH(read_file(dir.string(), kAnySize), Contains(": not a regular file"));
    // A device would stream forever and a FIFO would block forever: both are refused at once.
    CHECK_THROWS_WITH(read_file("/dev/zero", kAnySize), Contains("cannot read /dev/zero: not a regular file"));
    const std::string fifo = (dir / "fifo").string();
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const outflank::test::HangGuard no_hang;
    CHECK_THROWS_WITH(read_file(fifo, kAnySize), Contains(": not a regular file"));
    fs::remove_all(dir);
}

TEST_CASE("write_file_atomic: whole file or nothing, no temporary left", "[file_io]") {
    const fs::path dir = fresh_dir("write");
    const std::string file = (dir / "out.bin").string();
    write_file_atomic(file, "first");
    CHECK(read_file(file, kAnySize) == "first");
    write_file_atomic(file, std::string(100000, 'x'));
    CHECK(read_file(file, kAnySize) == std::string(100000, 'x'));
    CHECK(entries(dir) == 1);
    // Mode: the usual 0666 less the umask, not mkstemp's 0600.
    const mode_t mask = ::umask(0);
    ::umask(mask);
    CHECK((fs::status(file).permissions() & fs::perms::all) == static_cast<fs::perms>(0666 & ~mask));
    // A target that is a directory, or a folder that does not exist: an error, nothing written.
    CHECK_THROWS_WITH(write_file_atomic(dir.string(), "x"), Contains("cannot write " + dir.string() + ": it is a directory"));
    CHECK_THROWS_WITH(write_file_atomic((dir / "no" / "such").string(), "x"), Contains("cannot write"));
    CHECK(entries(dir) == 1);
    // A write that fails half-way (a full disk; here the file-size limit): the old file stays
    // whole and the temporary is removed.
    struct rlimit old_limit {};
    REQUIRE(::getrlimit(RLIMIT_FSIZE, &old_limit) == 0);
    const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit small = old_limit;
    small.rlim_cur = 4096;
    REQUIRE(::setrlimit(RLIMIT_FSIZE, &small) == 0);
    CHECK_THROWS_WITH(write_file_atomic(file, std::string(200000, 'y')), Contains("cannot write " + file));
    REQUIRE(::setrlimit(RLIMIT_FSIZE, &old_limit) == 0);
    std::signal(SIGXFSZ, old_handler);
    CHECK(read_file(file, kAnySize) == std::string(100000, 'x'));
    CHECK(entries(dir) == 1);
    fs::remove_all(dir);
}
