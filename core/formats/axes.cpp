#include "core/formats/axes.h"

#include <Eigen/Geometry>
#include <Eigen/QR>
#include <cmath>

namespace sw::formats {
namespace {

// Unit directions spread over the sphere (Fibonacci lattice): enough rows for a least-squares
// fit of band 3 (7 unknowns per column) with a well-conditioned system.
constexpr int kFitDirections = 64;

Eigen::Vector3d fitDirection(int i) {
    const double golden = M_PI * (3.0 - std::sqrt(5.0));
    const double z = 1.0 - (2.0 * i + 1.0) / kFitDirections;
    const double r = std::sqrt(1.0 - z * z);
    return {r * std::cos(golden * i), r * std::sin(golden * i), z};
}

}  // namespace

const char* axesName(Axes axes) { return axes == Axes::Model ? "model" : "standard"; }

Result<Axes> parseAxes(const std::string& text) {
    if (text == "standard") return Axes::Standard;
    if (text == "model") return Axes::Model;
    return makeError(ErrorCode::InvalidInput, "unknown axes '" + text + "' (expected standard or model)");
}

Eigen::Matrix3d frameFromModel(Frame frame) {
    Eigen::Matrix3d r;
    switch (frame) {
        case Frame::Model: r.setIdentity(); break;
        case Frame::Gaussian: r << 1, 0, 0, 0, 0, -1, 0, 1, 0; break;  // (x, −z, y)
        case Frame::Rub: r << 1, 0, 0, 0, 0, 1, 0, -1, 0; break;       // (x, z, −y)
    }
    return r;
}

void shBasis(const Eigen::Vector3d& d, double out[15]) {
    const double x = d.x(), y = d.y(), z = d.z();
    const double xx = x * x, yy = y * y, zz = z * z;
    const double c1 = 0.4886025119029199;
    out[0] = -c1 * y;
    out[1] = c1 * z;
    out[2] = -c1 * x;
    out[3] = 1.0925484305920792 * x * y;
    out[4] = -1.0925484305920792 * y * z;
    out[5] = 0.31539156525252005 * (2.0 * zz - xx - yy);
    out[6] = -1.0925484305920792 * x * z;
    out[7] = 0.5462742152960396 * (xx - yy);
    out[8] = -0.5900435899266435 * y * (3.0 * xx - yy);
    out[9] = 2.890611442640554 * x * y * z;
    out[10] = -0.4570457994644658 * y * (4.0 * zz - xx - yy);
    out[11] = 0.3731763325901154 * z * (2.0 * zz - 3.0 * xx - 3.0 * yy);
    out[12] = -0.4570457994644658 * x * (4.0 * zz - xx - yy);
    out[13] = 1.445305721320277 * z * (xx - yy);
    out[14] = -0.5900435899266435 * x * (xx - 3.0 * yy);
}

Eigen::MatrixXd shBandRotation(const Eigen::Matrix3d& r, int band) {
    const int n = 2 * band + 1, first = band * band - 1;
    // Band l is closed under rotation: Y_j(Rᵀd) = Σ_k M_kj Y_k(d) holds exactly, so the
    // least-squares fit over the sample directions recovers M to rounding.
    Eigen::MatrixXd a(kFitDirections, n), b(kFitDirections, n);
    double y[15], yr[15];
    for (int i = 0; i < kFitDirections; ++i) {
        const Eigen::Vector3d d = fitDirection(i);
        shBasis(d, y);
        shBasis(r.transpose() * d, yr);
        for (int k = 0; k < n; ++k) {
            a(i, k) = y[first + k];
            b(i, k) = yr[first + k];
        }
    }
    Eigen::MatrixXd m = a.colPivHouseholderQr().solve(b);
    for (Eigen::Index i = 0; i < m.size(); ++i) {  // exact where exact (a permuted band moves bits as-is)
        double& v = m.data()[i];
        if (std::abs(v) < 1e-12) v = 0.0;
        if (std::abs(std::abs(v) - 1.0) < 1e-12) v = v > 0 ? 1.0 : -1.0;
    }
    return m;
}

void rotateCloud(splat::SplatCloud& c, const Eigen::Matrix3d& r) {
    const Eigen::Matrix3f rf = r.cast<float>();
    for (auto& p : c.positions) p = rf * p;  // a signed permutation moves values exactly
    for (auto& n : c.normals) n = rf * n;
    const Eigen::Quaterniond qr(r);
    for (auto& q : c.rotations) {
        const Eigen::Quaterniond out = qr * Eigen::Quaterniond(q[0], q[1], q[2], q[3]);
        q = Eigen::Vector4d(out.w(), out.x(), out.y(), out.z()).cast<float>();
    }
    const int k = splat::shRestCount(c.shDegree);
    if (k == 0 || c.shRest.empty()) return;
    for (int band = 1; band <= c.shDegree; ++band) {
        const Eigen::MatrixXd m = shBandRotation(r, band);
        const int n = 2 * band + 1, first = band * band - 1;
        Eigen::VectorXd v(n);
        for (std::size_t i = 0; i < c.size(); ++i) {
            for (int ch = 0; ch < 3; ++ch) {
                float* base = &c.shRest[(i * std::size_t(k) + std::size_t(first)) * 3 + std::size_t(ch)];
                for (int j = 0; j < n; ++j) v[j] = base[j * 3];
                const Eigen::VectorXd out = m * v;
                for (int j = 0; j < n; ++j) base[j * 3] = static_cast<float>(out[j]);
            }
        }
    }
}

void modelToFrame(splat::SplatCloud& cloud, Frame frame) {
    if (frame != Frame::Model) rotateCloud(cloud, frameFromModel(frame));
}

void frameToModel(splat::SplatCloud& cloud, Frame frame) {
    if (frame != Frame::Model) rotateCloud(cloud, frameFromModel(frame).transpose());
}

}  // namespace sw::formats
