#include "core/file_io.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "core/error.hpp"

namespace outflank {
namespace {

struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};

}  // namespace

std::string read_file(const std::string& path) {
    std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
    if (!file) throw Error("cannot open " + path + ": " + std::strerror(errno));
    std::string bytes;
    char buffer[1 << 16];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, file.get())) > 0) bytes.append(buffer, n);
    // fopen succeeds on a directory; the read is where that (and any I/O error) shows.
    if (std::ferror(file.get())) throw Error("cannot read " + path + ": " + std::strerror(errno));
    return bytes;
}

}  // namespace outflank
