// Host side of the rasterizer: validates inputs, allocates every buffer, wraps the kernels in a
// torch autograd function and dispatches on the tensors' device: the CPU kernels here, the CUDA
// backend (cuda/rasterize_host_cuda.cpp, same kernel contract) when built with SPLATWRIGHT_CUDA.
#include "core/train/detail/rasterize.h"

#include <torch/csrc/autograd/custom_function.h>

#include <ATen/Context.h>
#include <ATen/ops/empty.h>
#include <ATen/ops/empty_like.h>
#include <ATen/ops/zeros.h>

#include <cstring>
#include <memory>
#include <sstream>

#include "core/foundation/check.h"
#include "core/train/detail/projection_tensors.h"
#include "core/train/rasterize_kernels.h"
#ifdef SW_HAVE_CUDA
#include "core/train/cuda/rasterize_cuda.h"
#include "core/train/cuda/rasterize_host_cuda.h"
#endif

namespace sw::train {
namespace detail {

namespace k = kernels;
using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

k::KernelCamera kernelCamera(const RasterizeSettings& s) {
    k::KernelCamera cam;
    cam.width = s.width;
    cam.height = s.height;
    cam.fx = s.fx;
    cam.fy = s.fy;
    cam.cx = s.cx;
    cam.cy = s.cy;
    cam.nearPlane = s.nearPlane;
    cam.farPlane = s.farPlane;
    std::memcpy(cam.worldToCamera, s.worldToCamera.data(), sizeof cam.worldToCamera);
    cam.step = s.deviceStep;
    return cam;
}

std::vector<double> packSettings(const RasterizeSettings& s) {
    std::vector<double> v = {double(s.width), double(s.height), s.fx, s.fy, s.cx, s.cy,
                             s.nearPlane, s.farPlane, double(s.threads)};
    v.insert(v.end(), s.background.begin(), s.background.end());
    v.insert(v.end(), s.worldToCamera.begin(), s.worldToCamera.end());
    return v;
}

RasterizeSettings unpackSettings(const std::vector<double>& v) {
    RasterizeSettings s;
    s.width = int(v[0]);
    s.height = int(v[1]);
    s.fx = v[2]; s.fy = v[3]; s.cx = v[4]; s.cy = v[5];
    s.nearPlane = v[6]; s.farPlane = v[7];
    s.threads = int(v[8]);
    std::copy(v.begin() + 9, v.begin() + 12, s.background.begin());
    std::copy(v.begin() + 12, v.begin() + 28, s.worldToCamera.begin());
    return s;
}

constexpr const char* kParamKeys[5] = {"p0", "p1", "p2", "p3", "p4"};

void saveParams(AutogradContext* ctx, const variable_list& p) {
    if (ctx->saved_data.find("direct") == ctx->saved_data.end()) {
        ctx->save_for_backward(p);
        return;
    }
    for (std::size_t k = 0; k < p.size() && k < 5; ++k) ctx->saved_data[kParamKeys[k]] = p[k];
}

variable_list savedParams(AutogradContext* ctx) {
    if (ctx->saved_data.find("direct") == ctx->saved_data.end()) return ctx->get_saved_variables();
    variable_list p;
    for (const char* key : kParamKeys) p.push_back(ctx->saved_data[key].toTensor());
    return p;
}

}  // namespace detail

namespace {

namespace k = kernels;
using detail::kernelCamera;
using detail::packSettings;
using detail::unpackSettings;
using detail::saveParams;
using detail::savedParams;
using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

int threadCount(const RasterizeSettings& s) { return k::threadsOrCores(s.threads); }

using detail::ProjectionTensors;
using detail::paramsView;

at::Tensor intTensor(const std::vector<int32_t>& v) {
    at::Tensor t = at::empty({int64_t(v.size())}, at::TensorOptions().dtype(at::kInt));
    if (!v.empty()) std::memcpy(t.data_ptr<int32_t>(), v.data(), v.size() * sizeof(int32_t));
    return t;
}

k::TileBins binsFrom(const at::Tensor& offsets, const at::Tensor& splats) {
    k::TileBins bins;
    bins.offsets.assign(offsets.data_ptr<int32_t>(), offsets.data_ptr<int32_t>() + offsets.numel());
    bins.splats.assign(splats.data_ptr<int32_t>(), splats.data_ptr<int32_t>() + splats.numel());
    return bins;
}

template <class T>
variable_list forwardCpu(AutogradContext* ctx, const variable_list& p, const RasterizeSettings& s) {
    const int64_t n = p[0].size(0);
    const auto opts = p[0].options();
    const k::KernelCamera cam = kernelCamera(s);
    const int threads = threadCount(s);
    ProjectionTensors proj{at::zeros({n, 2}, opts), at::zeros({n, 3}, opts), at::zeros({n}, opts),
                           at::zeros({n}, opts), at::zeros({n, 3}, opts),
                           at::zeros({n}, opts.dtype(at::kInt))};
    k::projectForwardCpu<T>(paramsView<T>(p), cam, proj.view<T>(), threads);
    const k::TileBins bins = k::binTilesCpu<T>(proj.view<T>(), n, cam, threads);

    at::Tensor rgb = at::empty({s.height, s.width, 3}, opts), alpha = at::empty({s.height, s.width}, opts);
    at::Tensor depth = at::empty({s.height, s.width}, opts), finalT = at::empty({s.height, s.width}, opts);
    at::Tensor lastCount = at::empty({s.height, s.width}, opts.dtype(at::kInt));
    const T background[3] = {T(s.background[0]), T(s.background[1]), T(s.background[2])};
    k::rasterizeForwardCpu<T>(proj.view<T>(), bins, cam, background,
                              {rgb.data_ptr<T>(), alpha.data_ptr<T>(), depth.data_ptr<T>(), finalT.data_ptr<T>(),
                               lastCount.data_ptr<int32_t>()},
                              threads);

    saveParams(ctx, p);
    auto& d = ctx->saved_data;
    d["settings"] = packSettings(s);
    d["mean2d"] = proj.mean2d; d["conic"] = proj.conic; d["depth"] = proj.depth;
    d["opacity"] = proj.opacity; d["color"] = proj.color; d["radii"] = proj.radii;
    d["offsets"] = intTensor(bins.offsets); d["splats"] = intTensor(bins.splats);
    d["finalT"] = finalT; d["lastCount"] = lastCount;
    ctx->mark_non_differentiable({proj.radii});
    return {rgb, alpha, depth, proj.radii};
}

template <class T>
variable_list backwardCpu(AutogradContext* ctx, const variable_list& gradOut) {
    const variable_list p = savedParams(ctx);
    auto& d = ctx->saved_data;
    const RasterizeSettings s = unpackSettings(d["settings"].toDoubleVector());
    const k::KernelCamera cam = kernelCamera(s);
    const int threads = threadCount(s);
    const int64_t n = p[0].size(0);
    const auto opts = p[0].options();
    const ProjectionTensors proj{d["mean2d"].toTensor(),  d["conic"].toTensor(), d["depth"].toTensor(),
                                 d["opacity"].toTensor(), d["color"].toTensor(), d["radii"].toTensor()};
    const k::TileBins bins = binsFrom(d["offsets"].toTensor(), d["splats"].toTensor());
    at::Tensor finalT = d["finalT"].toTensor(), lastCount = d["lastCount"].toTensor();

    auto gradPtr = [](const at::Tensor& g) -> const T* {
        return g.defined() ? g.template data_ptr<T>() : nullptr;
    };
    const at::Tensor gRgb = gradOut[0].defined() ? gradOut[0].contiguous() : at::Tensor();
    const at::Tensor gAlpha = gradOut[1].defined() ? gradOut[1].contiguous() : at::Tensor();
    const at::Tensor gDepth = gradOut[2].defined() ? gradOut[2].contiguous() : at::Tensor();
    const ProjectionTensors dProj{at::zeros({n, 2}, opts), at::zeros({n, 3}, opts), at::zeros({n}, opts),
                                  at::zeros({n}, opts), at::zeros({n, 3}, opts), at::Tensor()};
    const k::ProjectedGrads<T> dProjView{dProj.mean2d.data_ptr<T>(), dProj.conic.data_ptr<T>(),
                                         dProj.depth.data_ptr<T>(), dProj.opacity.data_ptr<T>(),
                                         dProj.color.data_ptr<T>()};
    const T background[3] = {T(s.background[0]), T(s.background[1]), T(s.background[2])};
    k::Images<T> fwd;
    fwd.finalT = finalT.data_ptr<T>();
    fwd.lastCount = lastCount.data_ptr<int32_t>();
    k::rasterizeBackwardCpu<T>(proj.view<T>(), bins, cam, background, fwd,
                               {gradPtr(gRgb), gradPtr(gAlpha), gradPtr(gDepth)}, dProjView, threads);

    variable_list grads = {at::empty_like(p[0]), at::empty_like(p[1]), at::empty_like(p[2]),
                           at::empty_like(p[3]), at::empty_like(p[4])};
    k::projectBackwardCpu<T>(paramsView<T>(p), cam, proj.view<T>(), dProjView,
                             {grads[0].data_ptr<T>(), grads[1].data_ptr<T>(), grads[2].data_ptr<T>(),
                              grads[3].data_ptr<T>(), grads[4].data_ptr<T>()},
                             threads);
    grads.push_back(at::Tensor());  // settings
    return grads;
}

// The one dispatcher: kernels by the tensors' device, then dtype.
struct Backend {
    variable_list (*forward)(AutogradContext*, const variable_list&, const RasterizeSettings&) = nullptr;
    variable_list (*backward)(AutogradContext*, const variable_list&) = nullptr;
};

Backend backendFor(const at::Tensor& t) {
    if (t.device().is_cpu()) {
        if (t.scalar_type() == at::kDouble) return {forwardCpu<double>, backwardCpu<double>};
        if (t.scalar_type() == at::kFloat) return {forwardCpu<float>, backwardCpu<float>};
    }
#ifdef SW_HAVE_CUDA
    if (t.device().is_cuda()) {
        if (t.scalar_type() == at::kDouble) return {detail::forwardCuda<double>, detail::backwardCuda<double>};
        if (t.scalar_type() == at::kFloat) return {detail::forwardCuda<float>, detail::backwardCuda<float>};
    }
#endif
    return {};
}

class RasterizeFunction : public torch::autograd::Function<RasterizeFunction> {
public:
    static variable_list forward(AutogradContext* ctx, const at::Tensor& means, const at::Tensor& quats,
                                 const at::Tensor& logScales, const at::Tensor& opacityLogits,
                                 const at::Tensor& colorLogits, const RasterizeSettings& settings) {
        const variable_list p = {means.contiguous(), quats.contiguous(), logScales.contiguous(),
                                 opacityLogits.contiguous(), colorLogits.contiguous()};
        return backendFor(means).forward(ctx, p, settings);  // rasterize() checked it exists
    }

    static variable_list backward(AutogradContext* ctx, variable_list gradOut) {
        return backendFor(ctx->get_saved_variables()[0]).backward(ctx, gradOut);
    }
};

std::string shapeOf(at::IntArrayRef sizes) {
    std::ostringstream os;
    os << sizes;
    return os.str();
}

Status checkTensor(const at::Tensor& t, const char* name, std::initializer_list<int64_t> shape,
                   const at::Tensor& means) {
    if (!t.defined()) return makeError(ErrorCode::InvalidInput, std::string("rasterize: ") + name + " is undefined");
    bool ok = t.dim() == int64_t(shape.size());
    for (size_t i = 0; ok && i < shape.size(); ++i) ok = t.size(int64_t(i)) == *(shape.begin() + i);
    if (!ok)
        return makeError(ErrorCode::InvalidInput, std::string("rasterize: ") + name + " has shape " +
                                                      shapeOf(t.sizes()) + ", expected " + shapeOf(shape));
    if (t.scalar_type() != means.scalar_type() || t.device() != means.device())
        return makeError(ErrorCode::InvalidInput,
                         std::string("rasterize: ") + name + " differs from means in dtype or device");
    return {};
}

Status validate(const SplatTensors& s, const RasterizeSettings& r) {
    if (r.width <= 0 || r.height <= 0 || !(r.fx > 0) || !(r.fy > 0) || !(r.nearPlane > 0) ||
        !(r.farPlane > r.nearPlane))
        return makeError(ErrorCode::InvalidInput, "rasterize: image size, focal lengths and 0 < near < far required");
    if (!s.means.defined() || s.means.dim() != 2 || s.means.size(1) != 3)
        return makeError(ErrorCode::InvalidInput, "rasterize: means must be [N, 3]");
    const int64_t n = s.means.size(0);
    if (n >= (int64_t(1) << 31)) return makeError(ErrorCode::InvalidInput, "rasterize: too many splats");
    if (s.means.scalar_type() != at::kFloat && s.means.scalar_type() != at::kDouble)
        return makeError(ErrorCode::InvalidInput, "rasterize: tensors must be float32 or float64");
    SW_TRY(checkTensor(s.quats, "quats", {n, 4}, s.means));
    SW_TRY(checkTensor(s.logScales, "logScales", {n, 3}, s.means));
    SW_TRY(checkTensor(s.opacityLogits, "opacityLogits", {n}, s.means));
    SW_TRY(checkTensor(s.colorLogits, "colorLogits", {n, 3}, s.means));
    if (!backendFor(s.means).forward)
        return makeError(ErrorCode::Unsupported, "rasterize: no backend for device " + s.means.device().str());
    if (r.deviceStep && !s.means.is_cuda())
        return makeError(ErrorCode::InvalidInput, "rasterize: a device step needs CUDA tensors");
    return {};
}

}  // namespace

bool cudaBackendAvailable() {
#ifdef SW_HAVE_CUDA
    return at::globalContext().hasCUDA();
#else
    return false;
#endif
}

bool rasterizeIsCapturable(std::int64_t count, const at::Device& device, const RasterizeSettings& settings) {
#ifdef SW_HAVE_CUDA
    return device.is_cuda() && k::denseBinningFits(count, kernelCamera(settings));
#else
    (void)count;
    (void)device;
    (void)settings;
    return false;
#endif
}

int cudaDeviceCount() {
#ifdef SW_HAVE_CUDA
    return cudaBackendAvailable() ? int(at::getNumGPUs()) : 0;
#else
    return 0;
#endif
}

Result<RasterizeOutput> rasterize(const SplatTensors& splats, const RasterizeSettings& settings) {
    SW_TRY(validate(splats, settings));
    const variable_list out = RasterizeFunction::apply(splats.means, splats.quats, splats.logScales,
                                                       splats.opacityLogits, splats.colorLogits, settings);
    return RasterizeOutput{out[0], out[1], out[2], out[3]};
}

Result<RasterizePass> rasterizeDirect(const SplatTensors& splats, const RasterizeSettings& settings) {
    SW_TRY(validate(splats, settings));
    const at::AutoGradMode noGraph(false);
    auto ctx = std::make_shared<AutogradContext>();
    ctx->saved_data["direct"] = true;
    const variable_list p = {splats.means.detach().contiguous(), splats.quats.detach().contiguous(),
                             splats.logScales.detach().contiguous(), splats.opacityLogits.detach().contiguous(),
                             splats.colorLogits.detach().contiguous()};
    const variable_list out = backendFor(p[0]).forward(ctx.get(), p, settings);
    return RasterizePass{RasterizeOutput{out[0], out[1], out[2], out[3]}, ctx};
}

std::array<at::Tensor, 5> rasterizeBackward(RasterizePass& pass, const at::Tensor& gradRgb, const at::Tensor& gradAlpha) {
    SW_REQUIRE(pass.state != nullptr, "rasterizeBackward: the pass was already used");
    const at::AutoGradMode noGraph(false);
    auto* ctx = static_cast<AutogradContext*>(pass.state.get());
    const variable_list g = backendFor(savedParams(ctx)[0]).backward(ctx, {gradRgb, gradAlpha, at::Tensor(), at::Tensor()});
    pass.state.reset();
    return {g[0], g[1], g[2], g[3], g[4]};
}

}  // namespace sw::train
