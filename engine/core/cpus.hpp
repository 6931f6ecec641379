// How many CPUs this process may run on: the default for every thread count (search threads,
// batch workers, the table's clearing). std::thread::hardware_concurrency() counts the machine's
// CPUs, so a program pinned to one core (taskset, a Slurm job's cpuset, a referee that gives each
// engine its own core) or limited by a container's CPU quota would start a thread per machine CPU
// on the few it may use, and every move would wait on threads the scheduler has put aside.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace outflank {

// The smallest of: the CPUs in this thread's affinity mask, the cgroup CPU quota rounded up
// (cgroup v2 cpu.max, or v1 cpu.cfs_quota_us / cpu.cfs_period_us, where the files are there),
// and the machine's CPUs. At least 1.
int usable_cpus();

// The quota a cgroup v2 `cpu.max` file states ("max 100000": none; "150000 100000": 1.5 CPUs,
// which counts as 2), or nothing for text it does not understand.
std::optional<int> cpus_from_cgroup_max(std::string_view text);
// The same for cgroup v1's two files (quota -1: none).
std::optional<int> cpus_from_cfs_quota(std::string_view quota_us, std::string_view period_us);
// This process's cgroup folder for `controller` ("cpu"; "" for the cgroup v2 line "0::PATH")
// from the text of /proc/self/cgroup, or nothing when no line names it.
std::optional<std::string> cgroup_path(std::string_view proc_self_cgroup, std::string_view controller);

}  // namespace outflank
