#include "core/data_files.hpp"

#include <sys/stat.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"

#ifndef OUTFLANK_INSTALLED_DATA_DIR
#define OUTFLANK_INSTALLED_DATA_DIR "../share/outflank"
#endif

namespace outflank {
namespace {

namespace fs = std::filesystem;

// Why `path` cannot be a data file, in read_file's words; "" when it is a regular file.
std::string unusable(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        if (errno == ENOENT) return "no such file";
        std::string text = std::strerror(errno);
        if (!text.empty()) text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
        return text;
    }
    if (!S_ISREG(st.st_mode)) return "not a regular file";
    return "";
}

// True when nothing is at `path` (so the search goes on to the next place).
bool absent(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) != 0 && (errno == ENOENT || errno == ENOTDIR);
}

}  // namespace

std::string DataFileLookup::default_installed_dir() { return OUTFLANK_INSTALLED_DATA_DIR; }

std::optional<std::string> DataFileLookup::process_getenv(const std::string& name) {
    const char* value = std::getenv(name.c_str());
    if (!value) return std::nullopt;
    return std::string(value);
}

std::string DataFileLookup::this_program_path() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string() : exe.string();
}

std::string DataFileLookup::this_program_dir() {
    const std::string exe = this_program_path();
    return exe.empty() ? exe : fs::path(exe).parent_path().string();
}

std::string LocatedFile::origin_text() const {
    switch (origin) {
        case DataOrigin::none: return "none";
        case DataOrigin::option: return option;
        case DataOrigin::variable: return "$" + variable;
        case DataOrigin::beside: return "beside the program";
        case DataOrigin::installed: return "installed";
        case DataOrigin::source_tree: return "source tree of the build";
        case DataOrigin::not_found: return "not found";
    }
    return "";
}

std::string LocatedFile::explain(const std::string& message) const {
    if (origin == DataOrigin::variable) return "environment variable " + variable + ": " + message;
    return message;
}

LocatedFile locate_data_file(const DataFileLookup& lookup, const std::string& choice) {
    LocatedFile found;
    found.variable = lookup.variable;
    found.option = lookup.option;
    if (choice == "none") {
        found.origin = DataOrigin::none;
        return found;
    }
    if (!choice.empty()) {
        found.origin = DataOrigin::option;
        found.path = choice;
        return found;
    }
    const std::optional<std::string> value = lookup.environment ? lookup.environment(lookup.variable) : std::nullopt;
    if (value && !value->empty()) {
        found.origin = *value == "none" ? DataOrigin::none : DataOrigin::variable;
        if (found.origin == DataOrigin::none) return found;
        // Named on purpose: a wrong name is the user's to fix, not a reason to play with something else.
        const std::string why = unusable(*value);
        if (!why.empty()) throw Error(found.explain("cannot read " + *value + ": " + why));
        found.path = *value;
        return found;
    }
    auto try_place = [&found](const fs::path& place, DataOrigin origin) {
        const std::string text = place.lexically_normal().string();
        found.looked_in.push_back(text);
        // Whatever is there is taken, even a folder or a FIFO: the reader then refuses it with the
        // reason, rather than the program playing on quietly with something else.
        if (absent(text)) return false;
        found.path = text;
        found.origin = origin;
        return true;
    };
    if (!lookup.program_dir.empty()) {
        const fs::path dir(lookup.program_dir);
        if (try_place(dir / lookup.file_name, DataOrigin::beside)) return found;
        if (try_place(dir / lookup.installed_dir / lookup.file_name, DataOrigin::installed)) return found;
    }
    if (!lookup.source_tree_file.empty() && try_place(lookup.source_tree_file, DataOrigin::source_tree)) return found;
    found.origin = DataOrigin::not_found;
    return found;
}

}  // namespace outflank
