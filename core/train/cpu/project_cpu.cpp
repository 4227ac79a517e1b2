// EWA projection of 3D Gaussians and its backward pass (CPU): a parallel loop over the splats
// around the per-splat functions of ewa_projection.h, which the CUDA kernels
// (cuda/project_cuda.cu) call too.
#include "core/train/ewa_projection.h"
#include "core/train/rasterize_kernels.h"

namespace sw::train::kernels {

template <class T>
void projectForwardCpu(const SplatParams<T>& params, const KernelCamera& cam, const Projected<T>& out,
                       int threads) {
    parallelFor(params.count, threads, [&](int64_t i) { ewa::projectOne(params, i, cam, out); });
}

template <class T>
void projectBackwardCpu(const SplatParams<T>& params, const KernelCamera& cam, const Projected<T>& proj,
                        const ProjectedGrads<T>& grads, const ParamGrads<T>& out, int threads) {
    parallelFor(params.count, threads,
                [&](int64_t i) { ewa::projectBackwardOne(params, i, cam, proj, grads, out); });
}

template void projectForwardCpu<float>(const SplatParams<float>&, const KernelCamera&, const Projected<float>&, int);
template void projectForwardCpu<double>(const SplatParams<double>&, const KernelCamera&, const Projected<double>&,
                                        int);
template void projectBackwardCpu<float>(const SplatParams<float>&, const KernelCamera&, const Projected<float>&,
                                        const ProjectedGrads<float>&, const ParamGrads<float>&, int);
template void projectBackwardCpu<double>(const SplatParams<double>&, const KernelCamera&, const Projected<double>&,
                                         const ProjectedGrads<double>&, const ParamGrads<double>&, int);

}  // namespace sw::train::kernels
