#include "analysis/svg.hpp"

#include <cmath>
#include <cstdio>

namespace outflank {

SvgWriter::SvgWriter(int width, int height) {
    out_ = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    const std::string w = std::to_string(width), h = std::to_string(height);
    start_tag("svg", {{"xmlns", "http://www.w3.org/2000/svg"},
                      {"version", "1.1"},
                      {"width", w},
                      {"height", h},
                      {"viewBox", "0 0 " + w + " " + h}});
    out_ += ">\n";
    open_.push_back("svg");
}

void SvgWriter::indent() { out_.append(2 * open_.size(), ' '); }

void SvgWriter::start_tag(std::string_view tag, Attributes attributes) {
    out_ += '<';
    out_ += tag;
    for (const auto& [name, value] : attributes) {
        out_ += ' ';
        out_ += name;
        out_ += "=\"";
        out_ += escape(value);
        out_ += '"';
    }
}

SvgWriter& SvgWriter::element(std::string_view tag, Attributes attributes) {
    indent();
    start_tag(tag, attributes);
    out_ += "/>\n";
    return *this;
}

SvgWriter& SvgWriter::element(std::string_view tag, Attributes attributes, std::string_view text) {
    indent();
    start_tag(tag, attributes);
    out_ += '>';
    out_ += escape(text);
    out_ += "</";
    out_ += tag;
    out_ += ">\n";
    return *this;
}

SvgWriter& SvgWriter::open(std::string_view tag, Attributes attributes) {
    indent();
    start_tag(tag, attributes);
    out_ += ">\n";
    open_.emplace_back(tag);
    return *this;
}

SvgWriter& SvgWriter::close() {
    if (open_.size() <= 1) return *this;  // the root is closed by finish()
    const std::string tag = open_.back();
    open_.pop_back();
    indent();
    out_ += "</" + tag + ">\n";
    return *this;
}

std::string SvgWriter::finish() {
    while (open_.size() > 1) close();
    if (!open_.empty()) {
        open_.clear();
        out_ += "</svg>\n";
    }
    return out_;
}

std::string SvgWriter::number(double value) {
    if (std::fabs(value - std::round(value)) < 1e-9) return std::to_string(static_cast<long long>(std::round(value)));
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", value);
    return buf;
}

std::string SvgWriter::escape(std::string_view text) {
    std::string s;
    s.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&': s += "&amp;"; break;
            case '<': s += "&lt;"; break;
            case '>': s += "&gt;"; break;
            case '"': s += "&quot;"; break;
            case '\'': s += "&apos;"; break;
            default:
                // XML 1.0 forbids most control characters even as entities.
                if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n') s += c;
        }
    }
    return s;
}

}  // namespace outflank
