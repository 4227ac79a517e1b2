// core/foliage/cull.h, the CPU reference of the foliage renderer's GPU cull (issue 35):
//   - the frustum planes of an orthographic box are its six faces, unit normals pointing in;
//   - a copy is kept while its sphere (metresPerUnit × cull radius) touches the box, culled once
//     it lies wholly outside one face;
//   - the fade culls at and past `end` only, and not at all when the fade is off;
//   - visibleCopyIndices lists the kept copies in ascending order, and only the fade without a view.
#include <doctest/doctest.h>

#include <Eigen/Core>

#include "core/foliage/cull.h"

using namespace sw;

namespace {

constexpr float PLANE_TOL = 1e-6f;

// Orthographic scene -> clip of the box [-2, 2] × [-1, 1] × [-10, -1] seen down −z.
Eigen::Matrix4f orthoBox() {
    Eigen::Matrix4f m = Eigen::Matrix4f::Identity();
    m(0, 0) = 0.5f;                              // x / 2
    m(1, 1) = 1.f;                               // y
    m(2, 2) = -2.f / 9.f;                        // z: −1 -> −1, −10 -> 1
    m(2, 3) = -11.f / 9.f;
    return m;
}

foliage::FoliageInstance at(float x, float y, float z, float scale = 1.f) {
    foliage::FoliageInstance c;
    c.origin = Eigen::Vector3f(x, y, z);
    c.metresPerUnit = scale;
    return c;
}

}  // namespace

TEST_CASE("foliage cull: the frustum planes of an orthographic box are its faces") {
    const foliage::FrustumPlanes planes = foliage::frustumPlanes(orthoBox());
    const Eigen::Vector4f expected[6] = {{1, 0, 0, 2}, {-1, 0, 0, 2}, {0, 1, 0, 1},
                                         {0, -1, 0, 1}, {0, 0, -1, -1}, {0, 0, 1, 10}};
    for (int p = 0; p < 6; ++p) {
        CAPTURE(p);
        CHECK((planes[static_cast<std::size_t>(p)] - expected[p]).norm() < PLANE_TOL);
    }
}

TEST_CASE("foliage cull: a copy is kept while its sphere touches the view") {
    const foliage::FrustumPlanes planes = foliage::frustumPlanes(orthoBox());
    const Eigen::Vector3f camera(0, 0, 0);
    const float radius = 0.5f;  // model units
    CHECK(foliage::copyVisible(at(0, 0, -5), radius, {}, &planes, camera));
    CHECK(foliage::copyVisible(at(2.4f, 0, -5), radius, {}, &planes, camera));     // 0.4 outside, radius 0.5
    CHECK_FALSE(foliage::copyVisible(at(2.6f, 0, -5), radius, {}, &planes, camera));
    CHECK(foliage::copyVisible(at(2.6f, 0, -5, 2.f), radius, {}, &planes, camera));  // radius 1 m at scale 2
    CHECK_FALSE(foliage::copyVisible(at(0, 0, -10.6f), radius, {}, &planes, camera));  // past the far face
    CHECK_FALSE(foliage::copyVisible(at(0, 0, -0.4f), radius, {}, &planes, camera));   // before the near face
    CHECK(foliage::copyVisible(at(0, 0, -0.6f), radius, {}, &planes, camera));
    CHECK(foliage::copyVisible(at(50, 0, -5), radius, {}, nullptr, camera));  // no view: only the fade
}

TEST_CASE("foliage cull: the fade culls at and past its end") {
    const Eigen::Vector3f camera(0, 0, 0);
    const foliage::FadeRange fade{3.f, 5.f};
    CHECK(foliage::copyVisible(at(0, 4.99f, 0), 1.f, fade, nullptr, camera));
    CHECK_FALSE(foliage::copyVisible(at(0, 5.f, 0), 1.f, fade, nullptr, camera));
    CHECK_FALSE(foliage::copyVisible(at(3, 4, 0), 1.f, fade, nullptr, camera));  // distance 5
    CHECK(foliage::copyVisible(at(0, 500.f, 0), 1.f, {}, nullptr, camera));      // fade off
}

TEST_CASE("foliage cull: visibleCopyIndices lists the kept copies in order") {
    const std::vector<foliage::FoliageInstance> copies = {at(0, 0, -5), at(9, 0, -5), at(0, 0, -3), at(0, 0, -20),
                                                          at(1, 0.5f, -2)};
    const Eigen::Matrix4f box = orthoBox();
    const Eigen::Vector3f camera(0, 0, 0);
    CHECK(foliage::visibleCopyIndices(copies, 0.5f, {}, &box, camera) == std::vector<std::uint32_t>{0, 2, 4});
    CHECK(foliage::visibleCopyIndices(copies, 0.5f, {1.f, 4.f}, &box, camera) == std::vector<std::uint32_t>{2, 4});
    CHECK(foliage::visibleCopyIndices(copies, 0.5f, {1.f, 11.f}, nullptr, camera) ==
          std::vector<std::uint32_t>{0, 1, 2, 4});
    CHECK(foliage::visibleCopyIndices({}, 0.5f, {}, &box, camera).empty());
}
