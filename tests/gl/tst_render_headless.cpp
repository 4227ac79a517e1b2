// Behaviour of the headless context + mesh renderer, independent of golden images: coverage
// against the analytic projection, texture orientation, shading against a CPU reference,
// alpha MASK, backgrounds, invalid meshes and release().
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>

#include "core/render/headless_context.h"
#include "core/render/mesh_renderer.h"
#include "tests/gl/fixture_mesh.h"

using namespace sw::render;

namespace {

struct Gl {
    std::unique_ptr<HeadlessContext> context;
    std::unique_ptr<MeshRenderer> renderer;
    Gl() {
        auto ctx = HeadlessContext::create();
        REQUIRE_MESSAGE(ctx.ok(), (ctx.ok() ? "" : ctx.error().toString()));
        context = std::move(*ctx);
        auto r = MeshRenderer::create(context->loader());
        REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error().toString()));
        renderer = std::move(*r);
    }
    ~Gl() {
        if (renderer) renderer->release();
    }
    sw::Rgba8Image render(const Camera& camera, const RenderSettings& settings) {
        auto image = renderer->renderImage(camera, settings);
        REQUIRE_MESSAGE(image.ok(), (image.ok() ? "" : image.error().toString()));
        return std::move(*image);
    }
};

const std::uint8_t* pixel(const sw::Rgba8Image& im, int x, int y) {
    return &im.rgba[(static_cast<std::size_t>(y) * static_cast<std::size_t>(im.width) + static_cast<std::size_t>(x)) * 4];
}

long countNonBackground(const sw::Rgba8Image& im, int bg) {
    long n = 0;
    for (std::size_t i = 0; i < im.rgba.size(); i += 4) {
        const bool same = std::abs(im.rgba[i] - bg) <= 8 && std::abs(im.rgba[i + 1] - bg) <= 8 &&
                          std::abs(im.rgba[i + 2] - bg) <= 8;
        n += same ? 0 : 1;
    }
    return n;
}

void checkColour(const sw::Rgba8Image& im, int x, int y, int r, int g, int b, int tol = 3) {
    const std::uint8_t* p = pixel(im, x, y);
    INFO("pixel (" << x << "," << y << ") = " << int(p[0]) << "," << int(p[1]) << "," << int(p[2]) << " expected "
                   << r << "," << g << "," << b);
    CHECK(std::abs(p[0] - r) <= tol);
    CHECK(std::abs(p[1] - g) <= tol);
    CHECK(std::abs(p[2] - b) <= tol);
    CHECK(p[3] == 255);
}

// The quad seen head-on from azimuth 0 (camera on −Y) at distance 3 with a 40° field of view.
Camera headOn() {
    Camera c;
    c.azimuthDeg = 0.f;
    c.elevationDeg = 0.f;
    c.distance = 3.f;
    c.fovYDeg = 40.f;
    c.sceneRadius = 1.f;
    return c;
}

constexpr double kDegToRad = 3.14159265358979 / 180.0;

}  // namespace

TEST_CASE("a facing quad covers its analytic projected area, texture upright, +X to the right") {
    Gl gl;
    REQUIRE(gl.renderer->setMesh(sw::test::makeFacingQuad()).ok());
    const sw::Rgba8Image im = gl.render(headOn(), {200, 200, Background::Grey, 4});
    REQUIRE(im.width == 200);
    REQUIRE(im.height == 200);
    // Side in pixels = (half side / (distance · tan(fov/2))) · width.
    const double side = 0.5 / (3.0 * std::tan(20.0 * kDegToRad)) * 200.0;
    const long covered = countNonBackground(im, 128);
    INFO("covered " << covered << " px, analytic " << side * side);
    CHECK(std::abs(double(covered) - side * side) < 0.02 * side * side);
    const int q = static_cast<int>(side / 4);  // quadrant centres at ±side/4 from the middle
    checkColour(im, 100 - q, 100 - q, 255, 0, 0);      // top-left texel: red
    checkColour(im, 100 + q, 100 - q, 0, 255, 0);      // top-right: green
    checkColour(im, 100 - q, 100 + q, 0, 0, 255);      // bottom-left: blue
    checkColour(im, 100 + q, 100 + q, 255, 255, 255);  // bottom-right: white
    checkColour(im, 2, 2, 128, 128, 128, 0);            // grey background is exactly 0.5
    CHECK(gl.renderer->lastDrawStats().triangles == 2);
}

TEST_CASE("half-Lambert headlight matches its CPU reference at an oblique angle") {
    Gl gl;
    REQUIRE(gl.renderer->setMesh(sw::test::makeFacingQuad()).ok());
    Camera c = headOn();
    for (float az : {0.f, 40.f, 60.f, 75.f}) {
        c.azimuthDeg = az;
        const sw::Rgba8Image im = gl.render(c, {200, 200, Background::Black, 4});
        // mesh.frag: light = mix(0.35, 1, (0.5·|n·l| + 0.5)²), n·l = cos(azimuth) here.
        const double wrap = 0.5 * std::cos(double(az) * kDegToRad) + 0.5;
        const double light = 0.35 + 0.65 * wrap * wrap;
        // Quad's top-left quadrant (red) around x = −0.25, z = 0.25 projects left of centre.
        const Eigen::Vector4f clip = c.projection(1.f) * c.view() * Eigen::Vector4f(-0.25f, 0.f, 0.25f, 1.f);
        const int x = static_cast<int>((clip.x() / clip.w() * 0.5f + 0.5f) * 200.f);
        const int y = static_cast<int>((0.5f - clip.y() / clip.w() * 0.5f) * 200.f);
        INFO("azimuth " << az);
        checkColour(im, x, y, static_cast<int>(std::lround(255.0 * light)), 0, 0, 2);
    }
}

TEST_CASE("a mesh without normals shades with face normals, the same as with them head-on") {
    Gl gl;
    REQUIRE(gl.renderer->setMesh(sw::test::makeFacingQuad(false)).ok());
    const sw::Rgba8Image im = gl.render(headOn(), {200, 200, Background::Grey, 4});
    const double side = 0.5 / (3.0 * std::tan(20.0 * kDegToRad)) * 200.0;
    CHECK(std::abs(double(countNonBackground(im, 128)) - side * side) < 0.02 * side * side);
    checkColour(im, 100 - 23, 100 - 23, 255, 0, 0);
    checkColour(im, 100 + 23, 100 + 23, 255, 255, 255);
}

TEST_CASE("alpha MASK discards texels under the cutoff, showing the background") {
    Gl gl;
    REQUIRE(gl.renderer->setMesh(sw::test::makeFacingQuad(true, true)).ok());
    const sw::Rgba8Image im = gl.render(headOn(), {200, 200, Background::Black, 4});
    checkColour(im, 100 + 23, 100 + 23, 0, 0, 0, 0);  // masked bottom-right: black background
    checkColour(im, 100 - 23, 100 - 23, 255, 0, 0);
    const double side = 0.5 / (3.0 * std::tan(20.0 * kDegToRad)) * 200.0;
    const double covered = double(countNonBackground(im, 0));
    CHECK(covered > 0.72 * side * side);  // three quarters stay (the boundary is filtered)
    CHECK(covered < 0.78 * side * side);
}

TEST_CASE("a cut-out's colour does not bleed from its transparent texels (filtered in associated alpha)") {
    // Orange stripes one texel wide between transparent texels whose RGB is pure blue (real
    // foliage textures hold black there). Straight-alpha filtering mixes that blue into every
    // stripe edge; filtering the premultiplied texture and dividing alpha back out does not, so
    // every drawn pixel keeps the stripe's hue (partial coverage only blends it with the black
    // background, which scales all channels alike), with the per-pixel test and per sample.
    sw::geometry::Mesh mesh = sw::test::makeFacingQuad(true, true);
    sw::geometry::Image& tex = mesh.textures.front();
    for (int y = 0; y < tex.height; ++y)
        for (int x = 0; x < tex.width; ++x) {
            std::uint8_t* t = &tex.rgba[std::size_t((y * tex.width + x) * 4)];
            const bool stripe = x % 2 == 0;
            t[0] = stripe ? 200 : 0;
            t[1] = stripe ? 100 : 0;
            t[2] = stripe ? 20 : 255;
            t[3] = stripe ? 255 : 0;
        }
    Gl gl;
    REQUIRE(gl.renderer->setMesh(mesh).ok());
    for (const bool perSample : {false, true}) {
        RenderSettings settings{200, 200, Background::Black, 8};
        settings.shading = Shading::Flat;
        settings.maskPerSample = perSample;
        const sw::Rgba8Image im = gl.render(headOn(), settings);
        long drawn = 0, bled = 0;
        for (std::size_t i = 0; i < im.rgba.size(); i += 4) {
            if (im.rgba[i] < 24) continue;  // background, or a sliver of coverage
            ++drawn;
            bled += im.rgba[i + 2] > 0.1 * im.rgba[i] + 6;  // blue above the stripe's 20/200 share
        }
        INFO("per sample " << perSample << ": " << drawn << " drawn, " << bled << " with blue bleeding in");
        CHECK(drawn > 1500);
        CHECK(bled == 0);
    }
}

TEST_CASE("the framed box scene covers a plausible share of the frame on grey and on black") {
    Gl gl;
    const sw::geometry::Mesh mesh = sw::test::makeBoxAndPlate();
    REQUIRE(gl.renderer->setMesh(mesh).ok());
    Camera c;
    c.azimuthDeg = 35.f;
    c.elevationDeg = 25.f;
    c.frame(sw::geometry::computeBounds(mesh), 320.f / 240.f);
    const sw::Rgba8Image grey = gl.render(c, {320, 240, Background::Grey, 4});
    const sw::Rgba8Image black = gl.render(c, {320, 240, Background::Black, 4});
    const double total = 320.0 * 240.0;
    const double onGrey = double(countNonBackground(grey, 128)) / total;
    const double onBlack = double(countNonBackground(black, 0)) / total;
    INFO("coverage on grey " << onGrey << ", on black " << onBlack);
    // The framed bounding sphere covers ~π/4 · (240/320) ≈ 59 % of the frame at most; the box
    // and plate inside it about a third of that (18 % when this test was written).
    CHECK(onGrey > 0.12);
    CHECK(onGrey < 0.59);
    CHECK(std::abs(onGrey - onBlack) < 0.01);
    checkColour(grey, 0, 0, 128, 128, 128, 0);
    checkColour(black, 0, 0, 0, 0, 0, 0);
}

TEST_CASE("invalid meshes are rejected with InvalidInput and nothing is drawn") {
    Gl gl;
    sw::geometry::Mesh bad = sw::test::makeFacingQuad();
    bad.triangles[1] = Eigen::Vector3i(0, 2, 9);
    auto status = gl.renderer->setMesh(bad);
    REQUIRE_FALSE(status.ok());
    CHECK(status.error().code == sw::ErrorCode::InvalidInput);
    CHECK(status.error().message.find("triangle 1") != std::string::npos);
    bad = sw::test::makeFacingQuad();
    bad.uvs.pop_back();
    CHECK_FALSE(gl.renderer->setMesh(bad).ok());
    CHECK_FALSE(gl.renderer->hasMesh());
    const sw::Rgba8Image im = gl.render(headOn(), {64, 64, Background::Grey, 4});
    CHECK(countNonBackground(im, 128) == 0);
}

TEST_CASE("release frees everything; later use is a Gpu error, not a crash") {
    Gl gl;
    REQUIRE(gl.renderer->setMesh(sw::test::makeFacingQuad()).ok());
    REQUIRE(gl.render(headOn(), {64, 64, Background::Grey, 4}).width == 64);
    gl.renderer->release();
    CHECK(gl.renderer->released());
    CHECK_FALSE(gl.renderer->hasMesh());
    auto after = gl.renderer->renderImage(headOn(), {64, 64, Background::Grey, 4});
    REQUIRE_FALSE(after.ok());
    CHECK(after.error().code == sw::ErrorCode::Gpu);
    // A second renderer on the same context works after the first one released its objects.
    auto again = MeshRenderer::create(gl.context->loader());
    REQUIRE(again.ok());
    REQUIRE((*again)->setMesh(sw::test::makeFacingQuad()).ok());
    auto im = (*again)->renderImage(headOn(), {64, 64, Background::Grey, 4});
    REQUIRE(im.ok());
    CHECK(countNonBackground(*im, 128) > 100);
    (*again)->release();
}
