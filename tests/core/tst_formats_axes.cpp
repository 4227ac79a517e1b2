// Axes: the SH band rotation against evaluating SH in rotated directions, PLY / SPZ / .splat in
// their own conventions (a splat's up in the file), round trips back to model space, the PLY
// axes marker (ours, older ours, foreign files) and model-space writing on request.
#include <doctest/doctest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <random>

#include "core/formats/axes.h"
#include "core/formats/ply.h"
#include "core/formats/splat_file.h"
#include "core/formats/spz.h"
#include "tests/core/tst_formats_fixtures.h"

using namespace sw::formats;
using sw::splat::SplatCloud;

namespace {

// Σ_k c_k Y_k(d) over bands 1..degree for one channel of splat i.
double evalSh(const SplatCloud& c, std::size_t i, int ch, const Eigen::Vector3d& d) {
    double y[15];
    shBasis(d.normalized(), y);
    const int k = sw::splat::shRestCount(c.shDegree);
    double sum = 0.0;
    for (int j = 0; j < k; ++j) sum += y[j] * double(c.shRest[(i * std::size_t(k) + std::size_t(j)) * 3 + std::size_t(ch)]);
    return sum;
}

Eigen::Vector3d randomDirection(std::mt19937& rng) {
    std::normal_distribution<double> n(0.0, 1.0);
    return Eigen::Vector3d(n(rng), n(rng), n(rng)).normalized();
}

// A cloud whose SH stays inside SPZ's range after any rotation (band norms are kept).
SplatCloud smallShCloud(std::size_t n, int degree, std::uint32_t seed) {
    SplatCloud c = sw::test::makeRandomCloud(n, degree, seed);
    for (float& v : c.shRest) v *= 0.3f;
    for (auto& p : c.positions) p *= 0.05f;
    return c;
}

// The same PLY bytes with the axes marker replaced: reads the file's own values unconverted.
std::vector<std::uint8_t> markedModel(const std::vector<std::uint8_t>& ply) {
    std::string text(ply.begin(), ply.end());
    const std::string from = "splatwright-axes 3dgs";
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), "splatwright-axes model");
    return {text.begin(), text.end()};
}

// Rotation axis (file frame) of a quaternion's local x axis: where the splat's first axis points.
Eigen::Vector3d firstAxis(const Eigen::Vector4f& q) {
    return Eigen::Quaterniond(q[0], q[1], q[2], q[3]).normalized().toRotationMatrix().col(0);
}

}  // namespace

TEST_CASE("SH band rotation equals evaluating SH in the rotated direction (bands 1-3)") {
    std::mt19937 rng(7);
    const Eigen::Matrix3d random = Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, 2, -0.5).normalized()).toRotationMatrix();
    for (const Eigen::Matrix3d& r : {frameFromModel(Frame::Gaussian), frameFromModel(Frame::Rub), random}) {
        SplatCloud c = sw::test::makeRandomCloud(4, 3, 3u);
        const SplatCloud before = c;
        rotateCloud(c, r);
        for (int t = 0; t < 20; ++t) {
            const Eigen::Vector3d d = randomDirection(rng);
            for (std::size_t i = 0; i < c.size(); ++i)
                for (int ch = 0; ch < 3; ++ch) CHECK(evalSh(c, i, ch, r * d) == doctest::Approx(evalSh(before, i, ch, d)).epsilon(1e-5));
        }
        for (int band = 1; band <= 3; ++band) {  // orthogonal: the band's energy is kept
            const Eigen::MatrixXd m = shBandRotation(r, band);
            CHECK((m * m.transpose() - Eigen::MatrixXd::Identity(m.rows(), m.cols())).norm() < 1e-9);
        }
    }
    // Band 1 under a quarter turn about X is a signed permutation (exact).
    const Eigen::MatrixXd m1 = shBandRotation(frameFromModel(Frame::Gaussian), 1);
    for (Eigen::Index i = 0; i < m1.size(); ++i) CHECK((m1.data()[i] == 0.0 || std::abs(m1.data()[i]) == 1.0));
}

TEST_CASE("PLY is written in the 3DGS convention: model up (+Z) is file -y, marked in the header") {
    SplatCloud c = sw::test::makeRandomCloud(2, 1, 9u);
    c.positions[0] = {0.25f, -0.5f, 1.0f};  // above the origin, towards the nose
    c.rotations[0] = {1, 0, 0, 0};
    c.normals[0] = {0, 0, 1};
    auto bytes = encodePly(c, "mem.ply");
    REQUIRE(bytes.ok());
    const std::string text(bytes->begin(), bytes->end());
    CHECK(text.find("comment splatwright-axes 3dgs") != std::string::npos);
    auto raw = decodePly(markedModel(*bytes), "mem.ply");
    REQUIRE(raw.ok());
    CHECK(raw->positions[0] == Eigen::Vector3f(0.25f, -1.0f, -0.5f));  // (x, −z, y)
    CHECK(raw->normals[0] == Eigen::Vector3f(0, -1, 0));               // up is −y
    CHECK((firstAxis(raw->rotations[0]) - Eigen::Vector3d(1, 0, 0)).norm() < 1e-6);
    CHECK(std::abs(Eigen::Quaterniond(raw->rotations[0][0], raw->rotations[0][1], raw->rotations[0][2], raw->rotations[0][3])
                       .toRotationMatrix()(1, 2) + 1.0) < 1e-6);  // local z (model up) maps to file −y
    auto back = decodePly(*bytes, "mem.ply");
    REQUIRE(back.ok());
    CHECK(back->positions[0] == c.positions[0]);
}

TEST_CASE("PLY round trip in either axes is the identity; model axes are bit-exact") {
    const SplatCloud c = sw::test::makeRandomCloud(30, 3, 21u);
    for (Axes axes : {Axes::Standard, Axes::Model}) {
        auto bytes = encodePly(c, "mem.ply", {axes});
        REQUIRE(bytes.ok());
        auto back = decodePly(*bytes, "mem.ply");
        REQUIRE(back.ok());
        for (std::size_t i = 0; i < c.size(); ++i) {
            CHECK(back->positions[i] == c.positions[i]);  // a signed permutation each way: exact
            CHECK(std::abs(back->rotations[i].dot(c.rotations[i].normalized())) > 1.0f - 1e-6f);
            CHECK((back->normals[i] - c.normals[i]).norm() == 0.0f);
        }
        for (std::size_t j = 0; j < c.shRest.size(); ++j) {
            if (axes == Axes::Model) CHECK(back->shRest[j] == c.shRest[j]);
            else CHECK(back->shRest[j] == doctest::Approx(c.shRest[j]).epsilon(1e-5).scale(1.0));
        }
    }
}

TEST_CASE("PLY axes marker: a foreign file is 3DGS, an older file of ours is model space, unknown is refused") {
    const std::string body = "element vertex 1\nproperty float x\nproperty float y\nproperty float z\nend_header\n";
    std::vector<std::uint8_t> data;
    for (float v : {0.0f, -2.0f, 0.5f}) sw::test::appendBytes(data, v);  // 2 up, 0.5 forward in 3DGS
    const auto file = [&](const std::string& comments) {
        std::vector<std::uint8_t> out;
        sw::test::appendText(out, "ply\nformat binary_little_endian 1.0\n" + comments + body);
        out.insert(out.end(), data.begin(), data.end());
        return out;
    };
    auto gsplat = decodePly(file("comment generated by gsplat\n"), "gsplat.ply");
    REQUIRE(gsplat.ok());
    CHECK(gsplat->positions[0] == Eigen::Vector3f(0.0f, 0.5f, 2.0f));  // upright: +Z up
    auto old = decodePly(file("comment written by Splatwright\n"), "old.ply");
    REQUIRE(old.ok());
    CHECK(old->positions[0] == Eigen::Vector3f(0.0f, -2.0f, 0.5f));
    auto marked = decodePly(file("comment written by Splatwright\ncomment splatwright-axes 3dgs (y down)\n"), "new.ply");
    REQUIRE(marked.ok());
    CHECK(marked->positions[0] == gsplat->positions[0]);
    auto bad = decodePly(file("comment splatwright-axes sideways\n"), "bad.ply");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().code == sw::ErrorCode::Unsupported);
    CHECK(sw::test::errorText(bad).find("bad.ply") != std::string::npos);
    CHECK(sw::test::errorText(bad).find("sideways") != std::string::npos);
}

TEST_CASE("A gsplat-convention PLY of a flat, upright-facing splat opens upright (thin along +Z)") {
    // In 3DGS axes the ground is the x–z plane: a splat flat on it is thin along y.
    SplatCloud flat;
    flat.resize(1);
    flat.scales[0] = {0.5f, 0.001f, 0.5f};
    auto bytes = encodePly(flat, "flat.ply", {Axes::Model});  // written as-is, then relabelled 3DGS
    REQUIRE(bytes.ok());
    std::string text(bytes->begin(), bytes->end());
    text.replace(text.find("written by Splatwright"), 21, "written by gsplat 1.5");
    text.replace(text.find("splatwright-axes model (+Z up)"), 30, "produced-by gsplat            ");
    auto up = decodePly(std::vector<std::uint8_t>(text.begin(), text.end()), "gsplat.ply");
    REQUIRE(up.ok());
    const Eigen::Matrix3d rot = Eigen::Quaterniond(up->rotations[0][0], up->rotations[0][1], up->rotations[0][2],
                                                   up->rotations[0][3]).toRotationMatrix();
    const Eigen::Vector3d thin = rot.col(1);  // the local axis with the small scale, in model space
    CHECK(std::abs(std::abs(thin.z()) - 1.0) < 1e-6);
}

TEST_CASE("SPZ is written in RUB (model up is +y) and PLY -> SPZ -> PLY is the identity up to quantisation") {
    for (int version : {3, 4}) {
        SplatCloud c = smallShCloud(40, 3, 31u + unsigned(version));
        c.positions[0] = {0.25f, -0.5f, 1.0f};
        auto ply = encodePly(c, "a.ply");
        REQUIRE(ply.ok());
        auto fromPly = decodePly(*ply, "a.ply");
        REQUIRE(fromPly.ok());
        auto spz = encodeSpz(*fromPly, SpzWriteOptions{version}, "a.spz");
        REQUIRE(spz.ok());
        auto raw = decodeSpz(*spz, "a.spz", Axes::Model);
        REQUIRE(raw.ok());
        CHECK((raw->positions[0] - Eigen::Vector3f(0.25f, 1.0f, 0.5f)).norm() < 1e-3f);  // (x, z, −y)
        auto fromSpz = decodeSpz(*spz, "a.spz");
        REQUIRE(fromSpz.ok());
        auto ply2 = encodePly(*fromSpz, "b.ply");
        REQUIRE(ply2.ok());
        auto back = decodePly(*ply2, "b.ply");
        REQUIRE(back.ok());
        for (std::size_t i = 0; i < c.size(); ++i) {
            CHECK(double((back->positions[i] - c.positions[i]).cwiseAbs().maxCoeff()) <= double(SpzTolerance::kPosition) * 1.01);
            CHECK(std::abs(back->rotations[i].dot(c.rotations[i])) >= 0.9999f);
            CHECK(double((back->colors[i] - c.colors[i]).cwiseAbs().maxCoeff()) <= double(SpzTolerance::kColor) * 1.01);
        }
        // SH: rotated into RUB, quantised there and rotated back: each band's error stays the
        // quantisation's (its norm is kept by the orthogonal band rotation).
        const int k = 15;
        for (std::size_t i = 0; i < c.size(); ++i) {
            for (int ch = 0; ch < 3; ++ch) {
                double e1 = 0, eh = 0;
                for (int j = 0; j < k; ++j) {
                    const double e = back->shRest[(i * k + j) * 3 + ch] - c.shRest[(i * k + j) * 3 + ch];
                    (j < 3 ? e1 : eh) += e * e;
                }
                CHECK(std::sqrt(e1) <= std::sqrt(3.0) * double(SpzTolerance::kShDegree1));
                CHECK(std::sqrt(eh) <= std::sqrt(12.0) * double(SpzTolerance::kShHigher));
            }
        }
        // The view-dependent colour in the file, seen from R·d, is the model's seen from d.
        std::mt19937 rng(5);
        const Eigen::Matrix3d r = frameFromModel(Frame::Rub);
        for (int t = 0; t < 10; ++t) {
            const Eigen::Vector3d d = randomDirection(rng);
            double y[15], bound = 0.0;  // every coefficient off by at most its quantisation step
            shBasis(r * d, y);
            for (int j = 0; j < k; ++j) bound += std::abs(y[j]) * double(j < 3 ? SpzTolerance::kShDegree1 : SpzTolerance::kShHigher);
            CHECK(std::abs(evalSh(*raw, 3, 0, r * d) - evalSh(c, 3, 0, d)) <= bound);
        }
    }
}

TEST_CASE("Model axes on request: SPZ and .splat keep model space as-is") {
    SplatCloud c = smallShCloud(5, 0, 41u);
    c.positions[0] = {0.25f, -0.5f, 1.0f};
    auto spz = encodeSpz(c, SpzWriteOptions{3, Axes::Model}, "m.spz");
    REQUIRE(spz.ok());
    auto raw = decodeSpz(*spz, "m.spz", Axes::Model);
    REQUIRE(raw.ok());
    CHECK((raw->positions[0] - c.positions[0]).norm() < 1e-3f);
    auto splat = encodeSplatFile(c, "a.splat");
    REQUIRE(splat.ok());
    auto splatRaw = decodeSplatFile(*splat, "a.splat", Axes::Model);
    REQUIRE(splatRaw.ok());
    CHECK(splatRaw->positions[0] == Eigen::Vector3f(0.25f, -1.0f, -0.5f));  // .splat: 3DGS, as its PLY
    auto splatBack = decodeSplatFile(*splat, "a.splat");
    REQUIRE(splatBack.ok());
    CHECK(splatBack->positions[0] == c.positions[0]);
    auto asIs = encodeSplatFile(c, "b.splat", Axes::Model);
    REQUIRE(asIs.ok());
    CHECK(decodeSplatFile(*asIs, "b.splat", Axes::Model)->positions[0] == c.positions[0]);
}
