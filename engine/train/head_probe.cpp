#include "train/head_probe.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

#include "core/error.hpp"
#include "train/training_fit.hpp"
#include "train/training_label.hpp"

namespace outflank {
namespace {

using patterns::kFeatureCount;
using patterns::kStageCount;

// The trainer's sample (compact indices, target, weight) and where in the game it lies.
struct Sample {
    FitSample fit;
    int empties, stage;
};

// The positions with min..max empties and their labels: the exact score where solved; else,
// with `search_depth`, a search of that depth (progress through `log`); else skipped.
std::vector<Sample> labelled_samples(const TrainingSet& set, const HeadProbeOptions& o, int search_depth,
                                     const char* what, const std::function<void(const std::string&)>& log,
                                     const std::function<bool()>& should_stop) {
    std::vector<const TrainingPosition*> chosen, unsolved;
    for (const TrainingPosition& p : set.positions()) {
        const int empties = p.empties();
        if (empties < o.min_empties || empties > o.max_empties) continue;
        if (p.exact != kUnknownScore) chosen.push_back(&p);
        else if (search_depth > 0) unsolved.push_back(&p);
    }
    std::vector<float> searched;
    if (!unsolved.empty())
        searched = search_values(
            unsolved, search_depth, o.threads,
            [&](std::size_t done) {
                if (log)
                    log(std::string("searching ") + what + " positions at depth " + std::to_string(search_depth) +
                        ": " + std::to_string(done) + "/" + std::to_string(unsolved.size()));
            },
            should_stop);
    std::vector<Sample> out;
    const auto add = [&](const TrainingPosition& p, float target) {
        const int empties = p.empties();
        out.push_back({make_sample(p.player, p.opponent, target, static_cast<float>(p.count)), empties,
                       patterns::stage_of(empties)});
    };
    for (const TrainingPosition* p : chosen) add(*p, p->exact);
    for (std::size_t i = 0; i < unsolved.size(); ++i) add(*unsolved[i], searched[i]);
    return out;
}

// One block of parameters (rows of `width`) with its Adam moments. Only the rows the batch
// touched take a step (lazy Adam): for the tables, a row per pattern configuration, a batch
// reads a few thousand of 204,182, and elsewhere the gradient is zero.
struct Block {
    int width = 1;
    float rate = 1;  // multiplies the learning rate: the shared layers learn slower than the tables
    std::vector<float> value, grad, m, v;
    std::vector<char> touched;
    std::vector<std::uint32_t> rows;

    Block(std::size_t row_count, int width_, float rate_) : width(width_), rate(rate_) {
        const std::size_t n = row_count * static_cast<std::size_t>(width);
        value.assign(n, 0.f), grad.assign(n, 0.f), m.assign(n, 0.f), v.assign(n, 0.f);
        touched.assign(row_count, 0);
    }
    float* at(std::uint32_t row) { return value.data() + std::size_t{row} * static_cast<unsigned>(width); }
    const float* at(std::uint32_t row) const { return value.data() + std::size_t{row} * static_cast<unsigned>(width); }
    float* gradient(std::uint32_t row) {
        if (!touched[row]) touched[row] = 1, rows.push_back(row);
        return grad.data() + std::size_t{row} * static_cast<unsigned>(width);
    }
    void step(float lr, float beta1_power, float beta2_power) {
        constexpr float kBeta1 = 0.9f, kBeta2 = 0.999f, kEpsilon = 1e-8f;
        const float step_size = lr * rate / (1 - beta1_power), v_scale = 1 / (1 - beta2_power);
        for (std::uint32_t row : rows) {
            const std::size_t begin = std::size_t{row} * static_cast<unsigned>(width);
            for (std::size_t i = begin; i < begin + static_cast<unsigned>(width); ++i) {
                m[i] = kBeta1 * m[i] + (1 - kBeta1) * grad[i];
                v[i] = kBeta2 * v[i] + (1 - kBeta2) * grad[i] * grad[i];
                value[i] -= step_size * m[i] / (std::sqrt(v[i] * v_scale) + kEpsilon);
                grad[i] = 0;
            }
            touched[row] = 0;
        }
        rows.clear();
    }
};

class Model {
public:
    Model(HeadModel kind, const HeadProbeOptions& o, std::mt19937_64& rng)
        : nonlinear_(kind == HeadModel::nonlinear), dims_(o.dims), hidden_(o.hidden),
          linear_(std::size_t{kStageCount} * patterns::layout().compact_size, 1, 1.f),
          vectors_(patterns::layout().compact_size, o.dims, 0.3f), empties_bias_(61, o.dims, 0.3f),
          layer_(o.hidden, o.dims + 1, 0.1f), output_(kStageCount, o.hidden + 1, 0.1f),
          h1_(o.dims), h2_(o.hidden), g1_(o.dims) {
        if (!nonlinear_) return;
        // Small random vectors (a zero start has no gradient through the ReLUs); the second layer
        // scaled so that its units start with the spread of their inputs.
        std::normal_distribution<float> normal(0.f, 1.f);
        for (float& x : vectors_.value) x = 0.02f * normal(rng);
        const float scale = 1 / std::sqrt(static_cast<float>(dims_));
        for (int j = 0; j < hidden_; ++j)
            for (int k = 0; k < dims_; ++k) layer_.at(j)[k] = scale * normal(rng);
    }

    float predict(const Sample& s) {
        const std::size_t stage_base = static_cast<std::size_t>(s.stage) * patterns::layout().compact_size;
        float y = 0;
        for (std::uint32_t f : s.fit.feature) y += linear_.value[stage_base + f];
        if (!nonlinear_) return y;
        std::copy_n(empties_bias_.at(s.empties), dims_, h1_.begin());
        for (std::uint32_t f : s.fit.feature) {
            const float* e = vectors_.at(f);
            for (int k = 0; k < dims_; ++k) h1_[k] += e[k];
        }
        for (float& h : h1_) h = std::max(h, 0.f);
        const float* out = output_.at(s.stage);
        y += out[hidden_];
        for (int j = 0; j < hidden_; ++j) {
            const float* w = layer_.at(j);
            float z = w[dims_];
            for (int k = 0; k < dims_; ++k) z += w[k] * h1_[k];
            h2_[j] = std::max(z, 0.f);
            y += out[j] * h2_[j];
        }
        return y;
    }

    // Adds d(loss)/d(parameters) for the sample just predicted, `g` being d(loss)/d(y).
    void backward(const Sample& s, float g) {
        const std::size_t stage_base = static_cast<std::size_t>(s.stage) * patterns::layout().compact_size;
        for (std::uint32_t f : s.fit.feature) *linear_.gradient(static_cast<std::uint32_t>(stage_base + f)) += g;
        if (!nonlinear_) return;
        const float* out = output_.at(s.stage);
        float* g_out = output_.gradient(static_cast<std::uint32_t>(s.stage));
        g_out[hidden_] += g;
        std::fill(g1_.begin(), g1_.end(), 0.f);
        for (int j = 0; j < hidden_; ++j) {
            if (h2_[j] <= 0) continue;
            g_out[j] += g * h2_[j];
            const float gz = g * out[j];
            const float* w = layer_.at(j);
            float* g_w = layer_.gradient(static_cast<std::uint32_t>(j));
            g_w[dims_] += gz;
            for (int k = 0; k < dims_; ++k) {
                g_w[k] += gz * h1_[k];
                g1_[k] += gz * w[k];
            }
        }
        for (int k = 0; k < dims_; ++k)
            if (h1_[k] <= 0) g1_[k] = 0;
        float* g_bias = empties_bias_.gradient(static_cast<std::uint32_t>(s.empties));
        for (int k = 0; k < dims_; ++k) g_bias[k] += g1_[k];
        for (std::uint32_t f : s.fit.feature) {
            float* g_e = vectors_.gradient(f);
            for (int k = 0; k < dims_; ++k) g_e[k] += g1_[k];
        }
    }

    void step(float lr) {
        beta1_power_ *= 0.9f;
        beta2_power_ *= 0.999f;
        for (Block* b : {&linear_, &vectors_, &empties_bias_, &layer_, &output_}) b->step(lr, beta1_power_, beta2_power_);
    }

private:
    bool nonlinear_;
    int dims_, hidden_;
    Block linear_, vectors_, empties_bias_, layer_, output_;
    std::vector<float> h1_, h2_, g1_;  // the last prediction's activations, and a scratch gradient
    float beta1_power_ = 1, beta2_power_ = 1;
};

// Per-stage weighted mean absolute error, the prediction clamped to the score range as the
// evaluation is.
void measure(Model& model, const std::vector<Sample>& samples, std::vector<double>& mae,
             std::vector<std::size_t>& count) {
    std::vector<double> error(kStageCount, 0.0), weight(kStageCount, 0.0);
    count.assign(kStageCount, 0);
    for (const Sample& s : samples) {
        const float y = std::clamp(model.predict(s), -64.f, 64.f);
        error[s.stage] += s.fit.weight * std::abs(y - s.fit.target);
        weight[s.stage] += s.fit.weight;
        ++count[s.stage];
    }
    mae.assign(kStageCount, 0.0);
    for (int st = 0; st < kStageCount; ++st) mae[st] = weight[st] > 0 ? error[st] / weight[st] : 0;
}

}  // namespace

void probe_head(const TrainingSet& train, const TrainingSet& validation, const HeadProbeOptions& o,
                const std::function<void(const HeadProbeEpoch&)>& on_epoch, const std::function<bool()>& should_stop,
                const std::function<void(const std::string&)>& log) {
    if (o.min_empties < 1 || o.max_empties > 60 || o.min_empties > o.max_empties)
        throw Error("train probe-head: the empties must satisfy 1 <= min <= max <= 60");
    if (o.epochs < 1 || o.dims < 1 || o.dims > 256 || o.hidden < 1 || o.hidden > 256 || !(o.learning_rate > 0))
        throw Error("train probe-head: epochs, dims (1-256), hidden (1-256) and the learning rate must be positive");
    if (o.label_depth < 0 || o.label_depth > 12 || o.validation_depth < 1 || o.validation_depth > 16 || o.threads < 1)
        throw Error("train probe-head: the label depth must be 0-12, the validation depth 1-16, threads at least 1");
    const std::vector<Sample> train_samples = labelled_samples(train, o, o.label_depth, "training", log, should_stop);
    if (should_stop && should_stop()) return;
    const std::vector<Sample> validation_samples =
        labelled_samples(validation, o, o.label_depth > 0 ? o.validation_depth : 0, "validation", log, should_stop);
    if (should_stop && should_stop()) return;
    if (train_samples.empty() || validation_samples.empty())
        throw Error("train probe-head: the " + std::string(train_samples.empty() ? "training" : "validation") +
                    " set has no " + (o.label_depth > 0 ? "" : "solved ") + "positions with " + std::to_string(o.min_empties) + "-" +
                    std::to_string(o.max_empties) + " empties");

    constexpr std::size_t kBatch = 256;
    for (HeadModel kind : {HeadModel::linear, HeadModel::nonlinear}) {
        std::mt19937_64 rng(o.seed);
        Model model(kind, o, rng);
        std::vector<std::uint32_t> order(train_samples.size());
        for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
        for (int epoch = 1; epoch <= o.epochs; ++epoch) {
            if (should_stop && should_stop()) return;
            std::shuffle(order.begin(), order.end(), rng);
            const double progress = static_cast<double>(epoch - 1) / std::max(1, o.epochs - 1);
            const auto lr = static_cast<float>(o.learning_rate * (0.05 + 0.95 * 0.5 * (1 + std::cos(std::numbers::pi * progress))));
            for (std::size_t begin = 0; begin < order.size(); begin += kBatch) {
                const std::size_t end = std::min(order.size(), begin + kBatch);
                for (std::size_t i = begin; i < end; ++i) {
                    const Sample& s = train_samples[order[i]];
                    const float residual = model.predict(s) - s.fit.target;  // squared loss, as the trainer
                    model.backward(s, s.fit.weight * residual / static_cast<float>(end - begin));
                }
                model.step(lr);
            }
            HeadProbeEpoch report{kind, epoch, {}, {}, {}, {}};
            measure(model, train_samples, report.train_mae, report.train_positions);
            measure(model, validation_samples, report.validation_mae, report.validation_positions);
            if (on_epoch) on_epoch(report);
        }
    }
}

}  // namespace outflank
