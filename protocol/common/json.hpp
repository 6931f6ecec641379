// A small JSON writer for machine-readable output (search, analyze): objects, arrays, strings,
// numbers, booleans; strings are escaped per RFC 8259. Builds the document in a string.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace outflank {

class JsonWriter {
public:
    JsonWriter& begin_object() { value_prefix(); out_ += '{'; first_ = true; return *this; }
    JsonWriter& end_object() { out_ += '}'; first_ = false; return *this; }
    JsonWriter& begin_array() { value_prefix(); out_ += '['; first_ = true; return *this; }
    JsonWriter& end_array() { out_ += ']'; first_ = false; return *this; }
    JsonWriter& key(std::string_view k) {
        if (!first_) out_ += ',';
        write_string(k);
        out_ += ':';
        after_key_ = true;
        return *this;
    }
    JsonWriter& value(std::string_view s) { value_prefix(); write_string(s); return *this; }
    JsonWriter& value(const char* s) { return value(std::string_view(s)); }
    JsonWriter& value(bool b) { value_prefix(); out_ += b ? "true" : "false"; return *this; }
    JsonWriter& value(int v) { value_prefix(); out_ += std::to_string(v); return *this; }
    JsonWriter& value(long long v) { value_prefix(); out_ += std::to_string(v); return *this; }
    JsonWriter& value(unsigned long long v) { value_prefix(); out_ += std::to_string(v); return *this; }
    JsonWriter& value(double v) {
        value_prefix();
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.6g", v);
        out_ += buf;
        return *this;
    }
    JsonWriter& null() { value_prefix(); out_ += "null"; return *this; }
    template <typename T>
    JsonWriter& field(std::string_view k, const T& v) { key(k); return value(v); }

    const std::string& str() const { return out_; }

private:
    void value_prefix() {
        if (after_key_) { after_key_ = false; first_ = false; return; }
        if (!first_) out_ += ',';
        first_ = false;
    }
    void write_string(std::string_view s) {
        out_ += '"';
        for (char c : s) {
            switch (c) {
                case '"': out_ += "\\\""; break;
                case '\\': out_ += "\\\\"; break;
                case '\n': out_ += "\\n"; break;
                case '\r': out_ += "\\r"; break;
                case '\t': out_ += "\\t"; break;
                default:
                    if (static_cast<unsigned char>(c) < 0x20) {
                        char buf[8];
                        std::snprintf(buf, sizeof buf, "\\u%04x", c);
                        out_ += buf;
                    } else {
                        out_ += c;
                    }
            }
        }
        out_ += '"';
    }
    std::string out_;
    bool first_ = true;
    bool after_key_ = false;
};

}  // namespace outflank
