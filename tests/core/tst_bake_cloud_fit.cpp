// cloudFit: a cloud sampled on the model fits it (stray splats included); the same cloud moved
// far off, scaled ×20 or shrunk to a point does not.
#include <doctest/doctest.h>

#include "core/bake/cloud_fit.h"
#include "core/bake/surface_sample.h"
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
