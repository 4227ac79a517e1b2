// Core/shell split, visible-disc scaling, belly cull, importance order and the 64 shell orders.
#include <doctest/doctest.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <random>

#include "core/bake/orders.h"
#include "core/bake/split_core_shell.h"
#include "core/formats/spl2.h"

using namespace sw;

TEST_CASE("major axes are the two largest sigma columns of the rotation") {
    const Eigen::Quaternionf q(Eigen::AngleAxisf(0.7f, Eigen::Vector3f(1, 2, 3).normalized()));
    const Eigen::Matrix3f r = q.toRotationMatrix();
    const bake::MajorAxes a = bake::majorAxes({q.w(), q.x(), q.y(), q.z()}, {0.02f, 0.05f, 0.001f});
    CHECK((a.ax0 - r.col(1) * 0.05f).norm() < 1e-6f);
    CHECK((a.ax1 - r.col(0) * 0.02f).norm() < 1e-6f);
    CHECK((a.minor - r.col(2)).norm() < 1e-6f);
}

TEST_CASE("visible disc radius follows PIPELINE §5") {
    CHECK(bake::visibleDiscRadius(1.f) == doctest::Approx(std::sqrt(std::log(2.0) / 4.5)));
    CHECK(bake::visibleDiscRadius(0.3f) == doctest::Approx(std::sqrt(std::log(1.1) / 4.5)));  // floored at 0.55
    CHECK(bake::visibleDiscRadius(0.95f) == doctest::Approx(std::sqrt(std::log(1.9) / 4.5)));
}

TEST_CASE("belly cull agrees with a dense sample of belt camera directions") {
    std::mt19937 rng(11);
    std::normal_distribution<float> g;
    int culled = 0;
    for (int k = 0; k < 3000; ++k) {
        Eigen::Vector3f n(g(rng), g(rng), g(rng));
        n.normalize();
        bool sampled = false;
        for (int h = 0; h < 360 && !sampled; h += 2)
            for (int e = 32; e <= 50 && !sampled; e += 1)
                sampled = n.dot(bake::directionToCamera(float(h), float(e))) > 1e-3f;
        const bool analytic = bake::facesBelt(n, 32.f, 50.f);
        if (sampled) CHECK(analytic);  // the sample grid can only miss a sliver near dot = 0
        culled += analytic ? 0 : 1;
    }
    // Culled: normals below −atan(1/tan 32°) = −58° elevation, a cap of (1 − sin 58°)/2 ≈ 7.6%.
    CHECK(culled > 3000 * 0.06);
    CHECK(culled < 3000 * 0.09);
    CHECK_FALSE(bake::facesBelt({0, 0, -1}, 32.f, 50.f));
    CHECK(bake::facesBelt({0, 0, 1}, 32.f, 50.f));
    CHECK(bake::facesBelt({1, 0, -0.6f}, 32.f, 50.f));           // cos32·1 − sin32·0.6 > 0
    CHECK_FALSE(bake::facesBelt(Eigen::Vector3f(1, 0, -1.7f).normalized(), 32.f, 50.f));  // tan(60°) below
}

TEST_CASE("split: opacity > 0.9 is core with scaled axes; belly splats are culled") {
    splat::SplatCloud cloud;
    cloud.resize(4);
    cloud.opacities = {0.95f, 0.9f, 0.5f, 1.0f};
    for (auto& s : cloud.scales) s = {0.02f, 0.01f, 0.002f};
    const std::vector<Eigen::Vector3f> normals{{0, 0, 1}, {0, 0, 1}, {1, 0, 0}, {0, 0, -1}};
    const std::vector<std::uint8_t> keep{1, 1, 1, 1};
    const bake::SplitResult r = bake::splitCoreShell(cloud, normals, keep, {});
    CHECK(r.core == std::vector<int>{0});
    CHECK(r.shell == std::vector<int>{1, 2});
    CHECK(r.bellyCulled == 1);
    CHECK(r.ax0[0].norm() == doctest::Approx(0.02f * bake::visibleDiscRadius(0.95f) * 1.2f));
    CHECK(r.ax0[1].norm() == doctest::Approx(0.02f));  // shell axes unscaled
}

TEST_CASE("importance order: opacity × major-axis area, descending") {
    const std::vector<float> op{0.95f, 1.0f, 0.92f};
    const std::vector<Eigen::Vector3f> a0{{0.01f, 0, 0}, {0.02f, 0, 0}, {0.03f, 0, 0}};
    const std::vector<Eigen::Vector3f> a1{{0, 0.01f, 0}, {0, 0.01f, 0}, {0, 0.02f, 0}};
    CHECK(bake::importanceOrder(op, a0, a1) == std::vector<int>{2, 1, 0});
}

TEST_CASE("64 shell orders are permutations, back to front for each sector's centre heading") {
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> u(-0.8f, 0.8f);
    std::vector<Eigen::Vector3f> pos(300);
    for (auto& p : pos) p = {u(rng), u(rng), u(rng)};
    const auto orders = bake::shellOrders(pos, 40.f);
    REQUIRE(orders.size() == formats::kSpl2Buckets);
    for (int b = 0; b < formats::kSpl2Buckets; ++b) {
        const auto& o = orders[std::size_t(b)];
        std::vector<std::int32_t> sorted = o;
        std::sort(sorted.begin(), sorted.end());
        for (std::size_t i = 0; i < sorted.size(); ++i) REQUIRE(sorted[i] == std::int32_t(i));
        // Back to front: distance to the camera at the centre heading never increases.
        const Eigen::Vector3f eye = 3.2f * bake::directionToCamera(bake::bucketCentreHeading(b), 40.f);
        const Eigen::Vector3f d = bake::directionToCamera(bake::bucketCentreHeading(b), 40.f);
        for (std::size_t i = 1; i < o.size(); ++i)
            CHECK(pos[std::size_t(o[i - 1])].dot(d) <= pos[std::size_t(o[i])].dot(d));
        CHECK((pos[std::size_t(o.front())] - eye).norm() > (pos[std::size_t(o.back())] - eye).norm());
    }
    CHECK(bake::bucketCentreHeading(0) == doctest::Approx(2.8125f));
    CHECK(bake::bucketCentreHeading(63) == doctest::Approx(357.1875f));
}

TEST_CASE("heading 0 puts the camera on −Y (core/render/camera.h), 90° on +X") {
    CHECK((bake::directionToCamera(0.f, 0.f) - Eigen::Vector3f(0, -1, 0)).norm() < 1e-6f);
    CHECK((bake::directionToCamera(90.f, 0.f) - Eigen::Vector3f(1, 0, 0)).norm() < 1e-6f);
    const std::vector<Eigen::Vector3f> pos{{0, -0.5f, 0}, {0, 0.5f, 0}};  // front, back
    const auto orders = bake::shellOrders(pos, 40.f);
    CHECK(orders[0] == std::vector<std::int32_t>{1, 0});   // camera near −Y: the back splat first
    CHECK(orders[32] == std::vector<std::int32_t>{0, 1});  // camera near +Y
}
