// Where the program's data files (the trained weights eval.ofw, the opening book outflank.book)
// are found at run time. One search for both, in this order; the first that applies wins:
//   1. the command-line option (`--eval FILE`, `--book FILE`; `none` for no file),
//   2. the environment variable (OUTFLANK_EVAL, OUTFLANK_BOOK; `none` for no file),
//   3. beside the program (the folder of the running executable),
//   4. ../share/outflank/ from the program's folder (the installed layout: PREFIX/bin/outflank,
//      PREFIX/share/outflank/),
//   5. the source tree the program was built from (a path compiled in).
// A file named by the option or the variable is used as named: a variable that names a missing
// file, or something that is not a regular file, is an error naming the variable and the path,
// never a quiet fall-back to the next place. Places 3-5 are looked at only when the option and
// the variable are both unset (or empty); a place where nothing is is skipped, and the first where
// something is (even a damaged file or a folder) is the answer, for its reader to accept or refuse.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace outflank {

// What is looked for, and in which world: the tests give their own environment and folders.
struct DataFileLookup {
    std::string option;            // how the command line names it, for messages: "--eval"
    std::string variable;          // the environment variable: "OUTFLANK_EVAL"
    std::string file_name;         // its name beside the program and in share/outflank: "eval.ofw"
    std::string source_tree_file;  // the file in the source tree of the build; "" for none
    std::string program_dir;       // the running program's folder; "" when unknown (then 3 and 4 are skipped)
    // The installed data folder, relative to program_dir ("../share/outflank" unless the build
    // was configured with other install folders).
    std::string installed_dir = default_installed_dir();
    // Reads the environment (nullopt: unset).
    std::function<std::optional<std::string>(const std::string&)> environment = process_getenv;

    static std::string default_installed_dir();
    static std::optional<std::string> process_getenv(const std::string& name);
    // The folder of the running executable (/proc/self/exe, links resolved), "" when unknown.
    // The running program's own path ("" when /proc cannot tell).
    static std::string this_program_path();
    static std::string this_program_dir();
};

// Where a file came from.
enum class DataOrigin {
    none,         // `none` was asked for (option or variable): no file on purpose
    option,       // the command-line option
    variable,     // the environment variable
    beside,       // beside the program
    installed,    // PREFIX/share/outflank
    source_tree,  // the source tree of the build
    not_found,    // nothing asked for and nothing found
};

struct LocatedFile {
    std::string path;                   // "" for none and not_found
    DataOrigin origin = DataOrigin::not_found;
    std::string variable;               // the lookup's variable (for messages)
    std::string option;                 // the lookup's option (for messages)
    std::vector<std::string> looked_in;  // the places tried for the default, in order (3-5)

    bool found() const { return !path.empty(); }
    // A few words on where it came from: "--eval", "$OUTFLANK_EVAL", "beside the program",
    // "installed", "source tree of the build", "none", "not found".
    std::string origin_text() const;
    // `message` (an error about the file) prefixed with the variable when the file came from it,
    // so that an error reading it names the variable: "environment variable OUTFLANK_EVAL: ...".
    std::string explain(const std::string& message) const;
};

// Runs the search above. `choice` is the option's value ("" when not given). Throws Error when
// the variable names a missing file or one that is not a regular file (the option's file is
// checked by whoever reads it, with the same messages).
LocatedFile locate_data_file(const DataFileLookup& lookup, const std::string& choice);

}  // namespace outflank
