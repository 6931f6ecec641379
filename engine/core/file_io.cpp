#include "core/file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"

namespace outflank {
namespace {

class FileDescriptor {
public:
    explicit FileDescriptor(int fd) : fd_(fd) {}
    ~FileDescriptor() { close(); }
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    int get() const { return fd_; }
    // Closes now and reports the result (close can be where a delayed write error shows).
    int close() {
        const int fd = fd_;
        fd_ = -1;
        return fd >= 0 ? ::close(fd) : 0;
    }

private:
    int fd_;
};

std::string reason(int error) {
    if (error == ENOENT) return "no such file";
    std::string text = std::strerror(error);
    if (!text.empty()) text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
    return text;
}

Error read_error(const std::string& path, const std::string& why) { return Error("cannot read " + path + ": " + why); }
Error write_error(const std::string& path, const std::string& why) { return Error("cannot write " + path + ": " + why); }

}  // namespace

std::string read_file(const std::string& path, std::size_t max_bytes) {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever. The
    // flag does nothing to a regular file, and anything else is refused below.
    FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
    if (fd.get() < 0) throw read_error(path, reason(errno));
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) throw read_error(path, reason(errno));
    if (!S_ISREG(st.st_mode)) throw read_error(path, "not a regular file");
    if (static_cast<std::uintmax_t>(st.st_size) > max_bytes)
        throw read_error(path, "too large (" + std::to_string(st.st_size) + " bytes; at most " +
                                   std::to_string(max_bytes) + ")");
    std::string bytes(static_cast<std::size_t>(st.st_size), '\0');
    std::size_t done = 0;
    for (;;) {
        if (done == bytes.size()) {
            // The file may have grown since fstat: read on, within the cap.
            if (bytes.size() >= max_bytes + 1) break;
            bytes.resize(std::min<std::size_t>(max_bytes + 1, std::max<std::size_t>(bytes.size() * 2, 1 << 16)));
        }
        const ssize_t n = ::read(fd.get(), bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw read_error(path, reason(errno));
        }
        if (n == 0) break;
        done += static_cast<std::size_t>(n);
    }
    if (done > max_bytes) throw read_error(path, "too large (more than " + std::to_string(max_bytes) + " bytes)");
    bytes.resize(done);
    return bytes;
}

void write_file_atomic(const std::string& path, std::string_view bytes) {
    namespace fs = std::filesystem;
    const fs::path target(path);
    std::error_code ec;
    if (fs::is_directory(target, ec)) throw write_error(path, "it is a directory");
    // mkstemp gives a name no other writer holds, in the target's folder so rename stays atomic.
    std::string temp = (target.parent_path().empty() ? fs::path(".") : target.parent_path()).string() + "/." +
                       target.filename().string() + ".tmp.XXXXXX";
    FileDescriptor fd(::mkostemp(temp.data(), O_CLOEXEC));
    if (fd.get() < 0) throw write_error(path, reason(errno));
    auto fail = [&](const std::string& why) {
        fd.close();
        ::unlink(temp.c_str());
        return write_error(path, why);
    };
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd.get(), bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw fail(reason(errno));
        }
        done += static_cast<std::size_t>(n);
    }
    // mkstemp creates 0600; give the file the usual permissions (0666 less the umask).
    const mode_t mask = ::umask(0);
    ::umask(mask);
    if (::fchmod(fd.get(), 0666 & ~mask) != 0) throw fail(reason(errno));
    if (::fsync(fd.get()) != 0) throw fail(reason(errno));
    if (fd.close() != 0) {
        const int error = errno;
        ::unlink(temp.c_str());
        throw write_error(path, reason(error));
    }
    if (::rename(temp.c_str(), path.c_str()) != 0) {
        const int error = errno;
        ::unlink(temp.c_str());
        throw write_error(path, reason(error));
    }
}

void check_writable(const std::string& path) {
    namespace fs = std::filesystem;
    const fs::path target(path);
    const fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
    std::error_code ec;
    if (fs::is_directory(target, ec)) throw write_error(path, "it is a directory");
    if (!fs::is_directory(folder, ec)) throw write_error(path, "no such folder " + folder.string());
    if (::access(folder.c_str(), W_OK | X_OK) != 0) throw write_error(path, reason(errno));
}

}  // namespace outflank
