// EWA projection of 3D Gaussians and its backward pass (CUDA), one thread per splat. The
// arithmetic mirrors project_cpu.cpp line for line (3DGS eq. 5 and 6; EWA, Zwicker et al. 2001
// eq. 31; 0.3 px² dilation; radius = ceil(3·sqrt(λmax))) so both backends cull the same splats.
#include "core/train/cuda/device_math.cuh"
#include "core/train/cuda/rasterize_cuda.h"

namespace sw::train::kernels {
namespace {

using namespace device;

template <class T>
struct M3 {
    T m[3][3];
};

template <class T>
__device__ M3<T> mul(const M3<T>& a, const M3<T>& b) {
    M3<T> r;
#pragma unroll
    for (int i = 0; i < 3; ++i)
#pragma unroll
        for (int j = 0; j < 3; ++j) {
            r.m[i][j] = 0;
#pragma unroll
            for (int k = 0; k < 3; ++k) r.m[i][j] += a.m[i][k] * b.m[k][j];
        }
    return r;
}

template <class T>
__device__ M3<T> transpose(const M3<T>& a) {
    M3<T> r;
#pragma unroll
    for (int i = 0; i < 3; ++i)
#pragma unroll
        for (int j = 0; j < 3; ++j) r.m[i][j] = a.m[j][i];
    return r;
}

// Everything the forward and backward passes share for one splat (project_cpu.cpp).
template <class T>
struct Geometry {
    T qn[4], qNorm, scale[3];
    M3<T> rot, view, sigmaCam;
    T t[3];
    T j[2][3];
};

template <class T>
__device__ Geometry<T> computeGeometry(const SplatParams<T>& p, int64_t i, const KernelCamera& cam) {
    Geometry<T> g;
    const T* q = p.quats + 4 * i;
    g.qNorm = dSqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (int k = 0; k < 4; ++k) g.qn[k] = q[k] / g.qNorm;
    for (int k = 0; k < 3; ++k) g.scale[k] = dExp(p.logScales[3 * i + k]);
    const T w = g.qn[0], x = g.qn[1], y = g.qn[2], z = g.qn[3];
    auto& r = g.rot.m;
    r[0][0] = 1 - 2 * (y * y + z * z); r[0][1] = 2 * (x * y - w * z); r[0][2] = 2 * (x * z + w * y);
    r[1][0] = 2 * (x * y + w * z); r[1][1] = 1 - 2 * (x * x + z * z); r[1][2] = 2 * (y * z - w * x);
    r[2][0] = 2 * (x * z - w * y); r[2][1] = 2 * (y * z + w * x); r[2][2] = 1 - 2 * (x * x + y * y);
    M3<T> m = g.rot;  // M = R S
    for (int a = 0; a < 3; ++a)
        for (int c = 0; c < 3; ++c) m.m[a][c] *= g.scale[c];
    for (int a = 0; a < 3; ++a) {
        for (int c = 0; c < 3; ++c) g.view.m[a][c] = T(cam.worldToCamera[4 * a + c]);
        g.t[a] = T(cam.worldToCamera[4 * a + 3]);
        for (int c = 0; c < 3; ++c) g.t[a] += g.view.m[a][c] * p.means[3 * i + c];
    }
    const M3<T> wm = mul(g.view, m);
    g.sigmaCam = mul(wm, transpose(wm));
    const T tz = g.t[2], fx = T(cam.fx), fy = T(cam.fy);
    g.j[0][0] = fx / tz; g.j[0][1] = 0; g.j[0][2] = -fx * g.t[0] / (tz * tz);
    g.j[1][0] = 0; g.j[1][1] = fy / tz; g.j[1][2] = -fy * g.t[1] / (tz * tz);
    return g;
}

template <class T>
__global__ void projectForwardKernel(SplatParams<T> p, KernelCamera cam, Projected<T> out, int32_t* touched) {
    const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= p.count) return;
    out.radius[i] = 0;
    touched[i] = 0;
    out.opacity[i] = sigmoid(p.opacityLogits[i]);
    for (int k = 0; k < 3; ++k) out.color[3 * i + k] = sigmoid(p.colorLogits[3 * i + k]);
    for (int k = 0; k < 3; ++k) out.conic[3 * i + k] = 0;
    out.mean2d[2 * i] = out.mean2d[2 * i + 1] = 0;
    const Geometry<T> g = computeGeometry(p, i, cam);
    const T z = g.t[2];
    out.depth[i] = z;
    if (!(z >= T(cam.nearPlane) && z <= T(cam.farPlane))) return;
    T js[2][3], cov[2][2];  // Σ' = J Σc Jᵀ
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 3; ++c) {
            js[r][c] = 0;
            for (int k = 0; k < 3; ++k) js[r][c] += g.j[r][k] * g.sigmaCam.m[k][c];
        }
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 2; ++c) {
            cov[r][c] = 0;
            for (int k = 0; k < 3; ++k) cov[r][c] += js[r][k] * g.j[c][k];
        }
    const T a = cov[0][0] + T(COV2D_DILATION), b = cov[0][1], c = cov[1][1] + T(COV2D_DILATION);
    const T det = a * c - b * b;
    if (!(det > 0)) return;
    const T u = T(cam.fx) * g.t[0] / z + T(cam.cx), v = T(cam.fy) * g.t[1] / z + T(cam.cy);
    out.mean2d[2 * i] = u;
    out.mean2d[2 * i + 1] = v;
    out.conic[3 * i] = c / det;
    out.conic[3 * i + 1] = -b / det;
    out.conic[3 * i + 2] = a / det;
    const T mid = T(0.5) * (a + c);
    const T disc = mid * mid - det;
    const T lambda = mid + dSqrt(disc > T(0.1) ? disc : T(0.1));
    const T radius = dCeil(T(SIGMA_EXTENT) * dSqrt(lambda));
    const T ts = T(TILE_SIZE);
    const T x0 = dClamp(dFloor((u - radius) / ts), T(0), T(tilesX(cam)));
    const T x1 = dClamp(dFloor((u + radius + ts - 1) / ts), T(0), T(tilesX(cam)));
    const T y0 = dClamp(dFloor((v - radius) / ts), T(0), T(tilesY(cam)));
    const T y1 = dClamp(dFloor((v + radius + ts - 1) / ts), T(0), T(tilesY(cam)));
    if (x1 <= x0 || y1 <= y0 || !(radius < T(1e7))) return;
    out.radius[i] = static_cast<int32_t>(radius);
    const TileRect rect = tileRect(u, v, out.radius[i], cam);  // the binning's own rectangle
    touched[i] = (rect.x1 - rect.x0) * (rect.y1 - rect.y0);
}

// dL/dq for the unnormalised quaternion from dL/dR (project_cpu.cpp rotationBackward).
template <class T>
__device__ void rotationBackward(const Geometry<T>& g, const M3<T>& dr, T* dq) {
    const T w = g.qn[0], x = g.qn[1], y = g.qn[2], z = g.qn[3];
    const auto& d = dr.m;
    T dn[4];
    dn[0] = 2 * (-z * d[0][1] + y * d[0][2] + z * d[1][0] - x * d[1][2] - y * d[2][0] + x * d[2][1]);
    dn[1] = 2 * (y * d[0][1] + z * d[0][2] + y * d[1][0] - 2 * x * d[1][1] - w * d[1][2] + z * d[2][0] +
                 w * d[2][1] - 2 * x * d[2][2]);
    dn[2] = 2 * (-2 * y * d[0][0] + x * d[0][1] + w * d[0][2] + x * d[1][0] + z * d[1][2] - w * d[2][0] +
                 z * d[2][1] - 2 * y * d[2][2]);
    dn[3] = 2 * (-2 * z * d[0][0] - w * d[0][1] + x * d[0][2] + w * d[1][0] - 2 * z * d[1][1] +
                 y * d[1][2] + x * d[2][0] + y * d[2][1]);
    const T dot = dn[0] * w + dn[1] * x + dn[2] * y + dn[3] * z;
    for (int k = 0; k < 4; ++k) dq[k] = (dn[k] - g.qn[k] * dot) / g.qNorm;
}

// Conic gradient → dL/dΣc and dL/dJ (project_cpu.cpp covarianceBackward).
template <class T>
__device__ void covarianceBackward(const Geometry<T>& g, const T* q, const T* gc, M3<T>& dSigmaCam, T dj[2][3]) {
    const T qm[2][2] = {{q[0], q[1]}, {q[1], q[2]}};
    const T gm[2][2] = {{gc[0], gc[1] / 2}, {gc[1] / 2, gc[2]}};
    T qg[2][2] = {}, dcov[2][2] = {};
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 2; ++c)
            for (int k = 0; k < 2; ++k) qg[r][c] += qm[r][k] * gm[k][c];
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 2; ++c)
            for (int k = 0; k < 2; ++k) dcov[r][c] -= qg[r][k] * qm[k][c];
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) {
            dSigmaCam.m[r][c] = 0;
            for (int a = 0; a < 2; ++a)
                for (int b = 0; b < 2; ++b) dSigmaCam.m[r][c] += g.j[a][r] * dcov[a][b] * g.j[b][c];
        }
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 3; ++c) {
            dj[r][c] = 0;
            for (int a = 0; a < 2; ++a)
                for (int k = 0; k < 3; ++k) dj[r][c] += 2 * dcov[r][a] * g.j[a][k] * g.sigmaCam.m[k][c];
        }
}

// Σ = M Mᵀ, M = R S → log-scale and quaternion gradients (project_cpu.cpp shapeBackward).
template <class T>
__device__ void shapeBackward(const Geometry<T>& g, const M3<T>& dSigmaCam, T* dLogScale, T* dQuat) {
    const M3<T> dSigma = mul(mul(transpose(g.view), dSigmaCam), g.view);
    M3<T> m = g.rot;
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) m.m[r][c] *= g.scale[c];
    const M3<T> dm = mul(dSigma, m);
    M3<T> drot;
    for (int c = 0; c < 3; ++c) {
        T ds = 0;
        for (int r = 0; r < 3; ++r) {
            ds += 2 * dm.m[r][c] * g.rot.m[r][c];
            drot.m[r][c] = 2 * dm.m[r][c] * g.scale[c];
        }
        dLogScale[c] = ds * g.scale[c];
    }
    rotationBackward(g, drot, dQuat);
}

template <class T>
__global__ void projectBackwardKernel(SplatParams<T> p, KernelCamera cam, Projected<T> proj, ProjectedGrads<T> gin,
                                      ParamGrads<T> out) {
    const int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= p.count) return;
    const T o = proj.opacity[i];
    out.opacityLogits[i] = gin.opacity[i] * o * (1 - o);
    for (int k = 0; k < 3; ++k) {
        const T s = proj.color[3 * i + k];
        out.colorLogits[3 * i + k] = gin.color[3 * i + k] * s * (1 - s);
        out.means[3 * i + k] = 0;
        out.logScales[3 * i + k] = 0;
    }
    for (int k = 0; k < 4; ++k) out.quats[4 * i + k] = 0;
    if (proj.radius[i] == 0) return;

    const Geometry<T> g = computeGeometry(p, i, cam);
    M3<T> dSigmaCam;
    T dj[2][3];
    covarianceBackward(g, proj.conic + 3 * i, gin.conic + 3 * i, dSigmaCam, dj);
    const T x = g.t[0], y = g.t[1], z = g.t[2], fx = T(cam.fx), fy = T(cam.fy);
    const T* gm2 = gin.mean2d + 2 * i;
    T dt[3];
    dt[0] = gm2[0] * fx / z - dj[0][2] * fx / (z * z);
    dt[1] = gm2[1] * fy / z - dj[1][2] * fy / (z * z);
    dt[2] = -(gm2[0] * fx * x + gm2[1] * fy * y) / (z * z) + gin.depth[i] - dj[0][0] * fx / (z * z) +
            dj[0][2] * 2 * fx * x / (z * z * z) - dj[1][1] * fy / (z * z) + dj[1][2] * 2 * fy * y / (z * z * z);
    for (int c = 0; c < 3; ++c)  // t = W μ + t₀
        for (int r = 0; r < 3; ++r) out.means[3 * i + c] += g.view.m[r][c] * dt[r];
    shapeBackward(g, dSigmaCam, out.logScales + 3 * i, out.quats + 4 * i);
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
