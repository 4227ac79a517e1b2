#include "core/formats/detail/spz_pack.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/formats/ply.h"

namespace sw::formats::detail {
namespace {

constexpr float kSqrt1_2 = 0.707106781186547524401f;

std::uint8_t toByte(float x) { return static_cast<std::uint8_t>(std::clamp(std::round(x), 0.0f, 255.0f)); }

// 8-bit SH value rounded to a multiple of `bucket` (reduces entropy for the compressor).
std::uint8_t quantizeSh(float x, int bucket) {
    // Clamped before the cast: a huge (finite) coefficient must saturate, not overflow int.
    int q = static_cast<int>(std::clamp(std::round(x * 128.0f) + 128.0f, 0.0f, 255.0f));
    q = (q + bucket / 2) / bucket * bucket;
    return static_cast<std::uint8_t>(std::clamp(q, 0, 255));
}

// Smallest-three (v3): 2 bits index of the largest |component| of (x, y, z, w), then for the
// other three in order a sign bit and a 9-bit magnitude scaled by 1/√2; largest made positive.
void packSmallestThree(const Eigen::Vector4f& wxyz, std::uint8_t* out) {
    const Eigen::Vector4f q = Eigen::Vector4f(wxyz[1], wxyz[2], wxyz[3], wxyz[0]).normalized();
    int largest = 0;
    for (int i = 1; i < 4; ++i)
        if (std::fabs(q[i]) > std::fabs(q[largest])) largest = i;
    const std::uint32_t negate = q[largest] < 0.0f;
    std::uint32_t word = static_cast<std::uint32_t>(largest);
    for (int i = 0; i < 4; ++i) {
        if (i == largest) continue;
        const std::uint32_t negBit = static_cast<std::uint32_t>(q[i] < 0.0f) ^ negate;
        const auto mag = std::min<std::uint32_t>(511u, static_cast<std::uint32_t>(511.0f * (std::fabs(q[i]) / kSqrt1_2) + 0.5f));
        word = (word << 10) | (negBit << 9) | mag;
    }
    for (int b = 0; b < 4; ++b) out[b] = static_cast<std::uint8_t>(word >> (8 * b));
}

Eigen::Vector4f unpackSmallestThree(const std::uint8_t* in) {
    std::uint32_t word = in[0] | (in[1] << 8) | (in[2] << 16) | (static_cast<std::uint32_t>(in[3]) << 24);
    const int largest = static_cast<int>(word >> 30);
    Eigen::Vector4f q;  // x, y, z, w
    float sum = 0.0f;
    for (int i = 3; i >= 0; --i) {
        if (i == largest) continue;
        const float v = kSqrt1_2 * static_cast<float>(word & 511u) / 511.0f;
        q[i] = (word >> 9) & 1u ? -v : v;
        sum += q[i] * q[i];
        word >>= 10;
    }
    q[largest] = std::sqrt(std::max(0.0f, 1.0f - sum));
    return Eigen::Vector4f(q[3], q[0], q[1], q[2]).normalized();
}

// First-three (v2): x, y, z as q·127.5 + 127.5 with w ≥ 0.
void packFirstThree(const Eigen::Vector4f& wxyz, std::uint8_t* out) {
    Eigen::Vector4f q = wxyz.normalized();
    if (q[0] < 0.0f) q = -q;
    for (int i = 0; i < 3; ++i) out[i] = toByte(q[i + 1] * 127.5f + 127.5f);
}

Eigen::Vector4f unpackFirstThree(const std::uint8_t* in) {
    const Eigen::Vector3f xyz(in[0] / 127.5f - 1.0f, in[1] / 127.5f - 1.0f, in[2] / 127.5f - 1.0f);
    const float w = std::sqrt(std::max(0.0f, 1.0f - xyz.squaredNorm()));
    return Eigen::Vector4f(w, xyz.x(), xyz.y(), xyz.z()).normalized();
}

}  // namespace

std::size_t spzBytesPerPoint(std::uint32_t version, int shDegree) {
    return 9 + 1 + 3 + 3 + spzRotationBytes(version) + 3 * static_cast<std::size_t>(splat::shRestCount(shDegree));
}

void allocateSpz(SpzPacked& p) {
    const std::size_t n = p.numPoints;
    p.positions.resize(n * 9);
    p.alphas.resize(n);
    p.colors.resize(n * 3);
    p.scales.resize(n * 3);
    p.rotations.resize(n * spzRotationBytes(p.version));
    p.sh.resize(n * 3 * static_cast<std::size_t>(splat::shRestCount(p.shDegree)));
}

Result<SpzPacked> packSpz(const splat::SplatCloud& c, std::uint32_t version, const std::string& what) {
    SW_TRY(c.validate(what));
    SpzPacked p;
    p.version = version;
    p.numPoints = static_cast<std::uint32_t>(c.size());
    p.shDegree = c.shDegree;
    allocateSpz(p);
    const float fixedScale = static_cast<float>(1 << kSpzFractionalBits);
    const std::size_t k = static_cast<std::size_t>(splat::shRestCount(c.shDegree));
    for (std::size_t i = 0; i < c.size(); ++i) {
        for (int a = 0; a < 3; ++a) {
            const float f = std::round(c.positions[i][a] * fixedScale);
            if (!(std::fabs(f) <= 8388607.0f)) {
                std::ostringstream os;
                os << "splat " << i << ": position " << c.positions[i][a] << " is outside the SPZ range ±2048";
                return makeError(ErrorCode::InvalidInput, os.str(), what);
            }
            const auto fixed = static_cast<std::uint32_t>(static_cast<std::int32_t>(f));
            for (int b = 0; b < 3; ++b) p.positions[i * 9 + a * 3 + b] = static_cast<std::uint8_t>(fixed >> (8 * b));
            const float dc = (c.colors[i][a] - 0.5f) / kShC0;
            p.colors[i * 3 + a] = toByte(dc * (kSpzColorScale * 255.0f) + 0.5f * 255.0f);
            p.scales[i * 3 + a] = toByte((std::log(c.scales[i][a]) + 10.0f) * 16.0f);
        }
        p.alphas[i] = toByte(c.opacities[i] * 255.0f);
        if (version >= 3) packSmallestThree(c.rotations[i], &p.rotations[i * 4]);
        else packFirstThree(c.rotations[i], &p.rotations[i * 3]);
        for (std::size_t j = 0; j < k * 3; ++j)  // degree-1 coefficients (j < 9) get 5 bits, the rest 4
            p.sh[i * k * 3 + j] = quantizeSh(c.shRest[i * k * 3 + j], j < 9 ? 8 : 16);
    }
    return p;
}

splat::SplatCloud unpackSpz(const SpzPacked& p) {
    splat::SplatCloud c;
    c.shDegree = p.shDegree;
    c.resize(p.numPoints);
    const float step = 1.0f / static_cast<float>(1u << p.fractionalBits);
    const std::size_t rotBytes = spzRotationBytes(p.version);
    for (std::size_t i = 0; i < c.size(); ++i) {
        for (int a = 0; a < 3; ++a) {
            const std::uint8_t* b = &p.positions[i * 9 + a * 3];
            std::uint32_t u = b[0] | (b[1] << 8) | (b[2] << 16);
            if (u & 0x800000u) u |= 0xff000000u;  // sign extension
            c.positions[i][a] = static_cast<float>(static_cast<std::int32_t>(u)) * step;
            const float dc = (p.colors[i * 3 + a] / 255.0f - 0.5f) / kSpzColorScale;
            c.colors[i][a] = 0.5f + kShC0 * dc;
            c.scales[i][a] = std::exp(p.scales[i * 3 + a] / 16.0f - 10.0f);
        }
        c.opacities[i] = p.alphas[i] / 255.0f;
        c.rotations[i] = rotBytes == 4 ? unpackSmallestThree(&p.rotations[i * 4]) : unpackFirstThree(&p.rotations[i * 3]);
    }
    for (std::size_t j = 0; j < p.sh.size(); ++j) c.shRest[j] = (static_cast<float>(p.sh[j]) - 128.0f) / 128.0f;
    return c;
}

}  // namespace sw::formats::detail
