// Copy culling of the foliage renderer (issue 35): the compute pass (shaders/foliage_cull.comp)
// against its CPU reference (core/foliage/cull.h) and the renderer's CPU-cull path.
//   - for random copies and cameras, the set of copies the GPU pass keeps (read back from the
//     visible list the draws read) equals foliage::visibleCopyIndices, except copies within
//     BORDER_TOL of a frustum plane or of the fade end, where float rounding may differ; the list
//     holds no copy twice, and the count read back (countCopies) is its size;
//   - the CPU-cull path keeps exactly the reference set;
//   - a frame drawn with the GPU cull equals the frame drawn with the CPU cull (storm wind, two
//     materials per copy, fade), up to IMAGE_TOL_SHARE of the pixels: the copies are drawn in
//     another order, so fragments at exactly equal depth may resolve the other way;
//   - new copies replace the old: the next frame culls only them;
//   - the distance bands: the GPU pass puts each kept copy in the band foliage::visibleCopyBands
//     does (nearest first), except copies within BORDER_TOL of a band edge or a cull border; the
//     CPU-cull path's bands are the reference's; copyBand's edges;
//   - the depth pre-pass (depthPrepass) draws the frame one pass draws, with and without MSAA, up
//     to IMAGE_TOL_SHARE of the pixels (equal depths), and runs the look on one pixel fragment per
//     foliage pixel (no MSAA), fewer than one pass does; the pre-pass's fragments counted past an
//     early depth test lie between the visible and the covered ones.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <random>

#include "core/foliage/cull.h"
#include "core/foliage/plant.h"
#include "core/foundation/image_io.h"
#include "core/foundation/schema.h"
#include "core/render/camera.h"
#include "core/render/foliage_renderer.h"
#include "tests/gl/golden.h"
#include "tests/gl/tst_splat_fixture.h"

using namespace sw;

namespace {

constexpr float BORDER_TOL = 1e-3f;       // m: a copy this near a plane or the fade end may fall either way
constexpr double IMAGE_TOL_SHARE = 1e-3;  // share of pixels that may differ between the two culls' frames

// A plant of two materials (two indirect draws sharing one visible list): an alpha-MASK card
// (x-z plane, 0.8 × 1 m) and an opaque stem (y-z plane, 0.1 × 0.6 m).
geometry::Mesh twoMaterialPlant() {
    geometry::Mesh m;
    m.partNames = {"plant"};
    geometry::Image img;
    img.name = "leaf";
    img.width = img.height = 32;
    img.rgba.assign(32 * 32 * 4, 0);
    for (int y = 0; y < 32; ++y)
        for (int x = 0; x < 32; ++x) {
            const auto px = static_cast<std::size_t>((y * 32 + x) * 4);
            img.rgba[px] = 70;
            img.rgba[px + 1] = static_cast<std::uint8_t>(120 + 3 * y);
            img.rgba[px + 2] = 50;
            img.rgba[px + 3] = std::hypot(x + 0.5f - 16.f, y + 0.5f - 16.f) <= 15.f ? 255 : 0;
        }
    m.textures.push_back(img);
    geometry::Material leaf;
    leaf.name = "M_Leaf";
    leaf.alphaMask = true;
    leaf.baseColorTexture = 0;
    geometry::Material bark;
    bark.name = "M_Bark";
    bark.baseColorTexture = 0;
    bark.baseColorFactor = {0.5f, 0.3f, 0.2f, 1.f};
    m.materials = {leaf, bark};
    m.positions = {{-0.4f, 0, 0}, {0.4f, 0, 0}, {0.4f, 0, 1.f}, {-0.4f, 0, 1.f},
                   {0, -0.05f, 0}, {0, 0.05f, 0}, {0, 0.05f, 0.6f}, {0, -0.05f, 0.6f}};
    m.uvs = {{0, 1}, {1, 1}, {1, 0}, {0, 0}, {0.4f, 1}, {0.6f, 1}, {0.6f, 0.5f}, {0.4f, 0.5f}};
    m.normals = {{0, -1, 0}, {0, -1, 0}, {0, -1, 0}, {0, -1, 0}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}};
    m.triangles = {{0, 1, 2}, {0, 2, 3}, {4, 5, 6}, {4, 6, 7}};
    m.faceMaterial = {0, 0, 1, 1};
    m.facePart = {0, 0, 0, 0};
    return m;
}

// The asset's cull radius as the renderer derives it: the box of the positions, its centre and
// half diagonal.
float cullRadiusOf(const geometry::Mesh& m) {
    Eigen::Vector3f lo = m.positions[0], hi = m.positions[0];
    for (const Eigen::Vector3f& p : m.positions) {
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
    }
    return foliage::copyCullRadius(0.5f * (lo + hi), 0.5f * (hi - lo).norm());
}

std::vector<foliage::FoliageInstance> randomCopies(std::mt19937& rng, std::size_t n, float area) {
    std::uniform_real_distribution<float> xy(-0.5f * area, 0.5f * area), z(-0.5f, 0.5f), yaw(0.f, 6.2831853f),
        scale(0.5f, 2.f);
    std::vector<foliage::FoliageInstance> out(n);
    for (foliage::FoliageInstance& c : out) {
        c.origin = Eigen::Vector3f(xy(rng), xy(rng), z(rng));
        c.yaw = yaw(rng);
        c.metresPerUnit = scale(rng);
    }
    return out;
}

// How near the copy lies to a boundary of the cull: a frustum plane (at its sphere) or the fade end.
float borderDistance(const foliage::FoliageInstance& c, float radius, const foliage::FadeRange& fade,
                     const foliage::FrustumPlanes& planes, const Eigen::Vector3f& eye) {
    float d = fade.active() ? std::abs((c.origin - eye).norm() - fade.end) : INFINITY;
    for (const Eigen::Vector4f& p : planes)
        d = std::min(d, std::abs(p.head<3>().dot(c.origin) + p.w() + c.metresPerUnit * radius));
    return d;
}

struct Scene {
    std::unique_ptr<render::HeadlessContext> context = test::requireContext();
    std::unique_ptr<render::FoliageRenderer> renderer;
    foliage::WindField wind{foliage::WindSettings{}};
    render::FoliageFrame frame;
    render::FoliageRenderSettings settings;
    render::Camera camera;

    Scene() {
        REQUIRE(context);
        auto r = render::FoliageRenderer::create(context->loader());
        REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error().toString()));
        renderer = std::move(*r);
        settings.width = 320;
        settings.height = 200;
        settings.samples = 1;
        camera.sceneRadius = 60.f;
        frame.wind = &wind;
        frame.frame.t = 1.3f;
    }
    ~Scene() {
        if (renderer) renderer->release();
    }
    int add(const geometry::Mesh& mesh, foliage::FadeRange fade) {
        auto plants = foliage::analysePlants(mesh, {}, "plant");
        REQUIRE(plants.ok());
        auto id = renderer->addMeshAsset(mesh, *plants, fade);
        REQUIRE_MESSAGE(id.ok(), (id.ok() ? "" : id.error().toString()));
        return *id;
    }
    Eigen::Matrix4f viewProj() const {
        return camera.projection(float(settings.width) / float(settings.height)) * camera.view();
    }
    Rgba8Image render() {
        frame.camera = camera.eye();
        const float aspect = float(settings.width) / float(settings.height);
        auto image = renderer->renderImage(camera.view(), camera.projection(aspect), frame, settings);
        REQUIRE_MESSAGE(image.ok(), (image.ok() ? "" : image.error().toString()));
        return *image;
    }
    // The storm, and the two-material plant as 3,000 faded copies (fade 6–12 m) and 300 plain ones
    // over 30 m × 30 m: the scene the GPU-cull and pre-pass frames are compared on.
    void stormField(std::mt19937& rng) {
        ParamSet p(foliage::windSchema().schema());
        REQUIRE(p.applyPreset("storm").ok());
        wind = foliage::WindField(foliage::windSchema().fromParams(p));
        const geometry::Mesh mesh = twoMaterialPlant();
        const int faded = add(mesh, {6.f, 12.f});
        const int plain = add(mesh, {});
        REQUIRE(renderer->setCopies(faded, randomCopies(rng, 3000, 30.f)).ok());
        REQUIRE(renderer->setCopies(plain, randomCopies(rng, 300, 30.f)).ok());
    }
    std::vector<std::uint32_t> drawn(int asset) {
        auto list = renderer->drawnCopies(asset);
        REQUIRE_MESSAGE(list.ok(), (list.ok() ? "" : list.error().toString()));
        return *list;
    }
};

void randomCamera(std::mt19937& rng, render::Camera& camera, float area) {
    std::uniform_real_distribution<float> xy(-0.4f * area, 0.4f * area), distance(3.f, 25.f), azimuth(0.f, 360.f),
        elevation(2.f, 60.f);
    camera.target = Eigen::Vector3f(xy(rng), xy(rng), 0.5f);
    camera.distance = distance(rng);
    camera.azimuthDeg = azimuth(rng);
    camera.elevationDeg = elevation(rng);
}

}  // namespace

TEST_CASE("foliage cull: the GPU pass keeps the CPU reference's copies, for random copies and cameras") {
    Scene s;
    std::mt19937 rng(35);
    const geometry::Mesh mesh = twoMaterialPlant();
    const float radius = cullRadiusOf(mesh);
    const float area = 60.f;
    const foliage::FadeRange fades[2] = {{10.f, 20.f}, {}};
    const int assets[2] = {s.add(mesh, fades[0]), s.add(mesh, fades[1])};
    const std::vector<foliage::FoliageInstance> copies[2] = {randomCopies(rng, 4000, area), randomCopies(rng, 1000, area)};
    for (int k = 0; k < 2; ++k) REQUIRE(s.renderer->setCopies(assets[k], copies[k]).ok());
    std::size_t kept = 0, fadeOnly = 0, frustumOnly = 0, borderline = 0;
    for (int view = 0; view < 8; ++view) {
        randomCamera(rng, s.camera, area);
        const Eigen::Matrix4f viewProj = s.viewProj();
        const Eigen::Vector3f eye = s.camera.eye();
        const foliage::FrustumPlanes planes = foliage::frustumPlanes(viewProj);
        s.settings.cpuCulling = false;
        s.settings.countCopies = true;
        s.render();
        const render::FoliageDrawStats stats = s.renderer->lastDrawStats();
        std::size_t counted = 0;
        for (int k = 0; k < 2; ++k) {
            CAPTURE(view);
            CAPTURE(k);
            const std::vector<std::uint32_t> ref =
                foliage::visibleCopyIndices(copies[k], radius, fades[k], &viewProj, eye);
            const std::vector<std::uint32_t> gpu = s.drawn(assets[k]);
            CHECK(std::adjacent_find(gpu.begin(), gpu.end()) == gpu.end());  // no copy twice
            std::vector<std::uint32_t> differ;
            std::set_symmetric_difference(ref.begin(), ref.end(), gpu.begin(), gpu.end(), std::back_inserter(differ));
            for (std::uint32_t i : differ) {
                CAPTURE(i);
                CHECK(borderDistance(copies[k][i], radius, fades[k], planes, eye) < BORDER_TOL);
            }
            borderline += differ.size();
            counted += gpu.size();
            kept += ref.size();
            for (std::size_t i = 0; i < copies[k].size(); ++i) {
                const bool inFade = foliage::copyVisible(copies[k][i], radius, fades[k], nullptr, eye);
                const bool inView = foliage::copyVisible(copies[k][i], radius, {}, &planes, eye);
                fadeOnly += !inFade && inView;
                frustumOnly += inFade && !inView;
            }
        }
        CHECK(stats.copiesDrawn == counted);
        CHECK(stats.copiesDrawn + stats.copiesCulled == copies[0].size() + copies[1].size());
        CHECK(stats.drawCalls == 4 * s.settings.distanceBands);  // two materials × two assets × bands, indirect
        // The CPU-cull path draws exactly the reference's copies.
        s.settings.cpuCulling = true;
        s.render();
        for (int k = 0; k < 2; ++k)
            CHECK(s.drawn(assets[k]) == foliage::visibleCopyIndices(copies[k], radius, fades[k], &viewProj, eye));
    }
    INFO(kept << " kept, " << fadeOnly << " culled by the fade alone, " << frustumOnly << " by the view alone");
    // The cameras exercise both tests and keep a fair share.
    CHECK(kept > 500);
    CHECK(fadeOnly > 500);
    CHECK(frustumOnly > 5000);
    CHECK(borderline <= 2);
}

TEST_CASE("foliage cull: a frame drawn with the GPU cull equals the frame drawn with the CPU cull") {
    Scene s;
    std::mt19937 rng(7);
    s.stormField(rng);
    const std::string dir = test::goldenOutputDir() + "/../foliage_cull";
    std::filesystem::create_directories(dir);
    for (int view = 0; view < 4; ++view) {
        CAPTURE(view);
        randomCamera(rng, s.camera, 30.f);
        s.camera.distance = 4.f + 2.f * view;
        s.settings.cpuCulling = false;
        const Rgba8Image gpu = s.render();
        s.settings.cpuCulling = true;
        const Rgba8Image cpu = s.render();
        REQUIRE(gpu.rgba.size() == cpu.rgba.size());
        long differ = 0, foliagePixels = 0;
        for (std::size_t i = 0; i < gpu.rgba.size(); i += 4) {
            differ += !std::equal(&gpu.rgba[i], &gpu.rgba[i] + 4, &cpu.rgba[i]);
            foliagePixels += gpu.rgba[i] != 128 || gpu.rgba[i + 1] != 128 || gpu.rgba[i + 2] != 128;
        }
        const long pixels = long(gpu.rgba.size() / 4);
        INFO(differ << " of " << pixels << " pixels differ, " << foliagePixels << " show foliage");
        CHECK(foliagePixels > pixels / 20);
        CHECK(double(differ) <= IMAGE_TOL_SHARE * double(pixels));
        if (differ > 0) {
            (void)writePngFile(dir + "/gpu_" + std::to_string(view) + ".png", gpu);
            (void)writePngFile(dir + "/cpu_" + std::to_string(view) + ".png", cpu);
        }
    }
}

TEST_CASE("foliage cull: new copies replace the old ones in the next frame's cull") {
    Scene s;
    std::mt19937 rng(11);
    const geometry::Mesh mesh = twoMaterialPlant();
    const int id = s.add(mesh, {});
    s.camera.target = Eigen::Vector3f(0.f, 0.f, 0.5f);
    s.camera.distance = 30.f;
    s.camera.elevationDeg = 80.f;  // looking down on the whole patch
    REQUIRE(s.renderer->setCopies(id, randomCopies(rng, 500, 10.f)).ok());
    s.settings.countCopies = true;
    s.render();
    CHECK(s.renderer->lastDrawStats().copiesDrawn == 500);
    CHECK(s.drawn(id).size() == 500);
    REQUIRE(s.renderer->setCopies(id, randomCopies(rng, 40, 10.f)).ok());
    CHECK(s.drawn(id).empty());  // not drawn yet
    s.render();
    CHECK(s.renderer->lastDrawStats().copiesDrawn == 40);
    const std::vector<std::uint32_t> list = s.drawn(id);
    REQUIRE(list.size() == 40);
    CHECK(list.back() == 39);
    REQUIRE(s.renderer->setCopies(id, {}).ok());
    s.render();
    CHECK(s.renderer->lastDrawStats().copiesDrawn == 0);
    CHECK(s.renderer->lastDrawStats().drawCalls == 0);
}

TEST_CASE("foliage depth pre-pass: the frame of one pass, the look run once per foliage pixel") {
    Scene s;
    std::mt19937 rng(19);
    s.stormField(rng);
    s.settings.countShaded = true;
    for (int view = 0; view < 4; ++view) {
        CAPTURE(view);
        randomCamera(rng, s.camera, 30.f);
        s.camera.distance = 4.f + 2.f * view;
        s.settings.samples = view % 2 == 0 ? 1 : 4;
        s.settings.depthPrepass = false;
        const Rgba8Image one = s.render();
        const std::uint64_t shadedOne = s.renderer->lastDrawStats().shadedFragments;
        CHECK(s.renderer->lastDrawStats().prepassDrawCalls == 0);
        s.settings.depthPrepass = true;
        const Rgba8Image two = s.render();
        const std::uint64_t shadedTwo = s.renderer->lastDrawStats().shadedFragments;
        CHECK(s.renderer->lastDrawStats().prepassDrawCalls == 4 * s.settings.distanceBands);  // materials × assets × bands
        CHECK(s.renderer->lastDrawStats().drawCalls == 4 * s.settings.distanceBands);
        REQUIRE(one.rgba.size() == two.rgba.size());
        long differ = 0, foliagePixels = 0;
        for (std::size_t i = 0; i < one.rgba.size(); i += 4) {
            differ += !std::equal(&one.rgba[i], &one.rgba[i] + 4, &two.rgba[i]);
            foliagePixels += one.rgba[i] != 128 || one.rgba[i + 1] != 128 || one.rgba[i + 2] != 128;
        }
        const long pixels = long(one.rgba.size() / 4);
        INFO(differ << " of " << pixels << " pixels differ, " << foliagePixels << " show foliage; look ran on "
                    << shadedOne << " (one pass) and " << shadedTwo << " (pre-pass) pixel fragments");
        CHECK(foliagePixels > pixels / 20);
        CHECK(double(differ) <= IMAGE_TOL_SHARE * double(pixels));
        CHECK(shadedTwo < shadedOne);
        // The pre-pass's fragments past an early depth test: at least every visible surface's, at
        // most every covered one.
        const std::uint64_t prepassShaded = s.renderer->lastDrawStats().prepassShaded;
        CHECK(prepassShaded >= shadedTwo);
        CHECK(prepassShaded <= shadedOne);
        if (s.settings.samples == 1) {
            // Each foliage pixel's nearest kept surface, once (ties at equal depth aside).
            CHECK(double(shadedTwo) >= 0.99 * double(foliagePixels));
            CHECK(double(shadedTwo) <= 1.01 * double(foliagePixels) + 16.0);
        }
    }
}

TEST_CASE("foliage cull: copyBand puts distances in [b w, (b + 1) w), the last band also beyond") {
    CHECK(foliage::copyBand(0.f, 10.f, 4) == 0);
    CHECK(foliage::copyBand(9.99f, 10.f, 4) == 0);
    CHECK(foliage::copyBand(10.f, 10.f, 4) == 1);
    CHECK(foliage::copyBand(35.f, 10.f, 4) == 3);
    CHECK(foliage::copyBand(500.f, 10.f, 4) == 3);
    CHECK(foliage::copyBand(500.f, 10.f, 1) == 0);
    CHECK(foliage::bandWidth({30.f, 40.f}, 100.f, 4) == doctest::Approx(10.f));
    CHECK(foliage::bandWidth({}, 100.f, 4) == doctest::Approx(25.f));
}

TEST_CASE("foliage cull: the GPU pass puts each kept copy in the reference's distance band") {
    Scene s;
    std::mt19937 rng(53);
    const geometry::Mesh mesh = twoMaterialPlant();
    const float radius = cullRadiusOf(mesh);
    const std::vector<foliage::FadeRange> fades = {{8.f, 14.f}, {}};
    std::vector<std::vector<foliage::FoliageInstance>> copies;
    for (const foliage::FadeRange& f : fades) {
        const int id = s.add(mesh, f);
        copies.push_back(randomCopies(rng, 4000, 40.f));
        REQUIRE(s.renderer->setCopies(id, copies.back()).ok());
    }
    s.settings.bandRange = 30.f;
    std::size_t nonEmptyBands = 0, borderline = 0;
    for (int view = 0; view < 6; ++view) {
        CAPTURE(view);
        randomCamera(rng, s.camera, 40.f);
        s.settings.distanceBands = 1 + view % 4;
        const auto bands = static_cast<std::size_t>(s.settings.distanceBands);
        for (const bool cpu : {false, true}) {
            CAPTURE(cpu);
            s.settings.cpuCulling = cpu;
            s.render();
            const Eigen::Matrix4f viewProj = s.viewProj();
            const foliage::FrustumPlanes planes = foliage::frustumPlanes(viewProj);
            const Eigen::Vector3f eye = s.camera.eye();
            for (int k = 0; k < 2; ++k) {
                const float width = foliage::bandWidth(fades[k], s.settings.bandRange, bands);
                const auto ref = foliage::visibleCopyBands(copies[k], radius, fades[k], &viewProj, eye, bands, width);
                auto got = s.renderer->drawnCopyBands(k);
                REQUIRE(got.ok());
                REQUIRE(got->size() == bands);
                for (std::size_t b = 0; b < bands; ++b) {
                    CAPTURE(b);
                    nonEmptyBands += !ref[b].empty();
                    if (cpu) {
                        CHECK((*got)[b] == ref[b]);
                        continue;
                    }
                    CHECK(std::adjacent_find((*got)[b].begin(), (*got)[b].end()) == (*got)[b].end());
                    std::vector<std::uint32_t> differ;
                    std::set_symmetric_difference((*got)[b].begin(), (*got)[b].end(), ref[b].begin(), ref[b].end(),
                                                  std::back_inserter(differ));
                    for (std::uint32_t i : differ) {
                        CAPTURE(i);
                        const float d = (copies[k][i].origin - eye).norm();
                        const float edge = std::abs(d / width - std::round(d / width)) * width;
                        CHECK(std::min(edge, borderDistance(copies[k][i], radius, fades[k], planes, eye)) < BORDER_TOL);
                    }
                    borderline += differ.size();
                }
            }
        }
    }
    INFO(nonEmptyBands << " non-empty bands, " << borderline << " copies on a border");
    CHECK(nonEmptyBands > 20);
    CHECK(borderline < 10);
}
