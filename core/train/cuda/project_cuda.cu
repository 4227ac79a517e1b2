// EWA projection of 3D Gaussians and its backward pass (CUDA), one thread per splat around the
// per-splat functions of ewa_projection.h, the same code the CPU kernels (cpu/project_cpu.cpp)
// run, so both backends cull the same splats. The forward kernel also zeroes a culled row's
// mean2d and conic and counts each visible splat's tiles for the binning.
#include "core/train/cuda/device_math.cuh"
#include "core/train/cuda/rasterize_cuda.h"
#include "core/train/device_step.h"
#include "core/train/ewa_projection.h"

namespace sw::train::kernels {
namespace {

using namespace device;

template <class T>
__global__ void projectForwardKernel(SplatParams<T> p, KernelCamera cam, Projected<T> out, int32_t* touched) {
    const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= p.count) return;
    if (cam.step) cam = cam.step->camera;  // a training step's view (device_step.h)
    touched[i] = 0;
    for (int k = 0; k < 3; ++k) out.conic[3 * i + k] = 0;
    out.mean2d[2 * i] = out.mean2d[2 * i + 1] = 0;
    ewa::projectOne(p, i, cam, out);
    if (out.radius[i] == 0) return;
    // The binning's own rectangle (device_math.cuh tileRect).
    const TileRect rect = tileRect(out.mean2d[2 * i], out.mean2d[2 * i + 1], out.radius[i], cam);
    touched[i] = (rect.x1 - rect.x0) * (rect.y1 - rect.y0);
}

template <class T>
__global__ void projectBackwardKernel(SplatParams<T> p, KernelCamera cam, Projected<T> proj, ProjectedGrads<T> gin,
                                      ParamGrads<T> out) {
    const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= p.count) return;
    if (cam.step) cam = cam.step->camera;
    ewa::projectBackwardOne(p, i, cam, proj, gin, out);
}

unsigned blocksFor(int64_t count) { return unsigned((count + LINEAR_BLOCK - 1) / LINEAR_BLOCK); }

}  // namespace

template <class T>
void projectForwardCuda(const SplatParams<T>& params, const KernelCamera& cam, const Projected<T>& out,
                        int32_t* tilesTouched, CudaStream stream) {
    if (params.count == 0) return;
    projectForwardKernel<T><<<blocksFor(params.count), LINEAR_BLOCK, 0, stream>>>(params, cam, out, tilesTouched);
    checkLaunch("projectForwardKernel");
}

template <class T>
void projectBackwardCuda(const SplatParams<T>& params, const KernelCamera& cam, const Projected<T>& proj,
                         const ProjectedGrads<T>& grads, const ParamGrads<T>& out, CudaStream stream) {
    if (params.count == 0) return;
    projectBackwardKernel<T><<<blocksFor(params.count), LINEAR_BLOCK, 0, stream>>>(params, cam, proj, grads, out);
    checkLaunch("projectBackwardKernel");
}

template void projectForwardCuda<float>(const SplatParams<float>&, const KernelCamera&, const Projected<float>&,
                                        int32_t*, CudaStream);
template void projectForwardCuda<double>(const SplatParams<double>&, const KernelCamera&,
                                         const Projected<double>&, int32_t*, CudaStream);
template void projectBackwardCuda<float>(const SplatParams<float>&, const KernelCamera&, const Projected<float>&,
                                         const ProjectedGrads<float>&, const ParamGrads<float>&, CudaStream);
template void projectBackwardCuda<double>(const SplatParams<double>&, const KernelCamera&,
                                          const Projected<double>&, const ProjectedGrads<double>&,
                                          const ParamGrads<double>&, CudaStream);

}  // namespace sw::train::kernels
