// Raw clouds drawn without the bake (core/render/cloud_preview.h): the split, the importance
// order and the 64 shell orders follow docs/bake.md, and the result is a valid SPL2 model.
#include <doctest/doctest.h>

#include <cmath>

#include "core/render/cloud_preview.h"
#include "core/render/links.h"
#include "core/render/splat_renderer.h"

using namespace sw::render;

TEST_CASE("cloud preview: opacity split, importance order, back-to-front shell orders") {
    sw::splat::SplatCloud cloud;
    cloud.resize(6);
    const float opacity[6] = {0.95f, 0.5f, 1.f, 0.3f, 0.92f, 0.6f};
    for (std::size_t i = 0; i < 6; ++i) {
        cloud.positions[i] = Eigen::Vector3f(0.f, 0.1f * static_cast<float>(i), 0.f);
        cloud.scales[i] = Eigen::Vector3f(0.01f * static_cast<float>(i + 1), 0.005f, 0.001f);
        cloud.opacities[i] = opacity[i];
    }
    const sw::formats::Spl2Model m = previewModelFromCloud(cloud);
    REQUIRE(sw::formats::validateSpl2(m, "preview").ok());
    REQUIRE(m.core.size() == 3);  // opacity > 0.9: splats 0, 2, 4
    REQUIRE(m.shell.size() == 3);
    // Importance opacity × |ax0|·|ax1| descending: splat 4 (0.92·0.05), 2 (1·0.03), 0 (0.95·0.01).
    CHECK(m.core.pos[0].y() == doctest::Approx(0.4f));
    CHECK(m.core.pos[1].y() == doctest::Approx(0.2f));
    CHECK(m.core.pos[2].y() == doctest::Approx(0.0f));
    // Core axes × r̂·1.2 with r̂ = sqrt(ln(op/0.5)/4.5); shell axes unscaled.
    const float rHat = std::sqrt(std::log(1.f / 0.5f) / 4.5f);
    CHECK(m.core.ax0[1].norm() == doctest::Approx(0.03f * rHat * 1.2f).epsilon(1e-4));
    CHECK(m.shell.ax0[0].norm() == doctest::Approx(0.02f).epsilon(1e-4));
    // Heading 0 looks from −Y: the splat farthest along +Y (shell 2 at y 0.5) is drawn first;
    // heading 180 looks from +Y: the order reverses.
    CHECK(m.orders[0] == std::vector<std::int32_t>{2, 1, 0});
    CHECK(m.orders[32] == std::vector<std::int32_t>{0, 1, 2});
    // No shape classes stored: the renderer derives them by size percentile (the value at rank
    // ⌊q·(n − 1)⌋ of the sorted sizes): p40 = 4, p85 = 8 for 1..10.
    const std::vector<int> classes = shapeClassesBySize(std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
    CHECK(classes == std::vector<int>{0, 0, 0, 0, 1, 1, 1, 2, 2, 2});
}

TEST_CASE("links: base points are the chunk centroids, moved by the effects") {
    sw::formats::Spl2Model m;
    m.core.resize(2);
    m.core.attrs[0] = Eigen::Vector4f(1.f, 0.f, 0.f, 0.f);   // part 0
    m.core.attrs[1] = Eigen::Vector4f(1.f, 16.f, 0.f, 0.f);  // part 1
    m.core.pos[0] = Eigen::Vector3f(-0.5f, 0.f, 0.f);
    m.core.pos[1] = Eigen::Vector3f(0.5f, 0.f, 0.f);
    EffectParams e;
    // Without a CHNK tail: one point per part present.
    auto base = effectBasePoints(m, e);
    REQUIRE(base.size() == 2);
    CHECK(base[1].isApprox(Eigen::Vector3f(0.5f, 0.f, 0.f)));
    // part_xform lifts part 1 by 0.2: its base point follows.
    e.partXform = 1;
    e.partOffset[1] = Eigen::Vector3f(0.f, 0.f, 0.2f);
    base = effectBasePoints(m, e);
    CHECK(base[0].isApprox(Eigen::Vector3f(-0.5f, 0.f, 0.f)));
    CHECK(base[1].isApprox(Eigen::Vector3f(0.5f, 0.f, 0.2f)));
    // With chunks: their centroids, each with its part.
    sw::formats::Spl2ChunkTail tail;
    tail.chunks.resize(3);
    tail.chunks[2].centroid = Eigen::Vector3f(0.f, 0.3f, 0.f);
    tail.chunks[2].part = 1;
    m.chunks = tail;
    base = effectBasePoints(m, e);
    REQUIRE(base.size() == 3);
    CHECK(base[2].isApprox(Eigen::Vector3f(0.f, 0.3f, 0.2f)));
}
