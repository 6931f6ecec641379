// `outflank --version`: the version, the program's path, and which weights and book a run would
// use, each found as every command finds it (core/data_files.hpp) and loaded, so that a moved or
// installed binary tells at once whether it plays with its trained evaluation and its book.
#include <ostream>
#include <sstream>

#include "book/book.hpp"
#include "book/book_file.hpp"
#include "book/default_book.hpp"
#include "cli/cli.hpp"
#include "core/error.hpp"
#include "eval/eval.hpp"

namespace outflank::cli {
namespace {

std::string joined(const std::vector<std::string>& places) {
    std::string text;
    for (const std::string& place : places) text += (text.empty() ? "" : ", ") + place;
    return text;
}

// "(OUTFLANK_X is not set; looked for A, B, C)"
std::string not_found_text(const LocatedFile& file) {
    return "(" + file.variable + " is not set; looked for " + joined(file.looked_in) + ")";
}

std::string none_text(const LocatedFile& file, const std::string& choice) {
    return choice == "none" ? file.option + " none" : file.variable + "=none";
}

}  // namespace

int version_report(const std::string& eval_spec, std::ostream& out) {
    int code = 0;
    out << "outflank " OUTFLANK_VERSION "\n";
    // Named as it is on disk: a renamed copy (outflank-v2, a test build) shows its own name.
    const std::string program = DataFileLookup::this_program_path();
    out << "program: " << (program.empty() ? std::string("(its path is unknown)") : program) << "\n";

    out << "weights: ";
    try {
        const EvaluationChoice choice = choose_evaluation(eval_spec, weights_lookup());
        if (choice.weights)
            out << choice.file.path << " (" << choice.file.origin_text() << "): trained pattern evaluation\n";
        else if (choice.file.origin == DataOrigin::none)
            out << "none (" << none_text(choice.file, eval_spec) << "): hand-made evaluation\n";
        else
            out << "NOT FOUND " << not_found_text(choice.file)
                << ": hand-made evaluation, about 550 Elo weaker\n";
    } catch (const Error& e) {
        out << "ERROR: " << e.what() << "\n";
        code = 2;
    }

    out << "book: ";
    try {
        std::ostringstream notes;  // the not-found note: said below in this report's words
        const DataFileLookup lookup = book_lookup();
        const std::string path = resolve_book_choice("", notes, lookup);
        const LocatedFile file = locate_data_file(lookup, "");
        if (path.empty()) {
            if (file.origin == DataOrigin::none) out << "none (" << none_text(file, "") << ")\n";
            else out << "NOT FOUND " << not_found_text(file) << ": playing without one\n";
        } else {
            // Checked as the front ends will load it; a damaged default book only costs the book.
            try {
                const Book book = load_book(path);
                if (book.unfinished) throw Error("book " + path + ": an unfinished build");
                out << path << " (" << file.origin_text() << "): " << book.size() << " positions\n";
            } catch (const Error& e) {
                out << path << " (" << file.origin_text() << ") cannot be used: " << e.what()
                    << "; playing without a book\n";
            }
        }
    } catch (const Error& e) {
        out << "ERROR: " << e.what() << "\n";
        code = 2;
    }
    return code;
}

}  // namespace outflank::cli
