// Card trimming leaves the rendered image unchanged (issue 35 §7, "trimming leaves the rendered
// image unchanged within the golden metric while cutting card area"): a model and its trimmed copy
// (core/foliage trimCards) drawn by the mesh renderer from the same cameras, 4× MSAA, the mask
// tested at the pixel's mip level (the viewport) and per sample at full resolution (the
// dataset), differ in at most kMaxDifferingShare of the pixels by more than kChannelTolerance
// (tests/golden/README.md), while the card area falls by the share trimCards reports.
//   - a generated fixture: a bent strip of 4 quads on a needle texture beside a quad leaf card;
//   - pine-tree-1 (../shared/assets; the `foliage_trim_pine` test, skipped when absent).
// Images go to <build>/tests/output/foliage_trim_render/ for a look.
#include <doctest/doctest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "core/foliage/trim.h"
#include "core/geometry/import.h"
#include "core/render/headless_context.h"
#include "core/render/mesh_renderer.h"
#include "tests/gl/golden.h"
#include "tests/gl/tst_splat_fixture.h"
#include "tests/support/test_support.h"

using namespace sw;

namespace {

// 128 × 256: a twig down the middle with needles either side, in the top seven eighths; the
// rest transparent (alpha 0); colour varies with position so misplaced texels would show.
geometry::Image needleTexture() {
    geometry::Image img;
    img.name = "needles";
    img.width = 128;
    img.height = 256;
    img.rgba.assign(static_cast<std::size_t>(img.width * img.height * 4), 0);
    for (int y = 0; y < img.height; ++y)
        for (int x = 0; x < img.width; ++x) {
            const auto px = static_cast<std::size_t>((y * img.width + x) * 4);
            const float fx = x + 0.5f - 64.f, fy = y + 0.5f;
            img.rgba[px] = static_cast<std::uint8_t>(40 + y / 4);
            img.rgba[px + 1] = static_cast<std::uint8_t>(90 + x / 2);
            img.rgba[px + 2] = 50;
            const float along = std::fmod(fy, 16.f), side = std::abs(fx);
            const bool twig = side < 2.f, needle = side < 40.f && std::abs(along - 0.6f * side) < 1.2f;
            img.rgba[px + 3] = fy < 224.f && (twig || needle) ? 255 : 0;
        }
    return img;
}

// A round leaf on a 64² texture (alpha 255 on the disc, 0 elsewhere).
geometry::Image leafTexture() {
    geometry::Image img;
    img.name = "leaf";
    img.width = img.height = 64;
    img.rgba.assign(64 * 64 * 4, 0);
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 64; ++x) {
            const auto px = static_cast<std::size_t>((y * 64 + x) * 4);
            img.rgba[px] = 60;
            img.rgba[px + 1] = static_cast<std::uint8_t>(120 + x);
            img.rgba[px + 2] = 40;
            img.rgba[px + 3] = std::hypot(x + 0.5f - 30.f, y + 0.5f - 34.f) < 22.f ? 255 : 0;
        }
    return img;
}

// The fixture: a strip of 4 quads 0.6 wide, 0.5 long each, bent 0.4 rad per quad (material 0)
// and a 1 × 1 quad leaf card (material 1), normals per vertex.
geometry::Mesh cardFixture() {
    geometry::Mesh m;
    m.partNames = {"plant"};
    m.textures = {needleTexture(), leafTexture()};
    geometry::Material needles, leaf;
    needles.name = "M_Needles";
    leaf.name = "M_Leaf";
    needles.alphaMask = leaf.alphaMask = true;
    needles.alphaCutoff = 0.3f;
    needles.doubleSided = leaf.doubleSided = true;
    needles.baseColorTexture = 0;
    leaf.baseColorTexture = 1;
    m.materials = {needles, leaf};
    Eigen::Vector3f at(0, 0, 0), dir(0, 0, 1);
    for (int r = 0; r <= 4; ++r) {
        const Eigen::Vector3f n = Eigen::Vector3f::UnitX().cross(dir).normalized();
        for (float x : {-0.3f, 0.3f}) {
            m.positions.push_back(at + Eigen::Vector3f(x, 0, 0));
            m.uvs.emplace_back(x < 0.f ? 0.f : 1.f, 1.f - r / 4.f);
            m.normals.push_back(n);
        }
        at += 0.5f * dir;
        dir = Eigen::AngleAxisf(0.4f, Eigen::Vector3f::UnitX()) * dir;
    }
    for (int r = 0; r < 4; ++r) {
        m.triangles.emplace_back(2 * r, 2 * r + 1, 2 * r + 3);
        m.triangles.emplace_back(2 * r, 2 * r + 3, 2 * r + 2);
    }
    const int b = static_cast<int>(m.positions.size());
    m.positions.insert(m.positions.end(), {{0.8f, 0, 0.2f}, {1.8f, 0, 0.2f}, {1.8f, 0, 1.2f}, {0.8f, 0, 1.2f}});
    m.uvs.insert(m.uvs.end(), {{0, 1}, {1, 1}, {1, 0}, {0, 0}});
    m.normals.insert(m.normals.end(), 4, Eigen::Vector3f(0, -1, 0));
    m.triangles.emplace_back(b, b + 1, b + 2);
    m.triangles.emplace_back(b, b + 2, b + 3);
    m.faceMaterial = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1};
    m.facePart.assign(m.triangles.size(), 0);
    return m;
}

struct View {
    float azimuthDeg, elevationDeg;
};

// Renders `before` and `after` from each view with both mask modes; checks every pair within the
// golden metric and returns the worst share of differing pixels.
double checkSameImages(const geometry::Mesh& before, const geometry::Mesh& after, const char* name,
                       std::initializer_list<View> views, int width, int height) {
    auto context = test::requireContext();
    REQUIRE(context);
    auto renderer = render::MeshRenderer::create(context->loader());
    REQUIRE_MESSAGE(renderer.ok(), (renderer.ok() ? "" : renderer.error().toString()));
    const std::string dir = test::goldenOutputDir() + "/../foliage_trim_render";
    std::filesystem::create_directories(dir);
    double worst = 0.0;
    int k = 0;
    for (const View& v : views)
        for (bool perSample : {false, true}) {
            render::Camera camera;
            camera.azimuthDeg = v.azimuthDeg;
            camera.elevationDeg = v.elevationDeg;
            camera.frame(geometry::computeBounds(before), float(width) / float(height));
            render::RenderSettings settings;
            settings.width = width;
            settings.height = height;
            settings.samples = 4;
            settings.maskPerSample = perSample;
            Rgba8Image images[2];
            for (int i = 0; i < 2; ++i) {
                REQUIRE((*renderer)->setMesh(i == 0 ? before : after).ok());
                auto image = (*renderer)->renderImage(camera, settings);
                REQUIRE_MESSAGE(image.ok(), (image.ok() ? "" : image.error().toString()));
                images[i] = std::move(*image);
                (void)writePngFile(dir + "/" + name + "_" + std::to_string(k) + (i == 0 ? "_untrimmed" : "_trimmed") + ".png",
                                   images[i]);
            }
            long drawn = 0;  // the model must cover a fair number of pixels for the check to mean anything
            for (std::size_t p = 0; p < images[0].rgba.size(); p += 4) drawn += !(images[0].rgba[p] == 128 && images[0].rgba[p + 1] == 128);
            CHECK(drawn > static_cast<long>(width) * height / 100);
            const long differing = test::countDifferingPixels(images[0], images[1]);
            const double share = double(differing) / (double(width) * double(height));
            std::printf("%s view %d (az %.0f, el %.0f, mask %s): %ld pixels differ (%.3f %%)\n", name, k, double(v.azimuthDeg),
                        double(v.elevationDeg), perSample ? "per sample" : "at mip level", differing, 100.0 * share);
            CHECK_MESSAGE(share <= test::kMaxDifferingShare, name << " view " << k << ": " << differing << " pixels differ");
            worst = std::max(worst, share);
            ++k;
        }
    (*renderer)->release();
    return worst;
}

double cardArea(const geometry::Mesh& m) {
    double a = 0.0;
    for (std::size_t f = 0; f < m.triangles.size(); ++f) {
        if (!m.materials[static_cast<std::size_t>(m.faceMaterial[f])].alphaMask) continue;
        const Eigen::Vector3i t = m.triangles[f];
        a += 0.5 * double((m.positions[t[1]] - m.positions[t[0]]).cross(m.positions[t[2]] - m.positions[t[0]]).norm());
    }
    return a;
}

}  // namespace

TEST_CASE("trimmed cards render the same image: a bent needle strip and a quad leaf") {
    const geometry::Mesh mesh = cardFixture();
    auto r = foliage::trimCards(mesh, {}, "fixture");
    REQUIRE_MESSAGE(r.ok(), r.error().toString());
    CHECK(r->cards == 2);
    CHECK(r->quads == 1);
    CHECK(r->savedShare() > 0.35);
    CHECK(cardArea(r->mesh) == doctest::Approx(r->areaAfter).epsilon(1e-3));
    CHECK(cardArea(mesh) == doctest::Approx(r->areaBefore).epsilon(1e-3));
    std::printf("fixture: card area %.4f -> %.4f (%.1f %% saved), %zu -> %zu triangles\n", r->areaBefore, r->areaAfter,
                100.0 * r->savedShare(), mesh.triangles.size(), r->mesh.triangles.size());
    checkSameImages(mesh, r->mesh, "fixture", {{-20.f, 10.f}, {160.f, 30.f}, {45.f, 5.f}}, 320, 240);
}

TEST_CASE("trimmed cards render the same image: pine-tree-1") {
    test::requireSharedAssets();
    geometry::ImportSettings import;
    import.normalise = false;
    import.repairWinding = false;
    import.smallTextureWarning = 0;
    auto model = geometry::importModel(test::assetPath("foliage/pine-tree-1/scene.gltf"), import);
    REQUIRE_MESSAGE(model.ok(), model.error().toString());
    auto r = foliage::trimCards(model->mesh, {}, "pine-tree-1");
    REQUIRE_MESSAGE(r.ok(), r.error().toString());
    CHECK(r->cards == 136);
    CHECK(r->savedShare() > 0.15);
    CHECK(cardArea(r->mesh) == doctest::Approx(r->areaAfter).epsilon(1e-3));
    CHECK(cardArea(model->mesh) == doctest::Approx(r->areaBefore).epsilon(1e-3));
    std::printf("pine-tree-1: card area %.6g -> %.6g (%.1f %% saved), %zu -> %zu triangles\n", r->areaBefore, r->areaAfter,
                100.0 * r->savedShare(), model->mesh.triangles.size(), r->mesh.triangles.size());
    checkSameImages(model->mesh, r->mesh, "pine", {{30.f, 10.f}, {-120.f, 35.f}}, 640, 480);
}
