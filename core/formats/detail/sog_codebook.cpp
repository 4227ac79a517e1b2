#include "core/formats/detail/sog_codebook.h"

#include <algorithm>
#include <numeric>
#include <queue>

namespace sw::formats::detail {

std::uint8_t Codebook::index(float v) const {
    return std::uint8_t(std::upper_bound(bounds.begin(), bounds.end(), v) - bounds.begin());
}

Codebook codebookOf(std::vector<float> entries) {
    Codebook c;
    c.entries = std::move(entries);
    c.entries.resize(256, c.entries.back());
    c.bounds.resize(255);
    for (std::size_t j = 0; j < 255; ++j) c.bounds[j] = 0.5f * (c.entries[j] + c.entries[j + 1]);
    return c;
}

Codebook buildCodebook(std::span<const float> values, int iterations) {
    std::vector<float> sorted(values.begin(), values.end());
    std::sort(sorted.begin(), sorted.end());
    const std::size_t n = sorted.size();
    std::vector<double> prefix(n + 1, 0.0);
    for (std::size_t i = 0; i < n; ++i) prefix[i + 1] = prefix[i] + double(sorted[i]);
    Codebook c;
    c.entries.resize(256);
    // Half the entries at quantiles (where the values are), half spread evenly over the range
    // (so sparse tails keep entries: the largest error stays near a uniform step).
    for (std::size_t j = 0; j < 128; ++j) {
        c.entries[j] = sorted[std::min(n - 1, std::size_t((double(j) + 0.5) * double(n) / 128.0))];
        c.entries[128 + j] = sorted.front() + (sorted.back() - sorted.front()) * (float(j) + 0.5f) / 128.f;
    }
    std::sort(c.entries.begin(), c.entries.end());
    auto midpoints = [&] {
        c.bounds.resize(255);
        for (std::size_t j = 0; j < 255; ++j) c.bounds[j] = 0.5f * (c.entries[j] + c.entries[j + 1]);
    };
    for (int it = 0; it < iterations; ++it) {
        midpoints();
        std::size_t lo = 0;
        for (std::size_t j = 0; j < 256; ++j) {  // the values nearest entry j lie in [lo, hi) of sorted
            const std::size_t hi = j == 255 ? n : std::size_t(std::upper_bound(sorted.begin() + std::ptrdiff_t(lo), sorted.end(), c.bounds[j]) - sorted.begin());
            if (hi > lo) c.entries[j] = float((prefix[hi] - prefix[lo]) / double(hi - lo));
            lo = hi;
        }
        std::sort(c.entries.begin(), c.entries.end());
    }
    midpoints();
    return c;
}

namespace {

struct Cluster {
    std::size_t begin = 0, end = 0;
    double sse = 0.0;
    std::size_t widest = 0;
    float mean = 0.f;  // along `widest`
    bool operator<(const Cluster& o) const { return sse < o.sse; }
};

}  // namespace

ShPalette buildShPalette(std::span<const float> rows, std::size_t dims, std::size_t maxEntries, const Progress& progress) {
    const std::size_t n = rows.size() / dims;
    ShPalette p;
    if (n == 0) return p;
    p.labels.assign(n, 0u);
    if (n <= maxEntries) {  // every splat its own entry
        p.entries.assign(rows.begin(), rows.end());
        std::iota(p.labels.begin(), p.labels.end(), 0u);
        p.entryCount = n;
        return p;
    }
    std::vector<std::uint32_t> order(p.labels.size(), 0u);
    std::iota(order.begin(), order.end(), 0u);
    std::vector<double> sum(dims), sq(dims);
    auto measure = [&](std::size_t b, std::size_t e) {
        Cluster c{b, e, 0.0, 0, 0.f};
        std::fill(sum.begin(), sum.end(), 0.0);
        std::fill(sq.begin(), sq.end(), 0.0);
        for (std::size_t i = b; i < e; ++i) {
            const float* r = &rows[std::size_t(order[i]) * dims];
            for (std::size_t d = 0; d < dims; ++d) {
                sum[d] += double(r[d]);
                sq[d] += double(r[d]) * double(r[d]);
            }
        }
        double widest = -1.0;
        for (std::size_t d = 0; d < dims; ++d) {
            const double var = sq[d] - sum[d] * sum[d] / double(e - b);
            c.sse += var;
            if (var > widest) {
                widest = var;
                c.widest = d;
                c.mean = float(sum[c.widest] / double(e - b));
            }
        }
        if (e - b < 2) c.sse = 0.0;
        return c;
    };
    std::priority_queue<Cluster> open;
    std::vector<Cluster> done;
    open.push(measure(0, n));
    while (!open.empty() && open.size() + done.size() < maxEntries) {
        Cluster c = open.top();
        open.pop();
        if (c.sse <= 0.0) {
            done.push_back(c);
            continue;
        }
        auto first = order.begin() + std::ptrdiff_t(c.begin), last = order.begin() + std::ptrdiff_t(c.end);
        auto mid = std::partition(first, last, [&](std::uint32_t i) { return rows[std::size_t(i) * dims + c.widest] < c.mean; });
        if (mid == first || mid == last) {  // all on one side of the mean (rounding): split at the median
            mid = first + (last - first) / 2;
            std::nth_element(first, mid, last, [&](std::uint32_t a, std::uint32_t b) {
                return rows[std::size_t(a) * dims + c.widest] < rows[std::size_t(b) * dims + c.widest];
            });
        }
        const std::size_t m = std::size_t(mid - order.begin());
        open.push(measure(c.begin, m));
        open.push(measure(m, c.end));
        if ((open.size() & 1023) == 0) {
            if (progress.cancelled()) break;
            progress.report(double(open.size() + done.size()) / double(maxEntries), "SOG SH palette");
        }
    }
    for (; !open.empty(); open.pop()) done.push_back(open.top());
    p.entryCount = done.size();
    p.entries.assign(p.entryCount * dims, 0.f);
    for (std::size_t e = 0; e < done.size(); ++e) {
        std::vector<double> mean(dims, 0.0);
        for (std::size_t i = done[e].begin; i < done[e].end; ++i) {
            p.labels[order[i]] = std::uint32_t(e);
            for (std::size_t d = 0; d < dims; ++d) mean[d] += double(rows[std::size_t(order[i]) * dims + d]);
        }
        for (std::size_t d = 0; d < dims; ++d) p.entries[e * dims + d] = float(mean[d] / double(done[e].end - done[e].begin));
    }
    return p;
}

}  // namespace sw::formats::detail
