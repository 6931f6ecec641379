#include "core/shard.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <map>
#include <optional>

#include "core/checksum.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"

namespace outflank {
namespace {

constexpr std::string_view kMagic = "outflank-shard 1";

// Decimal digits only (no sign, no spaces), within `max`.
std::optional<std::uint64_t> parse_count(std::string_view s, std::uint64_t max) {
    if (s.empty() || s.size() > 19) return std::nullopt;
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc() || end != s.data() + s.size() || value > max) return std::nullopt;
    return value;
}

std::optional<std::uint64_t> parse_hex64(std::string_view s) {
    if (s.size() != 16) return std::nullopt;
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value, 16);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return value;
}

std::string hex64(std::uint64_t value) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(value));
    return buf;
}

void check_one_line(std::string_view field, std::string_view value) {
    if (value.find('\n') != std::string_view::npos || value.find('\r') != std::string_view::npos)
        throw Error("shard: the " + std::string(field) + " holds a line break");
}

// Reads the file line by line, each error naming the file and the line.
class LineReader {
public:
    LineReader(std::string_view text, const std::string& name) : text_(text), name_(name) {}
    bool done() const { return text_.empty(); }
    std::string_view next() {
        if (text_.empty()) throw fail("ends early (a header line is missing)");
        ++number_;
        const std::size_t end = text_.find('\n');
        if (end == std::string_view::npos) throw fail("the last line has no end (a cut file?)");
        const std::string_view line = text_.substr(0, end);
        text_.remove_prefix(end + 1);
        return line;
    }
    // "KEY VALUE": the value (may be empty only when `allow_empty`).
    std::string_view field(std::string_view key, bool allow_empty = false) {
        const std::string_view line = next();
        if (!line.starts_with(key) || line.size() < key.size() + 1 || line[key.size()] != ' ') {
            if (allow_empty && line == key) return {};
            throw fail("expected '" + std::string(key) + " ...', found '" + std::string(line.substr(0, 60)) + "'");
        }
        return line.substr(key.size() + 1);
    }
    std::string_view rest() const { return text_; }
    Error fail(const std::string& what) const {
        return Error(name_ + ": line " + std::to_string(number_) + ": " + what);
    }

private:
    std::string_view text_;
    const std::string& name_;
    int number_ = 0;
};

// "shards 2 and 4 of 4 are missing", "shard 3 of 4 is missing".
std::string missing_text(const std::vector<int>& missing, int count) {
    std::string list;
    for (std::size_t i = 0; i < missing.size() && i < 20; ++i) {
        if (i > 0) list += i + 1 == missing.size() ? " and " : ", ";
        list += std::to_string(missing[i]);
    }
    if (missing.size() > 20) list += " and " + std::to_string(missing.size() - 20) + " more";
    return (missing.size() == 1 ? "shard " : "shards ") + list + " of " + std::to_string(count) +
           (missing.size() == 1 ? " is missing" : " are missing");
}

}  // namespace

std::string shard_escape(std::string_view value) {
    std::string out;
    for (const char c : value) {
        if (c == '%' || c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            char buf[4];
            std::snprintf(buf, sizeof buf, "%%%02X", static_cast<unsigned char>(c));
            out += buf;
        } else {
            out += c;
        }
    }
    return out;
}

std::string shard_unescape(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        unsigned value = 0;
        if (s[i] == '%' && i + 2 < s.size() &&
            std::from_chars(s.data() + i + 1, s.data() + i + 3, value, 16).ptr == s.data() + i + 3) {
            out += static_cast<char>(value);
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

std::map<std::string, std::string> shard_settings_map(std::string_view settings) {
    std::map<std::string, std::string> fields;
    while (!settings.empty()) {
        const std::size_t end = settings.find(' ');
        const std::string_view word = settings.substr(0, end);
        settings.remove_prefix(end == std::string_view::npos ? settings.size() : end + 1);
        if (word.empty()) continue;
        const std::size_t eq = word.find('=');
        if (eq == std::string_view::npos) throw Error("shard: settings: '" + std::string(word) + "' is not key=value");
        fields[std::string(word.substr(0, eq))] = shard_unescape(word.substr(eq + 1));
    }
    return fields;
}

ShardSpec parse_shard_spec(std::string_view text) {
    const Error bad("--shard must be K/N with 1 <= K <= N (such as 2/8), not '" + std::string(text.substr(0, 40)) +
                    "'");
    const std::size_t slash = text.find('/');
    if (slash == std::string_view::npos) throw bad;
    const auto k = parse_count(text.substr(0, slash), kMaxShards);
    const auto n = parse_count(text.substr(slash + 1), kMaxShards);
    if (!k || !n || *k < 1 || *k > *n) throw bad;
    return {static_cast<int>(*k), static_cast<int>(*n)};
}

std::vector<std::size_t> shard_items(std::size_t total, const ShardSpec& spec) {
    std::vector<std::size_t> items;
    for (std::size_t i = static_cast<std::size_t>(spec.index - 1); i < total; i += static_cast<std::size_t>(spec.count))
        items.push_back(i);
    return items;
}

std::string serialize_shard(const ShardFile& shard) {
    if (shard.kind.empty() || shard.kind.find_first_of(" \t\n\r") != std::string::npos)
        throw Error("shard: the kind must be one word, not '" + shard.kind + "'");
    check_one_line("input name", shard.input);
    check_one_line("settings", shard.settings);
    std::string body;
    for (const ShardRecord& r : shard.records) {
        check_one_line("result of item " + std::to_string(r.item), r.text);
        if (!shard.spec.owns(r.item) || r.item >= shard.items)
            throw Error("shard: item " + std::to_string(r.item) + " is not one of shard " + shard.spec.text() + "'s");
        body += std::to_string(r.item) + " " + r.text + "\n";
    }
    return std::string(kMagic) + "\nkind " + shard.kind + "\ninput " + shard.input + "\ninput-fnv1a " +
           hex64(shard.input_checksum) + "\nshard " + shard.spec.text() + "\nitems " + std::to_string(shard.items) +
           "\nsettings " + shard.settings + "\nrecords " + std::to_string(shard.records.size()) + "\nbody-fnv1a " +
           hex64(fnv1a(body)) + "\n---\n" + body;
}

ShardFile parse_shard(std::string_view text, const std::string& name) {
    if (!text.starts_with(std::string(kMagic) + "\n"))
        throw Error(name + ": not an outflank shard file (it does not start with '" + std::string(kMagic) + "')");
    LineReader in(text, name);
    in.next();
    ShardFile shard;
    shard.kind = std::string(in.field("kind"));
    shard.input = std::string(in.field("input"));
    const auto checksum = parse_hex64(in.field("input-fnv1a"));
    if (!checksum) throw in.fail("the input checksum must be 16 hex digits");
    shard.input_checksum = *checksum;
    try {
        shard.spec = parse_shard_spec(in.field("shard"));
    } catch (const Error& e) {
        throw in.fail(e.what());
    }
    const auto items = parse_count(in.field("items"), std::uint64_t{1} << 40);
    if (!items) throw in.fail("the item count must be a number");
    shard.items = static_cast<std::size_t>(*items);
    shard.settings = std::string(in.field("settings", true));
    const auto records = parse_count(in.field("records"), *items);
    if (!records) throw in.fail("the record count must be a number no larger than the items");
    const auto body_checksum = parse_hex64(in.field("body-fnv1a"));
    if (!body_checksum) throw in.fail("the records' checksum must be 16 hex digits");
    if (in.next() != "---") throw in.fail("expected '---' after the header");
    if (fnv1a(in.rest()) != *body_checksum) throw Error(name + ": damaged: the records' checksum differs");
    shard.records.reserve(static_cast<std::size_t>(*records));
    while (!in.done()) {
        const std::string_view line = in.next();
        const std::size_t space = line.find(' ');
        const auto item = parse_count(line.substr(0, space), shard.items);
        if (space == std::string_view::npos || !item || *item >= shard.items)
            throw in.fail("a record must be 'ITEM TEXT' with ITEM below " + std::to_string(shard.items));
        shard.records.push_back({static_cast<std::size_t>(*item), std::string(line.substr(space + 1))});
    }
    if (shard.records.size() != *records)
        throw Error(name + ": the header says " + std::to_string(*records) + " records, the file holds " +
                    std::to_string(shard.records.size()));
    return shard;
}

ShardFile read_shard(const std::string& path) { return parse_shard(read_file(path, kMaxShardFileBytes), path); }

void write_shard(const std::string& path, const ShardFile& shard) { write_file_atomic(path, serialize_shard(shard)); }

MergedShards merge_shards(const std::vector<ShardFile>& shards, const std::vector<std::string>& names) {
    if (shards.empty()) throw Error("merge: no shard files given");
    if (names.size() != shards.size()) throw Error("merge: a name for each shard file is needed");
    const ShardFile& first = shards.front();
    const int count = first.spec.count;
    MergedShards merged{first.kind, first.input, first.input_checksum, first.items, first.settings, count, {}};
    std::map<int, std::size_t> by_index;  // K -> which file
    for (std::size_t f = 0; f < shards.size(); ++f) {
        const ShardFile& s = shards[f];
        const std::string& name = names[f];
        const std::string against = " than " + names.front() + " (";
        if (s.kind != first.kind)
            throw Error("merge: " + name + " holds " + s.kind + " results, " + names.front() + " " + first.kind + " results");
        if (s.input_checksum != first.input_checksum)
            throw Error("merge: " + name + " comes from another input" + against + s.input + " " +
                        hex64(s.input_checksum) + ", " + first.input + " " + hex64(first.input_checksum) + ")");
        if (s.settings != first.settings)
            throw Error("merge: " + name + " was run with other settings" + against + "'" + s.settings + "' against '" +
                        first.settings + "')");
        if (s.items != first.items)
            throw Error("merge: " + name + " counts " + std::to_string(s.items) + " items, " + names.front() + " " +
                        std::to_string(first.items));
        if (s.spec.count != count)
            throw Error("merge: " + name + " is shard " + s.spec.text() + ", " + names.front() + " shard " +
                        first.spec.text() + ": all must be of the same N");
        const auto [at, fresh] = by_index.emplace(s.spec.index, f);
        if (!fresh)
            throw Error("merge: shard " + s.spec.text() + " is given twice (" + names[at->second] + " and " + name + ")");
    }
    std::vector<int> missing;
    for (int k = 1; k <= count; ++k)
        if (!by_index.contains(k)) missing.push_back(k);
    if (!missing.empty()) throw Error("merge: " + missing_text(missing, count));
    // Checked before the table below is made: a damaged item count cannot make it huge.
    std::size_t results = 0;
    for (const ShardFile& s : shards) results += s.records.size();
    if (results != first.items)
        throw Error("merge: the shards hold " + std::to_string(results) + " results for " +
                    std::to_string(first.items) + " items (a shard is incomplete or holds extra results)");

    std::vector<std::optional<std::string>> texts(first.items);
    for (std::size_t f = 0; f < shards.size(); ++f) {
        const ShardFile& s = shards[f];
        for (const ShardRecord& r : s.records) {
            if (!s.spec.owns(r.item))
                throw Error("merge: " + names[f] + ": item " + std::to_string(r.item) + " is not shard " +
                            s.spec.text() + "'s");
            if (texts[r.item]) throw Error("merge: " + names[f] + ": item " + std::to_string(r.item) + " appears twice");
            texts[r.item] = r.text;
        }
    }
    merged.texts.reserve(first.items);
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if (!texts[i])
            throw Error("merge: item " + std::to_string(i) + " has no result (shard " +
                        std::to_string(i % static_cast<std::size_t>(count) + 1) + "/" + std::to_string(count) +
                        ", " + names[by_index.at(static_cast<int>(i % static_cast<std::size_t>(count)) + 1)] +
                        ", is incomplete)");
        merged.texts.push_back(std::move(*texts[i]));
    }
    return merged;
}

}  // namespace outflank
