// Issue 13 on meshes built in code: snapped normals are the repaired faces' outward normals
// whatever side of the face a splat lies on, the belly cull keeps what the belt sees, thin real
// geometry survives the floater pass, barrel tips are muzzle centres, both SPZ versions are
// written, a cloud that does not fit its model is refused unless forced, AO reads open plating
// light and crevices dark (also on the baked demo drone and plated demo), and dead splats never
// reach the SPL2.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/bake/bake.h"
#include "core/bake/export.h"
#include "core/bake/surface_sample.h"
#include "core/demo/demo_drone.h"
#include "core/formats/spl2.h"
#include "core/formats/spz.h"
#include "core/foundation/file_io.h"
#include "core/geometry/gltf_writer.h"
#include "core/geometry/import.h"
#include "core/geometry/winding.h"
#include "tests/core/tst_bake_fixtures.h"
#include "tests/support/test_support.h"

using namespace sw;
namespace fs = std::filesystem;

namespace {

std::unique_ptr<geometry::RayQuery> buildQuery(const geometry::Mesh& mesh) {
    auto q = geometry::RayQuery::build(mesh);
    REQUIRE(q.ok());
    return std::move(*q);
}

void addSplat(splat::SplatCloud& cloud, const Eigen::Vector3f& p, float opacity = 1.f) {
    const std::size_t i = cloud.size();
    cloud.resize(i + 1);
    cloud.positions[i] = p;
    cloud.opacities[i] = opacity;
    cloud.scales[i] = Eigen::Vector3f(0.01f, 0.008f, 0.002f);
}

// A thin open plate (one-sided grid, z = height) over [-0.4, 0.4]², wound `up` or down.
void appendPlate(geometry::Mesh& mesh, float height, bool up, int part = 0) {
    const int base = int(mesh.positions.size());
    const int k = 4;
    for (int j = 0; j <= k; ++j)
        for (int i = 0; i <= k; ++i) mesh.positions.emplace_back(-0.4f + 0.8f * i / k, -0.4f + 0.8f * j / k, height);
    for (int j = 0; j < k; ++j)
        for (int i = 0; i < k; ++i) {
            const int a = base + j * (k + 1) + i, b = a + 1, c = a + k + 1, d = c + 1;
            if (up) {
                mesh.triangles.emplace_back(a, b, d);
                mesh.triangles.emplace_back(a, d, c);
            } else {
                mesh.triangles.emplace_back(a, d, b);
                mesh.triangles.emplace_back(a, c, d);
            }
            for (int t = 0; t < 2; ++t) {
                mesh.facePart.push_back(part);
                mesh.faceMaterial.push_back(0);
            }
        }
}

// A closed cylinder (capped) from a to b, radius r, `segments` around; outward winding.
void appendCylinder(geometry::Mesh& mesh, const Eigen::Vector3f& a, const Eigen::Vector3f& b, float r, int part,
                    int segments = 16) {
    const Eigen::Vector3f axis = (b - a).normalized();
    const Eigen::Vector3f u = axis.unitOrthogonal(), v = axis.cross(u);
    const int base = int(mesh.positions.size());
    for (int end = 0; end < 2; ++end)
        for (int s = 0; s < segments; ++s) {
            const float phi = float(2 * M_PI * s / segments);
            mesh.positions.push_back((end ? b : a) + r * (std::cos(phi) * u + std::sin(phi) * v));
        }
    mesh.positions.push_back(a);
    mesh.positions.push_back(b);
    const int ca = base + 2 * segments, cb = ca + 1;
    const auto tri = [&](int x, int y, int z) {
        mesh.triangles.emplace_back(x, y, z);
        mesh.facePart.push_back(part);
        mesh.faceMaterial.push_back(0);
    };
    for (int s = 0; s < segments; ++s) {
        const int s1 = (s + 1) % segments;
        const int a0 = base + s, a1 = base + s1, b0 = base + segments + s, b1 = base + segments + s1;
        tri(a0, a1, b1);
        tri(a0, b1, b0);
        tri(ca, a1, a0);
        tri(cb, b0, b1);
    }
}

// Every snapped normal equals the unit normal of the face it snapped to (the repaired winding).
void checkFaceNormals(const geometry::Mesh& mesh, const bake::NormalSnapResult& snap) {
    for (std::size_t i = 0; i < snap.normals.size(); ++i) {
        REQUIRE(snap.face[i] >= 0);
        const Eigen::Vector3f fn = geometry::faceNormalArea(mesh, std::size_t(snap.face[i])).normalized();
        CHECK(snap.normals[i].dot(fn) > 0.9999f);
    }
    CHECK(snap.flipped == 0);
}

}  // namespace

TEST_CASE("normal snap: splats inside, on and outside a thin open plate take the repaired plate's outward normal") {
    // A closed hull (box) with a thin open plate stacked over it, the plate wound downward (a
    // generated model's inverted plate): the winding repair turns it up; splats sit 0.01 below
    // it (inside the plate's thickness, as trained splats do), on it and 0.01 above it.
    geometry::Mesh mesh;
    test::appendBox(mesh, {-0.3f, -0.3f, -0.3f}, {0.3f, 0.3f, 0.2f});
    appendPlate(mesh, 0.3f, /*up=*/false);
    mesh = test::withDefaultMaterial(mesh);
    const geometry::WindingReport repair = geometry::repairWinding(mesh);
    CHECK(repair.flippedComponents == 1);
    const auto q = buildQuery(mesh);
    splat::SplatCloud cloud;
    for (float dz : {-0.01f, 0.f, 0.01f})
        for (int i = 0; i < 5; ++i)
            for (int j = 0; j < 5; ++j) addSplat(cloud, {-0.35f + 0.175f * i, -0.35f + 0.175f * j, 0.3f + dz});
    auto snap = bake::snapNormals(*q, mesh, cloud.positions, {});
    REQUIRE(snap.ok());
    checkFaceNormals(mesh, *snap);
    for (const auto& n : snap->normals) CHECK(n.z() > 0.9999f);  // up, also for the 25 below the plate
    CHECK(snap->behind == 25);
    CHECK(snap->inFront == 25);
    CHECK(snap->onSurface == 25);
}

TEST_CASE("normal snap: splats inside, on and outside an inward-wound closed box take its outward normals") {
    geometry::Mesh mesh;
    test::appendBox(mesh, {-0.4f, -0.3f, -0.2f}, {0.4f, 0.3f, 0.2f});
    for (auto& t : mesh.triangles) std::swap(t[1], t[2]);  // wound inward
    mesh = test::withDefaultMaterial(mesh);
    geometry::repairWinding(mesh);
    const auto q = buildQuery(mesh);
    bake::SurfaceSampleSettings s;
    s.count = 600;
    s.seed = 5;
    const splat::SplatCloud onSurface = bake::sampleSurface(mesh, s);
    splat::SplatCloud cloud;
    std::vector<Eigen::Vector3f> expected;
    for (std::size_t i = 0; i < onSurface.size(); ++i) {
        const auto cp = q->closestPoint(onSurface.positions[i]);
        const Eigen::Vector3f fn = geometry::faceNormalArea(mesh, std::size_t(cp.face)).normalized();
        // Keep clear of the edges, where the nearest face is the neighbour's.
        const Eigen::Vector3f a = onSurface.positions[i].cwiseAbs();
        int nearEdges = 0;
        nearEdges += std::abs(a.x() - 0.4f) < 0.03f;
        nearEdges += std::abs(a.y() - 0.3f) < 0.03f;
        nearEdges += std::abs(a.z() - 0.2f) < 0.03f;
        if (nearEdges > 1) continue;
        for (float d : {-0.008f, 0.f, 0.008f}) {
            addSplat(cloud, onSurface.positions[i] + d * fn);
            expected.push_back(fn);
        }
    }
    REQUIRE(cloud.size() > 900);
    auto snap = bake::snapNormals(*q, mesh, cloud.positions, {});
    REQUIRE(snap.ok());
    checkFaceNormals(mesh, *snap);
    for (std::size_t i = 0; i < cloud.size(); ++i) {
        CHECK(snap->normals[i].dot(expected[i]) > 0.9999f);
        CHECK(snap->normals[i].dot(cloud.positions[i]) > 0);  // outward: away from the centre
    }
    CHECK(snap->behind > 250);
    CHECK(snap->inFront > 250);
}

TEST_CASE("belly cull on a hull keeps the top and the sides and drops only what faces below the belt") {
    geometry::Mesh mesh;
    test::appendBox(mesh, {-0.4f, -0.4f, -0.25f}, {0.4f, 0.4f, 0.25f});
    mesh = test::withDefaultMaterial(mesh);
    bake::SurfaceSampleSettings s;
    s.count = 3000;
    s.seed = 9;
    s.shellShare = 0;
    s.normalJitter = 0.006f;  // inside and outside the skin, as trained
    const splat::SplatCloud cloud = bake::sampleSurface(mesh, s);
    bake::BakeSettings settings;
    settings.removeSilhouette = false;
    auto baked = bake::bakeModel(cloud, mesh, nullptr, settings);
    REQUIRE(baked.ok());
    std::vector<char> kept(cloud.size(), 0);
    for (int i : baked->source) kept[std::size_t(i)] = 1;
    int top = 0, sides = 0, bottom = 0, keptTop = 0, keptSides = 0, keptBottom = 0;
    for (std::size_t i = 0; i < cloud.size(); ++i) {
        const Eigen::Vector3f a = cloud.positions[i].cwiseAbs();
        // Within 0.05 of an edge either face may be nearest, and the belt sees bottom splats
        // there past the edge (belly-visible-depth): not counted.
        const bool atX = a.x() > 0.35f, atY = a.y() > 0.35f, atZ = a.z() > 0.2f;
        if (int(atX) + int(atY) + int(atZ) != 1) continue;
        const bool k = kept[i] != 0;
        if (atZ && cloud.positions[i].z() > 0) top += 1, keptTop += k;
        else if (atZ) bottom += 1, keptBottom += k;
        else sides += 1, keptSides += k;
    }
    REQUIRE(top > 300);
    REQUIRE(bottom > 300);
    CHECK(keptTop == top);
    CHECK(keptSides == sides);
    CHECK(keptBottom == 0);
    CHECK(baked->report.bellyCulled >= bottom);
    CHECK(baked->report.bellyCulled < bottom + 200);  // and what lies within 0.05 of the bottom edges
    for (const auto& d : baked->dropped) CHECK(d.signs == bake::DroppedSplat::Belly);
    // Every normal of the SPL2 points out of the box.
    for (std::size_t i = 0; i < baked->spl2.core.size(); ++i) {
        const Eigen::Vector3f p = baked->spl2.core.pos[i], n = baked->spl2.core.normal[i];
        CHECK(n.dot(p) > 0);
    }
}

TEST_CASE("a thin cable beside a big body survives the floater pass; a ghost cluster off the surface does not") {
    geometry::Mesh mesh;
    test::appendBox(mesh, {-0.5f, -0.5f, -0.3f}, {0.3f, 0.5f, 0.3f});
    mesh.partNames = {"hull", "cable"};
    appendCylinder(mesh, {0.45f, -0.45f, 0.f}, {0.45f, 0.45f, 0.f}, 0.006f, 1);  // 0.15 from the body
    mesh = test::withDefaultMaterial(mesh);
    bake::SurfaceSampleSettings s;
    s.count = 4000;
    s.seed = 4;
    s.shellShare = 0;
    splat::SplatCloud cloud = bake::sampleSurface(mesh, s);
    // The cable has too little area for the area-weighted sample: line it with splats.
    const std::size_t cableBegin = cloud.size();
    for (int i = 0; i < 60; ++i) addSplat(cloud, {0.45f, -0.44f + 0.88f * float(i) / 59.f, 0.006f});
    const std::size_t cableEnd = cloud.size();
    for (int i = 0; i < 12; ++i) addSplat(cloud, {0.6f + 0.004f * float(i), 0.f, 0.04f});  // ghost cluster
    const std::size_t n = cloud.size();
    bake::BakeSettings settings;
    settings.bellyCull = false;
    const auto q = buildQuery(mesh);
    auto snap = bake::snapNormals(*q, mesh, cloud.positions, settings);
    REQUIRE(snap.ok());
    auto floaters = bake::detectFloaters(cloud, *q, snap->surface, snap->distance, snap->side, nullptr, settings);
    REQUIRE(floaters.ok());
    CHECK(floaters->report.components >= 3);  // the cable is its own component
    for (std::size_t i = cableBegin; i < cableEnd; ++i) CHECK(floaters->removed[i] == 0);
    CHECK(floaters->report.detachedOnSurface >= int(cableEnd - cableBegin));
    for (std::size_t i = cableEnd; i < n; ++i) CHECK(floaters->detached[i] == 1);
    CHECK(floaters->report.detachedWhere.inFront == int(n - cableEnd));
    auto baked = bake::bakeModel(cloud, mesh, nullptr, settings);
    REQUIRE(baked.ok());
    std::size_t cableKept = 0;
    for (int i : baked->source) cableKept += std::size_t(i) >= cableBegin && std::size_t(i) < cableEnd ? 1 : 0;
    CHECK(cableKept == cableEnd - cableBegin);
}

TEST_CASE("barrel tips are the muzzle centres and the gun axis points out of the muzzle along X, Y and Z") {
    struct Gun {
        const char* name;
        Eigen::Vector3f breech, muzzle;
    };
    const Gun guns[] = {{"gun_x", {0.3f, 0.1f, 0.05f}, {0.75f, 0.1f, 0.05f}},
                        {"gun_y", {-0.1f, -0.3f, 0.02f}, {-0.1f, -0.78f, 0.02f}},
                        {"gun_z", {0.05f, 0.1f, -0.25f}, {0.05f, 0.1f, -0.7f}},
                        {"gun_ny", {0.2f, 0.3f, 0.1f}, {0.2f, 0.72f, 0.1f}}};
    geometry::Mesh mesh;
    test::appendSphere(mesh, {0, 0, 0}, 0.3f, 0);
    mesh.partNames = {"hull"};
    for (const Gun& g : guns) {
        const int part = int(mesh.partNames.size());
        mesh.partNames.push_back(g.name);
        appendCylinder(mesh, g.breech, g.muzzle, 0.03f, part, 12);
    }
    mesh = test::withDefaultMaterial(mesh);
    bake::SurfaceSampleSettings s;
    s.count = 1500;
    auto baked = bake::bakeModel(bake::sampleSurface(mesh, s), mesh, nullptr, {});
    REQUIRE(baked.ok());
    bake::ExportMeta meta;
    meta.mesh = &mesh;
    const auto doc = nlohmann::json::parse(bake::buildMetaJson(*baked, meta, ""));
    REQUIRE(doc["guns"].size() == 4);
    for (std::size_t k = 0; k < 4; ++k) {
        const auto& g = doc["guns"][k];
        CHECK(g["part"] == guns[k].name);
        const Eigen::Vector3f tip(g["barrel_tip"][0], g["barrel_tip"][1], g["barrel_tip"][2]);
        const Eigen::Vector3f axis(g["axis"][0], g["axis"][1], g["axis"][2]);
        CHECK((tip - guns[k].muzzle).norm() < 1e-4f);
        CHECK(axis.dot((guns[k].muzzle - guns[k].breech).normalized()) > 0.9999f);
        const Eigen::Vector3f listed(doc["barrel_tips"][k][0], doc["barrel_tips"][k][1], doc["barrel_tips"][k][2]);
        CHECK((listed - tip).norm() == 0.f);
    }
}

TEST_CASE("AO from the outward normal: open plating reads light, a crevice dark") {
    // A floor plate with a deep narrow slot: two tall walls 0.06 apart.
    geometry::Mesh mesh;
    test::appendBox(mesh, {-0.6f, -0.6f, -0.1f}, {0.6f, 0.6f, 0.f});
    test::appendBox(mesh, {-0.4f, -0.3f, 0.f}, {-0.03f, 0.3f, 0.5f});
    test::appendBox(mesh, {0.03f, -0.3f, 0.f}, {0.4f, 0.3f, 0.5f});
    mesh = test::withDefaultMaterial(mesh);
    splat::SplatCloud cloud;
    for (int i = 0; i < 10; ++i) addSplat(cloud, {-0.55f + 0.01f * float(i), 0.5f, -0.004f});  // open floor, a bit inside
    for (int i = 0; i < 10; ++i) addSplat(cloud, {0.f, -0.1f + 0.02f * float(i), 0.004f});      // slot bottom
    for (int i = 0; i < 10; ++i) addSplat(cloud, {0.1f + 0.02f * float(i), 0.f, 0.498f});      // wall top, inside
    bake::BakeSettings settings;
    settings.bellyCull = false;
    settings.removeSilhouette = false;
    settings.removeDetached = false;
    settings.aoRays = 256;
    auto baked = bake::bakeModel(cloud, mesh, nullptr, settings);
    REQUIRE(baked.ok());
    REQUIRE(baked->source.size() == 30);
    for (std::size_t k = 0; k < 30; ++k) {
        const int i = baked->source[k];
        const float ao = (k < baked->spl2.core.size() ? baked->spl2.core.attrs[k] : baked->spl2.shell.attrs[k - baked->spl2.core.size()]).x();
        if (i < 10) CHECK(ao > 0.8f);  // the walls 0.2 away take a little of its sky
        else if (i < 20) CHECK(ao < 0.25f);
        else CHECK(ao > 0.95f);
    }
}

TEST_CASE("dead splats never reach the SPL2 and are reported") {
    geometry::Mesh mesh;
    test::appendSphere(mesh, {0, 0, 0}, 0.4f);
    mesh = test::withDefaultMaterial(mesh);
    bake::SurfaceSampleSettings s;
    s.count = 1000;
    splat::SplatCloud cloud = bake::sampleSurface(mesh, s);
    for (std::size_t i = 0; i < cloud.size(); i += 4) cloud.opacities[i] = 0.002f;  // 250 dead
    bake::BakeSettings settings;
    settings.bellyCull = false;
    auto baked = bake::bakeModel(cloud, mesh, nullptr, settings);
    REQUIRE(baked.ok());
    CHECK(baked->report.dead == 250);
    for (float o : baked->spl2.shell.opacity) CHECK(o > settings.deadOpacity);
    for (float o : baked->spl2.core.opacity) CHECK(o > settings.deadOpacity);
    CHECK(baked->report.core + baked->report.shell == 750 - std::size_t(baked->report.floaters.removed));
}

TEST_CASE("the normalised-space hint fires for a shifted cloud only, not for interior splats of the right one") {
    geometry::Mesh mesh;
    test::appendBox(mesh, {-0.5f, -0.5f, -0.5f}, {0.5f, 0.5f, 0.5f});
    mesh = test::withDefaultMaterial(mesh);
    bake::SurfaceSampleSettings s;
    s.count = 1200;
    splat::SplatCloud cloud = bake::sampleSurface(mesh, s);
    const std::size_t n = cloud.size();
    for (int i = 0; i < 600; ++i) addSplat(cloud, {-0.3f + 0.001f * float(i), 0.1f, 0.f});  // deep inside: far, fine
    auto right = bake::bakeModel(cloud, mesh, nullptr, {});
    REQUIRE(right.ok());
    CHECK(right->report.floaters.removedWhere.behind >= 600);
    bool hint = false, many = false;
    for (const auto& w : right->report.warnings) {
        hint |= w.find("normalised space") != std::string::npos;
        many |= w.find("behind their face") != std::string::npos;
    }
    CHECK_FALSE(hint);
    CHECK(many);
    splat::SplatCloud shifted = cloud;
    shifted.resize(n);
    for (auto& p : shifted.positions) p = p * 3.f + Eigen::Vector3f(2.f, 0, 0);
    auto wrong = bake::bakeModel(shifted, mesh, nullptr, {});
    REQUIRE(wrong.ok());
    hint = false;
    for (const auto& w : wrong->report.warnings) hint |= w.find("normalised space") != std::string::npos;
    CHECK(hint);
}

TEST_CASE("export writes SPZ v3 and v4, a dropped-splat picture, and refuses a cloud of another model unless forced") {
    geometry::Mesh mesh;
    test::appendSphere(mesh, {0, 0, 0}, 0.45f);
    mesh = test::withDefaultMaterial(mesh);
    bake::SurfaceSampleSettings s;
    s.count = 1000;
    splat::SplatCloud cloud = bake::sampleSurface(mesh, s);
    addSplat(cloud, {0, 0, 0.8f});  // one far floater
    auto baked = bake::bakeModel(cloud, mesh, nullptr, {});
    REQUIRE(baked.ok());
    const std::string dir = test::outputDir("bake_truth_export");
    for (const char* sub : {"/out", "/out4", "/wrong", "/hash", "/hash2"}) fs::remove_all(dir + sub);
    const std::string source = dir + "/model.bin";
    REQUIRE(writeFileAtomic(source, std::string_view("the model")).ok());
    bake::ExportMeta meta;
    meta.mesh = &mesh;
    meta.sourceModelPath = source;
    auto res = bake::exportModel(*baked, baked->cloud, meta, dir + "/out", "m");
    REQUIRE(res.ok());
    auto v3 = readFileBytes(dir + "/out/m.spz");
    auto v4 = readFileBytes(dir + "/out/m.v4.spz");
    REQUIRE(v3.ok());
    REQUIRE(v4.ok());
    auto c3 = formats::decodeSpz(*v3, "m.spz");
    auto c4 = formats::decodeSpz(*v4, "m.v4.spz");
    REQUIRE(c3.ok());
    REQUIRE(c4.ok());
    CHECK(c3->size() == baked->cloud.size());
    CHECK(c4->size() == baked->cloud.size());
    CHECK(*v3 != *v4);
    auto png = readImageFile(dir + "/out/m.dropped.png");
    REQUIRE(png.ok());
    CHECK(png->width == 3 * png->height);

    // One version only: <name>.spz in it.
    bake::ExportSettings only4;
    only4.spzVersion = bake::SpzVersions::V4;
    REQUIRE(bake::exportModel(*baked, baked->cloud, meta, dir + "/out4", "m", only4).ok());
    CHECK_FALSE(fs::exists(dir + "/out4/m.v4.spz"));
    CHECK(readFileBytes(dir + "/out4/m.spz").value() == *v4);

    // The same cloud against a small sphere it was not trained on: refused, forced through.
    geometry::Mesh other;
    test::appendSphere(other, {0.5f, 0, 0}, 0.1f);
    other = test::withDefaultMaterial(other);
    auto mismatched = bake::bakeModel(cloud, other, nullptr, {});
    REQUIRE(mismatched.ok());
    meta.mesh = &other;
    auto refused = bake::exportModel(*mismatched, mismatched->cloud, meta, dir + "/wrong", "m");
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().code == ErrorCode::InvalidInput);
    CHECK(refused.error().path == source);
    CHECK(refused.error().message.find("far from the model's surface") != std::string::npos);
    CHECK_FALSE(fs::exists(dir + "/wrong/m.bin"));
    bake::ExportSettings force;
    force.force = true;
    CHECK(bake::exportModel(*mismatched, mismatched->cloud, meta, dir + "/wrong", "m", force).ok());

    // A model hash that differs from the one recorded with the cloud: refused, forced through.
    meta.mesh = &mesh;
    meta.recordedModelHash = 0x1234;
    auto hashed = bake::exportModel(*baked, baked->cloud, meta, dir + "/hash", "m");
    REQUIRE_FALSE(hashed.ok());
    CHECK(hashed.error().message.find("not the one recorded with the cloud") != std::string::npos);
    CHECK(bake::exportModel(*baked, baked->cloud, meta, dir + "/hash", "m", force).ok());
    const std::string text = "the model";
    meta.recordedModelHash = bake::fnv1a64({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()});
    CHECK(bake::exportModel(*baked, baked->cloud, meta, dir + "/hash2", "m").ok());

    // The export schema declares the flags the CLI shows.
    const ParamSchema& es = bake::exportSchema().schema();
    REQUIRE(es.find("spz-version") != nullptr);
    CHECK(std::get<std::string>(es.find("spz-version")->defaultValue) == "3+4");
    REQUIRE(es.find("force") != nullptr);
    CHECK(std::get<bool>(es.find("force")->defaultValue) == false);
}

TEST_CASE("the debug JSON and the meta report state normals flipped, splats per sign and the belly cull") {
    geometry::Mesh mesh;
    test::appendBox(mesh, {-0.4f, -0.4f, -0.25f}, {0.4f, 0.4f, 0.25f});
    mesh = test::withDefaultMaterial(mesh);
    bake::SurfaceSampleSettings s;
    s.count = 1500;
    s.normalJitter = 0.005f;
    splat::SplatCloud cloud = bake::sampleSurface(mesh, s);
    addSplat(cloud, {0, 0, 0.6f});
    auto baked = bake::bakeModel(cloud, mesh, nullptr, {});
    REQUIRE(baked.ok());
    const auto debug = nlohmann::json::parse(bake::buildDebugJson(*baked));
    const auto& r = debug["report"];
    CHECK(r["normals"]["flipped"] == 0);
    CHECK(int(r["normals"]["centres_behind_face"]) + int(r["normals"]["centres_on_face"]) +
              int(r["normals"]["centres_in_front_of_face"]) == int(cloud.size()));
    CHECK(r["floaters"]["far"] >= 1);
    CHECK(r["floaters"]["where"]["far"]["in_front_of_face"] >= 1);
    CHECK(r["belly_culled"] == baked->report.bellyCulled);
    CHECK(baked->report.bellyCulled > 100);
    CHECK(r["belly_culled_where"]["count"] == baked->report.bellyCulled);
}

TEST_CASE("the baked demo's AO channel reads open plating light and only crevices dark (issue 14)") {
    // The demo models as the pipeline imports them (GLB → importModel: winding repaired), a cloud
    // sampled on their surface standing for the surface-initialised training (centres ±0.005 off
    // the skin, as trained splats sit), baked with the default settings. Issue 14's complaint
    // was 91 % of a drone's splats below 0.1 with a median of 0; docs/bake.md records the
    // distribution on trained clouds.
    for (const demo::DemoStyle style : {demo::DemoStyle::Drone, demo::DemoStyle::Plated}) {
        demo::DemoSettings ds = style == demo::DemoStyle::Plated ? demo::platedBossSettings() : demo::DemoSettings{};
        ds.textureSize = 256;
        auto drone = demo::generateDemoDrone(ds);
        REQUIRE(drone.ok());
        const std::string glb = test::outputDir("bake_truth") + (style == demo::DemoStyle::Plated ? "/plated.glb" : "/drone.glb");
        REQUIRE(geometry::writeGlb(drone->mesh, glb).ok());
        auto model = geometry::importModel(glb);
        REQUIRE(model.ok());
        bake::SurfaceSampleSettings s;
        s.count = 4000;
        s.normalJitter = 0.005f;
        const splat::SplatCloud cloud = bake::sampleSurface(model->mesh, s);
        auto baked = bake::bakeModel(cloud, model->mesh, nullptr, bake::BakeSettings{});
        REQUIRE(baked.ok());
        std::vector<float> ao;
        for (const auto& a : baked->spl2.core.attrs) ao.push_back(a.x());
        for (const auto& a : baked->spl2.shell.attrs) ao.push_back(a.x());
        REQUIRE(ao.size() > 3000);
        const double dark = double(std::count_if(ao.begin(), ao.end(), [](float v) { return v < 0.1f; })) / double(ao.size());
        std::sort(ao.begin(), ao.end());
        const float p25 = ao[ao.size() / 4], median = ao[ao.size() / 2], p90 = ao[ao.size() * 9 / 10];
        MESSAGE(std::string(style == demo::DemoStyle::Plated ? "plated" : "drone") << ": AO < 0.1 " << 100 * dark << " %, p25 " << p25
                << ", median " << median << ", p90 " << p90);
        CHECK(dark < 0.2);       // crevices, the faces under the guns, the belly
        CHECK(median > 0.6f);    // most of the skin sees most of the dome
        CHECK(p90 > 0.9f);       // open plating reads light
        CHECK(p25 > 0.3f);
    }
}
