// The MCMC strategy's ops of train_ops.h (Kheradmand et al. 2024): the relocation's row surgery
// (§3.3, Eq. 9) and the position noise on a device (Eq. 10). CPU loop here; CUDA kernels in
// cuda/relocate_cuda.cu and cuda/train_ops_cuda.cu.
#include <ATen/ops/from_blob.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/train/cuda/relocation_eq9.h"
#include "core/train/detail/train_ops.h"
#include "core/train/detail/train_ops_checks.h"
#ifdef SW_HAVE_CUDA
#include "core/train/cuda/relocate_cuda.h"
#include "core/train/cuda/train_ops_cuda.h"
#endif

namespace sw::train {
namespace {

std::int64_t rowWidth(const at::Tensor& t) { return t.size(0) > 0 ? t.numel() / t.size(0) : 0; }

// Rows in range; sources distinct, targets distinct, no target a source; offsets consistent.
void requirePlan(const RelocationPlan& plan, std::int64_t rows) {
    const std::size_t u = plan.sources.size();
    SW_REQUIRE(plan.offsets.size() == u + 1 && plan.offsets.front() == 0 &&
                   plan.offsets.back() == std::int64_t(plan.targets.size()),
               "relocation plan: " << u << " sources, " << plan.offsets.size() << " offsets, " << plan.targets.size()
                                   << " targets");
    std::vector<char> used(std::size_t(rows), 0);
    const auto mark = [&](std::int64_t row) {
        SW_REQUIRE(row >= 0 && row < rows && !used[std::size_t(row)], "relocation row " << row << " of " << rows);
        used[std::size_t(row)] = 1;
    };
    for (std::size_t k = 0; k < u; ++k) {
        SW_REQUIRE(plan.offsets[k] <= plan.offsets[k + 1], "relocation offsets decrease at " << k);
        mark(plan.sources[k]);
    }
    for (std::int64_t row : plan.targets) mark(row);
}

// The CPU loop of relocateRows (the CUDA kernel, cuda/relocate_cuda.cu, does the same per
// (source, tensor) pair): Eq. 9 on the source, then copies and zeroed moments.
void relocateRowsCpu(const RelocationTensors& t, const RelocationPlan& plan, double minOpacity) {
    float* logits = t.opacityLogits.data_ptr<float>();
    float* logScales = t.logScales.data_ptr<float>();
    const auto copyRows = [&](const at::Tensor& tensor, std::int64_t s, std::int64_t begin, std::int64_t end) {
        const std::int64_t w = rowWidth(tensor);
        float* d = tensor.data_ptr<float>();
        for (std::int64_t j = begin; j < end; ++j)
            std::memcpy(d + plan.targets[std::size_t(j)] * w, d + s * w, std::size_t(w) * sizeof(float));
    };
    for (std::size_t u = 0; u < plan.sources.size(); ++u) {
        const std::int64_t s = plan.sources[u], begin = plan.offsets[u], end = plan.offsets[u + 1];
        const Eq9Row r = relocationEq9Row(logits[s], int(end - begin) + 1, minOpacity);  // N = source + copies
        logits[s] = r.logit;
        for (int a = 0; a < 3; ++a) logScales[s * 3 + a] += r.logScaleDelta;
        for (const at::Tensor& p : t.copied) copyRows(p, s, begin, end);
        copyRows(t.opacityLogits, s, begin, end);
        copyRows(t.logScales, s, begin, end);
        for (const at::Tensor& m : t.zeroed) {
            const std::int64_t w = rowWidth(m);
            float* d = m.data_ptr<float>();
            std::fill_n(d + s * w, w, 0.f);
            for (std::int64_t j = begin; j < end; ++j) std::fill_n(d + plan.targets[std::size_t(j)] * w, w, 0.f);
        }
    }
}

}  // namespace

void relocateRows(const RelocationTensors& tensors, const RelocationPlan& plan, double minOpacity) {
    const at::Tensor& logits = tensors.opacityLogits;
    const std::int64_t n = logits.numel();
    detail::requireFloat(logits, logits, n, "opacityLogits");
    detail::requireFloat(tensors.logScales, logits, n * 3, "logScales");
    for (const auto* group : {&tensors.copied, &tensors.zeroed})
        for (const at::Tensor& t : *group) detail::requireFloat(t, logits, n * rowWidth(t), "relocated tensor");
    for (const auto* group : {&tensors.copied, &tensors.zeroed})
        for (const at::Tensor& t : *group) SW_REQUIRE(t.dim() >= 1 && t.size(0) == n, "rows " << t.sizes() << " vs " << n);
    requirePlan(plan, n);
    if (plan.sources.empty()) return;
    if (logits.is_cpu()) return relocateRowsCpu(tensors, plan, minOpacity);
#ifdef SW_HAVE_CUDA
    if (logits.is_cuda()) {
        using kernels::RelocationRole;
        const std::size_t count = tensors.copied.size() + 1 + tensors.zeroed.size();
        SW_REQUIRE(count <= std::size_t(kernels::MAX_RELOCATION_TENSORS), "relocation tensors " << count);
        std::vector<kernels::RelocationTensorCuda> packed;
        packed.push_back({logits.data_ptr<float>(), tensors.logScales.data_ptr<float>(), 1, RelocationRole::Eq9});
        for (const at::Tensor& t : tensors.copied)
            packed.push_back({t.data_ptr<float>(), nullptr, rowWidth(t), RelocationRole::Copy});
        for (const at::Tensor& t : tensors.zeroed)
            packed.push_back({t.data_ptr<float>(), nullptr, rowWidth(t), RelocationRole::Zero});
        // The plan as one index tensor [sources | offsets | targets], one upload.
        std::vector<std::int64_t> index(plan.sources);
        index.insert(index.end(), plan.offsets.begin(), plan.offsets.end());
        index.insert(index.end(), plan.targets.begin(), plan.targets.end());
        const at::Tensor onDevice =
            at::from_blob(index.data(), {std::int64_t(index.size())}, at::kLong).to(logits.device());
        const std::int64_t* base = onDevice.data_ptr<std::int64_t>();
        const auto u = std::int64_t(plan.sources.size());
        return kernels::relocateRowsCuda(packed.data(), int(packed.size()), base, base + u, base + 2 * u + 1, u,
                                         minOpacity, detail::streamOf(logits));
    }
#endif
    detail::noBackend(logits);
}

void meansNoiseOnDevice(at::Tensor& means, const at::Tensor& quats, const at::Tensor& logScales,
                        const at::Tensor& opacityLogits, double scaler, std::uint64_t seed,
                        const kernels::DeviceStep* step) {
    const std::int64_t n = opacityLogits.numel();
    detail::requireFloat(means, means, n * 3, "means");
    detail::requireFloat(quats, means, n * 4, "quats");
    detail::requireFloat(logScales, means, n * 3, "logScales");
    detail::requireFloat(opacityLogits, means, n, "opacityLogits");
#ifdef SW_HAVE_CUDA
    if (means.is_cuda())
        return kernels::meansNoiseCuda(means.data_ptr<float>(), quats.data_ptr<float>(), logScales.data_ptr<float>(),
                                       opacityLogits.data_ptr<float>(), n, float(scaler), seed, step,
                                       detail::streamOf(means));
#else
    (void)scaler;
    (void)seed;
    (void)step;
#endif
    detail::noBackend(means);
}

}  // namespace sw::train
