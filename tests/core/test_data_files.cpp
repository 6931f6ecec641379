// Where the data files are found (core/data_files.hpp): the order option, variable, beside the
// program, ../share/outflank, source tree, in a scratch folder with an environment of the test's
// own; a variable that names a missing file or a folder is an error naming it; "none" and empty
// values. Then the two users: the weights (eval) and the book (book/default_book), including the
// note for GUIs when the trained weights are not found (GTP `version`, NBoard's status).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>

#include "book/book.hpp"
#include "book/book_file.hpp"
#include "book/default_book.hpp"
#include "core/data_files.hpp"
#include "core/error.hpp"
#include "eval/eval.hpp"
#include "eval/pattern_eval.hpp"
#include "gtp/gtp_session.hpp"
#include "support/eval_support.hpp"
#include "support/file_io_support.hpp"
#include "support/nboard_support.hpp"

using namespace outflank;
using outflank::test::EvaluationGuard;
using outflank::test::file_bytes;
using outflank::test::ScratchDir;

namespace {

// A scratch installation: PREFIX/bin (the program's folder), PREFIX/share/outflank, a source
// tree, and an environment held in a map.
struct World {
    ScratchDir dir{"data_files"};
    std::map<std::string, std::string> env;
    std::string bin = dir.file("prefix/bin");
    std::string share = dir.file("prefix/share/outflank");
    std::string source = dir.file("src");

    World() {
        for (const std::string& d : {bin, share, source}) std::filesystem::create_directories(d);
    }
    DataFileLookup lookup() {
        DataFileLookup l;
        l.option = "--thing";
        l.variable = "OUTFLANK_THING";
        l.file_name = "thing.dat";
        l.source_tree_file = source + "/thing.dat";
        l.program_dir = bin;
        l.environment = [this](const std::string& name) -> std::optional<std::string> {
            const auto it = env.find(name);
            if (it == env.end()) return std::nullopt;
            return it->second;
        };
        return l;
    }
    std::string put(const std::string& folder, const std::string& bytes = "x") {
        const std::string path = folder + "/thing.dat";
        std::ofstream(path, std::ios::binary) << bytes;
        return path;
    }
};

}  // namespace

TEST_CASE("data files: option, variable, beside the program, installed, source tree, in that order", "[data_files]") {
    World w;
    // Nothing anywhere: not found, and the three default places were tried in order.
    LocatedFile f = locate_data_file(w.lookup(), "");
    CHECK(f.origin == DataOrigin::not_found);
    CHECK_FALSE(f.found());
    CHECK(f.looked_in == std::vector<std::string>{w.bin + "/thing.dat", w.share + "/thing.dat", w.source + "/thing.dat"});
    CHECK(f.origin_text() == "not found");

    // Each place found when it is the first that holds the file, filled from the last to the first.
    const std::string in_source = w.put(w.source);
    f = locate_data_file(w.lookup(), "");
    CHECK(f.origin == DataOrigin::source_tree);
    CHECK(f.path == in_source);
    CHECK(f.origin_text() == "source tree of the build");

    const std::string installed = w.put(w.share);
    f = locate_data_file(w.lookup(), "");
    CHECK(f.origin == DataOrigin::installed);
    CHECK(f.path == installed);  // normalised: PREFIX/share/outflank, not PREFIX/bin/../share/outflank
    CHECK(f.path.find("..") == std::string::npos);

    const std::string beside = w.put(w.bin);
    f = locate_data_file(w.lookup(), "");
    CHECK(f.origin == DataOrigin::beside);
    CHECK(f.path == beside);
    CHECK(f.origin_text() == "beside the program");

    const std::string elsewhere = w.dir.write("elsewhere.dat", "y");
    w.env["OUTFLANK_THING"] = elsewhere;
    f = locate_data_file(w.lookup(), "");
    CHECK(f.origin == DataOrigin::variable);
    CHECK(f.path == elsewhere);
    CHECK(f.origin_text() == "$OUTFLANK_THING");
    CHECK(f.looked_in.empty());

    // The option wins over all, and is taken as given (its reader checks it).
    f = locate_data_file(w.lookup(), "/named/by/the/user");
    CHECK(f.origin == DataOrigin::option);
    CHECK(f.path == "/named/by/the/user");
    CHECK(f.origin_text() == "--thing");
}

TEST_CASE("data files: none, empty values and an unknown program folder", "[data_files]") {
    World w;
    w.put(w.bin);
    // `none` asks for no file, from the option or the variable.
    LocatedFile f = locate_data_file(w.lookup(), "none");
    CHECK(f.origin == DataOrigin::none);
    CHECK(f.path.empty());
    w.env["OUTFLANK_THING"] = "none";
    f = locate_data_file(w.lookup(), "");
    CHECK(f.origin == DataOrigin::none);
    CHECK(f.path.empty());
    // ... but an option still wins over the variable's `none`.
    CHECK(locate_data_file(w.lookup(), w.bin + "/thing.dat").origin == DataOrigin::option);
    // An empty variable counts as unset.
    w.env["OUTFLANK_THING"] = "";
    CHECK(locate_data_file(w.lookup(), "").origin == DataOrigin::beside);
    // Without the program's folder, only the source tree is left.
    DataFileLookup l = w.lookup();
    l.program_dir.clear();
    f = locate_data_file(l, "");
    CHECK(f.origin == DataOrigin::not_found);
    CHECK(f.looked_in == std::vector<std::string>{w.source + "/thing.dat"});
    // Without an environment at all, the same as an empty one.
    l = w.lookup();
    l.environment = {};
    CHECK(locate_data_file(l, "").origin == DataOrigin::beside);
}

TEST_CASE("data files: a variable naming a missing file or a folder is an error naming it", "[data_files]") {
    World w;
    w.put(w.bin);  // there, but a variable that is set is never passed over for it
    const std::string missing = w.dir.file("missing.dat");
    w.env["OUTFLANK_THING"] = missing;
    CHECK_THROWS_WITH(locate_data_file(w.lookup(), ""),
                      "environment variable OUTFLANK_THING: cannot read " + missing + ": no such file");
    w.env["OUTFLANK_THING"] = w.source;
    CHECK_THROWS_WITH(locate_data_file(w.lookup(), ""),
                      "environment variable OUTFLANK_THING: cannot read " + w.source + ": not a regular file");
    // A damaged file is its reader's to refuse; explain() names the variable in that message.
    w.env["OUTFLANK_THING"] = w.bin + "/thing.dat";
    const LocatedFile f = locate_data_file(w.lookup(), "");
    CHECK(f.explain("x: damaged") == "environment variable OUTFLANK_THING: x: damaged");
    CHECK(locate_data_file(w.lookup(), "named").explain("x: damaged") == "x: damaged");
}

TEST_CASE("data files: something that is not a file at a default place is taken, for its reader to refuse", "[data_files]") {
    World w;
    w.put(w.source);
    std::filesystem::create_directories(w.bin + "/thing.dat");  // a folder where the file should be
    const LocatedFile f = locate_data_file(w.lookup(), "");
    CHECK(f.origin == DataOrigin::beside);
    CHECK(f.path == w.bin + "/thing.dat");
}

TEST_CASE("data files: the process's environment and folder", "[data_files]") {
    ::setenv("OUTFLANK_TEST_DATA_FILES", "value", 1);
    CHECK(DataFileLookup::process_getenv("OUTFLANK_TEST_DATA_FILES") == std::optional<std::string>("value"));
    ::unsetenv("OUTFLANK_TEST_DATA_FILES");
    CHECK_FALSE(DataFileLookup::process_getenv("OUTFLANK_TEST_DATA_FILES").has_value());
    // The test binary's own folder (links resolved).
    const std::string dir = DataFileLookup::this_program_dir();
    REQUIRE_FALSE(dir.empty());
    CHECK(std::filesystem::is_directory(dir));
    CHECK(DataFileLookup::default_installed_dir() == "../share/outflank");
    // The real lookups: the variables, names and source-tree files of the weights and the book.
    CHECK(weights_lookup().variable == "OUTFLANK_EVAL");
    CHECK(weights_lookup().file_name == "eval.ofw");
    CHECK(weights_lookup().source_tree_file == default_weights_path());
    CHECK(book_lookup().variable == "OUTFLANK_BOOK");
    CHECK(book_lookup().file_name == "outflank.book");
}

TEST_CASE("data files: the weights through OUTFLANK_EVAL, and the note when none are found", "[data_files]") {
    EvaluationGuard guard;
    World w;
    DataFileLookup l = weights_lookup();
    l.program_dir = w.bin;
    l.source_tree_file = w.source + "/eval.ofw";
    l.environment = [&w](const std::string& name) -> std::optional<std::string> {
        const auto it = w.env.find(name);
        return it == w.env.end() ? std::nullopt : std::optional<std::string>(it->second);
    };
    // None anywhere: the hand-made evaluation, and a note for the front ends.
    EvaluationChoice choice = choose_evaluation("", l);
    CHECK(choice.missing_weights());
    CHECK(select_evaluation("", l) == "hand-made evaluation");
    CHECK(evaluation_warning() == "hand-made evaluation: trained weights not found");
    const std::string note = missing_weights_note(choice);
    CHECK_THAT(note, Catch::Contains("no trained weights found") && Catch::Contains(w.bin + "/eval.ofw") &&
                         Catch::Contains(w.share + "/eval.ofw") && Catch::Contains("OUTFLANK_EVAL=FILE") &&
                         Catch::Contains("550 Elo"));
    {
        // GUIs see it: the GTP `version` answer and NBoard's status line.
        test::GtpSession gtp;
        CHECK(gtp.ok("version") == OUTFLANK_VERSION " (hand-made evaluation: trained weights not found)");
        test::NboardDriver nboard;
        const auto lines = nboard.run("nboard 2");
        REQUIRE(lines.size() == 2);
        CHECK(lines[0] == "set myname outflank");
        CHECK(lines[1] == "status outflank is waiting (hand-made evaluation: trained weights not found)");
    }

    // Weights installed in PREFIX/share/outflank: loaded, and the note is gone.
    const std::string weights = file_bytes(default_weights_path());
    REQUIRE(weights.size() > 1000);
    std::ofstream(w.share + "/eval.ofw", std::ios::binary) << weights;
    choice = choose_evaluation("", l);
    CHECK(choice.file.origin == DataOrigin::installed);
    CHECK(choice.weights != nullptr);
    CHECK(select_evaluation("", l) == "pattern weights " + w.share + "/eval.ofw");
    CHECK(evaluation_warning().empty());
    {
        test::GtpSession gtp;
        CHECK(gtp.ok("version") == OUTFLANK_VERSION);
        test::NboardDriver nboard;
        CHECK(nboard.run("nboard 2") == std::vector<std::string>{"set myname outflank"});
    }

    // OUTFLANK_EVAL naming a damaged file: an error naming the variable and the file, and the
    // evaluation in use stays.
    std::string damaged = weights;
    damaged[200] ^= 1;
    const std::string corrupt = w.dir.write("corrupt.ofw", damaged);
    w.env["OUTFLANK_EVAL"] = corrupt;
    const PatternWeights* before = active_pattern_weights();
    CHECK_THROWS_WITH(select_evaluation("", l),
                      Catch::StartsWith("environment variable OUTFLANK_EVAL: " + corrupt + ": weights file checksum mismatch"));
    CHECK(active_pattern_weights() == before);
    w.env["OUTFLANK_EVAL"] = w.dir.file("nope.ofw");
    CHECK_THROWS_WITH(select_evaluation("", l), Catch::Contains("environment variable OUTFLANK_EVAL: cannot read " +
                                                                w.dir.file("nope.ofw") + ": no such file"));
    // `none` from the variable: the hand-made evaluation on purpose, with no note.
    w.env["OUTFLANK_EVAL"] = "none";
    CHECK(select_evaluation("", l) == "hand-made evaluation");
    CHECK(evaluation_warning().empty());
    // --eval wins over the variable.
    w.env["OUTFLANK_EVAL"] = corrupt;
    CHECK(select_evaluation(w.share + "/eval.ofw", l) == "pattern weights " + w.share + "/eval.ofw");
}

TEST_CASE("data files: the book through OUTFLANK_BOOK must load; a missing default is a note", "[data_files]") {
    World w;
    DataFileLookup l = book_lookup();
    l.program_dir = w.bin;
    l.source_tree_file = w.source + "/outflank.book";
    l.environment = [&w](const std::string& name) -> std::optional<std::string> {
        const auto it = w.env.find(name);
        return it == w.env.end() ? std::nullopt : std::optional<std::string>(it->second);
    };
    std::ostringstream notes;
    CHECK(resolve_book_choice("", notes, l).empty());
    CHECK_THAT(notes.str(), Catch::Contains("no opening book found") && Catch::Contains(w.share + "/outflank.book"));

    // A small book beside the program is found; --book none and OUTFLANK_BOOK=none give none.
    Book book;
    book.metadata()["plies"] = "1";
    save_book(book, w.bin + "/outflank.book");
    notes.str("");
    CHECK(resolve_book_choice("", notes, l) == w.bin + "/outflank.book");
    CHECK(resolve_book_choice("none", notes, l).empty());
    w.env["OUTFLANK_BOOK"] = "none";
    CHECK(resolve_book_choice("", notes, l).empty());
    CHECK(notes.str().empty());

    // OUTFLANK_BOOK naming a missing, damaged or unfinished book stops the program.
    w.env["OUTFLANK_BOOK"] = w.dir.file("missing.book");
    CHECK_THROWS_WITH(resolve_book_choice("", notes, l),
                      "environment variable OUTFLANK_BOOK: cannot read " + w.dir.file("missing.book") + ": no such file");
    const std::string damaged = w.dir.write("damaged.book", "OFLKBOOK and then nothing sensible");
    w.env["OUTFLANK_BOOK"] = damaged;
    CHECK_THROWS_WITH(resolve_book_choice("", notes, l), Catch::StartsWith("environment variable OUTFLANK_BOOK: ") &&
                                                             Catch::Contains(damaged));
    Book unfinished = book;
    unfinished.unfinished = true;
    save_book(unfinished, w.dir.file("unfinished.book"));
    w.env["OUTFLANK_BOOK"] = w.dir.file("unfinished.book");
    CHECK_THROWS_WITH(resolve_book_choice("", notes, l),
                      "environment variable OUTFLANK_BOOK: book " + w.dir.file("unfinished.book") + ": an unfinished build");
    // A good one is used; --book still wins over it, as given.
    save_book(book, w.dir.file("mine.book"));
    w.env["OUTFLANK_BOOK"] = w.dir.file("mine.book");
    CHECK(resolve_book_choice("", notes, l) == w.dir.file("mine.book"));
    CHECK(resolve_book_choice("/some/other.book", notes, l) == "/some/other.book");
}
