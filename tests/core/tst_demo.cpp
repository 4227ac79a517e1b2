// core/demo: the generated boss drone (plates, inverted winding, parts, painted atlas) and the
// GLB writer, read back by a minimal GLB parser written here (independent of the writer).
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <numeric>
#include <set>

#include "core/demo/demo_drone.h"
#include "core/foundation/file_io.h"
#include "core/foundation/image_io.h"
#include "core/geometry/gltf_writer.h"
#include "core/geometry/import.h"
#include "core/geometry/ray_query.h"
#include "tests/support/test_support.h"

namespace {

using sw::demo::DemoDrone;
using sw::demo::DemoSettings;
using sw::geometry::Mesh;

DemoDrone generate(const DemoSettings& settings = {}) {
    auto drone = sw::demo::generateDemoDrone(settings);
    REQUIRE_MESSAGE(drone.ok(), drone.error().toString());
    return std::move(drone).value();
}

// Connected components by shared vertex indices (union-find), one id per face.
std::vector<int> componentsByIndex(const Mesh& mesh, int& count) {
    std::vector<int> parent(mesh.positions.size());
    std::iota(parent.begin(), parent.end(), 0);
    auto find = [&](int v) {
        while (parent[v] != v) v = parent[v] = parent[parent[v]];
        return v;
    };
    for (const auto& t : mesh.triangles)
        for (int k = 1; k < 3; ++k) parent[find(t[k])] = find(t[0]);
    std::map<int, int> ids;
    std::vector<int> face;
    for (const auto& t : mesh.triangles) face.push_back(ids.emplace(find(t[0]), static_cast<int>(ids.size())).first->second);
    count = static_cast<int>(ids.size());
    return face;
}

// PIPELINE §1 vote per component: Σ dot(unnormalised face normal, face centre − area-weighted centroid).
std::vector<double> windingVotes(const Mesh& mesh, const std::vector<int>& faceComponent, int count) {
    Eigen::Vector3d centroid = Eigen::Vector3d::Zero();
    double area = 0;
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        const auto& t = mesh.triangles[f];
        const double a = 0.5 * static_cast<double>(sw::geometry::faceNormalArea(mesh, f).norm());
        centroid += a * ((mesh.positions[t[0]] + mesh.positions[t[1]] + mesh.positions[t[2]]) / 3.f).cast<double>();
        area += a;
    }
    centroid /= area;
    std::vector<double> votes(static_cast<std::size_t>(count), 0.0);
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        const auto& t = mesh.triangles[f];
        const Eigen::Vector3d c = ((mesh.positions[t[0]] + mesh.positions[t[1]] + mesh.positions[t[2]]) / 3.f).cast<double>();
        votes[static_cast<std::size_t>(faceComponent[f])] += sw::geometry::faceNormalArea(mesh, f).cast<double>().dot(c - centroid);
    }
    return votes;
}

// A minimal GLB reader: header, JSON chunk, BIN chunk (glTF 2.0 §4.4).
struct Glb {
    nlohmann::json doc;
    std::vector<std::uint8_t> bin;
};

std::uint32_t u32(const std::vector<std::uint8_t>& b, std::size_t at) {
    REQUIRE(at + 4 <= b.size());
    return static_cast<std::uint32_t>(b[at]) | static_cast<std::uint32_t>(b[at + 1]) << 8 |
           static_cast<std::uint32_t>(b[at + 2]) << 16 | static_cast<std::uint32_t>(b[at + 3]) << 24;
}

Glb parseGlb(const std::vector<std::uint8_t>& b) {
    REQUIRE(b.size() >= 28);
    CHECK(u32(b, 0) == 0x46546C67u);  // "glTF"
    CHECK(u32(b, 4) == 2u);
    CHECK(u32(b, 8) == b.size());
    const std::uint32_t jsonLen = u32(b, 12);
    CHECK(u32(b, 16) == 0x4E4F534Au);  // "JSON"
    CHECK(jsonLen % 4 == 0);
    REQUIRE(20 + jsonLen + 8 <= b.size());
    Glb glb;
    glb.doc = nlohmann::json::parse(b.begin() + 20, b.begin() + 20 + jsonLen);
    const std::size_t binAt = 20 + jsonLen;
    const std::uint32_t binLen = u32(b, binAt);
    CHECK(u32(b, binAt + 4) == 0x004E4942u);  // "BIN\0"
    REQUIRE(binAt + 8 + binLen == b.size());
    glb.bin.assign(b.begin() + static_cast<std::ptrdiff_t>(binAt + 8), b.end());
    return glb;
}

std::vector<float> readFloats(const Glb& glb, int accessor) {
    const auto& acc = glb.doc["accessors"][accessor];
    const auto& view = glb.doc["bufferViews"][acc["bufferView"].get<int>()];
    const int comps = acc["type"] == "VEC3" ? 3 : acc["type"] == "VEC2" ? 2 : 1;
    REQUIRE(acc["componentType"] == 5126);
    std::vector<float> out(acc["count"].get<std::size_t>() * comps);
    REQUIRE(view["byteOffset"].get<std::size_t>() + out.size() * 4 <= glb.bin.size());
    REQUIRE(view["byteLength"].get<std::size_t>() == out.size() * 4);
    std::memcpy(out.data(), glb.bin.data() + view["byteOffset"].get<std::size_t>(), out.size() * 4);
    return out;
}

}  // namespace

TEST_CASE("the same seed gives byte-identical GLBs, another seed a different one") {
    const DemoSettings a;
    DemoSettings b;
    b.seed = 8;
    auto glbA1 = sw::geometry::encodeGlb(generate(a).mesh);
    auto glbA2 = sw::geometry::encodeGlb(generate(a).mesh);
    auto glbB = sw::geometry::encodeGlb(generate(b).mesh);
    REQUIRE(glbA1.ok());
    REQUIRE(glbA2.ok());
    REQUIRE(glbB.ok());
    CHECK(*glbA1 == *glbA2);
    CHECK(*glbA1 != *glbB);
}

TEST_CASE("the drone is made of open plates, each its own connected component") {
    const DemoDrone drone = generate();
    const Mesh& mesh = drone.mesh;
    int count = 0;
    const std::vector<int> comp = componentsByIndex(mesh, count);
    CHECK(count == DemoSettings{}.plates);
    CHECK(count >= 100);
    REQUIRE(drone.componentInverted.size() == static_cast<std::size_t>(count));
    REQUIRE(drone.faceComponent.size() == mesh.triangleCount());
    // The generator's plate ids are the connected components, one for one.
    std::map<int, std::set<int>> plateToComp;
    for (std::size_t f = 0; f < comp.size(); ++f) plateToComp[drone.faceComponent[f]].insert(comp[f]);
    CHECK(plateToComp.size() == static_cast<std::size_t>(count));
    for (const auto& [plate, comps] : plateToComp) CHECK(comps.size() == 1);
    // Open: every plate has boundary edges (an edge used by one face only).
    std::map<std::pair<int, int>, int> edgeUse;
    for (const auto& t : mesh.triangles)
        for (int k = 0; k < 3; ++k) ++edgeUse[{std::min(t[k], t[(k + 1) % 3]), std::max(t[k], t[(k + 1) % 3])}];
    std::vector<int> boundary(static_cast<std::size_t>(count), 0);
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f)
        for (int k = 0; k < 3; ++k) {
            const auto& t = mesh.triangles[f];
            if (edgeUse[{std::min(t[k], t[(k + 1) % 3]), std::max(t[k], t[(k + 1) % 3])}] == 1) ++boundary[comp[f]];
        }
    CHECK(std::count(boundary.begin(), boundary.end(), 0) == 0);
    // Plates have "a few to a few dozen" triangles.
    std::vector<int> faces(static_cast<std::size_t>(count), 0);
    for (int c : comp) ++faces[static_cast<std::size_t>(c)];
    CHECK(*std::min_element(faces.begin(), faces.end()) >= 2);
    CHECK(*std::max_element(faces.begin(), faces.end()) <= 96);
}

TEST_CASE("the inverted share follows the setting and the PIPELINE §1 vote finds exactly those plates") {
    for (float share : {0.4f, 0.25f, 0.f}) {
        DemoSettings s;
        s.invertedShare = share;
        s.seed = 21;
        s.textureSize = 256;
        const DemoDrone drone = generate(s);
        const double got = static_cast<double>(drone.invertedCount()) / drone.componentInverted.size();
        CHECK(std::abs(got - static_cast<double>(share)) <= 0.1);
        int count = 0;
        const std::vector<int> comp = componentsByIndex(drone.mesh, count);
        const std::vector<double> votes = windingVotes(drone.mesh, comp, count);
        int mismatches = 0;
        for (std::size_t f = 0; f < comp.size(); ++f)
            mismatches += (votes[comp[f]] < 0) != drone.componentInverted[drone.faceComponent[f]];
        CHECK_MESSAGE(mismatches == 0, "share " << share << ": faces whose vote disagrees with the ground truth");
    }
}

TEST_CASE("vertex normals agree with the winding of every plate, inverted or not") {
    const DemoDrone drone = generate();
    const Mesh& mesh = drone.mesh;
    int disagree = 0;
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        const Eigen::Vector3f n = sw::geometry::faceNormalArea(mesh, f);
        const auto& t = mesh.triangles[f];
        disagree += n.dot(mesh.normals[t[0]] + mesh.normals[t[1]] + mesh.normals[t[2]]) < 0;
    }
    CHECK(disagree == 0);
}

TEST_CASE("parts: hull, two guns on the flanks and an engine at the back, inside the 1.6 cube") {
    const DemoDrone drone = generate();
    const Mesh& mesh = drone.mesh;
    REQUIRE(mesh.partNames == std::vector<std::string>{"hull", "gun_left", "gun_right", "engine"});
    std::vector<Eigen::Vector3f> centre(4, Eigen::Vector3f::Zero());
    std::vector<int> faces(4, 0);
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        centre[mesh.facePart[f]] += mesh.positions[mesh.triangles[f][0]];
        ++faces[mesh.facePart[f]];
    }
    for (int p = 0; p < 4; ++p) REQUIRE(faces[p] > 0);
    CHECK(centre[1].x() / faces[1] > 0.3f);   // gun_left on +X (the drone's left, nose towards −Y)
    CHECK(centre[2].x() / faces[2] < -0.3f);  // gun_right on −X
    CHECK(centre[3].y() / faces[3] > 0.3f);   // engine at the back
    const auto bounds = sw::geometry::computeBounds(mesh);
    // Fitted to the 1.6 cube: centred, longest side 1.6 (the importer's normalisation is identity).
    CHECK(bounds.size().maxCoeff() == doctest::Approx(1.6).epsilon(1e-5));
    CHECK(bounds.center().norm() < 1e-5f);
    CHECK(mesh.uvs.size() == mesh.positions.size());
    for (const auto& uv : mesh.uvs) REQUIRE((uv.minCoeff() >= 0.f && uv.maxCoeff() <= 1.f));
}

TEST_CASE("the painted texture is 1024², dark metal with a few saturated accent lights") {
    const DemoDrone drone = generate();
    const Mesh& mesh = drone.mesh;
    REQUIRE(mesh.materials.size() == 1);
    CHECK(mesh.materials[0].name == "drone_paint");
    REQUIRE(mesh.materials[0].baseColorTexture == 0);
    const auto& img = mesh.textures.at(0);
    REQUIRE(img.width == 1024);
    REQUIRE(img.height == 1024);
    std::size_t saturated = 0;
    double luma = 0;
    const std::size_t n = static_cast<std::size_t>(img.width) * img.height;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint8_t* p = &img.rgba[i * 4];
        const int hi = std::max({p[0], p[1], p[2]}), lo = std::min({p[0], p[1], p[2]});
        saturated += hi >= 200 && hi - lo >= 180;
        luma += (0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]) / 255.0;
    }
    CHECK(saturated >= 500);     // eye, exhausts and accent lights
    CHECK(saturated < n / 50);   // ... but rare: emission by rarity must have something to find
    CHECK(luma / n < 0.35);      // dark gunmetal / olive paint
    const std::string png = sw::test::outputDir("demo") + "/demo_texture.png";
    CHECK(sw::writePngFile(png, sw::Rgba8Image{img.width, img.height, img.rgba}).ok());
}

TEST_CASE("the GLB parses back: header, chunks, nodes per part, accessors match the mesh, +Y up") {
    const DemoDrone drone = generate();
    const Mesh& mesh = drone.mesh;
    const std::string path = sw::test::outputDir("demo") + "/demo_drone.glb";
    REQUIRE(sw::geometry::writeGlb(mesh, path).ok());
    auto bytes = sw::readFileBytes(path);
    REQUIRE(bytes.ok());
    const Glb glb = parseGlb(*bytes);
    const auto& doc = glb.doc;
    CHECK(doc["asset"]["version"] == "2.0");
    std::vector<std::string> nodeNames;
    std::size_t indices = 0, vertices = 0;
    Eigen::Vector3f lo = Eigen::Vector3f::Constant(1e9f), hi = -lo;
    for (const auto& node : doc["nodes"]) {
        nodeNames.push_back(node["name"]);
        for (const auto& prim : doc["meshes"][node["mesh"].get<int>()]["primitives"]) {
            CHECK(prim["material"] == 0);
            indices += doc["accessors"][prim["indices"].get<int>()]["count"].get<std::size_t>();
            const int posAcc = prim["attributes"]["POSITION"];
            const auto& acc = doc["accessors"][posAcc];
            vertices += acc["count"].get<std::size_t>();
            CHECK(doc["accessors"][prim["attributes"]["NORMAL"].get<int>()]["count"] == acc["count"]);
            CHECK(doc["accessors"][prim["attributes"]["TEXCOORD_0"].get<int>()]["count"] == acc["count"]);
            const std::vector<float> pos = readFloats(glb, posAcc);
            for (std::size_t i = 0; i < pos.size(); ++i) {
                lo[i % 3] = std::min(lo[i % 3], pos[i]);
                hi[i % 3] = std::max(hi[i % 3], pos[i]);
                CHECK(pos[i] >= acc["min"][i % 3].get<float>());
                CHECK(pos[i] <= acc["max"][i % 3].get<float>());
            }
        }
    }
    CHECK(nodeNames == mesh.partNames);
    CHECK(indices == 3 * mesh.triangleCount());
    CHECK(vertices == mesh.vertexCount());
    const auto bounds = sw::geometry::computeBounds(mesh);  // (x, y, z)_ours → (x, z, −y)_gltf
    CHECK(lo.x() == bounds.min.x());
    CHECK(hi.y() == bounds.max.z());
    CHECK(lo.z() == -bounds.max.y());
    const auto& pbr = doc["materials"][0]["pbrMetallicRoughness"];
    CHECK(doc["materials"][0]["name"] == "drone_paint");
    CHECK(pbr["metallicFactor"] == 0.0);
    CHECK(pbr["roughnessFactor"] == 1.0);
    const int image = doc["textures"][pbr["baseColorTexture"]["index"].get<int>()]["source"];
    CHECK(doc["images"][image]["mimeType"] == "image/png");
    const auto& view = doc["bufferViews"][doc["images"][image]["bufferView"].get<int>()];
    const std::span<const std::uint8_t> png(glb.bin.data() + view["byteOffset"].get<std::size_t>(), view["byteLength"].get<std::size_t>());
    auto decoded = sw::decodeImage(png, "embedded #0");
    REQUIRE(decoded.ok());
    CHECK(decoded->width == 1024);
    CHECK(decoded->rgba == mesh.textures[0].rgba);
}

TEST_CASE("the GLB round-trips through importModel, whose winding repair flips exactly the inverted plates") {
    const DemoDrone drone = generate();
    const std::string path = sw::test::outputDir("demo") + "/demo_drone_roundtrip.glb";
    REQUIRE(sw::geometry::writeGlb(drone.mesh, path).ok());
    auto model = sw::geometry::importModel(path);
    REQUIRE_MESSAGE(model.ok(), model.error().toString());
    const Mesh& mesh = model->mesh;
    CHECK(mesh.triangleCount() == drone.mesh.triangleCount());
    CHECK(mesh.partNames == drone.mesh.partNames);
    REQUIRE(mesh.materials.size() == 1);
    REQUIRE(mesh.materials[0].baseColorTexture >= 0);
    const auto& tex = mesh.textures[static_cast<std::size_t>(mesh.materials[0].baseColorTexture)];
    CHECK(tex.width == 1024);
    CHECK(tex.height == 1024);
    CHECK(model->report.winding.components == static_cast<int>(drone.componentInverted.size()));
    CHECK(model->report.winding.flippedComponents == drone.invertedCount());
    CHECK(model->report.normalisation.scale == doctest::Approx(1.0).epsilon(1e-4));
    CHECK(model->report.normalisation.offset.norm() < 1e-4f);
}

TEST_CASE("bad settings and bad meshes are returned errors, not crashes") {
    DemoSettings s;
    s.plates = 0;
    auto bad = sw::demo::generateDemoDrone(s);
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().code == sw::ErrorCode::InvalidInput);
    CHECK(bad.error().message.find("plates") != std::string::npos);

    auto cancel = std::make_shared<sw::CancelToken>();
    cancel->cancel();
    auto cancelled = sw::demo::generateDemoDrone(DemoSettings{}, sw::Progress([](double, std::string_view) {}, cancel));
    REQUIRE_FALSE(cancelled.ok());
    CHECK(cancelled.error().code == sw::ErrorCode::Cancelled);

    Mesh mesh;
    mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    mesh.triangles = {{0, 1, 3}};
    auto st = sw::geometry::writeGlb(mesh, sw::test::outputDir("demo") + "/bad.glb");
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().code == sw::ErrorCode::InvalidInput);
    CHECK(st.error().message.find("index out of range") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(sw::test::outputDir("demo") + "/bad.glb"));

    mesh.triangles = {{0, 1, 2}};
    auto io = sw::geometry::writeGlb(mesh, "/nonexistent-splatwright-dir/x.glb");
    REQUIRE_FALSE(io.ok());
    CHECK(io.error().code == sw::ErrorCode::Io);
    CHECK(io.error().path == "/nonexistent-splatwright-dir/x.glb");
}

TEST_CASE("a bare mesh (no normals, UVs or materials) exports one node per part and nothing more") {
    Mesh mesh;
    mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {0, 1, 1}};
    mesh.triangles = {{0, 1, 2}, {3, 4, 5}};
    mesh.facePart = {1, 0};
    mesh.partNames = {"body", "lid"};
    auto bytes = sw::geometry::encodeGlb(mesh);
    REQUIRE_MESSAGE(bytes.ok(), bytes.error().toString());
    const Glb glb = parseGlb(*bytes);
    const auto& doc = glb.doc;
    REQUIRE(doc["nodes"].size() == 2);
    CHECK(doc["nodes"][0]["name"] == "body");
    CHECK(doc["nodes"][1]["name"] == "lid");
    CHECK_FALSE(doc.contains("materials"));
    CHECK_FALSE(doc.contains("images"));
    const auto& prim = doc["meshes"][doc["nodes"][0]["mesh"].get<int>()]["primitives"][0];
    CHECK_FALSE(prim.contains("material"));
    CHECK_FALSE(prim["attributes"].contains("NORMAL"));
    CHECK_FALSE(prim["attributes"].contains("TEXCOORD_0"));
    // "body" holds face 1: (0,0,1), (1,0,1), (0,1,1) → glTF (x, z, −y).
    const std::vector<float> pos = readFloats(glb, prim["attributes"]["POSITION"].get<int>());
    CHECK(pos == std::vector<float>{0, 1, 0, 1, 1, 0, 0, 1, -1});
}

// ---- the plated style (issue 14): a closed hull under coarse open plates -----------------------

namespace {

DemoDrone platedBoss(std::uint32_t seed = 7) {
    DemoSettings s = sw::demo::platedBossSettings();
    s.seed = seed;
    s.textureSize = 512;
    return generate(s);
}

}  // namespace

TEST_CASE("plated: a closed hull plus 240 open plates, a third inverted, deterministic from the seed") {
    const DemoSettings boss = sw::demo::platedBossSettings();
    CHECK(boss.style == sw::demo::DemoStyle::Plated);
    CHECK(boss.plates == 240);
    const DemoDrone a = platedBoss(), a2 = platedBoss(), b = platedBoss(8);
    auto glbA = sw::geometry::encodeGlb(a.mesh), glbA2 = sw::geometry::encodeGlb(a2.mesh), glbB = sw::geometry::encodeGlb(b.mesh);
    REQUIRE(glbA.ok());
    REQUIRE(glbA2.ok());
    REQUIRE(glbB.ok());
    CHECK(*glbA == *glbA2);
    CHECK(*glbA != *glbB);

    const Mesh& mesh = a.mesh;
    int count = 0;
    const std::vector<int> comp = componentsByIndex(mesh, count);
    CHECK(count == 241);
    CHECK(a.hullComponent == 0);
    CHECK(a.openPlateCount() == 240);
    CHECK(a.invertedCount() == 80);
    CHECK_FALSE(a.componentInverted[0]);
    std::map<int, std::set<int>> plateToComp;
    for (std::size_t f = 0; f < comp.size(); ++f) plateToComp[a.faceComponent[f]].insert(comp[f]);
    CHECK(plateToComp.size() == 241u);
    for (const auto& [plate, comps] : plateToComp) CHECK(comps.size() == 1);

    // Edges by position (the hull's seam column doubles its vertices for the UVs): the hull is
    // closed (every edge used twice), every plate is open.
    std::map<std::pair<std::array<float, 3>, std::array<float, 3>>, int> edgeUse;
    auto key = [&](int v) { const auto& p = mesh.positions[v]; return std::array<float, 3>{p.x(), p.y(), p.z()}; };
    for (const auto& t : mesh.triangles)
        for (int k = 0; k < 3; ++k) ++edgeUse[std::minmax(key(t[k]), key(t[(k + 1) % 3]))];
    std::vector<int> boundary(241, 0);
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f)
        for (int k = 0; k < 3; ++k) {
            const auto& t = mesh.triangles[f];
            const int use = edgeUse[std::minmax(key(t[k]), key(t[(k + 1) % 3]))];
            if (a.faceComponent[f] == 0) CHECK(use == 2);
            boundary[static_cast<std::size_t>(a.faceComponent[f])] += use == 1;
        }
    CHECK(boundary[0] == 0);
    CHECK(std::count(boundary.begin() + 1, boundary.end(), 0) == 0);

    // Coarse plates: 4 or 8 outline points fanned from point 0 (every face uses the plate's first vertex).
    std::map<int, std::set<int>> plateVerts;
    std::map<int, int> fanHub;
    int notFan = 0;
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        const int p = a.faceComponent[f];
        if (p == 0) continue;
        const auto& t = mesh.triangles[f];
        for (int k = 0; k < 3; ++k) plateVerts[p].insert(t[k]);
        const int hub = *plateVerts[p].begin();
        fanHub.emplace(p, hub);
        notFan += t[0] != fanHub[p] && t[1] != fanHub[p] && t[2] != fanHub[p];
    }
    CHECK(notFan == 0);
    for (const auto& [p, verts] : plateVerts) CHECK((verts.size() == 4 || verts.size() == 8));
    REQUIRE(mesh.partNames == std::vector<std::string>{"hull"});
    const auto bounds = sw::geometry::computeBounds(mesh);
    CHECK(bounds.size().maxCoeff() == doctest::Approx(1.6).epsilon(1e-5));
}

TEST_CASE("plated: the hull shows in the gaps between plates, and the plates stand off the hull") {
    const DemoDrone boss = platedBoss();
    const Mesh& mesh = boss.mesh;
    auto query = sw::geometry::RayQuery::build(mesh);
    REQUIRE(query.ok());
    // Rays from a sphere around the model towards the centre: what do they hit first?
    int hull = 0, plates = 0;
    const int n = 2000;
    for (int i = 0; i < n; ++i) {  // Fibonacci sphere directions
        const float z = 1.f - 2.f * (static_cast<float>(i) + 0.5f) / n, r = std::sqrt(1.f - z * z);
        const float phi = 2.39996323f * static_cast<float>(i);
        const Eigen::Vector3f d(r * std::cos(phi), r * std::sin(phi), z);
        const auto hit = (*query)->intersect(3.f * d, -d);
        if (!hit.hit) continue;
        (boss.faceComponent[static_cast<std::size_t>(hit.face)] == 0 ? hull : plates)++;
    }
    const double hullShare = static_cast<double>(hull) / (hull + plates);
    CHECK(hull + plates == n);
    CHECK(hullShare > 0.12);  // gaps and the uncovered ends
    CHECK(hullShare < 0.5);   // ... but mostly plated
    // Every plate vertex stands off the hull (a ray back along its outward normal hits the hull).
    int standing = 0, plateVerts = 0;
    std::vector<bool> seen(mesh.positions.size(), false);
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        if (boss.faceComponent[f] == 0) continue;
        for (int k = 0; k < 3; ++k) {
            const int v = mesh.triangles[f][k];
            if (seen[v]) continue;
            seen[v] = true;
            ++plateVerts;
            const Eigen::Vector3f p = mesh.positions[v];
            const auto hit = (*query)->intersect(p, -p.normalized(), 1e-4f, 0.2f);
            standing += hit.hit && hit.distance > 0.005f;
        }
    }
    CHECK(standing >= plateVerts * 9 / 10);
}

TEST_CASE("plated: the PIPELINE §1 vote and the importer's repair find exactly the inverted plates") {
    const DemoDrone boss = platedBoss(13);
    int count = 0;
    const std::vector<int> comp = componentsByIndex(boss.mesh, count);
    const std::vector<double> votes = windingVotes(boss.mesh, comp, count);
    int mismatches = 0;
    for (std::size_t f = 0; f < comp.size(); ++f)
        mismatches += (votes[comp[f]] < 0) != boss.componentInverted[boss.faceComponent[f]];
    CHECK(mismatches == 0);
    const std::string path = sw::test::outputDir("demo") + "/demo_plated.glb";
    REQUIRE(sw::geometry::writeGlb(boss.mesh, path).ok());
    auto model = sw::geometry::importModel(path);
    REQUIRE_MESSAGE(model.ok(), model.error().toString());
    CHECK(model->report.winding.flippedComponents == boss.invertedCount());
}
