// Test helpers for the analysis output: a strict little JSON parser (to check documents against
// the README's schema), a well-formedness checker for the XML of the SVG pictures, and a runner
// for the real binary that keeps stdout and stderr apart.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace outflank::test {

// ---- JSON ----------------------------------------------------------------------------------------

struct JsonValue {
    enum class Type { Null, Bool, Number, String, Array, Object } type = Type::Null;
    bool boolean = false;
    double number = 0;
    bool integer = false;  // the number was written without a fraction or exponent
    std::string string;
    std::vector<JsonValue> array;
    std::vector<std::pair<std::string, JsonValue>> object;  // in document order

    bool has(std::string_view key) const {
        for (const auto& [k, v] : object)
            if (k == key) return true;
        return false;
    }
    const JsonValue& operator[](std::string_view key) const {
        for (const auto& [k, v] : object)
            if (k == key) return v;
        throw std::runtime_error("no key " + std::string(key));
    }
    std::vector<std::string> keys() const {
        std::vector<std::string> out;
        for (const auto& [k, v] : object) out.push_back(k);
        return out;
    }
};

// Parses exactly one JSON value (RFC 8259; \u escapes are kept as '?'), throws on any error,
// including trailing text.
class JsonParser {
public:
    static JsonValue parse(std::string_view text) {
        JsonParser p(text);
        JsonValue v = p.value();
        p.skip_space();
        if (p.at_ != text.size()) p.fail("text after the value");
        return v;
    }

private:
    explicit JsonParser(std::string_view text) : text_(text) {}

    [[noreturn]] void fail(const std::string& what) const {
        throw std::runtime_error("JSON: " + what + " at byte " + std::to_string(at_));
    }
    void skip_space() {
        while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r'))
            ++at_;
    }
    char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
    void expect(char c) {
        if (peek() != c) fail(std::string("expected '") + c + "'");
        ++at_;
    }
    bool literal(std::string_view word) {
        if (text_.substr(at_, word.size()) != word) return false;
        at_ += word.size();
        return true;
    }

    JsonValue value() {
        skip_space();
        JsonValue v;
        const char c = peek();
        if (c == '{') {
            v.type = JsonValue::Type::Object;
            ++at_;
            skip_space();
            if (peek() == '}') { ++at_; return v; }
            while (true) {
                skip_space();
                std::string key = string_literal();
                for (const auto& [k, unused] : v.object)
                    if (k == key) fail("duplicate key " + key);
                skip_space();
                expect(':');
                v.object.emplace_back(std::move(key), value());
                skip_space();
                if (peek() == ',') { ++at_; continue; }
                expect('}');
                return v;
            }
        }
        if (c == '[') {
            v.type = JsonValue::Type::Array;
            ++at_;
            skip_space();
            if (peek() == ']') { ++at_; return v; }
            while (true) {
                v.array.push_back(value());
                skip_space();
                if (peek() == ',') { ++at_; continue; }
                expect(']');
                return v;
            }
        }
        if (c == '"') {
            v.type = JsonValue::Type::String;
            v.string = string_literal();
            return v;
        }
        if (literal("true")) { v.type = JsonValue::Type::Bool; v.boolean = true; return v; }
        if (literal("false")) { v.type = JsonValue::Type::Bool; return v; }
        if (literal("null")) return v;
        return number();
    }

    std::string string_literal() {
        expect('"');
        std::string s;
        while (true) {
            if (at_ >= text_.size()) fail("unterminated string");
            const char c = text_[at_++];
            if (c == '"') return s;
            if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
            if (c != '\\') { s += c; continue; }
            const char e = peek();
            ++at_;
            switch (e) {
                case '"': s += '"'; break;
                case '\\': s += '\\'; break;
                case '/': s += '/'; break;
                case 'b': s += '\b'; break;
                case 'f': s += '\f'; break;
                case 'n': s += '\n'; break;
                case 'r': s += '\r'; break;
                case 't': s += '\t'; break;
                case 'u':
                    for (int i = 0; i < 4; ++i)
                        if (!std::isxdigit(static_cast<unsigned char>(peek()))) fail("bad \\u escape");
                        else ++at_;
                    s += '?';
                    break;
                default: fail("bad escape");
            }
        }
    }

    JsonValue number() {
        const std::size_t start = at_;
        JsonValue v;
        v.type = JsonValue::Type::Number;
        v.integer = true;
        if (peek() == '-') ++at_;
        if (!std::isdigit(static_cast<unsigned char>(peek()))) fail("unexpected character");
        if (peek() == '0') ++at_;
        else while (std::isdigit(static_cast<unsigned char>(peek()))) ++at_;
        if (peek() == '.') {
            v.integer = false;
            ++at_;
            if (!std::isdigit(static_cast<unsigned char>(peek()))) fail("digit expected after '.'");
            while (std::isdigit(static_cast<unsigned char>(peek()))) ++at_;
        }
        if (peek() == 'e' || peek() == 'E') {
            v.integer = false;
            ++at_;
            if (peek() == '+' || peek() == '-') ++at_;
            if (!std::isdigit(static_cast<unsigned char>(peek()))) fail("digit expected in the exponent");
            while (std::isdigit(static_cast<unsigned char>(peek()))) ++at_;
        }
        v.number = std::stod(std::string(text_.substr(start, at_ - start)));
        return v;
    }

    std::string_view text_;
    std::size_t at_ = 0;
};

// ---- XML -----------------------------------------------------------------------------------------

struct XmlElement {
    std::string name;
    std::map<std::string, std::string> attributes;  // values with entities decoded
    std::string text;                               // character data directly inside
    std::vector<std::unique_ptr<XmlElement>> children;
    const XmlElement* parent = nullptr;
};

// Checks that `text` is a well-formed XML document (an optional declaration and comments, one root
// element, matching tags, quoted unique attributes, known entities, no stray '<' or '&') and
// returns its tree. Throws with the byte offset on the first error. No DTDs, CDATA or PIs beyond
// the declaration: the project's SVG writer produces none.
class XmlChecker {
public:
    static std::unique_ptr<XmlElement> parse(std::string_view text) {
        XmlChecker c(text);
        return c.document();
    }

private:
    explicit XmlChecker(std::string_view text) : text_(text) {}

    [[noreturn]] void fail(const std::string& what) const {
        throw std::runtime_error("XML: " + what + " at byte " + std::to_string(at_));
    }
    bool starts(std::string_view s) const { return text_.substr(at_, s.size()) == s; }
    void skip_space() {
        while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
    }
    static bool name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == ':'; }
    static bool name_char(char c) {
        return name_start(c) || std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '.';
    }
    std::string name() {
        if (at_ >= text_.size() || !name_start(text_[at_])) fail("name expected");
        const std::size_t start = at_;
        while (at_ < text_.size() && name_char(text_[at_])) ++at_;
        return std::string(text_.substr(start, at_ - start));
    }
    void skip_misc() {
        while (true) {
            skip_space();
            if (starts("<!--")) {
                const std::size_t end = text_.find("-->", at_ + 4);
                if (end == std::string_view::npos) fail("unterminated comment");
                at_ = end + 3;
            } else {
                return;
            }
        }
    }
    // Decodes character data or an attribute value up to `stop`; checks the entities.
    std::string characters(char stop) {
        std::string s;
        while (at_ < text_.size() && text_[at_] != stop) {
            const char c = text_[at_];
            if (c == '<') fail("'<' in character data");
            if (c == '&') {
                const std::size_t semi = text_.find(';', at_);
                if (semi == std::string_view::npos) fail("unterminated entity");
                const std::string_view entity = text_.substr(at_ + 1, semi - at_ - 1);
                if (entity == "amp") s += '&';
                else if (entity == "lt") s += '<';
                else if (entity == "gt") s += '>';
                else if (entity == "quot") s += '"';
                else if (entity == "apos") s += '\'';
                else if (!entity.empty() && entity[0] == '#') s += '?';
                else fail("unknown entity &" + std::string(entity) + ";");
                at_ = semi + 1;
                continue;
            }
            s += c;
            ++at_;
        }
        return s;
    }

    std::unique_ptr<XmlElement> document() {
        if (starts("<?xml")) {
            const std::size_t end = text_.find("?>", at_);
            if (end == std::string_view::npos) fail("unterminated declaration");
            at_ = end + 2;
        }
        skip_misc();
        if (!starts("<")) fail("no root element");
        auto root = element(nullptr);
        skip_misc();
        if (at_ != text_.size()) fail("text after the root element");
        return root;
    }

    std::unique_ptr<XmlElement> element(const XmlElement* parent) {
        expect('<');
        auto e = std::make_unique<XmlElement>();
        e->parent = parent;
        e->name = name();
        while (true) {
            const bool had_space = at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]));
            skip_space();
            if (starts("/>")) { at_ += 2; return e; }
            if (starts(">")) { ++at_; break; }
            if (!had_space) fail("space expected before an attribute");
            const std::string attr = name();
            skip_space();
            expect('=');
            skip_space();
            const char quote = at_ < text_.size() ? text_[at_] : '\0';
            if (quote != '"' && quote != '\'') fail("attribute value not quoted");
            ++at_;
            std::string value = characters(quote);
            expect(quote);
            if (!e->attributes.emplace(attr, std::move(value)).second) fail("duplicate attribute " + attr);
        }
        while (true) {
            e->text += characters('<');
            if (at_ >= text_.size()) fail("unclosed element <" + e->name + ">");
            if (starts("<!--")) { skip_misc(); continue; }
            if (starts("</")) {
                at_ += 2;
                const std::string closing = name();
                if (closing != e->name) fail("</" + closing + "> closes <" + e->name + ">");
                skip_space();
                expect('>');
                return e;
            }
            e->children.push_back(element(e.get()));
        }
    }
    void expect(char c) {
        if (at_ >= text_.size() || text_[at_] != c) fail(std::string("expected '") + c + "'");
        ++at_;
    }

    std::string_view text_;
    std::size_t at_ = 0;
};

// Every element named `name` in the tree (document order), optionally with a class containing `cls`.
inline void find_elements(const XmlElement& e, std::string_view name, std::string_view cls,
                          std::vector<const XmlElement*>& out) {
    if (e.name == name) {
        const auto it = e.attributes.find("class");
        bool match = cls.empty();
        if (!match && it != e.attributes.end()) {
            std::istringstream words(it->second);
            for (std::string w; words >> w;) match = match || w == cls;
        }
        if (match) out.push_back(&e);
    }
    for (const auto& c : e.children) find_elements(*c, name, cls, out);
}
inline std::vector<const XmlElement*> elements(const XmlElement& root, std::string_view name,
                                               std::string_view cls = {}) {
    std::vector<const XmlElement*> out;
    find_elements(root, name, cls, out);
    return out;
}

// ---- The binary ------------------------------------------------------------------------------------

struct BinaryRun {
    std::string out;
    std::string err;
    int exit_code = -1;
};

// Runs `outflank ARGS` (ARGS as shell words; quote them yourself) with stdin from /dev/null, or
// from `input` when given.
inline BinaryRun run_outflank(const std::string& args, const std::string& input = {}) {
    const auto dir = std::filesystem::temp_directory_path();
    const std::string tag = std::to_string(::getpid());
    const auto err_path = dir / ("outflank_analyze_err_" + tag + ".txt");
    const auto in_path = dir / ("outflank_analyze_in_" + tag + ".txt");
    std::ofstream(in_path, std::ios::binary) << input;
    const std::string command =
        "'" OUTFLANK_BINARY "' " + args + " < '" + in_path.string() + "' 2> '" + err_path.string() + "'";
    BinaryRun r;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) throw std::runtime_error("popen failed");
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
    const int status = pclose(pipe);
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream err(err_path, std::ios::binary);
    r.err.assign(std::istreambuf_iterator<char>(err), std::istreambuf_iterator<char>());
    std::filesystem::remove(err_path);
    std::filesystem::remove(in_path);
    return r;
}

}  // namespace outflank::test
