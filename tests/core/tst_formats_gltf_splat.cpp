// glTF KHR_gaussian_splatting: our GLB and .gltf round trips (every attribute, SH 3, normals, in
// glTF's +Y up and in model axes on request), documents written by hand the way other tools write
// them (interleaved views, normalised integer types, node transforms, several primitives), and
// the refusals of bad input, each one line naming the file.
#include <doctest/doctest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "core/formats/cloud_io.h"
#include "core/formats/gltf_splat.h"
#include "tests/core/tst_formats_fixtures.h"

using namespace sw::formats;
using nlohmann::json;
using sw::splat::SplatCloud;
namespace fs = std::filesystem;

namespace {

const std::string kExt = kGaussianSplattingExtension;

// A GLB around `doc` and `bin` (the JSON's buffer 0 gets the chunk's length).
std::vector<std::uint8_t> makeGlb(json doc, std::vector<std::uint8_t> bin) {
    while (bin.size() % 4) bin.push_back(0);
    doc["buffers"] = {{{"byteLength", bin.size()}}};
    std::string text = doc.dump();
    while (text.size() % 4) text += ' ';
    std::vector<std::uint8_t> out;
    sw::test::appendBytes<std::uint32_t>(out, 0x46546C67);
    sw::test::appendBytes<std::uint32_t>(out, 2);
    sw::test::appendBytes<std::uint32_t>(out, std::uint32_t(28 + text.size() + bin.size()));
    sw::test::appendBytes<std::uint32_t>(out, std::uint32_t(text.size()));
    sw::test::appendBytes<std::uint32_t>(out, 0x4E4F534A);
    sw::test::appendText(out, text);
    sw::test::appendBytes<std::uint32_t>(out, std::uint32_t(bin.size()));
    sw::test::appendBytes<std::uint32_t>(out, 0x004E4942);
    out.insert(out.end(), bin.begin(), bin.end());
    return out;
}

// A foreign-looking document: two splats in ONE interleaved view (position float3, rotation
// short4 normalised, scale float3, opacity ubyte normalised, padded to 36 bytes), SH0 in a
// second view, under a node with `node` (translation / rotation / scale).
std::vector<std::uint8_t> foreignGlb(const json& node, json extension = {{"kernel", "ellipse"}, {"colorSpace", "srgb_rec709_display"}},
                                     json required = json::array()) {
    std::vector<std::uint8_t> bin;
    const float pos[2][3] = {{1, 0, 0}, {0, 2, 0}};
    const std::int16_t rot[2][4] = {{0, 0, 0, 32767}, {0, 23170, 0, 23170}};  // identity; 90° about y
    const float scale[2][3] = {{0.1f, 0.2f, 0.3f}, {0.5f, 0.5f, 0.5f}};
    const std::uint8_t opacity[2] = {255, 51};
    for (int i = 0; i < 2; ++i) {
        for (float v : pos[i]) sw::test::appendBytes(bin, v);
        for (std::int16_t v : rot[i]) sw::test::appendBytes(bin, v);
        for (float v : scale[i]) sw::test::appendBytes(bin, v);
        bin.push_back(opacity[i]);
        bin.resize(bin.size() + 3, 0);
    }
    const std::size_t sh0 = bin.size();
    for (float v : {0.f, 0.f, 0.f, 1.f, -1.f, 0.5f}) sw::test::appendBytes(bin, v);
    json doc = {
        {"asset", {{"version", "2.0"}, {"generator", "hand-written test document"}}},
        {"extensionsUsed", {kExt}},
        {"extensionsRequired", required},
        {"scenes", {{{"nodes", {0}}}}},
        {"nodes", {node}},
        {"meshes", {{{"primitives", {{{"mode", 0},
                                      {"attributes", {{"POSITION", 0}, {kExt + ":ROTATION", 1}, {kExt + ":SCALE", 2},
                                                      {kExt + ":OPACITY", 3}, {kExt + ":SH_DEGREE_0_COEF_0", 4}}},
                                      {"extensions", {{kExt, extension}}}}}}}}},
        {"bufferViews", {{{"buffer", 0}, {"byteOffset", 0}, {"byteLength", 72}, {"byteStride", 36}},
                         {{"buffer", 0}, {"byteOffset", sh0}, {"byteLength", 24}}}},
        {"accessors", {{{"bufferView", 0}, {"byteOffset", 0}, {"componentType", 5126}, {"count", 2}, {"type", "VEC3"}},
                       {{"bufferView", 0}, {"byteOffset", 12}, {"componentType", 5122}, {"normalized", true}, {"count", 2}, {"type", "VEC4"}},
                       {{"bufferView", 0}, {"byteOffset", 20}, {"componentType", 5126}, {"count", 2}, {"type", "VEC3"}},
                       {{"bufferView", 0}, {"byteOffset", 32}, {"componentType", 5121}, {"normalized", true}, {"count", 2}, {"type", "SCALAR"}},
                       {{"bufferView", 1}, {"componentType", 5126}, {"count", 2}, {"type", "VEC3"}}}},
    };
    return makeGlb(doc, bin);
}

// The JSON of a GLB we wrote.
json glbJson(const std::vector<std::uint8_t>& glb) {
    std::uint32_t length;
    std::memcpy(&length, glb.data() + 12, 4);
    return json::parse(glb.begin() + 20, glb.begin() + 20 + length);
}

// A GLB we wrote, with its JSON replaced by `doc` (same binary chunk).
std::vector<std::uint8_t> withJson(const std::vector<std::uint8_t>& glb, const json& doc) {
    std::uint32_t length;
    std::memcpy(&length, glb.data() + 12, 4);
    return makeGlb(doc, std::vector<std::uint8_t>(glb.begin() + 28 + length, glb.end()));
}

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("sw_gltf_splat_" + name + "_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

}  // namespace

TEST_CASE("KHR glTF round trip: GLB and .gltf give back every attribute (SH 3, normals); the file is +Y up") {
    const SplatCloud c = sw::test::makeRandomCloud(40, 3, 7u);
    for (bool binary : {true, false}) {
        auto bytes = encodeGltfSplat(c, {binary, Axes::Standard}, "mem");
        REQUIRE(bytes.ok());
        auto back = decodeGltfSplat(*bytes, binary ? "mem.glb" : "mem.gltf");
        REQUIRE_MESSAGE(back.ok(), sw::test::errorText(back));
        REQUIRE(back->size() == c.size());
        CHECK(back->shDegree == 3);
        for (std::size_t i = 0; i < c.size(); ++i) {
            CHECK(back->positions[i] == c.positions[i]);  // a signed permutation each way: exact
            CHECK(back->scales[i] == c.scales[i]);
            CHECK(back->opacities[i] == c.opacities[i]);
            CHECK((back->normals[i] - c.normals[i]).norm() == 0.0f);
            CHECK(std::abs(back->rotations[i].dot(c.rotations[i].normalized())) > 1.0f - 1e-6f);
            for (int a = 0; a < 3; ++a) CHECK(back->colors[i][a] == doctest::Approx(c.colors[i][a]).epsilon(1e-6));
        }
        for (std::size_t j = 0; j < c.shRest.size(); ++j) CHECK(back->shRest[j] == doctest::Approx(c.shRest[j]).epsilon(1e-5).scale(1.0));
    }
    // Model up (+Z) is the file's +Y: the POSITION accessor's bounds say so.
    SplatCloud up = sw::test::makeRandomCloud(1, 0, 3u);
    up.positions[0] = {0.f, 0.f, 5.f};
    auto glb = encodeGltfSplat(up, {}, "mem");
    REQUIRE(glb.ok());
    const json doc = glbJson(*glb);
    CHECK(doc["accessors"][0]["max"] == json::array({0.0, 5.0, 0.0}));
    CHECK(doc["extensionsUsed"] == json::array({kExt}));
    CHECK(doc["meshes"][0]["primitives"][0]["mode"] == 0);
    CHECK(doc["meshes"][0]["primitives"][0]["extensions"][kExt]["kernel"] == "ellipse");
    CHECK(!doc.contains("extensionsRequired"));  // a viewer without the extension shows points
}

TEST_CASE("KHR glTF in model axes on request: recorded in asset.extras, read back as-is (bit-exact SH)") {
    const SplatCloud c = sw::test::makeRandomCloud(20, 2, 11u);
    auto bytes = encodeGltfSplat(c, {true, Axes::Model}, "mem");
    REQUIRE(bytes.ok());
    CHECK(glbJson(*bytes)["asset"]["extras"]["splatwright"]["axes"] == "model");
    auto back = decodeGltfSplat(*bytes, "mem.glb");
    REQUIRE(back.ok());
    for (std::size_t i = 0; i < c.size(); ++i) CHECK(back->positions[i] == c.positions[i]);
    CHECK(back->shRest == c.shRest);
}

TEST_CASE("KHR glTF through cloud_io: .glb and .gltf files are splat clouds, a mesh glTF is not") {
    const fs::path dir = scratch("io");
    const SplatCloud c = sw::test::makeRandomCloud(25, 1, 5u, false);
    for (const char* name : {"cloud.glb", "cloud.gltf"}) {
        const std::string path = (dir / name).string();
        REQUIRE(writeSplatCloud(path, c).ok());
        CHECK(isSplatCloudPath(path));
        auto back = readSplatCloud(path);
        REQUIRE_MESSAGE(back.ok(), sw::test::errorText(back));
        CHECK(back->size() == 25);
        CHECK(back->positions[7] == c.positions[7]);
    }
    const std::string mesh = (dir / "mesh.gltf").string();
    std::ofstream(mesh) << R"({"asset":{"version":"2.0"},"extensionsUsed":["KHR_materials_unlit"],"meshes":[]})";
    CHECK_FALSE(isSplatCloudPath(mesh));
    auto notSplats = readSplatCloud(mesh);
    REQUIRE_FALSE(notSplats.ok());
    CHECK(sw::test::errorText(notSplats).find("no KHR_gaussian_splatting primitive") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("KHR glTF written by another tool: interleaved view, normalised integers, node TRS") {
    // Node: rotate 90° about glTF +Y, scale 2, translate (0, 0, 1) — in glTF axes.
    const double h = std::sqrt(0.5);
    auto back = decodeGltfSplat(foreignGlb({{"mesh", 0}, {"rotation", {0, h, 0, h}}, {"scale", {2, 2, 2}}, {"translation", {0, 0, 1}}}), "foreign.glb");
    REQUIRE_MESSAGE(back.ok(), sw::test::errorText(back));
    REQUIRE(back->size() == 2);
    // glTF point p → R_y(90°)·2p + (0,0,1); glTF (x, y, z) is model (x, −z, y).
    const Eigen::Vector3d g0 = Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitY()) * Eigen::Vector3d(2, 0, 0) + Eigen::Vector3d(0, 0, 1);
    const Eigen::Vector3f m0(float(g0.x()), float(-g0.z()), float(g0.y()));
    CHECK((back->positions[0] - m0).norm() < 1e-5f);
    CHECK((back->positions[1] - Eigen::Vector3f(0, -1, 4)).norm() < 1e-5f);  // (0,2,0) → (0,4,1) → model (0,−1,4)
    CHECK((back->scales[0] - Eigen::Vector3f(0.2f, 0.4f, 0.6f)).norm() < 1e-6f);
    CHECK(back->opacities[0] == 1.0f);
    CHECK(back->opacities[1] == doctest::Approx(0.2f));
    CHECK(back->colors[0][0] == doctest::Approx(0.5f));
    CHECK(back->colors[1][0] == doctest::Approx(0.5f + 0.28209479f));
    CHECK(back->colors[1][1] == doctest::Approx(0.5f - 0.28209479f));
    // The second splat's axes: its own 90° about y, then the node's: 180° about glTF y in total;
    // its covariance is isotropic, so check the first: identity turned by the node only.
    const Eigen::Vector4f q = back->rotations[0];
    const Eigen::Matrix3d r = Eigen::Quaterniond(q[0], q[1], q[2], q[3]).normalized().toRotationMatrix();
    const Eigen::Vector3d axisX = r.col(0);  // glTF x turned 90° about y is glTF −z, model +y
    CHECK((axisX - Eigen::Vector3d(0, 1, 0)).norm() < 1e-4);
}

TEST_CASE("KHR glTF under a non-uniform node scale: the covariance is scaled, not the quaternion") {
    auto back = decodeGltfSplat(foreignGlb({{"mesh", 0}, {"scale", {3, 1, 1}}}), "stretched.glb");
    REQUIRE(back.ok());
    // Splat 1: isotropic σ 0.5 stretched ×3 along glTF x (model x): σ (1.5, 0.5, 0.5) in some order.
    Eigen::Vector3f s = back->scales[1];
    std::sort(s.data(), s.data() + 3);
    CHECK((s - Eigen::Vector3f(0.5f, 0.5f, 1.5f)).norm() < 1e-5f);
    const Eigen::Vector4f q = back->rotations[1];
    const Eigen::Matrix3d r = Eigen::Quaterniond(q[0], q[1], q[2], q[3]).normalized().toRotationMatrix();
    const Eigen::Matrix3d cov = r * back->scales[1].cast<double>().cwiseAbs2().asDiagonal() * r.transpose();
    CHECK(cov(0, 0) == doctest::Approx(2.25).epsilon(1e-5));
    CHECK(back->positions[0].x() == doctest::Approx(3.0f));
}

TEST_CASE("KHR glTF bad input: one line naming the file and the problem") {
    const SplatCloud c = sw::test::makeRandomCloud(10, 1, 9u, false);
    auto good = encodeGltfSplat(c, {}, "mem");
    REQUIRE(good.ok());
    const json doc = glbJson(*good);
    auto refused = [](const std::vector<std::uint8_t>& bytes, const std::string& needle) {
        auto r = decodeGltfSplat(bytes, "bad.glb");
        REQUIRE_FALSE(r.ok());
        const std::string text = sw::test::errorText(r);
        CHECK_MESSAGE(text.find(needle) != std::string::npos, text);
        CHECK(text.find("bad.glb") != std::string::npos);
        CHECK(text.find('\n') == std::string::npos);
    };
    refused(std::vector<std::uint8_t>(good->begin(), good->begin() + std::ptrdiff_t(good->size() / 2)), "truncated");
    json d = doc;
    d["meshes"][0]["primitives"][0]["attributes"].erase(kExt + ":SCALE");
    refused(withJson(*good, d), "has no attribute KHR_gaussian_splatting:SCALE");
    d = doc;
    d["meshes"][0]["primitives"][0]["attributes"].erase(kExt + ":SH_DEGREE_1_COEF_2");
    refused(withJson(*good, d), "SH degree 1 has 2 of its 3 coefficients");
    d = doc;
    d["meshes"][0]["primitives"][0]["extensions"][kExt]["kernel"] = "cube";
    refused(withJson(*good, d), "kernel 'cube' is not supported");
    d = doc;
    d["meshes"][0]["primitives"][0]["mode"] = 4;
    refused(withJson(*good, d), "mode must be POINTS");
    d = doc;
    d["extensionsRequired"] = {"KHR_gaussian_splatting_compression_spz_2"};
    refused(withJson(*good, d), "requires extension \"KHR_gaussian_splatting_compression_spz_2\"");
    d = doc;
    d["accessors"][1]["count"] = 1000;
    d["accessors"][0]["count"] = 1000;
    refused(withJson(*good, d), "runs past the end of buffer view");
    d = doc;
    d["asset"]["version"] = "3.0";
    refused(withJson(*good, d), "glTF version 3.0");
    d = doc;
    d["accessors"][0]["componentType"] = "float";
    refused(withJson(*good, d), "invalid glTF");
    d = doc;
    d["buffers"] = {{{"byteLength", 4}, {"uri", "../../etc/passwd"}}};
    const std::string text = d.dump();
    auto outside = decodeGltfSplat(std::vector<std::uint8_t>(text.begin(), text.end()), "bad.gltf");
    REQUIRE_FALSE(outside.ok());
    CHECK(sw::test::errorText(outside).find("outside the glTF's folder") != std::string::npos);
    SplatCloud nan = c;
    nan.positions[3].x() = 0.f;
    auto nanBytes = encodeGltfSplat(nan, {}, "mem");
    REQUIRE(nanBytes.ok());
    // Write a NaN into the first POSITION value in the binary chunk.
    std::vector<std::uint8_t> poisoned = *nanBytes;
    std::uint32_t jsonLength;
    std::memcpy(&jsonLength, poisoned.data() + 12, 4);
    const float qnan = std::nanf("");
    std::memcpy(poisoned.data() + 28 + jsonLength, &qnan, 4);
    refused(poisoned, "bad.glb");
    CHECK(!encodeGltfSplat(SplatCloud{}, {}, "empty.glb").ok());
}
