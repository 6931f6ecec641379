// A tiny SVG writer: elements with attributes and escaped text, nested groups, written into a
// string. Enough for the analysis pictures (protocol/analysis/svg_diagrams.hpp); plain SVG 1.1 that any
// browser shows.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace outflank {

class SvgWriter {
public:
    using Attributes = std::initializer_list<std::pair<std::string_view, std::string>>;

    // Starts the document: an <svg> root of the given size in pixels (the viewBox matches it).
    SvgWriter(int width, int height);

    // <tag attrs/>
    SvgWriter& element(std::string_view tag, Attributes attributes);
    // <tag attrs>text</tag>, the text escaped.
    SvgWriter& element(std::string_view tag, Attributes attributes, std::string_view text);
    // <tag attrs> ... until the matching close().
    SvgWriter& open(std::string_view tag, Attributes attributes = {});
    SvgWriter& close();

    // The document; closes every element still open and the root. Call once, at the end.
    std::string finish();

    // Numbers as attribute values: integers without a decimal point, others with two decimals.
    static std::string number(double value);
    // &, <, >, " and ' as entities; control characters (other than tab and newline) dropped.
    static std::string escape(std::string_view text);

private:
    void start_tag(std::string_view tag, Attributes attributes);
    void indent();

    std::string out_;
    std::vector<std::string> open_;
};

}  // namespace outflank
