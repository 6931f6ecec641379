#include "train/training_fit.hpp"

#include <cmath>
#include <numbers>
#include <thread>

namespace outflank {
namespace {

using patterns::kFeatureCount;

inline float predict(const FitSample& s, const float* w) {
    float sum = 0;
    for (std::uint32_t f : s.feature) sum += w[f];
    return sum;
}

// Runs body(begin, end, part) on `parts` contiguous slices of [0, n), one thread each.
template <typename Body>
void split(std::size_t n, unsigned parts, Body&& body) {
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < parts; ++t) pool.emplace_back([&, t] { body(n * t / parts, n * (t + 1) / parts, t); });
    body(0, n / parts, 0u);
    for (std::thread& t : pool) t.join();
}

}  // namespace

FitSample make_sample(Bitboard player, Bitboard opponent, float target, float weight) {
    std::array<std::uint32_t, kFeatureCount> full;
    patterns::full_indices(player, opponent, full);
    FitSample s;
    const auto& compact_of_full = patterns::layout().compact_of_full;
    for (int f = 0; f < kFeatureCount; ++f) s.feature[f] = compact_of_full[full[f]];
    s.target = target;
    s.weight = weight;
    return s;
}

double mean_absolute_error(const std::vector<FitSample>& samples, const std::vector<float>& weights) {
    double error = 0, total = 0;
    for (const FitSample& s : samples) {
        error += s.weight * std::abs(predict(s, weights.data()) - s.target);
        total += s.weight;
    }
    return total > 0 ? error / total : 0;
}

bool fit_stage(const std::vector<FitSample>& train, const std::vector<FitSample>& validation,
               std::vector<float>& weights, const FitOptions& options,
               const std::function<void(const FitProgress&)>& on_epoch,
               const std::function<bool()>& should_stop) {
    const std::size_t size = patterns::layout().compact_size;
    weights.resize(size, 0.f);
    if (train.empty()) return true;
    const unsigned parts = std::max(1u, options.threads);
    double total_weight = 0;
    for (const FitSample& s : train) total_weight += s.weight;

    std::vector<std::vector<double>> gradient(parts, std::vector<double>(size));
    std::vector<double> abs_error(parts);
    std::vector<double> m(size, 0.0), v(size, 0.0);
    constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEpsilon = 1e-12;
    double beta1_power = 1, beta2_power = 1;

    for (int epoch = 1; epoch <= options.epochs; ++epoch) {
        if (should_stop && should_stop()) return false;
        split(train.size(), parts, [&](std::size_t begin, std::size_t end, unsigned part) {
            std::vector<double>& g = gradient[part];
            std::fill(g.begin(), g.end(), 0.0);
            double err = 0;
            for (std::size_t i = begin; i < end; ++i) {
                const FitSample& s = train[i];
                const float residual = predict(s, weights.data()) - s.target;
                err += s.weight * std::abs(residual);
                const double r = static_cast<double>(s.weight) * residual;
                for (std::uint32_t f : s.feature) g[f] += r;
            }
            abs_error[part] = err;
        });
        // Sum the parts in a fixed order, add the ridge term, then one Adam step.
        const double progress = static_cast<double>(epoch - 1) / std::max(1, options.epochs - 1);
        const double lr = options.learning_rate * (0.02 + 0.98 * 0.5 * (1 + std::cos(std::numbers::pi * progress)));
        beta1_power *= kBeta1;
        beta2_power *= kBeta2;
        for (std::size_t j = 0; j < size; ++j) {
            double g = options.l2 * weights[j];
            for (unsigned p = 0; p < parts; ++p) g += gradient[p][j];
            g /= total_weight;
            m[j] = kBeta1 * m[j] + (1 - kBeta1) * g;
            v[j] = kBeta2 * v[j] + (1 - kBeta2) * g * g;
            const double m_hat = m[j] / (1 - beta1_power), v_hat = v[j] / (1 - beta2_power);
            weights[j] -= static_cast<float>(lr * m_hat / (std::sqrt(v_hat) + kEpsilon));
        }
        if (on_epoch && (epoch % 20 == 0 || epoch == options.epochs)) {
            double err = 0;
            for (double e : abs_error) err += e;
            on_epoch({epoch, err / total_weight, validation.empty() ? 0 : mean_absolute_error(validation, weights)});
        }
    }
    return true;
}

}  // namespace outflank
