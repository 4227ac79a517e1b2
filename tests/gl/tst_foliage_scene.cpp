// The foliage scene renderer (issue 35 §3, §5): N copies of a foliage asset in one instanced draw
// per material, bent in the vertex shader with the code the CPU reference mirrors.
//   - the drawing vertex shader's positions, read back by transform feedback, equal
//     core/foliage animateVertices / animateSplats placed by each copy's frame (POSITION_TOL);
//   - wind off: bit-identical frames at different t; the same t twice: the same frame; wind on
//     and another t: another frame;
//   - fade: a copy at or past `end` leaves no pixel and is culled, one between start and end
//     covers fewer pixels than without fade;
//   - hue drift: the mean colour of a copy is its undrifted colour turned by hueShift(origin)
//     (HUE_TOL), two copies at different origins differ, the same origin gives the same pixels;
//   - the look controls do what seed 004 says: sunWrap lights the side turned from the sun,
//     translucency a back-lit card, edgeFade thins an edge-on card, coverage thickens a far card,
//     skyAo darkens a card of low sky visibility, leafShadow darkens the crown's far side, canopy
//     shades a card by the crown's hull.
// Pixels are compared without MSAA (samples 1) where colours are measured, so edges do not mix
// with the background. Images are written to <build>/tests/output/foliage_scene/ for a look.
#include <doctest/doctest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <filesystem>
#include <random>

#include "core/foliage/look.h"
#include "core/foliage/plant.h"
#include "core/foundation/image_io.h"
#include "core/render/camera.h"
#include "core/render/foliage_renderer.h"
#include "tests/gl/golden.h"
#include "tests/gl/tst_splat_fixture.h"

using namespace sw;

namespace {

constexpr float POSITION_TOL = 2e-4f;  // m: a few ulp of tens of metres, as tst_foliage_gpu.cpp explains
constexpr float HUE_TOL = 3.f / 255.f; // mean colour per channel: 8-bit rounding and the pixels' spread

// A w × w texture: colour rgb, alpha 255 inside the disc of radius r (texels) around the centre,
// or a linear ramp 0..255 across x when `ramp`.
geometry::Image cardTexture(int w, float r, bool ramp) {
    geometry::Image img;
    img.name = "leaf";
    img.width = img.height = w;
    img.rgba.assign(static_cast<std::size_t>(w * w * 4), 0);
    for (int y = 0; y < w; ++y)
        for (int x = 0; x < w; ++x) {
            const auto px = static_cast<std::size_t>((y * w + x) * 4);
            img.rgba[px] = 77;
            img.rgba[px + 1] = 140;
            img.rgba[px + 2] = 64;
            const bool in = std::hypot(x + 0.5f - w / 2.f, y + 0.5f - w / 2.f) <= r;
            img.rgba[px + 3] = ramp ? static_cast<std::uint8_t>(255 * x / (w - 1)) : (in ? 255 : 0);
        }
    return img;
}

// One alpha-MASK card in the x-z plane (normal −y), width 1, height 1.2, on the ground at x0.
geometry::Mesh cardMesh(bool ramp = false) {
    geometry::Mesh m;
    m.partNames = {"plant"};
    m.textures.push_back(cardTexture(64, 30.f, ramp));
    geometry::Material leaf;
    leaf.name = "M_Leaf";
    leaf.alphaMask = true;
    leaf.baseColorTexture = 0;
    m.materials = {leaf};
    m.positions = {{-0.5f, 0, 0}, {0.5f, 0, 0}, {0.5f, 0, 1.2f}, {-0.5f, 0, 1.2f}};
    m.uvs = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
    m.normals.assign(4, Eigen::Vector3f(0, -1, 0));
    m.triangles = {{0, 1, 2}, {0, 2, 3}};
    m.faceMaterial = {0, 0};
    m.facePart = {0, 0};
    return m;
}

// A denser plant for the read-back: a grid of 9 × 9 vertices on each of two crossed cards.
geometry::Mesh gridPlant() {
    geometry::Mesh m = cardMesh();
    m.positions.clear();
    m.uvs.clear();
    m.normals.clear();
    m.triangles.clear();
    m.faceMaterial.clear();
    m.facePart.clear();
    for (int card = 0; card < 2; ++card) {
        const int base = static_cast<int>(m.positions.size());
        for (int j = 0; j < 9; ++j)
            for (int i = 0; i < 9; ++i) {
                const float u = i / 8.f, z = 1.8f * j / 8.f;
                m.positions.push_back(card == 0 ? Eigen::Vector3f(u - 0.5f, 0, z) : Eigen::Vector3f(0, u - 0.5f, z));
                m.uvs.emplace_back(u, 1.f - j / 8.f);
                m.normals.push_back(card == 0 ? Eigen::Vector3f(0, -1, 0) : Eigen::Vector3f(1, 0, 0));
            }
        for (int j = 0; j < 8; ++j)
            for (int i = 0; i < 8; ++i) {
                const int a = base + j * 9 + i;
                m.triangles.emplace_back(a, a + 1, a + 10);
                m.triangles.emplace_back(a, a + 10, a + 9);
                m.faceMaterial.insert(m.faceMaterial.end(), 2, 0);
                m.facePart.insert(m.facePart.end(), 2, 0);
            }
    }
    return m;
}

foliage::WindSettings windPreset(const char* name) {
    ParamSet p(foliage::windSchema().schema());
    REQUIRE(p.applyPreset(name).ok());
    return foliage::windSchema().fromParams(p);
}

foliage::FoliageInstance copyAt(float x, float y, float yaw = 0.f, float scale = 1.f) {
    foliage::FoliageInstance c;
    c.origin = Eigen::Vector3f(x, y, 0.f);
    c.yaw = yaw;
    c.metresPerUnit = scale;
    return c;
}

struct Scene {
    std::unique_ptr<render::HeadlessContext> context = test::requireContext();
    std::unique_ptr<render::FoliageRenderer> renderer;
    foliage::WindField wind{windPreset("storm")};
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
        camera.target = Eigen::Vector3f(0.f, 0.f, 0.6f);
        camera.distance = 6.f;
        camera.azimuthDeg = 0.f;
        camera.elevationDeg = 5.f;
        camera.sceneRadius = 20.f;
        frame.wind = &wind;
    }
    ~Scene() {
        if (renderer) renderer->release();
    }
    int add(const geometry::Mesh& mesh, foliage::FadeRange fade = {}, std::span<const float> sky = {}) {
        auto plants = foliage::analysePlants(mesh, {}, "card");
        REQUIRE(plants.ok());
        auto id = renderer->addMeshAsset(mesh, *plants, fade, sky);
        REQUIRE_MESSAGE(id.ok(), (id.ok() ? "" : id.error().toString()));
        return *id;
    }
    Rgba8Image render(const char* name = nullptr) {
        frame.camera = camera.eye();
        const float aspect = float(settings.width) / float(settings.height);
        auto image = renderer->renderImage(camera.view(), camera.projection(aspect), frame, settings);
        REQUIRE_MESSAGE(image.ok(), (image.ok() ? "" : image.error().toString()));
        if (name) {
            const std::string dir = test::goldenOutputDir() + "/../foliage_scene";
            std::filesystem::create_directories(dir);
            (void)writePngFile(dir + "/" + name + ".png", *image);
        }
        return *image;
    }
};

bool isBackground(const Rgba8Image& img, std::size_t i) {
    return img.rgba[4 * i] == 128 && img.rgba[4 * i + 1] == 128 && img.rgba[4 * i + 2] == 128;
}

long foliagePixels(const Rgba8Image& img, int x0 = 0, int x1 = -1) {
    long n = 0;
    if (x1 < 0) x1 = img.width;
    for (int y = 0; y < img.height; ++y)
        for (int x = x0; x < x1; ++x) n += isBackground(img, static_cast<std::size_t>(y * img.width + x)) ? 0 : 1;
    return n;
}

// Mean colour (0..1) of the non-background pixels in columns [x0, x1).
Eigen::Vector3f meanColour(const Rgba8Image& img, int x0, int x1) {
    Eigen::Vector3d sum = Eigen::Vector3d::Zero();
    long n = 0;
    for (int y = 0; y < img.height; ++y)
        for (int x = x0; x < x1; ++x) {
            const auto i = static_cast<std::size_t>(y * img.width + x);
            if (isBackground(img, i)) continue;
            sum += Eigen::Vector3d(img.rgba[4 * i], img.rgba[4 * i + 1], img.rgba[4 * i + 2]);
            ++n;
        }
    REQUIRE(n > 50);
    return (sum / (255.0 * double(n))).cast<float>();
}

float meanBrightness(const Rgba8Image& img) { return meanColour(img, 0, img.width).sum() / 3.f; }

}  // namespace

TEST_CASE("foliage scene: the drawing vertex shader's positions equal the CPU reference (mesh copies)") {
    Scene s;
    const geometry::Mesh mesh = gridPlant();
    const int id = s.add(mesh);
    auto plants = foliage::analysePlants(mesh, {}, "grid");
    REQUIRE(plants.ok());
    const std::vector<foliage::FoliageInstance> copies = {copyAt(0.f, 0.f), copyAt(7.5f, -3.f, 0.7f, 1.3f),
                                                          copyAt(-12.f, 20.f, -2.1f, 0.6f)};
    REQUIRE(s.renderer->setCopies(id, copies).ok());
    foliage::BenderSet benders;
    benders.add(Eigen::Vector3f(0.3f, 0.1f, 0.5f), 0.8f);
    const int moving = benders.add(Eigen::Vector3f(7.f, -3.2f, 0.4f), 1.f);
    benders.move(moving, Eigen::Vector3f(7.4f, -3.f, 0.4f), 0.1f);
    for (const char* preset : {"calm", "breeze", "storm"}) {
        foliage::WindField wind(windPreset(preset), 3u);
        s.frame.wind = &wind;
        for (float t : {0.f, 1.7f, 12.25f}) {
            s.frame.frame.t = t;
            s.frame.frame.acting = t > 1.f ? benders.acting(Eigen::Vector3f::Zero()) : std::vector<foliage::Bender>{};
            auto gpu = s.renderer->capturePositions(id, s.frame);
            REQUIRE_MESSAGE(gpu.ok(), (gpu.ok() ? "" : gpu.error().toString()));
            REQUIRE(gpu->size() == copies.size() * mesh.vertexCount());
            float worst = 0.f, moved = 0.f;
            for (std::size_t c = 0; c < copies.size(); ++c) {
                std::vector<Eigen::Vector3f> bent;
                foliage::animateVertices(mesh.positions, *plants, copies[c], wind, s.frame.frame, bent);
                for (std::size_t v = 0; v < bent.size(); ++v) {
                    const Eigen::Vector3f cpu = copies[c].toScene(bent[v]);
                    worst = std::max(worst, ((*gpu)[c * bent.size() + v] - cpu).norm());
                    moved = std::max(moved, (cpu - copies[c].toScene(mesh.positions[v])).norm());
                }
            }
            INFO(preset << " t=" << t << " worst " << worst << " m, largest displacement " << moved << " m");
            CHECK(worst <= POSITION_TOL);
            CHECK(moved > 0.01f);  // the comparison is not of a scene at rest
        }
    }
}

TEST_CASE("foliage scene: splat copies bend their centres and axes as the CPU reference") {
    Scene s;
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    splat::SplatCloud cloud;
    cloud.resize(300);
    for (std::size_t i = 0; i < cloud.size(); ++i) {
        cloud.positions[i] = Eigen::Vector3f(0.4f * u(rng), 0.4f * u(rng), 1.f + u(rng));
        cloud.rotations[i] = Eigen::Vector4f(u(rng), u(rng), u(rng), u(rng)).normalized();
        cloud.scales[i] = Eigen::Vector3f(0.03f + 0.02f * u(rng), 0.02f, 0.004f + 0.003f * u(rng));
        cloud.opacities[i] = 0.9f;
        cloud.colors[i] = Eigen::Vector3f(0.3f, 0.5f, 0.2f);
    }
    auto plants = foliage::plantFromPoints(cloud.positions, {}, "cloud");
    REQUIRE(plants.ok());
    auto id = s.renderer->addSplatAsset(cloud, *plants, {});
    REQUIRE(id.ok());
    const std::vector<foliage::FoliageInstance> copies = {copyAt(0.f, 0.f), copyAt(5.f, 2.f, 1.1f, 2.f)};
    REQUIRE(s.renderer->setCopies(*id, copies).ok());
    s.frame.frame.t = 2.3f;
    auto gpu = s.renderer->capturePositions(*id, s.frame);
    REQUIRE_MESSAGE(gpu.ok(), (gpu.ok() ? "" : gpu.error().toString()));
    REQUIRE(gpu->size() == copies.size() * cloud.size() * 6);
    const Eigen::Vector2f corners[6] = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
    float worst = 0.f, turned = 0.f;
    for (std::size_t c = 0; c < copies.size(); ++c) {
        splat::SplatCloud bent;
        foliage::animateSplats(cloud, *plants, copies[c], s.wind, s.frame.frame, bent);
        for (std::size_t i = 0; i < cloud.size(); ++i) {
            const Eigen::Vector3f& sc = cloud.scales[i];
            int thin = 0;
            sc.minCoeff(&thin);
            const int a = thin == 0 ? 1 : 0, b = thin == 2 ? 1 : 2;
            const Eigen::Vector4f& q = bent.rotations[i];
            const Eigen::Matrix3f R = Eigen::Quaternionf(q[0], q[1], q[2], q[3]).toRotationMatrix();
            const Eigen::Vector4f& q0 = cloud.rotations[i];
            turned = std::max(turned, (q - q0).norm());
            for (int k = 0; k < 6; ++k) {
                const Eigen::Vector3f local = 2.f * (corners[k].x() * sc[a] * R.col(a) + corners[k].y() * sc[b] * R.col(b));
                const Eigen::Vector3f cpu = copies[c].toScene(bent.positions[i] + local);
                worst = std::max(worst, ((*gpu)[(c * cloud.size() + i) * 6 + static_cast<std::size_t>(k)] - cpu).norm());
            }
        }
    }
    INFO("worst " << worst << " m, largest rotation change " << turned);
    CHECK(worst <= POSITION_TOL);
    CHECK(turned > 1e-3f);  // the axes did turn with the bend
}

TEST_CASE("foliage scene: wind off gives the same bits at any t; wind on, the same t the same frame, another t another") {
    Scene s;
    const int id = s.add(cardMesh());
    REQUIRE(s.renderer->setCopies(id, {copyAt(-1.2f, 0.f), copyAt(0.f, 1.f, 0.3f), copyAt(1.3f, 0.5f, -0.2f)}).ok());
    foliage::WindSettings off = windPreset("storm");
    off.enabled = false;
    foliage::WindField still(off);
    s.frame.wind = &still;
    s.frame.frame.t = 0.f;
    const Rgba8Image a = s.render("wind_off_t0");
    s.frame.frame.t = 7.5f;
    const Rgba8Image b = s.render();
    CHECK(a.rgba == b.rgba);
    s.frame.wind = &s.wind;
    s.frame.frame.t = 3.f;
    const Rgba8Image c = s.render("storm_t3");
    const Rgba8Image d = s.render();
    CHECK(c.rgba == d.rgba);
    s.frame.frame.t = 3.5f;
    const Rgba8Image e = s.render("storm_t3.5");
    CHECK(test::countDifferingPixels(c, e) > 100);
    // One instanced indirect draw per distance band for the three copies.
    CHECK(s.renderer->lastDrawStats().drawCalls == s.settings.distanceBands);
}

TEST_CASE("foliage scene: fade culls a copy past end and thins one between start and end") {
    Scene s;
    foliage::WindSettings off;
    off.enabled = false;
    foliage::WindField still(off);
    s.frame.wind = &still;
    const geometry::Mesh mesh = cardMesh();
    const int near = s.add(mesh, {});
    REQUIRE(s.renderer->setCopies(near, {copyAt(0.f, 0.f)}).ok());
    const Rgba8Image full = s.render("fade_none");
    const long fullPixels = foliagePixels(full);
    REQUIRE(fullPixels > 500);
    // The copy's origin is about 6 m from the camera.
    Scene t;
    t.frame.wind = &still;
    const int past = t.add(mesh, {3.f, 5.f});
    REQUIRE(t.renderer->setCopies(past, {copyAt(0.f, 0.f)}).ok());
    t.settings.countCopies = true;
    const Rgba8Image culled = t.render("fade_past_end");
    CHECK(foliagePixels(culled) == 0);
    CHECK(t.renderer->lastDrawStats().copiesCulled == 1);
    CHECK(t.renderer->lastDrawStats().copiesDrawn == 0);
    // The CPU-cull path leaves the culled asset without a draw at all.
    t.settings.cpuCulling = true;
    CHECK(foliagePixels(t.render()) == 0);
    CHECK(t.renderer->lastDrawStats().copiesCulled == 1);
    CHECK(t.renderer->lastDrawStats().drawCalls == 0);
    Scene u;
    u.frame.wind = &still;
    const int between = u.add(mesh, {4.f, 8.f});
    REQUIRE(u.renderer->setCopies(between, {copyAt(0.f, 0.f)}).ok());
    const Rgba8Image thinned = u.render("fade_between");
    const long thinPixels = foliagePixels(thinned);
    const float factor = foliage::fadeFactor((u.camera.eye() - Eigen::Vector3f::Zero()).norm(), {4.f, 8.f});
    INFO("full " << fullPixels << ", thinned " << thinPixels << ", fade factor " << factor);
    CHECK(thinPixels > 0);
    CHECK(thinPixels < fullPixels);
    // The dither keeps the share `factor` of the texels, to 1/16 and the card's edge.
    CHECK(std::abs(double(thinPixels) / double(fullPixels) - double(factor)) < 0.1);
}

TEST_CASE("foliage scene: hue drift follows the hash of the copy's origin") {
    Scene s;
    foliage::WindSettings off;
    off.enabled = false;
    foliage::WindField still(off);
    s.frame.wind = &still;
    s.settings.sunColor = Eigen::Vector3f::Constant(0.6f);  // grey light: the colour is albedo × a scalar
    s.settings.skyColor = Eigen::Vector3f::Constant(0.4f);
    s.frame.frame.look.edgeFade = 0.f;
    s.frame.frame.look.translucency = 0.f;
    const Eigen::Vector3f left(-1.f, 0.f, 0.f), right(1.f, 0.f, 0.f);
    REQUIRE(std::abs(foliage::hueShift(left, 1.f) - foliage::hueShift(right, 1.f)) > 0.02f);
    const int id = s.add(cardMesh());
    REQUIRE(s.renderer->setCopies(id, {copyAt(left.x(), 0.f), copyAt(right.x(), 0.f)}).ok());
    const int mid = s.settings.width / 2;
    s.frame.frame.look.variation = 0.f;
    const Rgba8Image plain = s.render("hue_off");
    s.frame.frame.look.variation = 1.f;
    const Rgba8Image drifted = s.render("hue_on");
    const Eigen::Vector3f l0 = meanColour(plain, 0, mid), r0 = meanColour(plain, mid, s.settings.width);
    const Eigen::Vector3f l1 = meanColour(drifted, 0, mid), r1 = meanColour(drifted, mid, s.settings.width);
    const Eigen::Vector3f lExpected = foliage::shiftHue(l0, foliage::hueShift(left, 1.f));
    const Eigen::Vector3f rExpected = foliage::shiftHue(r0, foliage::hueShift(right, 1.f));
    INFO("left " << l1.transpose() << " expected " << lExpected.transpose() << "; right " << r1.transpose()
                 << " expected " << rExpected.transpose());
    CHECK((l1 - lExpected).cwiseAbs().maxCoeff() < HUE_TOL);
    CHECK((r1 - rExpected).cwiseAbs().maxCoeff() < HUE_TOL);
    CHECK((l1 - r1).cwiseAbs().maxCoeff() > 4.f * HUE_TOL);  // the two copies differ
    // The same origin gives the same hue: the left copy alone draws the same pixels on its side.
    REQUIRE(s.renderer->setCopies(id, {copyAt(left.x(), 0.f)}).ok());
    const Rgba8Image alone = s.render();
    CHECK((meanColour(alone, 0, mid) - l1).norm() == 0.f);
}

TEST_CASE("foliage scene: sunWrap, translucency, edgeFade, coverage, skyAo, leafShadow and canopy do what seed 004 says") {
    foliage::WindSettings off;
    off.enabled = false;
    foliage::WindField still(off);
    const auto setup = [&](Scene& s) {
        s.frame.wind = &still;
        s.frame.frame.look.canopy = 0.f;  // the card's own normal: the lighting below is the card's
        s.frame.frame.look.variation = 0.f;
        s.frame.frame.look.coverage = 0.f;  // its own case below: a high mip level thickens alpha
    };
    SUBCASE("sunWrap lights a card the sun grazes") {
        Scene s;
        setup(s);
        s.settings.sunDirection = Eigen::Vector3f(1.f, 0.f, 0.f);  // in the card's plane: n·l = 0
        REQUIRE(s.renderer->setCopies(s.add(cardMesh()), {copyAt(0.f, 0.f)}).ok());
        s.frame.frame.look.sunWrap = 0.f;
        const float dark = meanBrightness(s.render("sunwrap_0"));
        s.frame.frame.look.sunWrap = 1.f;
        const float lit = meanBrightness(s.render("sunwrap_1"));
        CHECK(lit > dark + 0.05f);
    }
    SUBCASE("translucency: a back-lit card glows") {
        Scene s;
        setup(s);
        s.settings.sunDirection = Eigen::Vector3f(0.f, 1.f, 0.2f);  // behind the card, toward the camera
        REQUIRE(s.renderer->setCopies(s.add(cardMesh()), {copyAt(0.f, 0.f)}).ok());
        s.frame.frame.look.translucency = 0.f;
        const float plain = meanBrightness(s.render("translucency_0"));
        s.frame.frame.look.translucency = 1.f;
        const float glowing = meanBrightness(s.render("translucency_1"));
        CHECK(glowing > plain + 0.05f);
    }
    SUBCASE("edgeFade dissolves a card seen edge-on") {
        Scene s;
        setup(s);
        REQUIRE(s.renderer->setCopies(s.add(cardMesh()), {copyAt(0.f, 0.f, 1.45f)}).ok());  // |N·V| ≈ 0.12
        s.frame.frame.look.edgeFade = 0.f;
        const long all = foliagePixels(s.render("edgefade_0"));
        s.frame.frame.look.edgeFade = 0.3f;
        const long faded = foliagePixels(s.render("edgefade_03"));
        INFO(all << " → " << faded);
        CHECK(all > 50);
        CHECK(faded < all / 2);
    }
    SUBCASE("coverage keeps a far card from thinning") {
        Scene s;
        setup(s);
        s.camera.distance = 60.f;
        s.camera.fovYDeg = 6.f;
        REQUIRE(s.renderer->setCopies(s.add(cardMesh(true)), {copyAt(0.f, 0.f)}).ok());  // an alpha ramp
        s.frame.frame.look.coverage = 0.f;
        const long thin = foliagePixels(s.render("coverage_0"));
        s.frame.frame.look.coverage = 1.f;
        const long full = foliagePixels(s.render("coverage_1"));
        INFO(thin << " → " << full);
        CHECK(full > thin + thin / 4);
    }
    SUBCASE("leafShadow: a card takes the crown's own shadow on the side turned from the sun") {
        Scene s;
        setup(s);
        s.settings.sunDirection = Eigen::Vector3f(1.f, -0.3f, 0.3f);  // from +x: the card's −x half is the far side
        REQUIRE(s.renderer->setCopies(s.add(cardMesh()), {copyAt(0.f, 0.f)}).ok());
        s.frame.frame.look.leafShadow = 0.f;
        const float open = meanBrightness(s.render("leafshadow_0"));
        s.frame.frame.look.leafShadow = 1.f;
        const float shaded = meanBrightness(s.render("leafshadow_1"));
        CHECK(shaded < open - 0.03f);
    }
    SUBCASE("canopy: the card is shaded by the crown's hull, lit on its sunny side, not flat") {
        Scene s;
        setup(s);
        s.settings.sunDirection = Eigen::Vector3f(1.f, 0.f, 0.f);  // in the card's plane: the flat card is unlit
        REQUIRE(s.renderer->setCopies(s.add(cardMesh()), {copyAt(0.f, 0.f)}).ok());
        s.frame.frame.look.sunWrap = 0.f;
        s.frame.frame.look.leafShadow = 0.f;
        const Rgba8Image flat = s.render("canopy_0");
        s.frame.frame.look.canopy = 1.f;
        const Rgba8Image hull = s.render("canopy_1");
        const int mid = s.settings.width / 2;
        const float flatSides = meanColour(flat, mid, s.settings.width).sum() - meanColour(flat, 0, mid).sum();
        const float hullSides = meanColour(hull, mid, s.settings.width).sum() - meanColour(hull, 0, mid).sum();
        INFO("right minus left: flat " << flatSides << ", hull " << hullSides);
        CHECK(std::abs(flatSides) < 0.03f);
        CHECK(hullSides > 0.1f);  // the half toward the sun (+x, right on screen) is brighter
    }
    SUBCASE("skyAo darkens a card of low sky visibility") {
        Scene s;
        setup(s);
        const std::vector<float> sky(4, 0.2f);
        REQUIRE(s.renderer->setCopies(s.add(cardMesh(), {}, sky), {copyAt(0.f, 0.f)}).ok());
        s.frame.frame.look.skyAo = 0.f;
        const float open = meanBrightness(s.render("skyao_0"));
        s.frame.frame.look.skyAo = 1.f;
        const float shut = meanBrightness(s.render("skyao_1"));
        CHECK(shut < open - 0.05f);
    }
}

TEST_CASE("foliage scene: a splat asset and a mesh asset draw in the same frame, each in its own draw") {
    Scene s;
    const int card = s.add(cardMesh());
    REQUIRE(s.renderer->setCopies(card, {copyAt(-0.6f, 0.f)}).ok());
    splat::SplatCloud cloud;
    cloud.resize(200);
    for (std::size_t i = 0; i < cloud.size(); ++i) {
        const float u = float(i) / 200.f;
        cloud.positions[i] = Eigen::Vector3f(0.3f * std::cos(40.f * u), 0.3f * std::sin(40.f * u), 1.2f * u);
        cloud.rotations[i] = Eigen::Vector4f(1.f, 0.f, 0.f, 0.f);
        cloud.scales[i] = Eigen::Vector3f(0.06f, 0.002f, 0.06f);
        cloud.opacities[i] = 1.f;
        cloud.colors[i] = Eigen::Vector3f(0.9f, 0.1f, 0.1f);  // red: told apart from the green card
    }
    auto plants = foliage::plantFromPoints(cloud.positions, {}, "cloud");
    REQUIRE(plants.ok());
    auto id = s.renderer->addSplatAsset(cloud, *plants, {});
    REQUIRE(id.ok());
    REQUIRE(s.renderer->setCopies(*id, {copyAt(0.6f, 0.f)}).ok());
    s.frame.frame.look.variation = 0.f;
    s.settings.countCopies = true;
    const Rgba8Image img = s.render("mesh_and_splats");
    long red = 0, green = 0;
    for (std::size_t i = 0; i < img.rgba.size() / 4; ++i) {
        const int r = img.rgba[4 * i], g = img.rgba[4 * i + 1];
        red += r > 150 && g < 60;
        green += g > r + 30;
    }
    INFO(red << " red, " << green << " green");
    CHECK(red > 200);
    CHECK(green > 200);
    CHECK(s.renderer->lastDrawStats().drawCalls == 2 * s.settings.distanceBands);  // mesh and splats, per band
    CHECK(s.renderer->lastDrawStats().copiesDrawn == 2);
}
