// Splat renderer (core/render/splat_renderer.h): goldens of the cel look, the core and shell
// passes, the overlays and the game-scale sheet (tests/golden/README.md, "Splat renderer"); the
// shell is drawn in the order of the current heading sector; the LOD draws exactly k splats.
#include <cstring>
#include <doctest/doctest.h>

#include <cmath>
#include <set>
#include <string>

#include "core/bake/orders.h"
#include "core/foundation/interrupt.h"
#include "core/render/game_scale.h"
#include "core/render/splat_renderer.h"
#include "tests/gl/golden.h"
#include "tests/gl/tst_splat_fixture.h"

using namespace sw::render;

namespace {

constexpr int kWidth = 160;
constexpr int kHeight = 120;

Camera orbit(float azimuth = 30.f, float elevation = 20.f) {
    Camera c;
    c.azimuthDeg = azimuth;
    c.elevationDeg = elevation;
    c.distance = 2.2f;
    return c;
}

std::unique_ptr<SplatRenderer> makeRenderer(const sw::render::GlProcLoader& loader) {
    auto r = SplatRenderer::create(loader);
    REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error().toString()));
    return std::move(*r);
}

void checkGolden(const char* name, SplatRenderSettings s, const Camera& camera = orbit(),
                 std::span<const std::uint8_t> floaters = {}) {
    auto context = sw::test::requireContext();
    auto renderer = makeRenderer(context->loader());
    const sw::formats::Spl2Model model = sw::test::makeCreature();
    const sw::Status set = renderer->setModel(model, floaters);
    REQUIRE_MESSAGE(set.ok(), (set.ok() ? "" : set.error().toString()));
    s.width = kWidth;
    s.height = kHeight;
    auto image = renderer->renderImage(camera, s);
    renderer->release();
    REQUIRE_MESSAGE(image.ok(), (image.ok() ? "" : image.error().toString()));
    const auto outcome = sw::test::compareWithGolden(name, *image);
    CHECK_MESSAGE(outcome.passed, outcome.message);
}

}  // namespace

TEST_CASE("golden: cel look, core and shell, on grey") {
    SplatRenderSettings s;
    s.effects.time = 0.4f;
    checkGolden("splat_cel_grey", s);
}

TEST_CASE("golden: core pass alone (octagons, unshaded) on black") {
    SplatRenderSettings s;
    s.drawShell = false;
    s.shapeClasses = false;
    s.cel = false;
    s.background = Background::Black;
    checkGolden("splat_core_octagons_black", s);
}

TEST_CASE("golden: shell pass alone on black") {
    SplatRenderSettings s;
    s.drawCore = false;
    s.background = Background::Black;
    checkGolden("splat_shell_black", s);
}

TEST_CASE("golden: round alpha-to-coverage splats with the muzzle flash, from the front") {
    SplatRenderSettings s;
    s.roundSplats = true;
    s.flashIntensity = 1.5f;
    s.flashPosition = Eigen::Vector3f(0.45f, -0.7f, 0.1f);
    s.effects.time = 1.1f;
    checkGolden("splat_round_flash", s, orbit(0.f, 25.f));
}

TEST_CASE("golden: overlays") {
    const std::pair<SplatOverlay, const char*> overlays[] = {
        {SplatOverlay::Part, "splat_overlay_part"},         {SplatOverlay::Material, "splat_overlay_material"},
        {SplatOverlay::Chunk, "splat_overlay_chunk"},       {SplatOverlay::Ao, "splat_overlay_ao"},
        {SplatOverlay::Emission, "splat_overlay_emission"}, {SplatOverlay::Shape, "splat_overlay_shape"},
        {SplatOverlay::Floater, "splat_overlay_floater"}};
    const sw::formats::Spl2Model model = sw::test::makeCreature();
    // Floater mask: every 9th splat flagged.
    std::vector<std::uint8_t> floaters(model.core.size() + model.shell.size());
    for (std::size_t i = 0; i < floaters.size(); i += 9) floaters[i] = 1;
    for (const auto& [overlay, name] : overlays) {
        const std::string golden = name;
        CAPTURE(golden);
        SplatRenderSettings s;
        s.overlay = overlay;
        checkGolden(name, s, orbit(), floaters);
    }
}

TEST_CASE("golden: game-scale sheet (x1 and x3, grey and black, next to the mesh)") {
    auto context = sw::test::requireContext();
    auto splats = makeRenderer(context->loader());
    REQUIRE(splats->setModel(sw::test::makeCreature()).ok());
    auto mesh = MeshRenderer::create(context->loader());
    REQUIRE(mesh.ok());
    REQUIRE((*mesh)->setMesh(sw::test::makeCreatureMesh()).ok());
    GameScaleSettings gs;
    gs.heightPx = 60;
    auto sheet = renderGameScale(*splats, mesh->get(), gs);
    splats->release();
    (*mesh)->release();
    REQUIRE_MESSAGE(sheet.ok(), (sheet.ok() ? "" : sheet.error().toString()));
    // Two rows of height (60 + 2·6)·3 plus three 4 px gaps.
    CHECK(sheet->height == 3 * 4 + 2 * 72 * 3);
    const auto outcome = sw::test::compareWithGolden("splat_game_scale", *sheet);
    CHECK_MESSAGE(outcome.passed, outcome.message);
}

// Like with like (issue 16): the mesh tiles use the splats' look, so changing the sun or turning
// cel off changes the mesh tiles as it changes the splats; each tile is where gameScaleTiles says.
TEST_CASE("game scale: the mesh tiles follow the splats' look and the tiles are where the layout says") {
    auto context = sw::test::requireContext();
    auto splats = makeRenderer(context->loader());
    REQUIRE(splats->setModel(sw::test::makeCreature()).ok());
    auto mesh = MeshRenderer::create(context->loader());
    REQUIRE(mesh.ok());
    REQUIRE((*mesh)->setMesh(sw::test::makeCreatureMesh()).ok());
    const auto tileOf = [](const sw::Rgba8Image& sheet, const GameScaleTile& t) {
        sw::Rgba8Image out{t.width, t.height, std::vector<std::uint8_t>(std::size_t(t.width * t.height * 4))};
        for (int y = 0; y < t.height; ++y)
            std::memcpy(&out.rgba[std::size_t(y * t.width * 4)], &sheet.rgba[(std::size_t(t.y + y) * sheet.width + t.x) * 4],
                        std::size_t(t.width * 4));
        return out;
    };
    GameScaleSettings gs;
    gs.heightPx = 60;
    std::vector<Eigen::Vector3f> points = splats->model().core.pos;  // the sheet frames core and shell
    points.insert(points.end(), splats->model().shell.pos.begin(), splats->model().shell.pos.end());
    const GameScaleFraming f = frameGameScale(points, gs);
    for (const bool cel : {true, false}) {
        gs.look.cel = cel;
        gs.look.sunDirection = cel ? Eigen::Vector3f(-0.8f, 0.3f, 0.5f) : gs.look.sunDirection;
        auto sheet = renderGameScaleSheet(*splats, mesh->get(), gs);
        REQUIRE_MESSAGE(sheet.ok(), (sheet.ok() ? "" : sheet.error().toString()));
        REQUIRE(sheet->tiles.size() == 8);
        CHECK(sheet->tiles[1].mesh);
        CHECK(sheet->tiles[3].zoom == 3);
        CHECK(sheet->tiles[4].background == Background::Black);
        // The grey ×1 mesh tile is the mesh drawn with the matching settings.
        auto direct = (*mesh)->renderImage(f.view, f.projection,
                                          gameScaleMeshSettings(gs.look, f.width, f.height, Background::Grey));
        REQUIRE(direct.ok());
        CHECK(direct->width == sheet->tiles[1].width);
        CHECK(tileOf(sheet->image, sheet->tiles[1]).rgba == direct->rgba);
        // …and not the other recipe's look.
        RenderSettings other = gameScaleMeshSettings(gs.look, f.width, f.height, Background::Grey);
        other.shading = cel ? Shading::Flat : Shading::Cel;
        auto otherImage = (*mesh)->renderImage(f.view, f.projection, other);
        REQUIRE(otherImage.ok());
        CHECK(tileOf(sheet->image, sheet->tiles[1]).rgba != otherImage->rgba);
        CHECK(gameScaleMeshSettings(gs.look, 8, 8, Background::Grey).sunDirection == gs.look.sunDirection);
    }
    splats->release();
    (*mesh)->release();
}

TEST_CASE("game scale: the model spans exactly the requested height at x1") {
    auto context = sw::test::requireContext();
    auto splats = makeRenderer(context->loader());
    REQUIRE(splats->setModel(sw::test::makeCreature()).ok());
    for (const int h : {60, 100}) {
        GameScaleSettings gs;
        gs.heightPx = h;
        const GameScaleFraming f = frameGameScale(splats->model().core.pos, gs);
        CHECK(f.height == h + 2 * gs.marginPx);
        // Project the centres: top and bottom rows are heightPx apart (centres only, ±1 px).
        float lo = 1e9f, hi = -1e9f;
        for (const auto& p : splats->model().core.pos) {
            const Eigen::Vector4f c = f.projection * f.view * p.homogeneous();
            const float y = (c.y() / c.w() * 0.5f + 0.5f) * static_cast<float>(f.height);
            lo = std::min(lo, y);
            hi = std::max(hi, y);
        }
        CHECK(hi - lo == doctest::Approx(static_cast<float>(h)).epsilon(0.01));
    }
    splats->release();
}

TEST_CASE("shell: the order drawn is the one of the current heading sector") {
    // Two overlapping shell splats at the same place with distinct colours; sector 5 draws
    // splat 1 last (on top), every other sector draws splat 0 last. Depth cannot decide: the
    // winner shows which order was used.
    sw::formats::Spl2Model m;
    m.core.resize(0);
    m.shell.resize(2);
    for (std::size_t i = 0; i < 2; ++i) {
        m.shell.pos[i] = Eigen::Vector3f(0.f, 0.f, 0.f);
        m.shell.ax0[i] = Eigen::Vector3f(0.1f, 0.f, 0.f);
        m.shell.ax1[i] = Eigen::Vector3f(0.f, 0.f, 0.1f);
        m.shell.normal[i] = Eigen::Vector3f(0.f, -1.f, 0.f);
        m.shell.opacity[i] = 1.f;
        m.shell.attrs[i] = Eigen::Vector4f(1.f, 0.f, 0.f, 0.f);
    }
    m.shell.color[0] = Eigen::Vector3f(1.f, 0.f, 0.f);
    m.shell.color[1] = Eigen::Vector3f(0.f, 0.f, 1.f);
    m.orders.assign(64, {1, 0});
    m.orders[5] = {0, 1};
    auto context = sw::test::requireContext();
    auto renderer = makeRenderer(context->loader());
    REQUIRE(renderer->setModel(m).ok());
    SplatRenderSettings s;
    s.width = 64;
    s.height = 64;
    s.cel = false;
    const auto centre = [&](float heading) {
        Camera c = orbit(heading, 0.f);
        auto image = renderer->renderImage(c, s);
        REQUIRE(image.ok());
        const std::size_t at = (32u * 64u + 32u) * 4u;
        return std::array<int, 3>{image->rgba[at], image->rgba[at + 1], image->rgba[at + 2]};
    };
    // Sector 5 covers [28.125°, 33.75°); 4 and 6 are its neighbours.
    const auto in5 = centre(30.f);
    CHECK(renderer->lastDrawStats().sector == 5);
    CHECK(in5[2] > 200);
    CHECK(in5[0] < 40);
    const auto in5edge = centre(28.2f);
    CHECK(renderer->lastDrawStats().sector == 5);
    CHECK(in5edge[2] > 200);
    const auto in4 = centre(28.0f);
    CHECK(renderer->lastDrawStats().sector == 4);
    CHECK(in4[0] > 200);
    CHECK(in4[2] < 40);
    const auto in6 = centre(34.f);
    CHECK(renderer->lastDrawStats().sector == 6);
    CHECK(in6[0] > 200);
    renderer->release();
}

TEST_CASE("shell: the index buffer is rebuilt only when the sector changes") {
    auto context = sw::test::requireContext();
    auto renderer = makeRenderer(context->loader());
    REQUIRE(renderer->setModel(sw::test::makeCreature(200, 30)).ok());
    SplatRenderSettings s;
    s.width = 32;
    s.height = 32;
    int uploads = 0;
    for (const float h : {1.f, 2.f, 5.f, 5.5f, 6.f, 7.f, 355.f, 359.f}) {
        REQUIRE(renderer->renderImage(orbit(h, 30.f), s).ok());
        uploads = renderer->lastDrawStats().orderUploads;
    }
    // Sectors visited: 0, 0, 0, 0, 1, 1, 63, 63 → three uploads.
    CHECK(uploads == 3);
    CHECK(headingSector(-1.f) == 63);
    CHECK(headingSector(360.f) == 0);
    CHECK(headingSector(5.625f) == 1);
    // The heading read from a view matrix is the camera azimuth.
    for (const float a : {0.f, 33.f, 90.f, 200.f, 359.f})
        CHECK(headingFromView(orbit(a, 35.f).view()) == doctest::Approx(a).epsilon(1e-4));
    renderer->release();
}

TEST_CASE("LOD: the core pass draws exactly the first k splats") {
    auto context = sw::test::requireContext();
    auto renderer = makeRenderer(context->loader());
    const sw::formats::Spl2Model model = sw::test::makeCreature(300, 10);
    REQUIRE(renderer->setModel(model).ok());
    SplatRenderSettings s;
    s.width = 64;
    s.height = 64;
    s.drawShell = false;
    s.countPrimitives = true;
    for (const int k : {0, 1, 37, 300, 1000}) {  // 300 = all; 1000 is clamped
        CAPTURE(k);
        s.coreCount = k;
        REQUIRE(renderer->renderImage(orbit(), s).ok());
        const int drawn = std::min(k, 300);
        CHECK(renderer->lastDrawStats().coreDrawn == drawn);
        // Each shaped splat is a fan of 10 triangles over 12 ring points, an octagon one of 6.
        CHECK(renderer->lastDrawStats().corePrimitives == static_cast<std::uint64_t>(drawn) * 10u);
        s.shapeClasses = false;
        REQUIRE(renderer->renderImage(orbit(), s).ok());
        CHECK(renderer->lastDrawStats().corePrimitives == static_cast<std::uint64_t>(drawn) * 6u);
        s.shapeClasses = true;
        s.roundSplats = true;  // coverage variant: one triangle per splat
        REQUIRE(renderer->renderImage(orbit(), s).ok());
        CHECK(renderer->lastDrawStats().coreDrawn == drawn);
        CHECK(renderer->lastDrawStats().corePrimitives == static_cast<std::uint64_t>(drawn));
        s.roundSplats = false;
    }
    renderer->release();
}

TEST_CASE("counted raster work: fragment shader invocations follow what is drawn") {
    auto context = sw::test::requireContext();
    auto renderer = makeRenderer(context->loader());
    const sw::formats::Spl2Model model = sw::test::makeCreature(300, 10);
    REQUIRE(renderer->setModel(model).ok());
    SplatRenderSettings s;
    s.width = 128;
    s.height = 128;
    s.roundSplats = true;
    s.drawShell = false;
    REQUIRE(renderer->renderImage(orbit(), s).ok());
    CHECK(renderer->lastDrawStats().fragments == 0);  // not asked
    s.countFragments = true;
    const auto count = [&](int k) {
        s.coreCount = k;
        REQUIRE(renderer->renderImage(orbit(), s).ok());
        return renderer->lastDrawStats().fragments;
    };
    const std::uint64_t none = count(0), some = count(50), all = count(300);
    // llvmpipe has ARB_pipeline_statistics_query; a driver without it reports 0 throughout.
    REQUIRE(all > 0);
    CHECK(none == 0);
    CHECK(some > 0);
    CHECK(all > some);
    CHECK(count(300) == all);  // counted, not timed: the same frame counts the same
    s.drawShell = true;
    CHECK(count(300) > all);   // the shell pass is counted too
    renderer->release();
}

TEST_CASE("LOD: with k splats only the first k colours appear") {
    // Ten separated splats, each its own flat colour, seen face-on; LOD 4 shows exactly four.
    sw::formats::Spl2Model m;
    m.core.resize(10);
    for (std::size_t i = 0; i < 10; ++i) {
        m.core.pos[i] = Eigen::Vector3f(-0.9f + 0.2f * static_cast<float>(i), 0.f, 0.f);
        m.core.ax0[i] = Eigen::Vector3f(0.025f, 0.f, 0.f);  // drawn ×3: 0.075 radius, 0.2 apart
        m.core.ax1[i] = Eigen::Vector3f(0.f, 0.f, 0.025f);
        m.core.normal[i] = Eigen::Vector3f(0.f, -1.f, 0.f);
        m.core.color[i] = Eigen::Vector3f(0.1f * static_cast<float>(i), 1.f - 0.1f * static_cast<float>(i), 0.5f);
        m.core.opacity[i] = 1.f;
        m.core.attrs[i] = Eigen::Vector4f(1.f, 0.f, 0.f, 0.f);
    }
    m.orders.assign(64, {});
    auto context = sw::test::requireContext();
    auto renderer = makeRenderer(context->loader());
    REQUIRE(renderer->setModel(m).ok());
    SplatRenderSettings s;
    s.width = 200;
    s.height = 40;
    s.samples = 0;
    s.cel = false;
    s.coreCount = 4;
    s.background = Background::Black;
    Camera c = orbit(0.f, 0.f);
    c.distance = 3.2f;
    auto image = renderer->renderImage(c, s);
    REQUIRE(image.ok());
    std::set<int> colours;
    for (std::size_t p = 0; p < image->rgba.size(); p += 4)
        if (image->rgba[p + 1] > 20) colours.insert(image->rgba[p] / 8);  // red encodes the index
    CHECK(colours.size() == 4);
    renderer->release();
}

TEST_CASE("gamma_out: one switch converts the gamma-space result for a linear target") {
    sw::formats::Spl2Model m;
    m.core.resize(1);
    m.core.ax0[0] = Eigen::Vector3f(0.1f, 0.f, 0.f);
    m.core.ax1[0] = Eigen::Vector3f(0.f, 0.f, 0.1f);
    m.core.normal[0] = Eigen::Vector3f(0.f, -1.f, 0.f);
    m.core.color[0] = Eigen::Vector3f(0.5f, 0.5f, 0.5f);
    m.core.opacity[0] = 1.f;
    m.core.attrs[0] = Eigen::Vector4f(1.f, 0.f, 0.f, 0.f);
    m.orders.assign(64, {});
    auto context = sw::test::requireContext();
    auto renderer = makeRenderer(context->loader());
    REQUIRE(renderer->setModel(m).ok());
    SplatRenderSettings s;
    s.width = 32;
    s.height = 32;
    s.samples = 0;
    s.cel = false;
    const auto centre = [&] {
        auto image = renderer->renderImage(orbit(0.f, 0.f), s);
        REQUIRE(image.ok());
        return int(image->rgba[(16u * 32u + 16u) * 4u]);
    };
    CHECK(centre() == 128);  // gamma bytes stored as computed
    s.linearTarget = true;
    CHECK(std::abs(centre() - 55) <= 1);  // 0.5 → 0.215 (sRGB → linear, cubic fit)
    renderer->release();
}

// Last in this file: it installs the process's signal handlers.
TEST_CASE("a large frame a signal may cancel is drawn in slices with the same pixels, and stops at an interrupt") {
    auto context = sw::test::requireContext();
    auto renderer = makeRenderer(context->loader());
    const sw::formats::Spl2Model model = sw::test::makeCreature();
    REQUIRE(renderer->setModel(model).ok());
    SplatRenderSettings s;
    s.roundSplats = true;
    s.width = 1800;  // 2.16 MP: at the slicing size
    s.height = 1200;
    auto whole = renderer->renderImage(orbit(), s);
    REQUIRE(whole.ok());
    REQUIRE_FALSE(sw::interruptHandlersInstalled());
    sw::installInterruptHandlers();
    auto sliced = renderer->renderImage(orbit(), s);
    REQUIRE(sliced.ok());
    CHECK(sliced->rgba == whole->rgba);
    sw::requestInterrupt();
    auto stopped = renderer->renderImage(orbit(), s);
    sw::clearInterrupt();
    renderer->release();
    REQUIRE(stopped.ok());
    std::size_t drawn = 0, drawnWhole = 0;
    for (std::size_t i = 0; i < whole->rgba.size(); i += 4) {
        drawnWhole += whole->rgba[i] != 128 ? 1 : 0;  // grey background is 128
        drawn += stopped->rgba[i] != 128 ? 1 : 0;
    }
    CHECK(drawnWhole > 10000);
    CHECK(drawn == 0);  // nothing drawn after the interrupt: only the clear
}
