// Host side of the CUDA rasterizer: allocates every buffer as a torch CUDA tensor (torch's
// caching allocator, stream-ordered), runs the kernels of cuda/rasterize_cuda.h on torch's
// current stream of the tensors' device, and keeps what the backward pass needs in the
// autograd context, under the same names as the CPU backend. rasterize.cpp validated inputs.
#include "core/train/cuda/rasterize_host_cuda.h"

#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>

#include <ATen/ops/empty.h>
#include <ATen/ops/empty_like.h>
#include <ATen/ops/zeros.h>

#include <cstdint>

#include "core/train/cuda/rasterize_cuda.h"
#include "core/train/device_step.h"
#include "core/train/detail/projection_tensors.h"

namespace sw::train::detail {
namespace {

namespace k = kernels;

k::CudaStream currentStream() { return c10::cuda::getCurrentCUDAStream().stream(); }

// Scratch buffers live until the end of the host call that made them; the caching allocator
// only hands their memory to later work on the same stream.
struct Scratch {
    at::TensorOptions options;
    std::vector<at::Tensor> buffers;

    k::DeviceAlloc allocator() {
        return [this](size_t bytes) {
            buffers.push_back(at::empty({int64_t(bytes)}, options.dtype(at::kByte)));
            return buffers.back().data_ptr();
        };
    }
};

}  // namespace

template <class T>
variable_list forwardCuda(AutogradContext* ctx, const variable_list& p, const RasterizeSettings& s) {
    const c10::cuda::CUDAGuard guard(p[0].device());
    const k::CudaStream stream = currentStream();
    const int64_t n = p[0].size(0);
    const auto opts = p[0].options();
    const auto intOpts = opts.dtype(at::kInt);
    const k::KernelCamera cam = kernelCamera(s);
    ProjectionTensors proj{at::empty({n, 2}, opts), at::empty({n, 3}, opts), at::empty({n}, opts),
                           at::empty({n}, opts),    at::empty({n, 3}, opts), at::empty({n}, intOpts)};
    const at::Tensor touched = at::empty({n}, intOpts), tileEnds = at::empty({n}, intOpts);
    k::projectForwardCuda<T>(paramsView<T>(p), cam, proj.view<T>(), touched.data_ptr<int32_t>(), stream);

    Scratch scratch{opts, {}};
    const k::DeviceAlloc alloc = scratch.allocator();
    const int64_t tiles = int64_t(cam.tilesX()) * cam.tilesY();
    const at::Tensor offsets = at::empty({tiles + 1}, intOpts);
    at::Tensor splats;
    if (k::denseBinningFits(n, cam)) {  // a small cloud: no read-back of the entry count
        splats = at::empty({n * tiles}, intOpts);
        k::binTilesDenseCuda<T>(proj.view<T>(), n, cam, offsets.data_ptr<int32_t>(), splats.data_ptr<int32_t>(),
                                alloc, stream);
    } else {
        const int64_t entries =
            k::countTileEntriesCuda(touched.data_ptr<int32_t>(), tileEnds.data_ptr<int32_t>(), n, alloc, stream);
        splats = at::empty({entries}, intOpts);
        k::binTilesCuda<T>(proj.view<T>(), tileEnds.data_ptr<int32_t>(), n, entries, cam,
                           offsets.data_ptr<int32_t>(), splats.data_ptr<int32_t>(), alloc, stream);
    }

    at::Tensor rgb = at::empty({s.height, s.width, 3}, opts), alpha = at::empty({s.height, s.width}, opts);
    at::Tensor depth = at::empty({s.height, s.width}, opts), finalT = at::empty({s.height, s.width}, opts);
    at::Tensor lastCount = at::empty({s.height, s.width}, intOpts);
    const int32_t perTile = s.cutLongLists ? k::segmentsPerTile(cam) : 1;  // the backward's cuts of long lists
    const at::Tensor cutRecords = at::empty({perTile > 1 ? tiles * (perTile - 1) * 5 * k::TILE_SIZE * k::TILE_SIZE : 0}, opts);
    const at::Tensor cutFinal = at::empty({perTile > 1 ? int64_t(s.width) * s.height * 4 : 0}, opts);
    const T background[3] = {T(s.background[0]), T(s.background[1]), T(s.background[2])};
    k::rasterizeForwardCuda<T>(proj.view<T>(), offsets.data_ptr<int32_t>(), splats.data_ptr<int32_t>(), cam,
                               background,
                               {rgb.data_ptr<T>(), alpha.data_ptr<T>(), depth.data_ptr<T>(), finalT.data_ptr<T>(),
                                lastCount.data_ptr<int32_t>()},
                               {cutRecords.data_ptr<T>(), cutFinal.data_ptr<T>(), perTile}, stream);

    saveParams(ctx, p);
    auto& d = ctx->saved_data;
    d["settings"] = packSettings(s);
    d["mean2d"] = proj.mean2d; d["conic"] = proj.conic; d["depth"] = proj.depth;
    d["opacity"] = proj.opacity; d["color"] = proj.color; d["radii"] = proj.radii;
    d["offsets"] = offsets; d["splats"] = splats;
    d["finalT"] = finalT; d["lastCount"] = lastCount; d["cutRecords"] = cutRecords;
    d["cutFinal"] = cutFinal;
    d["perTile"] = int64_t(perTile);
    d["deviceStep"] = int64_t(reinterpret_cast<std::intptr_t>(s.deviceStep));  // packSettings keeps numbers only
    ctx->mark_non_differentiable({proj.radii});
    return {rgb, alpha, depth, proj.radii};
}

template <class T>
variable_list backwardCuda(AutogradContext* ctx, const variable_list& gradOut) {
    const variable_list p = savedParams(ctx);
    const c10::cuda::CUDAGuard guard(p[0].device());
    const k::CudaStream stream = currentStream();
    auto& d = ctx->saved_data;
    RasterizeSettings s = unpackSettings(d["settings"].toDoubleVector());
    s.deviceStep = reinterpret_cast<const k::DeviceStep*>(std::intptr_t(d["deviceStep"].toInt()));
    const k::KernelCamera cam = kernelCamera(s);
    const int64_t n = p[0].size(0);
    const auto opts = p[0].options();
    const ProjectionTensors proj{d["mean2d"].toTensor(),  d["conic"].toTensor(), d["depth"].toTensor(),
                                 d["opacity"].toTensor(), d["color"].toTensor(), d["radii"].toTensor()};
    const at::Tensor offsets = d["offsets"].toTensor(), splats = d["splats"].toTensor();
    const at::Tensor finalT = d["finalT"].toTensor(), lastCount = d["lastCount"].toTensor();
    const at::Tensor cutRecords = d["cutRecords"].toTensor(), cutFinal = d["cutFinal"].toTensor();

    auto gradPtr = [](const at::Tensor& g) -> const T* { return g.defined() ? g.template data_ptr<T>() : nullptr; };
    const at::Tensor gRgb = gradOut[0].defined() ? gradOut[0].contiguous() : at::Tensor();
    const at::Tensor gAlpha = gradOut[1].defined() ? gradOut[1].contiguous() : at::Tensor();
    const at::Tensor gDepth = gradOut[2].defined() ? gradOut[2].contiguous() : at::Tensor();
    const at::Tensor dProj = at::zeros({n, 10}, opts);  // mean2d 2 | conic 3 | depth 1 | opacity 1 | colour 3
    T* base = dProj.data_ptr<T>();
    const k::ProjectedGrads<T> dProjView{base, base + 2 * n, base + 5 * n, base + 6 * n, base + 7 * n};
    const T background[3] = {T(s.background[0]), T(s.background[1]), T(s.background[2])};
    k::Images<T> fwd;
    fwd.finalT = finalT.data_ptr<T>();
    fwd.lastCount = lastCount.data_ptr<int32_t>();
    k::rasterizeBackwardCuda<T>(proj.view<T>(), offsets.data_ptr<int32_t>(), splats.data_ptr<int32_t>(), cam,
                                background, fwd, {cutRecords.data_ptr<T>(), cutFinal.data_ptr<T>(), int32_t(d["perTile"].toInt())},
                                {gradPtr(gRgb), gradPtr(gAlpha), gradPtr(gDepth)}, dProjView, stream);

    variable_list grads = {at::empty_like(p[0]), at::empty_like(p[1]), at::empty_like(p[2]),
                           at::empty_like(p[3]), at::empty_like(p[4])};
    k::projectBackwardCuda<T>(paramsView<T>(p), cam, proj.view<T>(), dProjView,
                              {grads[0].data_ptr<T>(), grads[1].data_ptr<T>(), grads[2].data_ptr<T>(),
                               grads[3].data_ptr<T>(), grads[4].data_ptr<T>()},
                              stream);
    grads.push_back(at::Tensor());  // settings
    return grads;
}

template variable_list forwardCuda<float>(AutogradContext*, const variable_list&, const RasterizeSettings&);
template variable_list forwardCuda<double>(AutogradContext*, const variable_list&, const RasterizeSettings&);
template variable_list backwardCuda<float>(AutogradContext*, const variable_list&);
template variable_list backwardCuda<double>(AutogradContext*, const variable_list&);

}  // namespace sw::train::detail
