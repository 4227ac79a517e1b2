// importModel on small files written by the test: normalisation, axis conversion, bad input,
// missing and oversized textures, parts, glTF extension checks and the import schema.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>

#include "core/foundation/image_io.h"
#include "core/geometry/import.h"
#include "tests/support/test_support.h"

using sw::geometry::importModel;

namespace {

std::string writeText(const std::string& name, const std::string& text) {
    const std::string path = sw::test::outputDir("geometry_import") + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

// An axis-aligned box [lo, hi] as OBJ text (12 triangles), optionally under `o name`.
std::string objBox(const Eigen::Vector3f& lo, const Eigen::Vector3f& hi, int firstVertex = 1,
                   const std::string& object = {}) {
    std::ostringstream os;
    if (!object.empty()) os << "o " << object << "\n";
    for (int i = 0; i < 8; ++i)
        os << "v " << (i & 1 ? hi.x() : lo.x()) << " " << (i & 2 ? hi.y() : lo.y()) << " " << (i & 4 ? hi.z() : lo.z()) << "\n";
    const int quads[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
    for (const auto& q : quads)
        os << "f " << q[0] + firstVertex << " " << q[1] + firstVertex << " " << q[2] + firstVertex << " " << q[3] + firstVertex << "\n";
    return os.str();
}

bool hasWarning(const sw::geometry::ImportReport& r, const std::string& part) {
    for (const auto& w : r.warnings)
        if (w.find(part) != std::string::npos) return true;
    return false;
}

// RFC 4648 base64, for data: URIs in generated glTF files.
std::string base64(const std::vector<std::uint8_t>& bytes) {
    static const char* kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const std::uint32_t n = std::uint32_t(bytes[i]) << 16 | (i + 1 < bytes.size() ? std::uint32_t(bytes[i + 1]) << 8 : 0u) |
                                (i + 2 < bytes.size() ? bytes[i + 2] : 0u);
        const std::size_t rest = bytes.size() - i;
        out += kAlphabet[(n >> 18) & 63];
        out += kAlphabet[(n >> 12) & 63];
        out += rest > 1 ? kAlphabet[(n >> 6) & 63] : '=';
        out += rest > 2 ? kAlphabet[n & 63] : '=';
    }
    return out;
}

// A one-triangle glTF whose positions come from `xyz` (9 floats) in a data: URI buffer.
std::string triangleGltf(const std::string& name, const std::vector<float>& xyz) {
    std::vector<std::uint8_t> bytes(xyz.size() * 4);
    std::memcpy(bytes.data(), xyz.data(), bytes.size());
    return writeText(name, R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":36,"uri":"data:application/octet-stream;base64,)" +
        base64(bytes) + R"("}],"bufferViews":[{"buffer":0,"byteLength":36}],)"
        R"("accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3"}],)"
        R"("meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],"nodes":[{"mesh":0}],"scenes":[{"nodes":[0]}],"scene":0})");
}

std::vector<std::uint8_t> solidPng(int w, int h, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
    sw::Rgba8Image img{w, h, {}};
    for (int i = 0; i < w * h; ++i) img.rgba.insert(img.rgba.end(), {r, g, b, 255});
    auto png = sw::encodePng(img);
    REQUIRE(png.ok());
    return *png;
}

// A one-triangle glTF with UVs and two embedded data: URI images: #0 a red 4x4 (the ORM map),
// #1 a green 2x2 (the base colour). `material` is the JSON of material 0.
std::string twoImageGltf(const std::string& name, const std::string& material) {
    const std::vector<float> data = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1};  // 3 positions, 3 UVs
    std::vector<std::uint8_t> bytes(data.size() * 4);
    std::memcpy(bytes.data(), data.data(), bytes.size());
    const std::string png = "data:image/png;base64,";
    return writeText(name, R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":60,"uri":"data:application/octet-stream;base64,)" +
        base64(bytes) + R"("}],"bufferViews":[{"buffer":0,"byteLength":36},{"buffer":0,"byteOffset":36,"byteLength":24}],)"
        R"("accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3"},)"
        R"({"bufferView":1,"componentType":5126,"count":3,"type":"VEC2"}],)"
        R"("images":[{"uri":")" + png + base64(solidPng(4, 4, 255, 0, 0)) + R"("},{"uri":")" + png +
        base64(solidPng(2, 2, 0, 255, 0)) + R"("}],"textures":[{"source":0},{"source":1}],"materials":[)" + material +
        R"(],"meshes":[{"primitives":[{"attributes":{"POSITION":0,"TEXCOORD_0":1},"material":0}]}],)"
        R"("nodes":[{"mesh":0}],"scenes":[{"nodes":[0]}],"scene":0})");
}

// A textured quad OBJ with an MTL whose map_Kd is `texture`.
std::string texturedQuad(const std::string& stem, const std::string& texture) {
    writeText(stem + ".mtl", "newmtl painted\nKd 1 1 1\nmap_Kd " + texture + "\n");
    return writeText(stem + ".obj", "mtllib " + stem + ".mtl\nusemtl painted\nv 0 0 0\nv 4 0 0\nv 4 4 0\nv 0 4 0\n"
                                    "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\nf 1/1 2/2 3/3 4/4\n");
}

}  // namespace

TEST_CASE("normalisation puts the bounds in the cube of edge 1.6, converted to +Z up") {
    // Source (Y up): x 10..14, y 0..2, z -1..0  →  ours: x 10..14, y 0..1 (= -z), z 0..2 (= y).
    const std::string path = writeText("box.obj", objBox({10, 0, -1}, {14, 2, 0}));
    auto model = importModel(path);
    REQUIRE_MESSAGE(model.ok(), model.error().toString());
    const auto b = sw::geometry::computeBounds(model->mesh);
    CHECK(b.size().maxCoeff() == doctest::Approx(1.6));
    CHECK(b.center().norm() == doctest::Approx(0.0).epsilon(1e-6));
    CHECK(b.size().x() == doctest::Approx(1.6));
    CHECK(b.size().y() == doctest::Approx(0.4));  // source z extent 1
    CHECK(b.size().z() == doctest::Approx(0.8));  // source y extent 2 is our up
    CHECK(model->report.normalisation.scale == doctest::Approx(0.4));
    CHECK(model->report.normalisation.offset.x() == doctest::Approx(12));
    CHECK(model->report.normalisation.offset.y() == doctest::Approx(0.5));
    CHECK(model->report.normalisation.offset.z() == doctest::Approx(1));
    CHECK(model->report.triangles == 12);
    CHECK(model->report.winding.components == 1);
    CHECK(model->report.winding.flippedFaces == 0);

    sw::geometry::ImportSettings raw;
    raw.normalise = false;
    auto unscaled = importModel(path, raw);
    REQUIRE(unscaled.ok());
    CHECK(sw::geometry::computeBounds(unscaled->mesh).max.z() == doctest::Approx(2));
}

TEST_CASE("a mesh without normals gets its faces' area-weighted normals, not a placeholder") {
    // glTF may omit NORMAL (the Fox does). A triangle in the glTF xy plane faces glTF +z, ours −y.
    auto tri = importModel(triangleGltf("no_normals.gltf", {0, 0, 0, 1, 0, 0, 0, 1, 0}));
    REQUIRE_MESSAGE(tri.ok(), tri.error().toString());
    REQUIRE(tri->mesh.normals.size() == 3);
    for (const Eigen::Vector3f& n : tri->mesh.normals) CHECK(n.dot(Eigen::Vector3f(0, -1, 0)) == doctest::Approx(1.0));
    // An OBJ box without vn: every corner's normal points out of the box (the mean of its faces).
    auto box = importModel(writeText("box_no_vn.obj", objBox({0, 0, 0}, {2, 1, 1})));
    REQUIRE(box.ok());
    const auto& m = box->mesh;
    REQUIRE(m.normals.size() == m.positions.size());
    for (std::size_t v = 0; v < m.positions.size(); ++v)
        CHECK(m.normals[v].dot(m.positions[v].normalized()) > 0.5f);  // the box is centred at the origin
}

TEST_CASE("an inside-out box is repaired on import") {
    std::string text = objBox({0, 0, 0}, {1, 1, 1});
    std::string flipped;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("f ", 0) == 0) {  // reverse the index order of each face
            std::istringstream ls(line.substr(2));
            std::vector<std::string> idx{std::istream_iterator<std::string>(ls), {}};
            line = "f " + idx[3] + " " + idx[2] + " " + idx[1] + " " + idx[0];
        }
        flipped += line + "\n";
    }
    auto model = importModel(writeText("inside_out.obj", flipped));
    REQUIRE(model.ok());
    CHECK(model->report.winding.flippedComponents == 1);
    CHECK(model->report.winding.flippedFaces == 12);
    sw::geometry::ImportSettings keep;
    keep.repairWinding = false;
    auto kept = importModel(writeText("inside_out.obj", flipped), keep);
    REQUIRE(kept.ok());
    CHECK(kept->report.winding.flippedFaces == 0);
    CHECK(kept->report.winding.components == 1);
}

TEST_CASE("bad input is a returned error naming the file") {
    auto missing = importModel("/nonexistent/dir/model.glb");
    REQUIRE(!missing.ok());
    CHECK(missing.error().code == sw::ErrorCode::Io);
    CHECK(missing.error().path == "/nonexistent/dir/model.glb");

    auto good = importModel(triangleGltf("triangle.gltf", {0, 0, 0, 1, 0, 0, 0, 1, 0}));
    REQUIRE_MESSAGE(good.ok(), good.error().toString());
    CHECK(good->report.triangles == 1);

    const std::string nanPath = triangleGltf("nan.gltf", {0, 0, 0, 1, 0, 0, std::nanf(""), 1, 0});
    auto nan = importModel(nanPath);
    REQUIRE(!nan.ok());
    CHECK(nan.error().code == sw::ErrorCode::InvalidInput);
    CHECK(nan.error().path == nanPath);
    CHECK(nan.error().message.find("non-finite") != std::string::npos);

    // OBJ: 1e39 overflows float to +inf (Assimp's OBJ reader parses "nan" as 0).
    auto inf = importModel(writeText("inf.obj", "v 0 0 0\nv 1 0 0\nv 1e39 1 0\nf 1 2 3\n"));
    REQUIRE(!inf.ok());
    CHECK(inf.error().code == sw::ErrorCode::InvalidInput);

    auto empty = importModel(writeText("points.obj", "v 0 0 0\nv 1 0 0\np 1 2\n"));
    REQUIRE(!empty.ok());
    CHECK((empty.error().code == sw::ErrorCode::InvalidInput || empty.error().code == sw::ErrorCode::Parse));

    auto corrupt = importModel(writeText("corrupt.glb", "glTF\x02"));
    REQUIRE(!corrupt.ok());
    CHECK(corrupt.error().code == sw::ErrorCode::Parse);

    auto badJson = importModel(writeText("bad.gltf", "{ \"asset\": { \"version\": \"2.0\" }, \"meshes\": [ "));
    REQUIRE(!badJson.ok());
    CHECK(badJson.error().code == sw::ErrorCode::Parse);
    CHECK(badJson.error().message.find("JSON") != std::string::npos);
}

TEST_CASE("required meshopt/WebP extensions fail with one line naming them; Draco and basisu are read") {
    const std::string path = writeText("meshopt.gltf",
        R"({"asset":{"version":"2.0"},"extensionsUsed":["KHR_draco_mesh_compression","EXT_meshopt_compression","KHR_materials_emissive_strength","KHR_texture_basisu","EXT_texture_webp"],)"
        R"("extensionsRequired":["KHR_draco_mesh_compression","EXT_meshopt_compression","KHR_texture_basisu","EXT_texture_webp"]})");
    auto model = importModel(path);
    REQUIRE(!model.ok());
    CHECK(model.error().code == sw::ErrorCode::Unsupported);
    CHECK(model.error().message.find("extensions EXT_meshopt_compression, EXT_texture_webp (") != std::string::npos);
    CHECK(model.error().message.find("emissive_strength") == std::string::npos);
    CHECK(model.error().message.find('\n') == std::string::npos);
}

TEST_CASE("textures: missing file warns, no UVs warns, oversized fails, small warns") {
    sw::Rgba8Image small{16, 16, std::vector<std::uint8_t>(16 * 16 * 4, 128)};
    REQUIRE(sw::writePngFile(sw::test::outputDir("geometry_import") + "/small.png", small).ok());
    auto missing = importModel(texturedQuad("quad_missing", "no_such_texture.png"));
    REQUIRE_MESSAGE(missing.ok(), missing.error().toString());
    CHECK(hasWarning(missing->report, "no_such_texture.png"));
    CHECK(missing->mesh.textures.empty());
    REQUIRE(missing->mesh.materials.size() == 1);
    CHECK(missing->mesh.materials[0].baseColorTexture == -1);

    writeText("quad_nouv.mtl", "newmtl painted\nmap_Kd small.png\n");
    auto noUv = importModel(writeText("quad_nouv.obj", "mtllib quad_nouv.mtl\nusemtl painted\nv 0 0 0\nv 1 0 0\nv 1 1 0\nf 1 2 3\n"));
    REQUIRE(noUv.ok());
    CHECK(hasWarning(noUv->report, "no UVs"));
    CHECK(noUv->mesh.textures.empty());
    CHECK(noUv->mesh.uvs.empty());

    sw::Rgba8Image wide{8193, 1, std::vector<std::uint8_t>(8193 * 4, 255)};
    REQUIRE(sw::writePngFile(sw::test::outputDir("geometry_import") + "/wide.png", wide).ok());
    auto oversized = importModel(texturedQuad("quad_wide", "wide.png"));
    REQUIRE(!oversized.ok());
    CHECK(oversized.error().code == sw::ErrorCode::Unsupported);
    CHECK(oversized.error().message.find("8193x1") != std::string::npos);

    auto tiny = importModel(texturedQuad("quad_small", "small.png"));
    REQUIRE(tiny.ok());
    REQUIRE(tiny->mesh.textures.size() == 1);
    CHECK(tiny->mesh.textures[0].width == 16);
    CHECK(tiny->mesh.materials[0].baseColorTexture == 0);
    CHECK(tiny->mesh.materials[0].baseColorSource == "DIFFUSE slot");
    CHECK(hasWarning(tiny->report, "16x16"));
    sw::geometry::ImportSettings lenient;
    lenient.smallTextureWarning = 16;
    auto ok = importModel(texturedQuad("quad_small", "small.png"), lenient);
    REQUIRE(ok.ok());
    CHECK(!hasWarning(ok->report, "16x16"));
}

TEST_CASE("glTF base colour follows the baseColorTexture slot, never the first image") {
    sw::geometry::ImportSettings settings;
    settings.smallTextureWarning = 0;  // the 2x2 test texture is small on purpose
    auto model = importModel(twoImageGltf("slots.gltf",
        R"({"name":"painted","pbrMetallicRoughness":{"baseColorTexture":{"index":1},"metallicRoughnessTexture":{"index":0},)"
        R"("baseColorFactor":[0.2140411,1,1,1]},"alphaMode":"MASK","alphaCutoff":0.25,"doubleSided":true})"), settings);
    REQUIRE_MESSAGE(model.ok(), model.error().toString());
    const auto& r = model->report;
    REQUIRE(r.textures.size() == 2);
    CHECK(r.textures[0].name == "embedded #0");
    CHECK(r.textures[0].width == 4);
    REQUIRE(r.materials.size() == 1);
    CHECK(r.materials[0].baseColorTexture == 1);
    CHECK(r.materials[0].baseColorSource == "baseColorTexture");
    REQUIRE(model->mesh.textures.size() == 1);
    const auto& tex = model->mesh.textures[0];
    CHECK(tex.name == "embedded #1");
    CHECK(tex.width == 2);
    CHECK(tex.rgba[0] == 0);
    CHECK(tex.rgba[1] == 255);
    const auto& mat = model->mesh.materials[0];
    CHECK(mat.baseColorTexture == 0);
    CHECK(mat.alphaMask);
    CHECK(mat.alphaCutoff == doctest::Approx(0.25f));
    CHECK(mat.doubleSided);
    CHECK(mat.baseColorFactor[0] == doctest::Approx(0.5f).epsilon(0.01));  // linear 0.214 → sRGB 0.5
    // UVs keep the glTF convention (v down): the source vertex (0, 1, 0) has uv (0, 1) and is
    // our top vertex (+Z up).
    const auto& mesh = model->mesh;
    REQUIRE(mesh.uvs.size() == mesh.positions.size());
    std::size_t top = 0;
    for (std::size_t v = 1; v < mesh.positions.size(); ++v)
        if (mesh.positions[v].z() > mesh.positions[top].z()) top = v;
    CHECK(mesh.uvs[top].x() == doctest::Approx(0));
    CHECK(mesh.uvs[top].y() == doctest::Approx(1));
    CHECK(r.warnings.empty());
}

TEST_CASE("a .gltf whose image sits in a bufferView of its external .bin is read (glTF 2.0 allows it)") {
    // positions, UVs and a green 2x2 PNG in one external buffer "scene.bin"
    const std::vector<float> data = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1};
    std::vector<std::uint8_t> bin(data.size() * 4);
    std::memcpy(bin.data(), data.data(), bin.size());
    const auto png = solidPng(2, 2, 0, 255, 0);
    bin.insert(bin.end(), png.begin(), png.end());
    const std::string binPath = sw::test::outputDir("geometry_import") + "/scene.bin";
    std::ofstream(binPath, std::ios::binary).write(reinterpret_cast<const char*>(bin.data()), std::streamsize(bin.size()));
    auto gltf = [&](std::size_t pngLength) {
        return writeText("external_view.gltf", R"({"asset":{"version":"2.0"},"buffers":[{"byteLength":)" +
            std::to_string(bin.size()) + R"(,"uri":"scene.bin"}],"bufferViews":[{"buffer":0,"byteLength":36},)"
            R"({"buffer":0,"byteOffset":36,"byteLength":24},{"buffer":0,"byteOffset":60,"byteLength":)" +
            std::to_string(pngLength) + R"(}],"accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3"},)"
            R"({"bufferView":1,"componentType":5126,"count":3,"type":"VEC2"}],)"
            R"("images":[{"bufferView":2,"mimeType":"image/png"}],"textures":[{"source":0}],)"
            R"("materials":[{"name":"leaf","pbrMetallicRoughness":{"baseColorTexture":{"index":0}}}],)"
            R"("meshes":[{"primitives":[{"attributes":{"POSITION":0,"TEXCOORD_0":1},"material":0}]}],)"
            R"("nodes":[{"mesh":0}],"scenes":[{"nodes":[0]}],"scene":0})");
    };
    sw::geometry::ImportSettings settings;
    settings.smallTextureWarning = 0;
    auto model = importModel(gltf(png.size()), settings);
    REQUIRE_MESSAGE(model.ok(), model.error().toString());
    REQUIRE(model->mesh.textures.size() == 1);
    CHECK(model->mesh.textures[0].width == 2);
    CHECK(model->mesh.textures[0].rgba[1] == 255);
    CHECK(model->mesh.materials[0].baseColorTexture == 0);
    // a view past the end of the .bin is an error naming the model and the buffer
    auto past = importModel(gltf(png.size() + 100), settings);
    REQUIRE_FALSE(past.ok());
    CHECK(past.error().path.find("external_view.gltf") != std::string::npos);
    CHECK(past.error().message.find("runs past the end of 'scene.bin'") != std::string::npos);
}

TEST_CASE("a material without a base-colour slot falls back to its sRGB image with a warning") {
    auto model = importModel(twoImageGltf("fallback.gltf",
        R"({"name":"glowing","emissiveTexture":{"index":1},"normalTexture":{"index":0}})"));
    REQUIRE_MESSAGE(model.ok(), model.error().toString());
    REQUIRE(model->mesh.textures.size() == 1);
    CHECK(model->mesh.textures[0].name == "embedded #1");
    CHECK(model->report.materials[0].baseColorSource == "fallback: first sRGB image");
    CHECK(hasWarning(model->report, "no base-colour texture"));

    auto plain = importModel(twoImageGltf("plain.gltf", R"({"name":"plain","normalTexture":{"index":0}})"));
    REQUIRE(plain.ok());
    CHECK(plain->mesh.textures.empty());  // a normal map is never taken as colour
    CHECK(plain->report.materials[0].baseColorSource == "none");
}

TEST_CASE("parts come from object names; beyond 8 they merge into the last with a warning") {
    std::string text;
    for (int i = 0; i < 10; ++i)
        text += objBox({3.f * float(i), 0, 0}, {3.f * float(i) + 1, 1, 1}, 8 * i + 1, "part" + std::to_string(i));
    auto model = importModel(writeText("ten_parts.obj", text));
    REQUIRE(model.ok());
    const auto& mesh = model->mesh;
    CHECK(mesh.partNames.size() == 8);
    CHECK(mesh.partNames[0] == "part0");
    CHECK(hasWarning(model->report, "10 parts"));
    CHECK(model->report.winding.components == 10);
    // Boxes are 12 triangles each, in file order: the last three boxes share part 7.
    REQUIRE(mesh.facePart.size() == 120);
    CHECK(mesh.facePart[12 * 6] == 6);
    CHECK(mesh.facePart[12 * 7] == 7);
    CHECK(mesh.facePart[12 * 9] == 7);
}

TEST_CASE("the import schema declares its four parameters with units") {
    const sw::ParamSchema& schema = sw::geometry::importSchema().schema();
    CHECK(schema.stage() == "import");
    REQUIRE(schema.find("cube-edge"));
    CHECK(schema.find("cube-edge")->unit == "model units");
    CHECK(std::get<double>(schema.find("cube-edge")->defaultValue) == doctest::Approx(1.6));
    REQUIRE(schema.find("small-texture-warning"));
    CHECK(schema.find("small-texture-warning")->unit == "px");
    CHECK(schema.find("normalise"));
    CHECK(schema.find("repair-winding"));
    sw::ParamSet params(schema);
    CHECK(!params.setFromString("cube-edge", "-1").ok());
    REQUIRE(params.setFromString("cube-edge", "2").ok());
    CHECK(sw::geometry::importSchema().fromParams(params).cubeEdge == doctest::Approx(2.f));
}
