// cloudFit: a cloud sampled on the model fits it (stray splats included); the same cloud moved
// far off, scaled ×20 or shrunk to a point does not.
#include <doctest/doctest.h>

#include "core/bake/cloud_fit.h"
#include "core/bake/surface_sample.h"
#include "core/formats/ply.h"
#include "core/demo/demo_drone.h"

using namespace sw;

TEST_CASE("cloudFit tells a cloud of the model from one of elsewhere") {
    auto drone = demo::generateDemoDrone(demo::DemoSettings{});
    REQUIRE(drone.ok());
    bake::SurfaceSampleSettings ss;
    ss.seed = 5;
    splat::SplatCloud cloud = bake::sampleSurface(drone->mesh, ss);
    REQUIRE(cloud.size() > 1000);
    const geometry::Bounds bounds = geometry::computeBounds(drone->mesh);

    const bake::CloudFit own = bake::cloudFit(cloud, bounds);
    CHECK(own.fits);
    CHECK(own.inside > 0.99);
    CHECK(own.sizeRatio == doctest::Approx(1.0).epsilon(0.2));

    // A few far floaters (0.5 %) do not make it foreign.
    splat::SplatCloud stray = cloud;
    for (std::size_t i = 0; i < stray.size(); i += 200) stray.positions[i] += Eigen::Vector3f(40.f, 0.f, 0.f);
    CHECK(bake::cloudFit(stray, bounds).fits);

    splat::SplatCloud moved = cloud, big = cloud, tiny = cloud;
    for (Eigen::Vector3f& p : moved.positions) p += Eigen::Vector3f(5.f, -3.f, 2.f);
    for (Eigen::Vector3f& p : big.positions) p *= 20.f;
    for (Eigen::Vector3f& p : tiny.positions) p *= 0.05f;
    const bake::CloudFit farAway = bake::cloudFit(moved, bounds), huge = bake::cloudFit(big, bounds),
                         point = bake::cloudFit(tiny, bounds);
    CHECK_FALSE(farAway.fits);
    CHECK(farAway.inside < 0.1);
    CHECK_FALSE(huge.fits);
    CHECK(huge.sizeRatio > 10.0);
    CHECK_FALSE(point.fits);
    CHECK(point.sizeRatio < 0.1);
    CHECK_FALSE(bake::cloudFit(splat::SplatCloud{}, bounds).fits);
}

TEST_CASE("a PLY another trainer wrote in the model's own axes is read lying on the model; a 3DGS one is left") {
    auto drone = demo::generateDemoDrone(demo::DemoSettings{});
    REQUIRE(drone.ok());
    bake::SurfaceSampleSettings ss;
    ss.seed = 7;
    const splat::SplatCloud onModel = bake::sampleSurface(drone->mesh, ss);
    REQUIRE(onModel.size() > 1000);
    // gsplat on our dataset: model space stored in a PLY without our axes marker, which the
    // reader takes as 3DGS y-down and turns.
    auto raw = formats::encodePly(onModel, "gsplat.ply", {formats::Axes::Model});
    REQUIRE(raw.ok());
    std::string text(raw->begin(), raw->end());
    const auto at = text.find("splatwright-axes");
    REQUIRE(at != std::string::npos);
    text.replace(at, 16, "produced-by-axes");  // no axes marker any more: a foreign PLY
    text.replace(text.find("written by Splatwright"), 22, "written by gsplat 1.6x");
    auto read = formats::decodePly(std::vector<std::uint8_t>(text.begin(), text.end()), "gsplat.ply");
    REQUIRE(read.ok());
    CHECK((read->positions[0] - onModel.positions[0]).norm() > 1e-3f);  // turned by the reader
    const bake::SurfaceShares before = bake::surfaceShares(*read, "gsplat.ply", drone->mesh);
    CHECK(before.unturned > 0.95);
    CHECK(before.asRead < 0.5);
    splat::SplatCloud cloud = *read;
    const std::string why = bake::orientOnModel(cloud, "gsplat.ply", drone->mesh);
    CHECK(why.find("gsplat.ply: its splats lie on the model only as stored") == 0);
    for (std::size_t i = 0; i < cloud.size(); i += 97) {
        CHECK((cloud.positions[i] - onModel.positions[i]).norm() < 1e-5f);
        CHECK(std::abs(cloud.rotations[i].dot(onModel.rotations[i])) > 0.99999f);
    }
    // Our own export (3DGS axes, marked) reads onto the model and is left alone; so is a cloud
    // that lies on the model in neither reading (a capture of something else).
    auto ours = formats::encodePly(onModel, "ours.ply");
    REQUIRE(ours.ok());
    auto back = formats::decodePly(*ours, "ours.ply");
    REQUIRE(back.ok());
    splat::SplatCloud kept = *back;
    CHECK(bake::orientOnModel(kept, "ours.ply", drone->mesh).empty());
    CHECK((kept.positions[0] - onModel.positions[0]).norm() < 1e-5f);
    splat::SplatCloud elsewhere = onModel;
    for (Eigen::Vector3f& p : elsewhere.positions) p += Eigen::Vector3f(5.f, 0.f, 0.f);
    CHECK(bake::orientOnModel(elsewhere, "scan.ply", drone->mesh).empty());
}
