#include "train/training_checkpoint.hpp"

#include <cstring>
#include <sstream>
#include <type_traits>

#include "core/checksum.hpp"
#include "core/error.hpp"
#include "core/file_io.hpp"
#include "eval/patterns.hpp"

namespace outflank {
namespace {

constexpr char kMagic[8] = {'O', 'F', 'F', 'I', 'T', 'C', 'K', 'P'};
constexpr char kDataMagic[8] = {'O', 'F', 'D', 'A', 'T', 'C', 'K', 'P'};
constexpr std::uint32_t kVersion = 1;
// A checkpoint is the weights of every stage plus one stage in floats: about 1 MB. The cap only
// keeps a wrong file from being read whole.
constexpr std::size_t kMaxCheckpointBytes = std::size_t{256} << 20;
// A training set of a hundred million positions (25 bytes each) is the largest one expected.
constexpr std::size_t kMaxDataCheckpointBytes = std::size_t{4} << 30;

class Writer {
public:
    template <typename T>
    void put(const T& value) {
        static_assert(std::is_trivially_copyable_v<T>);
        bytes_.append(reinterpret_cast<const char*>(&value), sizeof value);
    }
    template <typename T>
    void put_array(const std::vector<T>& values) {
        put<std::uint64_t>(values.size());
        bytes_.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
    }
    void put_text(const std::string& text) {
        put<std::uint64_t>(text.size());
        bytes_ += text;
    }
    std::string& bytes() { return bytes_; }

private:
    std::string bytes_;
};

class Reader {
public:
    Reader(std::string_view bytes, std::string what) : bytes_(bytes), what_(std::move(what)) {}
    template <typename T>
    T get() {
        T value;
        need(sizeof value);
        std::memcpy(&value, bytes_.data() + at_, sizeof value);
        at_ += sizeof value;
        return value;
    }
    template <typename T>
    std::vector<T> get_array() {
        const std::uint64_t n = get<std::uint64_t>();
        if (n > (bytes_.size() - at_) / sizeof(T)) fail("truncated");
        std::vector<T> values(n);
        std::memcpy(values.data(), bytes_.data() + at_, n * sizeof(T));
        at_ += n * sizeof(T);
        return values;
    }
    std::string get_text() {
        const std::uint64_t n = get<std::uint64_t>();
        need(n);
        std::string text(bytes_.substr(at_, n));
        at_ += n;
        return text;
    }
    bool at_end() const { return at_ == bytes_.size(); }
    [[noreturn]] void fail(const std::string& what) const {
        throw Error(what_ + ": " + what);
    }

private:
    void need(std::uint64_t n) const {
        if (n > bytes_.size() - at_) fail("truncated");
    }
    std::string_view bytes_;
    std::string what_;  // "train fit checkpoint PATH"
    std::size_t at_ = 0;
};

// The body of a checkpoint file (between its magic and its checksum), checked; `command` names the
// job in messages ("train fit").
std::string_view checked_body(const std::string& bytes, const char (&magic)[8], const std::string& command,
                              const std::string& path) {
    const auto fail = [&](const std::string& why) { throw Error(command + " checkpoint " + path + ": " + why); };
    if (bytes.size() < sizeof magic + 12 || std::memcmp(bytes.data(), magic, sizeof magic) != 0)
        fail("not a checkpoint of `outflank " + command + "`");
    std::uint64_t sum = 0;
    std::memcpy(&sum, bytes.data() + bytes.size() - 8, 8);
    if (sum != fnv1a(std::string_view(bytes).substr(0, bytes.size() - 8))) fail("checksum mismatch (damaged)");
    return std::string_view(bytes).substr(sizeof magic, bytes.size() - sizeof magic - 8);
}

// StageReport as stored: fixed-size fields, so the record does not depend on the struct's padding.
void put_report(Writer& w, const StageReport& r) {
    for (int v : {r.stage, r.min_empties, r.max_empties}) w.put<std::int32_t>(v);
    for (std::size_t v : {r.train_positions, r.validation_positions, r.exact_labels, r.searched_labels})
        w.put<std::uint64_t>(v);
    for (double v : {r.train_mae, r.validation_mae, r.seconds}) w.put<double>(v);
}

StageReport get_report(Reader& r) {
    StageReport s;
    s.stage = r.get<std::int32_t>();
    s.min_empties = r.get<std::int32_t>();
    s.max_empties = r.get<std::int32_t>();
    s.train_positions = r.get<std::uint64_t>();
    s.validation_positions = r.get<std::uint64_t>();
    s.exact_labels = r.get<std::uint64_t>();
    s.searched_labels = r.get<std::uint64_t>();
    s.train_mae = r.get<double>();
    s.validation_mae = r.get<double>();
    s.seconds = r.get<double>();
    return s;
}

}  // namespace

std::string fit_settings_text(const TrainerOptions& o) {
    std::ostringstream text;
    // Full precision: two learning rates that print alike must still differ here.
    text.precision(17);
    text << "depth=" << o.search_depth << " blend=" << o.blend << " last-stage=" << o.last_stage
         << " overlap=" << o.overlap << " overlap-weight=" << o.overlap_weight
         << " epochs=" << o.fit.epochs << " learning-rate=" << o.fit.learning_rate << " l2=" << o.fit.l2
         << " threads=" << o.fit.threads;
    return text.str();
}

std::uint64_t training_set_checksum(const TrainingSet& set) {
    std::uint64_t h = kFnv1aStart;
    const auto add = [&h](const auto& value) {
        h = fnv1a(std::string_view(reinterpret_cast<const char*>(&value), sizeof value), h);
    };
    add(static_cast<std::uint64_t>(set.positions().size()));
    for (const TrainingPosition& p : set.positions()) {
        add(p.player);
        add(p.opponent);
        add(p.result_sum);
        add(p.count);
        add(p.exact);
    }
    return h;
}

void save_fit_checkpoint(const FitCheckpoint& c, const std::string& path) {
    Writer w;
    w.bytes().append(kMagic, sizeof kMagic);
    w.put<std::uint32_t>(kVersion);
    w.put_text(c.settings);
    w.put<std::uint64_t>(c.train_checksum);
    w.put<std::uint64_t>(c.validation_checksum);
    w.put<std::int32_t>(c.state.stages_done);
    w.put_array(c.state.weights);
    w.put_array(c.state.warm_start);
    w.put<std::uint64_t>(c.state.reports.size());
    for (const StageReport& r : c.state.reports) put_report(w, r);
    const std::uint64_t sum = fnv1a(w.bytes());
    w.put<std::uint64_t>(sum);
    write_file_atomic(path, w.bytes());
}

FitCheckpoint load_fit_checkpoint(const std::string& path) {
    const std::string bytes = read_file(path, kMaxCheckpointBytes);
    Reader body(checked_body(bytes, kMagic, "train fit", path), "train fit checkpoint " + path);
    Reader& r = body;
    if (const auto version = body.get<std::uint32_t>(); version != kVersion)
        r.fail("format version " + std::to_string(version) + " (this program reads " + std::to_string(kVersion) + ")");
    FitCheckpoint c;
    c.settings = body.get_text();
    c.train_checksum = body.get<std::uint64_t>();
    c.validation_checksum = body.get<std::uint64_t>();
    c.state.stages_done = body.get<std::int32_t>();
    c.state.weights = body.get_array<std::int16_t>();
    c.state.warm_start = body.get_array<float>();
    const auto reports = body.get<std::uint64_t>();
    if (reports > static_cast<std::uint64_t>(patterns::kStageCount)) r.fail("too many stages");
    for (std::uint64_t i = 0; i < reports; ++i) c.state.reports.push_back(get_report(body));
    if (!body.at_end()) r.fail("unexpected bytes after the stages");
    const std::size_t size = patterns::layout().compact_size;
    if (c.state.stages_done < 1 || c.state.stages_done > patterns::kStageCount ||
        c.state.reports.size() != static_cast<std::size_t>(c.state.stages_done) ||
        c.state.weights.size() != std::size_t{patterns::kStageCount} * size || c.state.warm_start.size() != size)
        r.fail("inconsistent (made by another version of the pattern layout?)");
    return c;
}

void save_data_checkpoint(const DataCheckpoint& c, const std::string& path) {
    Writer w;
    w.bytes().append(kDataMagic, sizeof kDataMagic);
    w.put<std::uint32_t>(kVersion);
    w.put_text(c.settings);
    w.put<std::uint64_t>(c.games);
    w.put<std::uint64_t>(c.skipped);
    w.put<std::uint64_t>(c.set.positions().size());
    for (const TrainingPosition& p : c.set.positions()) {
        w.put(p.player);
        w.put(p.opponent);
        w.put(p.result_sum);
        w.put(p.count);
        w.put(p.exact);
    }
    const std::uint64_t sum = fnv1a(w.bytes());
    w.put<std::uint64_t>(sum);
    write_file_atomic(path, w.bytes());
}

DataCheckpoint load_data_checkpoint(const std::string& path) {
    const std::string bytes = read_file(path, kMaxDataCheckpointBytes);
    Reader body(checked_body(bytes, kDataMagic, "train data", path), "train data checkpoint " + path);
    if (const auto version = body.get<std::uint32_t>(); version != kVersion)
        body.fail("format version " + std::to_string(version) + " (this program reads " + std::to_string(kVersion) + ")");
    DataCheckpoint c;
    c.settings = body.get_text();
    c.games = body.get<std::uint64_t>();
    c.skipped = body.get<std::uint64_t>();
    const auto n = body.get<std::uint64_t>();
    constexpr std::size_t kRecord = 8 + 8 + 4 + 4 + 1;
    if (n > bytes.size() / kRecord) body.fail("truncated");
    c.set.positions().resize(n);
    for (TrainingPosition& p : c.set.positions()) {
        p.player = body.get<Bitboard>();
        p.opponent = body.get<Bitboard>();
        p.result_sum = body.get<float>();
        p.count = body.get<std::uint32_t>();
        p.exact = body.get<std::int8_t>();
        if ((p.player & p.opponent) != 0) body.fail("a position with a disc of both colours on one square");
    }
    if (!body.at_end()) body.fail("unexpected bytes after the positions");
    return c;
}

void check_fit_checkpoint_matches(const FitCheckpoint& c, const std::string& path, const std::string& settings,
                                  std::uint64_t train_checksum, std::uint64_t validation_checksum) {
    if (c.settings != settings)
        throw Error("train fit --resume: " + path + " was made with other settings (" + c.settings + "; now " +
                    settings + "): resume with the same options, or remove it to start again");
    if (c.train_checksum != train_checksum)
        throw Error("train fit --resume: " + path +
                    " was made from another training set (its checksum differs): resume with the same data, or "
                    "remove it to start again");
    if (c.validation_checksum != validation_checksum)
        throw Error("train fit --resume: " + path +
                    " was made with another validation set (its checksum differs): resume with the same "
                    "--validation, or remove it to start again");
}

}  // namespace outflank
