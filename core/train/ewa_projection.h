#pragma once
// EWA projection of one 3D Gaussian and its backward pass, written once for the host and the
// device (as cuda/relocation_eq9.h does for Eq. 9): the CPU kernels (cpu/project_cpu.cpp, a
// parallel loop over splats) and the CUDA kernels (cuda/project_cuda.cu, one thread per splat)
// call these same functions, so both backends do the same arithmetic in the same order and
// cull the same splats. Torch-free and CUDA-free (nvcc C++17 and the C++20 host compiler).
//
// Σ = R S Sᵀ Rᵀ from the normalised quaternion and exp(log-scale) (3DGS eq. 6); the camera
// covariance Σc = W Σ Wᵀ is projected with the Jacobian J of the perspective map at the
// centre, Σ' = J Σc Jᵀ + 0.3·I (EWA, Zwicker et al. 2001 eq. 31; 3DGS eq. 5; the 0.3 px²
// dilation is the low-pass filter of the 3DGS reference code). Screen radius: 3σ of the
// major axis, radius = ceil(3·sqrt(λmax)); the splat is culled when its radius box covers no
// tile. Math goes through the float/double overloads below (sqrtf/expf for float), which are
// the functions both compilers called before this header existed.
#include <math.h>
#include <stdint.h>

#include "core/train/rasterize_kernels.h"

#ifndef SW_HOST_DEVICE
#if defined(__CUDACC__)
#define SW_HOST_DEVICE __host__ __device__
#else
#define SW_HOST_DEVICE
#endif
#endif

namespace sw::train::kernels::ewa {

SW_HOST_DEVICE inline float mathSqrt(float x) { return sqrtf(x); }
SW_HOST_DEVICE inline double mathSqrt(double x) { return sqrt(x); }
SW_HOST_DEVICE inline float mathExp(float x) { return expf(x); }
SW_HOST_DEVICE inline double mathExp(double x) { return exp(x); }
SW_HOST_DEVICE inline float mathCeil(float x) { return ceilf(x); }
SW_HOST_DEVICE inline double mathCeil(double x) { return ceil(x); }
SW_HOST_DEVICE inline float mathFloor(float x) { return floorf(x); }
SW_HOST_DEVICE inline double mathFloor(double x) { return floor(x); }

// std::clamp's rule, usable on the device.
template <class T>
SW_HOST_DEVICE inline T clampTo(T x, T lo, T hi) {
    return x < lo ? lo : (hi < x ? hi : x);
}

template <class T>
SW_HOST_DEVICE inline T sigmoid(T x) {
    return T(1) / (T(1) + mathExp(-x));
}

template <class T>
struct Mat3 {
    T m[3][3] = {};
};

template <class T>
SW_HOST_DEVICE inline Mat3<T> mul(const Mat3<T>& a, const Mat3<T>& b) {
    Mat3<T> r;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            for (int k = 0; k < 3; ++k) r.m[i][j] += a.m[i][k] * b.m[k][j];
    return r;
}

template <class T>
SW_HOST_DEVICE inline Mat3<T> transpose(const Mat3<T>& a) {
    Mat3<T> r;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) r.m[i][j] = a.m[j][i];
    return r;
}

// Rotation of the unit quaternion (w, x, y, z).
template <class T>
SW_HOST_DEVICE inline Mat3<T> quatToRotation(const T q[4]) {
    const T w = q[0], x = q[1], y = q[2], z = q[3];
    Mat3<T> r;
    r.m[0][0] = 1 - 2 * (y * y + z * z); r.m[0][1] = 2 * (x * y - w * z); r.m[0][2] = 2 * (x * z + w * y);
    r.m[1][0] = 2 * (x * y + w * z); r.m[1][1] = 1 - 2 * (x * x + z * z); r.m[1][2] = 2 * (y * z - w * x);
    r.m[2][0] = 2 * (x * z - w * y); r.m[2][1] = 2 * (y * z + w * x); r.m[2][2] = 1 - 2 * (x * x + y * y);
    return r;
}

// Everything the forward and backward passes share for one splat.
template <class T>
struct SplatGeometry {
    T qn[4] = {};       // normalised quaternion
    T qNorm = 0;
    T scale[3] = {};    // exp(log-scale)
    Mat3<T> rot;        // R(qn)
    Mat3<T> view;       // rotation part W of the world-to-camera matrix
    Mat3<T> sigmaCam;   // W Σ Wᵀ
    T t[3] = {};        // camera-space centre
    T j[2][3] = {};     // perspective Jacobian at t
};

template <class T>
SW_HOST_DEVICE inline SplatGeometry<T> computeGeometry(const SplatParams<T>& p, int64_t i, const KernelCamera& cam) {
    SplatGeometry<T> g;
    const T* q = p.quats + 4 * i;
    g.qNorm = mathSqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (int k = 0; k < 4; ++k) g.qn[k] = q[k] / g.qNorm;
    for (int k = 0; k < 3; ++k) g.scale[k] = mathExp(p.logScales[3 * i + k]);
    g.rot = quatToRotation(g.qn);
    Mat3<T> m = g.rot;  // M = R S
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) m.m[r][c] *= g.scale[c];
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) g.view.m[r][c] = T(cam.worldToCamera[4 * r + c]);
        g.t[r] = T(cam.worldToCamera[4 * r + 3]);
        for (int c = 0; c < 3; ++c) g.t[r] += g.view.m[r][c] * p.means[3 * i + c];
    }
    const Mat3<T> wm = mul(g.view, m);
    g.sigmaCam = mul(wm, transpose(wm));
    const T z = g.t[2], fx = T(cam.fx), fy = T(cam.fy);
    g.j[0][0] = fx / z; g.j[0][1] = 0; g.j[0][2] = -fx * g.t[0] / (z * z);
    g.j[1][0] = 0; g.j[1][1] = fy / z; g.j[1][2] = -fy * g.t[1] / (z * z);
    return g;
}

// Σ' = J Σc Jᵀ (2×2, symmetric), without the dilation.
template <class T>
SW_HOST_DEVICE inline void projectCovariance(const SplatGeometry<T>& g, T cov[2][2]) {
    T js[2][3] = {};
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 3; ++c)
            for (int k = 0; k < 3; ++k) js[r][c] += g.j[r][k] * g.sigmaCam.m[k][c];
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 2; ++c) {
            cov[r][c] = 0;
            for (int k = 0; k < 3; ++k) cov[r][c] += js[r][k] * g.j[c][k];
        }
}

// Projects splat i into out's row i. A culled splat gets radius 0 (and its opacity, colour and
// depth); its mean2d and conic rows are left as they were.
template <class T>
SW_HOST_DEVICE inline void projectOne(const SplatParams<T>& p, int64_t i, const KernelCamera& cam,
                                      const Projected<T>& out) {
    out.radius[i] = 0;
    out.opacity[i] = sigmoid(p.opacityLogits[i]);
    for (int k = 0; k < 3; ++k) out.color[3 * i + k] = sigmoid(p.colorLogits[3 * i + k]);
    const SplatGeometry<T> g = computeGeometry(p, i, cam);
    const T z = g.t[2];
    out.depth[i] = z;
    if (!(z >= T(cam.nearPlane) && z <= T(cam.farPlane))) return;
    T cov[2][2];
    projectCovariance(g, cov);
    const T a = cov[0][0] + T(COV2D_DILATION), b = cov[0][1], c = cov[1][1] + T(COV2D_DILATION);
    const T det = a * c - b * b;
    if (!(det > 0)) return;
    const T u = T(cam.fx) * g.t[0] / z + T(cam.cx), v = T(cam.fy) * g.t[1] / z + T(cam.cy);
    out.mean2d[2 * i] = u;
    out.mean2d[2 * i + 1] = v;
    out.conic[3 * i] = c / det;
    out.conic[3 * i + 1] = -b / det;
    out.conic[3 * i + 2] = a / det;
    // Largest eigenvalue of Σ' (floored like the 3DGS reference), radius = ceil(3·sqrt(λ)).
    const T mid = T(0.5) * (a + c);
    const T disc = mid * mid - det;
    const T lambda = mid + mathSqrt(T(0.1) < disc ? disc : T(0.1));  // std::max(0.1, disc)
    const T radius = mathCeil(T(SIGMA_EXTENT) * mathSqrt(lambda));
    const T ts = T(TILE_SIZE);
    const T tilesX = T((cam.width + TILE_SIZE - 1) / TILE_SIZE), tilesY = T((cam.height + TILE_SIZE - 1) / TILE_SIZE);
    const T x0 = clampTo(mathFloor((u - radius) / ts), T(0), tilesX);
    const T x1 = clampTo(mathFloor((u + radius + ts - 1) / ts), T(0), tilesX);
    const T y0 = clampTo(mathFloor((v - radius) / ts), T(0), tilesY);
    const T y1 = clampTo(mathFloor((v + radius + ts - 1) / ts), T(0), tilesY);
    if (x1 <= x0 || y1 <= y0 || !(radius < T(1e7))) return;
    out.radius[i] = static_cast<int32_t>(radius);
}

// Gradient of L w.r.t. the unnormalised quaternion from dL/dR (R = R(q/|q|)).
template <class T>
SW_HOST_DEVICE inline void rotationBackward(const SplatGeometry<T>& g, const Mat3<T>& dr, T* dq) {
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

// Gradients of the camera covariance Σc and of the Jacobian J from the conic gradient.
// dSigmaCam and dj must be zero on entry.
template <class T>
SW_HOST_DEVICE inline void covarianceBackward(const SplatGeometry<T>& g, const T* q, const T* gc, Mat3<T>& dSigmaCam,
                                              T dj[2][3]) {
    // Conic Q = Σ'⁻¹: dL/dΣ' = −Q G Q with G the symmetric gradient of Q = [[a, b], [b, c]].
    const T qm[2][2] = {{q[0], q[1]}, {q[1], q[2]}};
    const T gm[2][2] = {{gc[0], gc[1] / 2}, {gc[1] / 2, gc[2]}};
    T qg[2][2] = {}, dcov[2][2] = {};
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 2; ++c)
            for (int k = 0; k < 2; ++k) qg[r][c] += qm[r][k] * gm[k][c];
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 2; ++c)
            for (int k = 0; k < 2; ++k) dcov[r][c] -= qg[r][k] * qm[k][c];
    // Σ' = J Σc Jᵀ + 0.3·I: dL/dΣc = Jᵀ dΣ' J, dL/dJ = 2 dΣ' J Σc.
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
            for (int a = 0; a < 2; ++a)
                for (int b = 0; b < 2; ++b) dSigmaCam.m[r][c] += g.j[a][r] * dcov[a][b] * g.j[b][c];
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 3; ++c)
            for (int a = 0; a < 2; ++a)
                for (int k = 0; k < 3; ++k) dj[r][c] += 2 * dcov[r][a] * g.j[a][k] * g.sigmaCam.m[k][c];
}

// Σ = M Mᵀ with M = R S: dL/dΣ = Wᵀ dΣc W, dL/dM = 2 dΣ M, then to log-scales and quaternion.
template <class T>
SW_HOST_DEVICE inline void shapeBackward(const SplatGeometry<T>& g, const Mat3<T>& dSigmaCam, T* dLogScale, T* dQuat) {
    const Mat3<T> dSigma = mul(mul(transpose(g.view), dSigmaCam), g.view);
    Mat3<T> m = g.rot;
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) m.m[r][c] *= g.scale[c];
    const Mat3<T> dm = mul(dSigma, m);
    Mat3<T> drot;
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

// Chain rule for splat i from its projected-quantity gradients to its parameter gradients
// (every row of out written; a culled splat gets zero geometry gradients).
template <class T>
SW_HOST_DEVICE inline void projectBackwardOne(const SplatParams<T>& p, int64_t i, const KernelCamera& cam,
                                              const Projected<T>& proj, const ProjectedGrads<T>& gin,
                                              const ParamGrads<T>& out) {
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

    const SplatGeometry<T> g = computeGeometry(p, i, cam);
    Mat3<T> dSigmaCam;
    T dj[2][3] = {};
    covarianceBackward(g, proj.conic + 3 * i, gin.conic + 3 * i, dSigmaCam, dj);
    // Camera-space centre t, through mean2d = (fx·x/z + cx, fy·y/z + cy), depth z and J(t).
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

}  // namespace sw::train::kernels::ewa
