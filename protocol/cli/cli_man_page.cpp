// `outflank --man-page`: the manual page outflank.1 in troff (man(7) macros), made from the
// command line itself, so that every command and option in it is one the program has: the build
// runs it (cmake/man-page.cmake) and `cmake --install` installs the result in share/man/man1.
// The prose around the generated parts (environment, files, exit status) is written here.
#include <cstdio>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli.hpp"

namespace outflank::cli {
namespace {

// Text for troff: backslashes escaped, characters outside ASCII as \[uXXXX], and a line that
// would start with a control character protected.
std::string roff(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == '\\') {
            out += "\\e";
        } else if (c < 0x80) {
            if ((c == '.' || c == '\'') && (out.empty() || out.back() == '\n')) out += "\\&";
            out += static_cast<char>(c);
        } else {
            // UTF-8: decode one code point.
            int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
            unsigned code = c & (0x3F >> extra);
            for (; extra > 0 && i + 1 < text.size(); --extra) code = (code << 6) | (static_cast<unsigned char>(text[++i]) & 0x3F);
            char buf[16];
            std::snprintf(buf, sizeof buf, "\\[u%04X]", code);
            out += buf;
        }
    }
    return out;
}

// An option name or a command word: minus signs as \- (so they stay ASCII hyphen-minus when copied).
std::string roff_word(std::string_view text) {
    std::string out;
    for (char c : roff(text)) out += c == '-' ? std::string("\\-") : std::string(1, c);
    return out;
}

std::vector<const CLI::App*> visible_subcommands(const CLI::App& app) {
    return app.get_subcommands([](const CLI::App* sub) { return !sub->get_group().empty() && !sub->get_name().empty(); });
}

bool shown(const CLI::Option* opt) { return !opt->get_group().empty(); }

// "INT" from "INT:INT in [1 - 60]"; what follows the colon goes to the description.
void split_type(const std::string& type, std::string& head, std::string& rest) {
    const std::size_t colon = type.find(':');
    head = type.substr(0, colon);
    rest = colon == std::string::npos ? "" : type.substr(colon + 1);
    // CLI11's checks as words: TEXT:FILE is a FILE, TEXT:{a,b} one of a and b.
    if (rest == "FILE" || (!rest.empty() && rest.front() == '{')) {
        head = rest;
        rest.clear();
    } else if (rest == "POSITIVE") {
        rest = "positive";
    }
}

std::string value_text(const CLI::Option* opt, std::string& constraint) {
    std::string head;
    split_type(opt->get_type_name(), head, constraint);
    if (opt->get_expected_max() > 1) head += " ...";
    return head.empty() ? "" : " \\fI" + roff_word(head) + "\\fR";
}

// `with_help`: list -h, --help too (the top level; every command has it, as DESCRIPTION says).
void write_options(std::ostream& out, const CLI::App& app, bool with_help) {
    for (const CLI::Option* opt : app.get_options(shown)) {
        if (!with_help && opt == app.get_help_ptr()) continue;
        std::string names;
        for (const std::string& s : opt->get_snames()) names += (names.empty() ? "" : ", ") + ("\\fB\\-" + roff_word(s) + "\\fR");
        for (const std::string& l : opt->get_lnames()) names += (names.empty() ? "" : ", ") + ("\\fB\\-\\-" + roff_word(l) + "\\fR");
        if (names.empty()) continue;
        std::string constraint;
        const std::string value = opt->get_items_expected_max() == 0 ? "" : value_text(opt, constraint);
        out << ".TP\n" << names << value << "\n" << roff(opt->get_description());
        if (!constraint.empty()) out << " (" << roff(constraint) << ")";
        if (opt->get_required()) out << " (required)";
        out << "\n";
    }
}

std::string synopsis_of(const CLI::App& app, const std::string& path) {
    std::string text = "\\fBoutflank " + roff_word(path) + "\\fR [\\fIOPTIONS\\fR]";
    for (const CLI::Option* opt : app.get_options([](const CLI::Option* o) { return o->get_positional(); })) {
        std::string name = "\\fI" + roff_word(opt->get_name(true)) + "\\fR";
        if (opt->get_expected_max() > 1) name += " ...";
        text += " " + (opt->get_required() ? name : "[" + name + "]");
    }
    if (!visible_subcommands(app).empty()) text += " \\fICOMMAND\\fR";
    return text;
}

void write_command(std::ostream& out, const CLI::App& app, const std::string& path) {
    out << ".SS " << roff_word(path) << "\n" << synopsis_of(app, path) << "\n.PP\n" << roff(app.get_description()) << ".\n";
    const auto positionals = app.get_options([](const CLI::Option* o) { return o->get_positional(); });
    for (const CLI::Option* opt : positionals)
        out << ".TP\n\\fI" << roff_word(opt->get_name(true)) << "\\fR\n" << roff(opt->get_description()) << "\n";
    write_options(out, app, false);
    for (const CLI::App* sub : visible_subcommands(app)) write_command(out, *sub, path + " " + sub->get_name());
}

}  // namespace

std::string man_page(const CLI::App& app) {
    std::ostringstream out;
    out << ".\\\" The manual page of outflank, made by `outflank --man-page` from its command line.\n"
        << ".TH OUTFLANK 1 \"\" \"outflank " OUTFLANK_VERSION "\" \"User Commands\"\n"
        << ".SH NAME\n"
        << "outflank \\- an Othello (Reversi) engine with GTP and NBoard front ends, analysis, an opening book and a "
           "match referee\n"
        << ".SH SYNOPSIS\n"
        << ".B outflank\n[\\fB\\-\\-eval\\fR \\fIFILE\\fR|\\fBnone\\fR] [\\fICOMMAND\\fR [\\fIOPTIONS\\fR]]\n.br\n"
        << ".B outflank \\-\\-version\n.br\n"
        << ".B outflank\n[\\fICOMMAND\\fR] \\fB\\-\\-help\\fR\n"
        << ".SH DESCRIPTION\n"
        << "outflank plays Othello with an iterative-deepening search, an exact endgame solver, pattern weights "
           "trained from real games and an opening book.\n"
        << "Without a command it speaks GTP (the Go Text Protocol) on standard input and output, which is how GUIs "
           "such as Quarry and GoGui, referees and scripts use it; \\fBoutflank nboard\\fR speaks the NBoard "
           "protocol for the NBoard GUI.\n"
        << "The other commands search, solve, analyse and draw positions and games, build and inspect opening "
           "books, referee matches between GTP engines, and train the evaluation.\n"
        << ".PP\n"
        << "Results go to standard output; progress and diagnostics go to standard error.\n"
           "\\fB\\-q\\fR leaves out the progress of every command that shows any.\n"
        << "Every command has \\fB\\-\\-help\\fR.\n"
        << "An error prints \\fBoutflank:\\fR and what is wrong on standard error.\n"
        << "README.md (installed in the documentation folder, see \\fBFILES\\fR) describes the protocols, "
           "formats and figures in full.\n"
        << ".SH OPTIONS\n"
        << "These are accepted before or after the command.\n";
    write_options(out, app, true);
    out << ".SH COMMANDS\n";
    for (const CLI::App* sub : visible_subcommands(app)) write_command(out, *sub, sub->get_name());
    out << ".SH ENVIRONMENT\n"
        << ".TP\n.B OUTFLANK_EVAL\n"
           "The evaluation weights file, when \\fB\\-\\-eval\\fR is not given; \\fBnone\\fR for the hand-made "
           "evaluation.\nA file it names must load: a missing or damaged one is an error naming the variable, "
           "never a quiet fall-back.\n"
        << ".TP\n.B OUTFLANK_BOOK\n"
           "The opening book of \\fBgtp\\fR and \\fBnboard\\fR, when \\fB\\-\\-book\\fR is not given; \\fBnone\\fR "
           "for no book.\nA book it names must load, as above.\n"
        << ".TP\n.B TERM\n"
           "Progress at a terminal is one status line rewritten in place; with \\fBTERM\\fR unset or "
           "\\fBdumb\\fR, or when standard error is not a terminal, it comes as whole lines, a few seconds "
           "apart.\n"
        << ".TP\n.B XDG_DATA_HOME\\fR, \\fBHOME\n"
           "Where \\fBnboard\\fR keeps the games it learns over the shipped book: "
           "\\fI$XDG_DATA_HOME/outflank/learned.book\\fR, else \\fI~/.local/share/outflank/learned.book\\fR.\n"
        << ".SH FILES\n"
        << "The weights \\fIeval.ofw\\fR and the book \\fIoutflank.book\\fR are looked for in this order, the "
           "first that applies winning:\n"
        << ".IP 1. 4\nthe command-line option (\\fB\\-\\-eval\\fR, \\fB\\-\\-book\\fR);\n"
        << ".IP 2. 4\nthe environment variable (\\fBOUTFLANK_EVAL\\fR, \\fBOUTFLANK_BOOK\\fR);\n"
        << ".IP 3. 4\nbeside the program;\n"
        << ".IP 4. 4\n\\fI../share/outflank/\\fR from the program's folder (the installed layout, "
           "\\fIPREFIX/share/outflank/\\fR);\n"
        << ".IP 5. 4\nthe source tree the program was built from.\n"
        << ".PP\n"
        << "\\fBoutflank \\-\\-version\\fR shows which files it uses.\n"
           "Without weights it plays with the hand-made evaluation, about 550 Elo weaker, and says so on standard "
           "error, in \\fB\\-\\-version\\fR, in the GTP \\fBversion\\fR answer and in NBoard's status line.\n"
        << ".TP\n.I PREFIX/share/outflank/eval.ofw\nthe trained pattern weights.\n"
        << ".TP\n.I PREFIX/share/outflank/outflank.book\nthe opening book.\n"
        << ".TP\n.I PREFIX/share/doc/outflank/README.md\nthe full documentation.\n"
        << ".SH EXIT STATUS\n"
        << ".TP\n.B 0\nsuccess.\n"
        << ".TP\n.B 1\n\\fBsolve\\fR: a score differs from the file's.\n"
        << ".TP\n.B 2\na usage error (an unknown option, a bad value) or bad input (a malformed position, an "
           "illegal move, an unreadable file).\n"
        << ".TP\n.B 3\nan internal error.\n"
        << ".TP\n.BR 130 \", \" 143\n\\fBbook build\\fR, \\fBbook expand\\fR, \\fBmatch\\fR and \\fBtrain\\fR "
           "stopped by SIGINT or SIGTERM, after saving their state.\n"
        << ".SH EXAMPLES\n"
        << ".TP\n.B outflank\nGTP on standard input and output, for a GUI.\n"
        << ".TP\n.B outflank search \\-\\-moves f5d6c3 \\-\\-depth 14\nSearch a position and print each iteration.\n"
        << ".TP\n.B outflank analyze game.sgf \\-\\-depth 12\nEvery move's loss in a game.\n";
    return out.str();
}

}  // namespace outflank::cli
