// Normal snap and the four floater signs on meshes built in code, with planted floaters.
#include <doctest/doctest.h>

#include <filesystem>

#include "core/bake/floaters.h"
#include "core/bake/normal_snap.h"
#include "core/bake/surface_sample.h"
#include "core/dataset/belt.h"
#include "core/dataset/transforms.h"
#include "core/foundation/image_io.h"
#include "core/geometry/winding.h"
#include "tests/core/tst_bake_fixtures.h"
#include "tests/support/test_support.h"

using namespace sw;

namespace {

std::unique_ptr<geometry::RayQuery> buildQuery(const geometry::Mesh& mesh) {
    auto q = geometry::RayQuery::build(mesh);
    REQUIRE(q.ok());
    return std::move(*q);
}

void addSplat(splat::SplatCloud& cloud, const Eigen::Vector3f& p, float sigma = 0.005f) {
    const std::size_t i = cloud.size();
    cloud.resize(i + 1);
    cloud.positions[i] = p;
    cloud.scales[i] = Eigen::Vector3f(sigma, sigma, sigma * 0.2f);
}

std::vector<float> distances(const geometry::RayQuery& q, const splat::SplatCloud& cloud,
                             std::vector<Eigen::Vector3f>& surface) {
    std::vector<float> d;
    for (const auto& p : cloud.positions) {
        const auto cp = q.closestPoint(p);
        d.push_back(cp.distance);
        surface.push_back(cp.point);
    }
    return d;
}

}  // namespace

TEST_CASE("normal snap takes the repaired face's outward normal, whichever side the centre lies on") {
    geometry::Mesh mesh;
    test::appendSphere(mesh, Eigen::Vector3f::Zero(), 0.5f);
    for (auto& t : mesh.triangles) std::swap(t[1], t[2]);  // wound inward: the import's repair turns it out
    mesh = test::withDefaultMaterial(mesh);
    CHECK(geometry::repairWinding(mesh).flippedComponents == 1);
    const auto q = buildQuery(mesh);
    bake::SurfaceSampleSettings s;
    s.count = 400;
    s.seed = 3;
    splat::SplatCloud cloud = bake::sampleSurface(mesh, s);  // exactly on the surface
    addSplat(cloud, Eigen::Vector3f(0, 0, 0.56f));            // outside: normal up
    addSplat(cloud, Eigen::Vector3f(0, 0, 0.44f));            // inside: still the outward normal, up
    auto snap = bake::snapNormals(*q, mesh, cloud.positions, {});
    REQUIRE(snap.ok());
    const std::size_t n = cloud.size();
    for (std::size_t i = 0; i + 2 < n; ++i) CHECK(snap->normals[i].dot(cloud.positions[i].normalized()) > 0.95f);
    CHECK(snap->normals[n - 2].z() > 0.95f);
    CHECK(snap->normals[n - 1].z() > 0.95f);
    CHECK(snap->distance[n - 2] == doctest::Approx(0.06f).epsilon(0.05));
    CHECK(snap->side[n - 2] == 1);
    CHECK(snap->side[n - 1] == -1);
    CHECK(snap->flipped == 0);
}

TEST_CASE("four floater signs find their planted floaters and flag no healthy splat") {
    const geometry::Mesh mesh = test::slabMesh();
    const auto q = buildQuery(mesh);
    bake::SurfaceSampleSettings s;
    s.count = 12000;
    s.seed = 5;
    s.normalJitter = 0.004f;
    splat::SplatCloud cloud = bake::sampleSurface(mesh, s);
    const std::size_t healthy = cloud.size();
    addSplat(cloud, Eigen::Vector3f(0.1f, 0.2f, 0.35f));  // far: 0.30 above the slab
    const std::size_t cluster = cloud.size();
    for (int k = 0; k < 12; ++k)  // detached: a tight ghost cluster 0.05 above the top (not far)
        addSplat(cloud, Eigen::Vector3f(-0.2f + 0.002f * float(k % 4), 0.1f + 0.002f * float(k / 4), 0.1f));
    const std::size_t rim = cloud.size();
    addSplat(cloud, Eigen::Vector3f(0.64f, 0.f, -0.04f));  // sticks out past the slab edge, 0.04 away, low
    std::vector<Eigen::Vector3f> surface;
    const auto d = distances(*q, cloud, surface);
    CHECK(d[rim] < 0.055f);
    CHECK(d[cluster] < 0.055f);

    bake::FloaterSettings fs;
    auto r = bake::detectFloaters(cloud, *q, surface, d, {}, nullptr, fs);
    REQUIRE(r.ok());
    CHECK(r->far[healthy] == 1);
    for (std::size_t k = cluster; k < cluster + 12; ++k) {
        CHECK(r->detached[k] == 1);
        CHECK(r->far[k] == 0);
    }
    CHECK(r->silhouette[rim] == 1);
    CHECK(r->far[rim] == 0);
    int healthyFlagged = 0;
    for (std::size_t i = 0; i < healthy; ++i) healthyFlagged += r->removed[i];
    CHECK(healthyFlagged == 0);
    CHECK(r->report.far == 1);
    CHECK(r->report.datasetSkipped);
    CHECK(r->report.dataset == 0);
    CHECK(r->report.removed == 14);
    CHECK(r->report.distanceP50 < 0.004f);
    CHECK(r->report.silhouetteViews == 360);
}

TEST_CASE("detached sign keeps only the largest component") {
    std::vector<Eigen::Vector3f> pts;
    for (int i = 0; i < 50; ++i) pts.emplace_back(0.01f * float(i), 0, 0);
    for (int i = 0; i < 5; ++i) pts.emplace_back(0.01f * float(i), 1, 0);
    int components = 0, largest = 0;
    const auto flag = bake::detachedSign(pts, 0.015f, &components, &largest);
    CHECK(components == 2);
    CHECK(largest == 50);
    for (int i = 0; i < 55; ++i) CHECK(flag[std::size_t(i)] == (i >= 50 ? 1 : 0));
}

TEST_CASE("dataset sign flags a splat that projects only onto transparent background") {
    const geometry::Mesh mesh = test::slabMesh();
    const auto q = buildQuery(mesh);
    const std::string dir = test::outputDir("bake_dataset");
    dataset::BeltSettings belt;
    belt.trainViews = 24;
    const int size = 96;
    const double fovX = belt.fovX * M_PI / 180.0;
    const dataset::Intrinsics k = dataset::intrinsicsFromFovX(fovX, size, size);
    dataset::DatasetSplit split;
    split.cameraAngleX = fovX;
    const auto poses = dataset::trainPoses(belt);
    for (std::size_t v = 0; v < poses.size(); ++v) {
        Rgba8Image img{size, size, std::vector<std::uint8_t>(std::size_t(size * size * 4), 0)};
        const Eigen::Matrix4d& c2w = poses[v].cameraToWorld;
        for (int y = 0; y < size; ++y)
            for (int x = 0; x < size; ++x) {
                const Eigen::Vector3d dirCam((x + 0.5 - k.cx) / k.fx, -(y + 0.5 - k.cy) / k.fy, -1.0);
                const Eigen::Vector3d ray = (c2w.block<3, 3>(0, 0) * dirCam).normalized();
                const bool hit = q->intersect(c2w.block<3, 1>(0, 3).cast<float>(), ray.cast<float>()).hit;
                img.rgba[std::size_t((y * size + x) * 4 + 3)] = hit ? 255 : 0;
            }
        const std::string name = "r_" + std::to_string(v);
        REQUIRE(writePngFile(dir + "/" + name + ".png", img).ok());
        split.frames.push_back({"./" + name, c2w, {}});
    }
    REQUIRE(dataset::writeTransforms(dir + "/transforms_train.json", split).ok());

    auto views = bake::loadDatasetViews(dir);
    REQUIRE(views.ok());
    CHECK(views->images.size() == 24);
    bake::SurfaceSampleSettings s;
    s.count = 3000;
    s.seed = 9;
    s.normalJitter = 0.004f;
    splat::SplatCloud cloud = bake::sampleSurface(mesh, s);
    const std::size_t healthy = cloud.size();
    addSplat(cloud, Eigen::Vector3f(1.2f, 0.f, 0.08f));  // outside every view's silhouette
    const auto flag = bake::datasetSign(cloud, *views, {});
    CHECK(flag[healthy] == 1);
    int healthyFlagged = 0;
    for (std::size_t i = 0; i < healthy; ++i) healthyFlagged += flag[i];
    CHECK(healthyFlagged == 0);

    auto missing = bake::loadDatasetViews(dir + "/nope");
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().message.find("transforms_train.json") != std::string::npos);
}
