// EWA projection of 3D Gaussians and its backward pass (CPU).
// Σ = R S Sᵀ Rᵀ from the normalised quaternion and exp(log-scale) (3DGS eq. 6); the camera
// covariance Σc = W Σ Wᵀ is projected with the Jacobian J of the perspective map at the
// centre, Σ' = J Σc Jᵀ + 0.3·I (EWA, Zwicker et al. 2001 eq. 31; 3DGS eq. 5; the 0.3 px²
// dilation is the low-pass filter of the 3DGS reference code). Screen radius: 3σ of the
// major axis; the splat is culled when its radius box covers no tile.
#include <algorithm>
#include <cmath>

#include "core/train/rasterize_kernels.h"

namespace sw::train::kernels {
namespace {

template <class T>
struct Mat3 {
    T m[3][3] = {};
};

template <class T>
Mat3<T> mul(const Mat3<T>& a, const Mat3<T>& b) {
    Mat3<T> r;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            for (int k = 0; k < 3; ++k) r.m[i][j] += a.m[i][k] * b.m[k][j];
    return r;
}

template <class T>
Mat3<T> transpose(const Mat3<T>& a) {
    Mat3<T> r;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) r.m[i][j] = a.m[j][i];
    return r;
}

template <class T>
T sigmoid(T x) {
    return T(1) / (T(1) + std::exp(-x));
}

// Rotation of the unit quaternion (w, x, y, z).
template <class T>
Mat3<T> quatToRotation(const T q[4]) {
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
SplatGeometry<T> computeGeometry(const SplatParams<T>& p, int64_t i, const KernelCamera& cam) {
    SplatGeometry<T> g;
    const T* q = p.quats + 4 * i;
    g.qNorm = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (int k = 0; k < 4; ++k) g.qn[k] = q[k] / g.qNorm;
    for (int k = 0; k < 3; ++k) g.scale[k] = std::exp(p.logScales[3 * i + k]);
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
void projectCovariance(const SplatGeometry<T>& g, T cov[2][2]) {
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

template <class T>
void projectOne(const SplatParams<T>& p, int64_t i, const KernelCamera& cam, const Projected<T>& out) {
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
    const T lambda = mid + std::sqrt(std::max(T(0.1), mid * mid - det));
    const T radius = std::ceil(T(SIGMA_EXTENT) * std::sqrt(lambda));
    const T ts = T(TILE_SIZE);
    const T x0 = std::clamp(std::floor((u - radius) / ts), T(0), T(cam.tilesX()));
    const T x1 = std::clamp(std::floor((u + radius + ts - 1) / ts), T(0), T(cam.tilesX()));
    const T y0 = std::clamp(std::floor((v - radius) / ts), T(0), T(cam.tilesY()));
    const T y1 = std::clamp(std::floor((v + radius + ts - 1) / ts), T(0), T(cam.tilesY()));
    if (x1 <= x0 || y1 <= y0 || !(radius < T(1e7))) return;
    out.radius[i] = static_cast<int32_t>(radius);
}

// Gradient of L w.r.t. the unnormalised quaternion from dL/dR (R = R(q/|q|)).
template <class T>
void rotationBackward(const SplatGeometry<T>& g, const Mat3<T>& dr, T* dq) {
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
template <class T>
void covarianceBackward(const SplatGeometry<T>& g, const T* q, const T* gc, Mat3<T>& dSigmaCam, T dj[2][3]) {
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
void shapeBackward(const SplatGeometry<T>& g, const Mat3<T>& dSigmaCam, T* dLogScale, T* dQuat) {
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

template <class T>
void projectBackwardOne(const SplatParams<T>& p, int64_t i, const KernelCamera& cam, const Projected<T>& proj,
                        const ProjectedGrads<T>& gin, const ParamGrads<T>& out) {
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

}  // namespace

template <class T>
void projectForwardCpu(const SplatParams<T>& params, const KernelCamera& cam, const Projected<T>& out,
                       int threads) {
    parallelFor(params.count, threads, [&](int64_t i) { projectOne(params, i, cam, out); });
}

template <class T>
void projectBackwardCpu(const SplatParams<T>& params, const KernelCamera& cam, const Projected<T>& proj,
                        const ProjectedGrads<T>& grads, const ParamGrads<T>& out, int threads) {
    parallelFor(params.count, threads,
                [&](int64_t i) { projectBackwardOne(params, i, cam, proj, grads, out); });
}

template void projectForwardCpu<float>(const SplatParams<float>&, const KernelCamera&, const Projected<float>&, int);
template void projectForwardCpu<double>(const SplatParams<double>&, const KernelCamera&, const Projected<double>&,
                                        int);
template void projectBackwardCpu<float>(const SplatParams<float>&, const KernelCamera&, const Projected<float>&,
                                        const ProjectedGrads<float>&, const ParamGrads<float>&, int);
template void projectBackwardCpu<double>(const SplatParams<double>&, const KernelCamera&, const Projected<double>&,
                                         const ProjectedGrads<double>&, const ParamGrads<double>&, int);

}  // namespace sw::train::kernels
