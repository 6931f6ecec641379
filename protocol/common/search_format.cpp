#include "common/search_format.hpp"

#include "core/notation.hpp"

namespace outflank {

std::string pv_string(const std::vector<Square>& pv, char separator, bool uppercase) {
    std::string s;
    for (Square m : pv) {
        if (!s.empty()) s += separator;
        s += square_name(m, uppercase);
    }
    return s;
}

std::string score_string(int score) { return score > 0 ? "+" + std::to_string(score) : std::to_string(score); }

std::string final_score_string(int black_minus_white) {
    if (black_minus_white > 0) return "B+" + std::to_string(black_minus_white);
    if (black_minus_white < 0) return "W+" + std::to_string(-black_minus_white);
    return "0";
}

std::string depth_string(const SearchInfo& info) {
    // A WLD solve is not marked exact (its score is only -1/0/+1), so test wld first.
    if (info.wld) return "wld " + std::to_string(info.depth);
    if (info.exact) return "exact " + std::to_string(info.depth);
    if (info.selectivity < 100) return std::to_string(info.depth) + "@" + std::to_string(info.selectivity) + "%";
    return std::to_string(info.depth);
}

}  // namespace outflank
