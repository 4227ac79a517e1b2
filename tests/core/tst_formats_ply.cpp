// PLY: round trip, bytes checked by an independent minimal parser, tolerant reading, errors,
// atomic writes.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <sstream>

#include "core/formats/ply.h"
#include "core/foundation/file_io.h"
#include "tests/core/tst_formats_fixtures.h"
#include "tests/support/test_support.h"

using namespace sw::formats;
using sw::splat::SplatCloud;

namespace {

// Independent reader for the exact layout the writer promises: splits the ASCII header into
// lines, then reads row-major float32 records.
struct MiniPly {
    std::vector<std::string> lines;
    std::vector<std::string> names;
    std::size_t count = 0;
    std::vector<float> data;  // [count, names.size()]

    explicit MiniPly(const std::vector<std::uint8_t>& bytes) {
        const std::string text(bytes.begin(), bytes.end());
        const std::size_t end = text.find("end_header\n");
        REQUIRE(end != std::string::npos);
        std::istringstream is(text.substr(0, end));
        for (std::string line; std::getline(is, line);) lines.push_back(line);
        for (const std::string& l : lines) {
            if (l.rfind("element vertex ", 0) == 0) count = std::stoul(l.substr(15));
            if (l.rfind("property float ", 0) == 0) names.push_back(l.substr(15));
        }
        const std::size_t offset = end + 11;
        REQUIRE(bytes.size() == offset + count * names.size() * 4);
        data.resize(count * names.size());
        std::memcpy(data.data(), bytes.data() + offset, data.size() * 4);
    }
    float at(std::size_t i, const std::string& name) const {
        for (std::size_t j = 0; j < names.size(); ++j)
            if (names[j] == name) return data[i * names.size() + j];
        FAIL("no property " << name);
        return 0.0f;
    }
};

void checkClose(const SplatCloud& a, const SplatCloud& b, float tol) {
    REQUIRE(a.size() == b.size());
    REQUIRE(a.shDegree == b.shDegree);
    for (std::size_t i = 0; i < a.size(); ++i) {
        CHECK((a.positions[i] - b.positions[i]).norm() <= tol);
        CHECK((a.colors[i] - b.colors[i]).norm() <= tol);
        CHECK(std::fabs(a.opacities[i] - b.opacities[i]) <= tol);
        CHECK((a.scales[i].array() / b.scales[i].array() - 1.0f).abs().maxCoeff() <= tol);
        CHECK(std::fabs(a.rotations[i].dot(b.rotations[i])) >= 1.0f - tol);
    }
    for (std::size_t j = 0; j < a.shRest.size(); ++j) CHECK(a.shRest[j] == b.shRest[j]);
}

std::vector<std::uint8_t> handPly(const std::string& header, const std::vector<std::uint8_t>& body) {
    std::vector<std::uint8_t> out(header.begin(), header.end());
    out.insert(out.end(), body.begin(), body.end());
    return out;
}

}  // namespace

TEST_CASE("PLY round trip keeps every attribute") {
    for (int degree = 0; degree <= 3; ++degree) {
        const SplatCloud c = sw::test::makeRandomCloud(20, degree, 11u + static_cast<unsigned>(degree));
        auto bytes = encodePly(c, "mem.ply", {Axes::Model});  // 3DGS axes: tst_formats_axes
        REQUIRE(bytes.ok());
        auto back = decodePly(*bytes, "mem.ply");
        REQUIRE(back.ok());
        checkClose(c, *back, 2e-5f);
        REQUIRE(back->normals.size() == c.size());
        CHECK((back->normals[7] - c.normals[7]).norm() == 0.0f);
    }
}

TEST_CASE("PLY writer bytes match the 3DGS layout (independent parser)") {
    const SplatCloud c = sw::test::makeRandomCloud(3, 1, 5u);
    auto bytes = encodePly(c, "mem.ply", {Axes::Model});  // values as stored (axes: tst_formats_axes)
    REQUIRE(bytes.ok());
    const MiniPly ply(*bytes);
    CHECK(ply.lines[0] == "ply");
    CHECK(ply.lines[1] == "format binary_little_endian 1.0");
    CHECK(ply.lines[3] == "comment splatwright-axes model (+Z up)");
    CHECK(ply.count == 3);
    const std::vector<std::string> expected = {
        "x", "y", "z", "nx", "ny", "nz", "f_dc_0", "f_dc_1", "f_dc_2", "f_rest_0", "f_rest_1", "f_rest_2",
        "f_rest_3", "f_rest_4", "f_rest_5", "f_rest_6", "f_rest_7", "f_rest_8", "opacity", "scale_0",
        "scale_1", "scale_2", "rot_0", "rot_1", "rot_2", "rot_3"};
    CHECK(ply.names == expected);
    const std::size_t i = 2;
    CHECK(ply.at(i, "y") == c.positions[i].y());
    CHECK(ply.at(i, "nz") == c.normals[i].z());
    CHECK(ply.at(i, "f_dc_1") == doctest::Approx((double(c.colors[i].y()) - 0.5) / 0.28209479).epsilon(1e-6));
    const double op = c.opacities[i];
    CHECK(ply.at(i, "opacity") == doctest::Approx(std::log(op / (1.0 - op))).epsilon(1e-5));
    CHECK(ply.at(i, "scale_2") == doctest::Approx(std::log(double(c.scales[i].z()))).epsilon(1e-6));
    CHECK(ply.at(i, "rot_0") == doctest::Approx(c.rotations[i][0]).epsilon(1e-6));  // w first
    CHECK(ply.at(i, "rot_3") == doctest::Approx(c.rotations[i][3]).epsilon(1e-6));
    // f_rest is channel-major: f_rest_{c·K + k} = coefficient k of channel c (K = 3 here).
    CHECK(ply.at(i, "f_rest_0") == c.shRest[(i * 3 + 0) * 3 + 0]);
    CHECK(ply.at(i, "f_rest_4") == c.shRest[(i * 3 + 1) * 3 + 1]);
    CHECK(ply.at(i, "f_rest_8") == c.shRest[(i * 3 + 2) * 3 + 2]);
    CHECK(ply.at(i, "f_rest_2") == c.shRest[(i * 3 + 2) * 3 + 0]);
}

TEST_CASE("PLY reader: any order, extra properties, doubles, CRLF, comments, unnormalised quaternions") {
    const std::string header =
        "ply\r\nformat binary_little_endian 1.0\r\ncomment made by hand\r\nelement camera 1\r\n"
        "property float fov\r\nelement vertex 1\r\nproperty float rot_1\r\nproperty double z\r\n"
        "property float extra\r\nproperty float x\r\nproperty float y\r\nproperty float opacity\r\n"
        "property float rot_0\r\nproperty float rot_2\r\nproperty float rot_3\r\nproperty float scale_0\r\n"
        "property float scale_1\r\nproperty float scale_2\r\nproperty float f_dc_0\r\n"
        "property float f_dc_1\r\nproperty float f_dc_2\r\nend_header\r\n";
    std::vector<std::uint8_t> body;
    sw::test::appendBytes(body, 0.5f);  // camera fov
    sw::test::appendBytes(body, 0.0f);  // rot_1
    sw::test::appendBytes(body, 3.25);  // z (double)
    sw::test::appendBytes(body, 99.0f);
    sw::test::appendBytes(body, 1.0f);
    sw::test::appendBytes(body, 2.0f);
    sw::test::appendBytes(body, 0.0f);  // opacity logit 0 → 0.5
    sw::test::appendBytes(body, 2.0f);  // rot_0 (w) = 2 → normalised to 1
    sw::test::appendBytes(body, 0.0f);
    sw::test::appendBytes(body, 0.0f);
    for (float s : {0.0f, std::log(2.0f), -1.0f}) sw::test::appendBytes(body, s);
    for (float dc : {0.0f, 1.0f, -1.0f}) sw::test::appendBytes(body, dc);
    auto c = decodePly(handPly(header, body), "hand.ply");
    REQUIRE_MESSAGE(c.ok(), sw::test::errorText(c));
    // A foreign file is 3DGS convention: (x, y, z) there is (x, z, −y) in model space and its
    // identity rotation is a quarter turn about −X.
    CHECK(c->positions[0] == Eigen::Vector3f(1.0f, 3.25f, -2.0f));
    CHECK(c->opacities[0] == 0.5f);
    CHECK((c->rotations[0] - Eigen::Vector4f(std::sqrt(0.5f), -std::sqrt(0.5f), 0, 0)).norm() < 1e-6f);
    CHECK(c->scales[0].y() == doctest::Approx(2.0f));
    CHECK(c->colors[0].x() == 0.5f);
    CHECK(c->colors[0].y() == doctest::Approx(0.5f + 0.28209479f));
    CHECK(c->shDegree == 0);
    CHECK(c->normals.empty());
}

TEST_CASE("PLY reader accepts a uchar-colour point cloud") {
    const std::string header =
        "ply\nformat binary_little_endian 1.0\nelement vertex 2\nproperty float x\nproperty float y\n"
        "property float z\nproperty uchar red\nproperty uchar green\nproperty uchar blue\nend_header\n";
    std::vector<std::uint8_t> body;
    for (float v : {0.0f, 0.0f, 0.0f}) sw::test::appendBytes(body, v);
    body.insert(body.end(), {255, 0, 51});
    for (float v : {8.0f, 0.0f, 0.0f}) sw::test::appendBytes(body, v);
    body.insert(body.end(), {0, 0, 0});
    auto c = decodePly(handPly(header, body), "points.ply");
    REQUIRE_MESSAGE(c.ok(), sw::test::errorText(c));
    CHECK(c->colors[0] == Eigen::Vector3f(1.0f, 0.0f, 0.2f));
    CHECK(c->opacities[1] == 1.0f);
    // diagonal 8 / cbrt(2) / 2
    CHECK(c->scales[0].x() == doctest::Approx(8.0 / std::cbrt(2.0) / 2.0));
}

TEST_CASE("PLY reader rejects bad files with the file and offset") {
    const std::string ok = "ply\nformat binary_little_endian 1.0\nelement vertex 2\nproperty float x\n"
                           "property float y\nproperty float z\nend_header\n";
    std::vector<std::uint8_t> body(24, 0);
    CHECK(decodePly(handPly(ok, body), "a.ply").ok());

    auto err = decodePly(handPly(ok, std::vector<std::uint8_t>(23, 0)), "a.ply");
    REQUIRE_FALSE(err.ok());
    CHECK(err.error().code == sw::ErrorCode::Parse);
    CHECK(err.error().path == "a.ply");
    CHECK(err.error().message.find("byte offset 115") != std::string::npos);

    err = decodePly(handPly(ok, std::vector<std::uint8_t>(25, 0)), "a.ply");
    REQUIRE_FALSE(err.ok());
    CHECK(err.error().message.find("trailing") != std::string::npos);

    std::string huge = ok;
    huge.replace(huge.find("vertex 2"), 8, "vertex 99999999999999");
    err = decodePly(handPly(huge, body), "a.ply");
    REQUIRE_FALSE(err.ok());
    CHECK(err.error().message.find("truncated") != std::string::npos);

    std::string ascii = ok;
    ascii.replace(ascii.find("binary_little_endian"), 20, "ascii");
    err = decodePly(handPly(ascii, body), "a.ply");
    REQUIRE_FALSE(err.ok());
    CHECK(err.error().code == sw::ErrorCode::Unsupported);

    std::string noY = ok;
    noY.replace(noY.find("property float y\n"), 17, "property float w\n");
    CHECK(decodePly(handPly(noY, body), "a.ply").error().message == "PLY vertex has no 'y' property");

    std::string rest = ok;
    rest.replace(rest.find("end_header"), 10, "property float f_rest_0\nend_header");
    err = decodePly(handPly(rest, std::vector<std::uint8_t>(32, 0)), "a.ply");
    REQUIRE_FALSE(err.ok());
    CHECK(err.error().code == sw::ErrorCode::Unsupported);

    CHECK(decodePly(std::vector<std::uint8_t>{'p', 'l', 'x'}, "a.ply").error().message.find("not a PLY") == 0);
}

TEST_CASE("PLY reader rejects a second vertex element (layout of one, offset of the other)") {
    // Issue 12 item 7: the records were read with the first element's layout from the last
    // element's offset, 24 bytes past the end of the buffer (valgrind / ASan: heap read).
    const std::string header = "ply\nformat binary_little_endian 1.0\nelement vertex 2\nproperty float x\n"
                               "property float y\nproperty float z\nelement vertex 0\nproperty float x\n"
                               "property float y\nproperty float z\nend_header\n";
    auto err = decodePly(handPly(header, std::vector<std::uint8_t>(24, 0)), "twice.ply");
    REQUIRE_FALSE(err.ok());
    CHECK(err.error().code == sw::ErrorCode::Parse);
    CHECK(err.error().path == "twice.ply");
    CHECK(err.error().message == "PLY header declares more than one 'vertex' element");
}

TEST_CASE("PLY writes are atomic: a failed write leaves the previous file untouched") {
    const std::string dir = sw::test::outputDir("formats_ply");
    const std::string path = dir + "/atomic.ply";
    const SplatCloud good = sw::test::makeRandomCloud(4, 2, 3u);
    REQUIRE(writePly(path, good).ok());
    const auto before = sw::readFileBytes(path);
    REQUIRE(before.ok());

    SplatCloud bad = good;
    bad.scales[3].x() = -1.0f;
    const sw::Status s = writePly(path, bad);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error().message == "splat 3: scale is not positive");
    CHECK(*sw::readFileBytes(path) == *before);
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        CHECK(entry.path().filename() == "atomic.ply");  // no temporary left behind

    CHECK(writePly(dir + "/missing/sub/x.ply", good).error().code == sw::ErrorCode::Io);
    auto back = readPly(path);
    REQUIRE(back.ok());
    CHECK(back->size() == 4);
}
