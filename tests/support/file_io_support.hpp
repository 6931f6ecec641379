// Helpers for the tests of reading and writing files: a scratch folder, its entries (to see that
// no temporary was left behind), a FIFO, a file-size limit that makes writes fail half-way (as a
// full disk would), and time limits for in-process reads and for runs of the binary (so that a
// read that blocks fails the test instead of hanging it).
#pragma once

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <stdexcept>
#include <string>

namespace outflank::test {

// A fresh folder under the temporary directory, removed with everything in it at the end.
class ScratchDir {
public:
    explicit ScratchDir(const std::string& name)
        : path_(std::filesystem::temp_directory_path() /
                ("outflank_files_" + name + "_" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~ScratchDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;

    const std::filesystem::path& path() const { return path_; }
    std::string file(const std::string& name) const { return (path_ / name).string(); }
    std::string write(const std::string& name, const std::string& bytes) const {
        std::ofstream(path_ / name, std::ios::binary) << bytes;
        return file(name);
    }
    std::string fifo(const std::string& name) const {
        const std::string at = file(name);
        if (::mkfifo(at.c_str(), 0600) != 0) throw std::runtime_error("mkfifo failed: " + at);
        return at;
    }
    // The names in the folder (not below it), so a test can see exactly what a command left.
    std::set<std::string> entries() const {
        std::set<std::string> names;
        for (const auto& e : std::filesystem::directory_iterator(path_)) names.insert(e.path().filename().string());
        return names;
    }

private:
    std::filesystem::path path_;
};

inline std::string file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// While it lives, this process may not write files larger than `bytes` (writes past it fail with
// EFBIG instead of raising SIGXFSZ): a full disk, made on purpose.
class FileSizeLimit {
public:
    explicit FileSizeLimit(rlim_t bytes) {
        if (::getrlimit(RLIMIT_FSIZE, &old_) != 0) throw std::runtime_error("getrlimit failed");
        old_handler_ = std::signal(SIGXFSZ, SIG_IGN);
        struct rlimit small = old_;
        small.rlim_cur = bytes;
        if (::setrlimit(RLIMIT_FSIZE, &small) != 0) throw std::runtime_error("setrlimit failed");
    }
    ~FileSizeLimit() {
        ::setrlimit(RLIMIT_FSIZE, &old_);
        std::signal(SIGXFSZ, old_handler_);
    }
    FileSizeLimit(const FileSizeLimit&) = delete;
    FileSizeLimit& operator=(const FileSizeLimit&) = delete;

private:
    struct rlimit old_ {};
    void (*old_handler_)(int) = SIG_DFL;
};

// In-process reads cannot be given a time limit the way a child process can: instead the process
// is killed by SIGALRM (a failed test run) if the guarded code is still running after `seconds`,
// so a read that blocks on a FIFO fails the test run instead of hanging it.
class HangGuard {
public:
    explicit HangGuard(unsigned seconds = 30) { ::alarm(seconds); }
    ~HangGuard() { ::alarm(0); }
    HangGuard(const HangGuard&) = delete;
    HangGuard& operator=(const HangGuard&) = delete;
};

struct BoundedRun {
    std::string out;
    std::string err;
    int exit_code = -1;  // 124: killed by the time limit
};

// Runs `PREFIX timeout SECONDS BINARY ARGS` in a shell (ARGS as shell words; quote them
// yourself; PREFIX such as "cd DIR && env X=1" or empty) with `input` on stdin: a command that
// blocks (on a FIFO, say) ends the test with exit code 124.
inline BoundedRun run_program_bounded(const std::string& prefix, const std::string& binary, const std::string& args,
                                      const std::string& input = {}, int seconds = 20) {
    const ScratchDir io("binary_run");
    const std::string in_path = io.write("in.txt", input), err_path = io.file("err.txt");
    const std::string command = prefix + " timeout -k 5 " + std::to_string(seconds) + " '" + binary + "' " + args +
                                " < '" + in_path + "' 2> '" + err_path + "'";
    BoundedRun r;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) throw std::runtime_error("popen failed");
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
    const int status = ::pclose(pipe);
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.err = file_bytes(err_path);
    return r;
}

// `outflank ARGS` as above, from the build.
inline BoundedRun run_outflank_bounded(const std::string& args, const std::string& input = {}, int seconds = 20) {
    return run_program_bounded("", OUTFLANK_BINARY, args, input, seconds);
}

}  // namespace outflank::test
