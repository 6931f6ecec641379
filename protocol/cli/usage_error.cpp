#include "cli/usage_error.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace outflank::cli {
namespace {

int edit_distance(const std::string& a, const std::string& b) {
    std::vector<int> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<int>(j);
    for (std::size_t i = 1; i <= a.size(); ++i) {
        int diagonal = row[0];
        row[0] = static_cast<int>(i);
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const int up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = up;
        }
    }
    return row[b.size()];
}

// The long option names ("--depth") that `app` accepts, its parents' included (fallthrough).
std::vector<std::string> option_names(const CLI::App* app) {
    std::vector<std::string> names;
    for (; app; app = app->get_parent())
        for (const CLI::Option* option : app->get_options())
            for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
    return names;
}

bool known(const std::vector<std::string>& names, const std::string& word) {
    return std::find(names.begin(), names.end(), word) != names.end();
}

}  // namespace

std::string closest_name(const std::string& word, const std::vector<std::string>& candidates) {
    std::string best;
    int best_distance = word.size() >= 5 ? 3 : 2;
    for (const std::string& c : candidates) {
        const int d = edit_distance(word, c);
        if (d < best_distance) {
            best_distance = d;
            best = c;
        }
    }
    return best;
}

int report_usage_error(CLI::App& app, const CLI::ParseError& e, int argc, char** argv) {
    std::string what = e.what();
    if (!what.empty()) what[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(what[0])));
    std::fprintf(stderr, "outflank: %s\n", what.c_str());

    // The subcommand the words were meant for: the first word naming one.
    std::vector<std::string> subcommands;
    for (const CLI::App* sub : app.get_subcommands({})) subcommands.push_back(sub->get_name());
    const CLI::App* context = &app;
    for (int i = 1; i < argc; ++i) {
        if (known(subcommands, argv[i])) {
            context = app.get_subcommand(argv[i]);
            break;
        }
    }
    const std::vector<std::string> options = option_names(context);
    std::string suggestion;
    for (int i = 1; i < argc && suggestion.empty(); ++i) {
        std::string word = argv[i];
        if (word.rfind("--", 0) == 0) {
            word = word.substr(0, word.find('='));
            if (!known(options, word)) suggestion = closest_name(word, options);
        } else if (context == &app && i == 1 && word[0] != '-') {
            suggestion = closest_name(word, subcommands);  // `analyse` for `analyze`
        }
    }
    if (!suggestion.empty()) std::fprintf(stderr, "outflank: did you mean %s?\n", suggestion.c_str());
    std::fprintf(stderr, "outflank: see `outflank%s%s --help`\n", context == &app ? "" : " ",
                 context == &app ? "" : context->get_name().c_str());
    return 2;
}

}  // namespace outflank::cli
