// The default thread count (core/cpus.hpp): the CPUs this process may use, not the machine's.
#include <catch2/catch.hpp>

#include <sched.h>

#include <cstdlib>
#include <string>
#include <thread>

#include "core/cpus.hpp"
#include "support/file_io_support.hpp"

using namespace outflank;

TEST_CASE("cpus: cgroup quotas are read as whole CPUs, anything else as no limit", "[cpus]") {
    CHECK(cpus_from_cgroup_max("max 100000\n") == std::nullopt);
    CHECK(cpus_from_cgroup_max("100000 100000\n") == 1);
    CHECK(cpus_from_cgroup_max("150000 100000") == 2);  // 1.5 CPUs: two threads, each busy part of the time
    CHECK(cpus_from_cgroup_max("800000 100000\n") == 8);
    CHECK(cpus_from_cgroup_max("50000 100000\n") == 1);
    CHECK(cpus_from_cgroup_max("") == std::nullopt);
    CHECK(cpus_from_cgroup_max("garbage") == std::nullopt);
    CHECK(cpus_from_cgroup_max("100000 x") == std::nullopt);
    CHECK(cpus_from_cgroup_max("0 100000") == std::nullopt);
    CHECK(cpus_from_cfs_quota("-1\n", "100000\n") == std::nullopt);
    CHECK(cpus_from_cfs_quota("400000\n", "100000\n") == 4);
    CHECK(cpus_from_cfs_quota("250000", "100000") == 3);
    CHECK(cpus_from_cfs_quota("", "") == std::nullopt);
    CHECK(cpus_from_cfs_quota("100000", "0") == std::nullopt);
}

TEST_CASE("cpus: the process's cgroup folder is found in /proc/self/cgroup's text", "[cpus]") {
    const std::string v1 = "12:pids:/a\n4:cpu,cpuacct:/docker/abc\n3:cpuset:/docker/abc\n0::/\n";
    CHECK(cgroup_path(v1, "cpu") == "/docker/abc");
    CHECK(cgroup_path(v1, "") == "/");
    CHECK(cgroup_path("0::/user.slice/session-1.scope\n", "") == "/user.slice/session-1.scope");
    CHECK(cgroup_path("0::/user.slice\n", "cpu") == std::nullopt);
    CHECK(cgroup_path("3:cpuset:/x\n2:cpuacct:/y\n", "cpu") == std::nullopt);  // names, not prefixes
    CHECK(cgroup_path("", "cpu") == std::nullopt);
    CHECK(cgroup_path("garbage\n", "") == std::nullopt);
}

TEST_CASE("cpus: a thread pinned to one CPU counts one, and never more than the machine has", "[cpus]") {
    const int all = usable_cpus();
    CHECK(all >= 1);
    if (std::thread::hardware_concurrency() > 0) CHECK(all <= static_cast<int>(std::thread::hardware_concurrency()));
    // sched_setaffinity(0, ...) pins the calling thread only: do it on a thread of our own.
    int pinned = 0;
    std::thread([&] {
        cpu_set_t mask;
        CPU_ZERO(&mask);
        REQUIRE(sched_getaffinity(0, sizeof mask, &mask) == 0);
        int first = 0;
        while (!CPU_ISSET(first, &mask)) ++first;
        CPU_ZERO(&mask);
        CPU_SET(first, &mask);
        REQUIRE(sched_setaffinity(0, sizeof mask, &mask) == 0);
        pinned = usable_cpus();
    }).join();
    CHECK(pinned == 1);
    CHECK(usable_cpus() == all);  // the test's own thread is as it was
}

TEST_CASE("cpus: the program started on one CPU searches with one thread by default", "[cpus]") {
    if (std::system("command -v taskset > /dev/null 2>&1") != 0) {
        WARN("taskset not found: not checked through the binary");
        return;
    }
    cpu_set_t mask;
    CPU_ZERO(&mask);
    REQUIRE(sched_getaffinity(0, sizeof mask, &mask) == 0);
    int first = 0;
    while (!CPU_ISSET(first, &mask)) ++first;
    const auto pinned = test::run_program_bounded("taskset -c " + std::to_string(first), OUTFLANK_BINARY, "gtp -q", "outflank-threads\nquit\n");
    CHECK(pinned.exit_code == 0);
    CHECK(pinned.out.starts_with("= 1\n"));
    const auto free = test::run_outflank_bounded("gtp -q", "outflank-threads\nquit\n");
    CHECK(free.out.starts_with("= " + std::to_string(usable_cpus()) + "\n"));
}
