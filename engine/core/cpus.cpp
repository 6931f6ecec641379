#include "core/cpus.hpp"

#include <sched.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <string>
#include <thread>

namespace outflank {
namespace {

std::optional<long long> parse_integer(std::string_view text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.remove_suffix(1);
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    long long value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// ceil(quota / period) for a positive quota and period; nothing otherwise.
std::optional<int> quota_cpus(long long quota, long long period) {
    if (quota <= 0 || period <= 0) return std::nullopt;
    return static_cast<int>(std::min<long long>((quota + period - 1) / period, 1 << 20));
}

// A small text file from /proc or /sys, or "" when it is not there.
std::string read_small_file(const char* path, std::size_t limit = 256) {
    std::ifstream in(path);
    if (!in) return {};
    std::string text(limit, '\0');
    in.read(text.data(), static_cast<std::streamsize>(limit));
    text.resize(static_cast<std::size_t>(in.gcount()));
    return text;
}

}  // namespace

std::optional<int> cpus_from_cgroup_max(std::string_view text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.remove_suffix(1);
    const std::size_t space = text.find(' ');
    if (space == std::string_view::npos) return std::nullopt;
    const std::string_view quota = text.substr(0, space);
    if (quota == "max") return std::nullopt;
    const auto q = parse_integer(quota), p = parse_integer(text.substr(space + 1));
    if (!q || !p) return std::nullopt;
    return quota_cpus(*q, *p);
}

std::optional<int> cpus_from_cfs_quota(std::string_view quota_us, std::string_view period_us) {
    const auto q = parse_integer(quota_us), p = parse_integer(period_us);
    if (!q || !p) return std::nullopt;
    return quota_cpus(*q, *p);
}

std::optional<std::string> cgroup_path(std::string_view proc_self_cgroup, std::string_view controller) {
    std::size_t at = 0;
    while (at < proc_self_cgroup.size()) {
        std::size_t end = proc_self_cgroup.find('\n', at);
        if (end == std::string_view::npos) end = proc_self_cgroup.size();
        const std::string_view line = proc_self_cgroup.substr(at, end - at);
        at = end + 1;
        // "hierarchy-id:controller,controller:path"; cgroup v2's line is "0::path".
        const std::size_t first = line.find(':'), second = first == std::string_view::npos ? first : line.find(':', first + 1);
        if (second == std::string_view::npos) continue;
        const std::string_view controllers = line.substr(first + 1, second - first - 1);
        bool match = controller.empty() ? controllers.empty() : false;
        for (std::size_t c = 0; !controller.empty() && c <= controllers.size();) {
            std::size_t comma = controllers.find(',', c);
            if (comma == std::string_view::npos) comma = controllers.size();
            if (controllers.substr(c, comma - c) == controller) match = true;
            c = comma + 1;
        }
        if (match) return std::string(line.substr(second + 1));
    }
    return std::nullopt;
}

int usable_cpus() {
    int cpus = static_cast<int>(std::thread::hardware_concurrency());
    if (cpus <= 0) cpus = 1 << 20;  // unknown: the other limits decide, else 1 below
    cpu_set_t mask;
    CPU_ZERO(&mask);
    if (sched_getaffinity(0, sizeof mask, &mask) == 0 && CPU_COUNT(&mask) > 0) cpus = std::min(cpus, CPU_COUNT(&mask));
    // The quota of this process's own cgroup (in a container, usually the namespace's root).
    const std::string groups = read_small_file("/proc/self/cgroup", 4096);
    if (const auto v2 = cgroup_path(groups, ""))
        if (const auto quota = cpus_from_cgroup_max(read_small_file(("/sys/fs/cgroup" + *v2 + "/cpu.max").c_str())))
            cpus = std::min(cpus, *quota);
    if (const auto v1 = cgroup_path(groups, "cpu")) {
        const std::string dir = "/sys/fs/cgroup/cpu" + *v1;
        if (const auto quota = cpus_from_cfs_quota(read_small_file((dir + "/cpu.cfs_quota_us").c_str()),
                                                   read_small_file((dir + "/cpu.cfs_period_us").c_str())))
            cpus = std::min(cpus, *quota);
    }
    return cpus == 1 << 20 ? 1 : std::max(1, cpus);
}

}  // namespace outflank
