#include "core/cpus.hpp"

#include <sched.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "core/tokenizer.hpp"

namespace outflank {
namespace {

// The words of a one-line /proc or /sys file (its newline dropped).
std::vector<std::string> words_of(std::string_view text) {
    const std::string line = text::clean_line(text);
    std::vector<std::string> words;
    for (std::string_view w : text::split_words(line)) words.emplace_back(w);
    return words;
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
    const std::vector<std::string> words = words_of(text);  // "QUOTA PERIOD" or "max PERIOD"
    if (words.size() != 2 || words[0] == "max") return std::nullopt;
    const auto q = text::parse_integer(words[0]), p = text::parse_integer(words[1]);
    if (!q || !p) return std::nullopt;
    return quota_cpus(*q, *p);
}

std::optional<int> cpus_from_cfs_quota(std::string_view quota_us, std::string_view period_us) {
    const std::vector<std::string> quota = words_of(quota_us), period = words_of(period_us);
    if (quota.size() != 1 || period.size() != 1) return std::nullopt;
    const auto q = text::parse_integer(quota[0]), p = text::parse_integer(period[0]);
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
        // Padded with commas, so that "cpu" matches ",cpu," but not ",cpuset," or ",cpuacct,".
        const std::string controllers = "," + std::string(line.substr(first + 1, second - first - 1)) + ",";
        const bool match = controller.empty() ? controllers == ",," : controllers.find("," + std::string(controller) + ",") != std::string::npos;
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
