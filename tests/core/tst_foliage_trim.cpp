// core/foliage card trimming: every texel at or above the cutoff stays inside the polygon, the
// card's area falls on a round leaf, empty cards drop, bad cards and textures are refused.
#include <doctest/doctest.h>

#include <Eigen/Geometry>
#include <cmath>

#include "core/foliage/trim.h"
#include "tests/core/tst_foliage_fixture.h"

using namespace sw::foliage;

namespace {

// w × h texture, alpha 255 inside the disc (cx, cy, r) in texels, 0 elsewhere.
sw::geometry::Image leafMask(int w, int h, float cx, float cy, float r) {
    sw::geometry::Image img;
    img.name = "leaf.png";
    img.width = w;
    img.height = h;
    img.rgba.assign(static_cast<std::size_t>(w * h * 4), 60);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const bool in = std::hypot(x + 0.5f - cx, y + 0.5f - cy) <= r;
            img.rgba[static_cast<std::size_t>((y * w + x) * 4 + 3)] = in ? 255 : 0;
        }
    return img;
}

CardQuad unitCard(Eigen::Vector2f uv0 = {0, 0}, Eigen::Vector2f uvSize = {1, 1}) {
    CardQuad c;
    c.positions = {Eigen::Vector3f(0, 0, 0), Eigen::Vector3f(2, 0, 0), Eigen::Vector3f(2, 0, 2), Eigen::Vector3f(0, 0, 2)};
    c.uvs = {Eigen::Vector2f(uv0.x(), uv0.y() + uvSize.y()), Eigen::Vector2f(uv0 + uvSize),
             Eigen::Vector2f(uv0.x() + uvSize.x(), uv0.y()), uv0};
    return c;
}

// Every kept texel's square, grown by `grow` texels, lies inside the polygon (in pixel space).
void checkKeepsTexels(const sw::geometry::Image& img, const TrimmedCard& t, float grow) {
    std::vector<Eigen::Vector2f> px;
    for (const auto& uv : t.uvs) px.emplace_back(uv.x() * img.width, uv.y() * img.height);
    if (polygonArea(px) < 0.f) std::reverse(px.begin(), px.end());
    int checked = 0;
    for (int y = 0; y < img.height; ++y)
        for (int x = 0; x < img.width; ++x) {
            if (img.rgba[static_cast<std::size_t>((y * img.width + x) * 4 + 3)] < 128) continue;
            for (float dx : {-grow, 1.f + grow})
                for (float dy : {-grow, 1.f + grow}) {
                    const Eigen::Vector2f c(std::clamp(x + dx, 0.f, float(img.width)), std::clamp(y + dy, 0.f, float(img.height)));
                    REQUIRE_MESSAGE(insideConvex(px, c, 1e-3f), "texel " << x << "," << y);
                }
            ++checked;
        }
    CHECK(checked > 0);
}

float area3d(const std::vector<Eigen::Vector3f>& p) {
    Eigen::Vector3f s = Eigen::Vector3f::Zero();
    for (std::size_t i = 1; i + 1 < p.size(); ++i) s += (p[i] - p[0]).cross(p[i + 1] - p[0]);
    return 0.5f * s.norm();
}

}  // namespace

TEST_CASE("a round leaf: at most 8 vertices, every opaque texel (+ margin) inside, area cut by more than half") {
    const auto img = leafMask(64, 64, 32.f, 30.f, 20.f);
    TrimSettings full;  // full-resolution texels only: the tightest cut
    full.mipLevels = 0;
    auto t = trimCard(img, 0.5f, unitCard(), full, "leaf.glb");
    REQUIRE(t.ok());
    CHECK_FALSE(t->empty);
    CHECK(t->uvs.size() >= 4);
    CHECK(t->uvs.size() <= 8);
    checkKeepsTexels(img, *t, 2.f);
    CHECK(t->areaBefore == doctest::Approx(4.f));
    CHECK(t->areaAfter == doctest::Approx(area3d(t->positions)).epsilon(1e-4));
    CHECK(t->areaAfter < 0.45f * t->areaBefore);
    CHECK(t->areaAfter > 4.f * 3.14159f * (20.f / 64) * (20.f / 64));  // at least the disc
    for (const auto& p : t->positions) {
        CHECK(p.y() == doctest::Approx(0.f));  // on the card's plane
        CHECK(p.x() >= -1e-5f);
        CHECK(p.x() <= 2.f + 1e-5f);
    }
    TrimSettings four;
    four.maxVertices = 4;
    four.margin = 0;
    four.mipLevels = 0;
    auto quad = trimCard(img, 0.5f, unitCard(), four, "leaf.glb");
    REQUIRE(quad.ok());
    CHECK(quad->uvs.size() <= 4);
    checkKeepsTexels(img, *quad, 0.f);
    CHECK(quad->areaAfter > t->areaAfter * 0.9f);
    // The default keeps the mip levels' thickened cut-out too: more area, still inside the card.
    auto mips = trimCard(img, 0.5f, unitCard(), {}, "leaf.glb");
    REQUIRE(mips.ok());
    checkKeepsTexels(img, *mips, 2.f);
    CHECK(mips->areaAfter >= t->areaAfter);
    CHECK(mips->areaAfter < mips->areaBefore);
}

TEST_CASE("a card in an atlas trims to its own region; rotated UVs keep every texel") {
    auto img = leafMask(64, 64, 48.f, 16.f, 10.f);  // leaf in the top-right quarter
    auto t = trimCard(img, 0.5f, unitCard({0.5f, 0.f}, {0.5f, 0.5f}), {}, "atlas.glb");
    REQUIRE(t.ok());
    checkKeepsTexels(img, *t, 2.f);
    for (const auto& uv : t->uvs) CHECK(uv.x() >= 0.5f - 1e-5f);
    auto empty = trimCard(img, 0.5f, unitCard({0.f, 0.5f}, {0.5f, 0.5f}), {}, "atlas.glb");  // bottom-left: nothing
    REQUIRE(empty.ok());
    CHECK(empty->empty);
    CHECK(empty->areaAfter == 0.f);
    CardQuad turned = unitCard();
    std::rotate(turned.uvs.begin(), turned.uvs.begin() + 1, turned.uvs.end());  // UVs turned a quarter
    auto r = trimCard(img, 0.5f, turned, {}, "atlas.glb");
    REQUIRE(r.ok());
    checkKeepsTexels(img, *r, 2.f);
}

TEST_CASE("cards that are not parallelograms and fully transparent textures are refused") {
    const auto img = leafMask(16, 16, 8.f, 8.f, 4.f);
    CardQuad bent = unitCard();
    bent.positions[2].y() = 0.5f;
    auto r = trimCard(img, 0.5f, bent, {}, "bent.glb");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().toString() == "bent.glb: card is not a planar parallelogram with affine UVs");
    auto clear = leafMask(16, 16, 8.f, 8.f, 0.f);
    sw::Status st = checkMaskTexture(clear, 0.5f, "clear.glb");
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().toString() == "clear.glb: MASK texture 'leaf.png' is fully transparent");
    CHECK_FALSE(checkMaskTexture({}, 0.5f, "none.glb").ok());
    CHECK(checkMaskTexture(img, 0.5f, "ok.glb").ok());
}

TEST_CASE("trimCards: cards trimmed, empty ones dropped, trunks kept, a non-quad or bent card trimmed by triangles") {
    sw::geometry::Mesh mesh;
    mesh.textures.push_back(leafMask(64, 64, 16.f, 16.f, 12.f));  // a leaf in the top-left quarter only
    sw::geometry::Material card, bark;
    card.name = "M_Leaf";
    card.alphaMask = true;
    card.baseColorTexture = 0;
    bark.name = "M_Bark";
    mesh.materials = {card, bark};
    sw::test::addCard(mesh, {0, 0, 0}, 1.f, 1.f, 0);
    sw::test::addCard(mesh, {3, 0, 0}, 1.f, 1.f, 0);
    for (std::size_t v = 0; v < mesh.uvs.size(); ++v) mesh.uvs[v] *= 0.5f;  // card 1 on the leaf's quarter
    for (std::size_t v = 6; v < mesh.uvs.size(); ++v) mesh.uvs[v] += Eigen::Vector2f(0.5f, 0.5f);  // card 2: empty quarter
    sw::test::addCard(mesh, {6, 0, 0}, 0.3f, 2.f, 1);  // an opaque trunk
    TrimSettings full;  // full-resolution texels only
    full.mipLevels = 0;
    auto r = trimCards(mesh, full, "tree.glb");
    REQUIRE_MESSAGE(r.ok(), r.error().toString());
    CHECK(r->cards == 2);
    CHECK(r->quads == 2);
    CHECK(r->pieces == 0);
    CHECK(r->dropped == 1);
    CHECK(r->areaBefore == doctest::Approx(2.0));
    CHECK(r->savedShare() > 0.6);
    int barkFaces = 0;
    for (int m : r->mesh.faceMaterial) barkFaces += m == 1;
    CHECK(barkFaces == 2);
    CHECK(r->mesh.positions.size() == r->mesh.uvs.size());
    for (const auto& t : r->mesh.triangles)
        for (int k = 0; k < 3; ++k) CHECK(t[k] < static_cast<int>(r->mesh.positions.size()));
    for (const auto& t : r->mesh.triangles)  // the leaf card keeps its facing (−y, as the quad)
        if (r->mesh.faceMaterial[static_cast<std::size_t>(&t - r->mesh.triangles.data())] == 0)
            CHECK((r->mesh.positions[t[1]] - r->mesh.positions[t[0]]).cross(r->mesh.positions[t[2]] - r->mesh.positions[t[0]]).y() < 0.f);

    sw::geometry::Mesh tri = mesh;
    tri.triangles.emplace_back(0, 1, 3);  // a third triangle on the first card: no longer a quad
    tri.faceMaterial.push_back(0);
    tri.facePart.push_back(0);
    auto three = trimCards(tri, full, "tree.glb");
    REQUIRE_MESSAGE(three.ok(), three.error().toString());
    CHECK(three->cards == 2);
    CHECK(three->quads == 1);
    CHECK(three->pieces == 3 * 16);  // three triangles, split twice at their midpoints
    CHECK(three->areaBefore == doctest::Approx(2.5));
    CHECK(three->savedShare() > 0.6);
    sw::geometry::Mesh bent = mesh;  // the first card folded along its diagonal: not planar
    for (std::size_t v = 0; v < bent.positions.size(); ++v)
        if (bent.positions[v].x() > 0.f && bent.positions[v].x() < 1.f && bent.positions[v].z() == 0.f) bent.positions[v].y() = 0.3f;
    auto folded = trimCards(bent, full, "tree.glb");
    REQUIRE_MESSAGE(folded.ok(), folded.error().toString());
    CHECK(folded->quads == 1);
    CHECK(folded->pieces == 2 * 16);
    CHECK(folded->savedShare() > 0.6);
    sw::geometry::Mesh clear = mesh;
    clear.textures[0] = leafMask(8, 8, 0.f, 0.f, 0.f);
    auto transparent = trimCards(clear, {}, "tree.glb");
    REQUIRE_FALSE(transparent.ok());
    CHECK(transparent.error().toString().find("fully transparent") != std::string::npos);
    sw::geometry::Mesh bare = mesh;
    bare.materials[0].baseColorTexture = -1;
    CHECK_FALSE(trimCards(bare, {}, "tree.glb").ok());
}
