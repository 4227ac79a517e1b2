// core/foliage card trimming of cards that are not single quads (issue 35 §7 on real foliage):
// strips of quads bent along their length, as pine needle cards are built, trimmed triangle by
// triangle. Every point of a card whose bilinear footprint holds a texel at or above the cutoff
// stays covered by a kept piece, pieces stay in their triangle and keep its facing, empty pieces
// and cards drop, the area falls; degenerate UVs are refused naming the file and material.
#include <doctest/doctest.h>

#include <Eigen/Geometry>
#include <cmath>

#include "core/foliage/trim.h"

using namespace sw::foliage;
using sw::geometry::Image;
using sw::geometry::Mesh;

namespace {

// 64 × 256 needle texture: a thin diagonal twig and a few round tufts in the upper three
// quarters, nothing in the bottom quarter (alpha 0 there), alpha 255 on the shapes.
Image needleTexture() {
    Image img;
    img.name = "needles.png";
    img.width = 64;
    img.height = 256;
    img.rgba.assign(static_cast<std::size_t>(img.width * img.height * 4), 90);
    for (int y = 0; y < img.height; ++y)
        for (int x = 0; x < img.width; ++x) {
            const float fx = x + 0.5f, fy = y + 0.5f;
            const bool twig = fy < 190.f && std::abs(fx - (10.f + 0.2f * fy)) < 1.5f;
            const bool tuft = std::hypot(fx - 40.f, fy - 30.f) < 9.f || std::hypot(fx - 20.f, fy - 120.f) < 7.f ||
                              std::hypot(fx - 50.f, fy - 160.f) < 5.f;
            img.rgba[static_cast<std::size_t>((y * img.width + x) * 4 + 3)] = twig || tuft ? 255 : 0;
        }
    return img;
}

// A strip of `quads` quads along +z, 0.5 wide, each 0.5 long, bent by `bend` radians per quad
// around x (so no two quads share a plane), UV v from 0 at the top to 1 at the bottom; vertices
// shared between neighbouring quads, normals per vertex from the bend.
Mesh needleStrip(int quads, float bend, int material = 0) {
    Mesh m;
    m.partNames = {"plant"};
    Eigen::Vector3f at(0, 0, 0), dir(0, 0, 1);
    for (int r = 0; r <= quads; ++r) {
        const Eigen::Vector3f n = Eigen::Vector3f::UnitX().cross(dir).normalized();
        for (float x : {-0.25f, 0.25f}) {
            m.positions.push_back(at + Eigen::Vector3f(x, 0, 0));
            m.uvs.emplace_back(x < 0.f ? 0.f : 1.f, 1.f - static_cast<float>(r) / static_cast<float>(quads));
            m.normals.push_back(n);
        }
        at += 0.5f * dir;
        dir = Eigen::AngleAxisf(bend, Eigen::Vector3f::UnitX()) * dir;
    }
    for (int r = 0; r < quads; ++r) {
        const int a = 2 * r;
        m.triangles.emplace_back(a, a + 1, a + 3);
        m.triangles.emplace_back(a, a + 3, a + 2);
    }
    m.faceMaterial.assign(m.triangles.size(), material);
    m.facePart.assign(m.triangles.size(), 0);
    return m;
}

Mesh needleModel(int quads, float bend) {
    Mesh m = needleStrip(quads, bend);
    m.textures.push_back(needleTexture());
    sw::geometry::Material mat;
    mat.name = "M_Needles";
    mat.alphaMask = true;
    mat.alphaCutoff = 0.5f;
    mat.baseColorTexture = 0;
    m.materials = {mat};
    return m;
}

// True when a texel of the bilinear footprint of the point uv (the four texels around it) is at
// or above the cutoff: the masked shader may keep a fragment there.
bool mayShow(const Image& img, const Eigen::Vector2f& uv, float cutoff) {
    const float px = uv.x() * img.width - 0.5f, py = uv.y() * img.height - 0.5f;
    const int x0 = static_cast<int>(std::floor(px)), y0 = static_cast<int>(std::floor(py));
    for (int y = y0; y <= y0 + 1; ++y)
        for (int x = x0; x <= x0 + 1; ++x) {
            const int cx = std::clamp(x, 0, img.width - 1), cy = std::clamp(y, 0, img.height - 1);
            if (img.rgba[static_cast<std::size_t>((cy * img.width + cx) * 4 + 3)] / 255.f >= cutoff) return true;
        }
    return false;
}

// Barycentric weights of p in triangle (a, b, c) (p assumed near its plane).
Eigen::Vector3f barycentric(const Eigen::Vector3f& a, const Eigen::Vector3f& b, const Eigen::Vector3f& c, const Eigen::Vector3f& p) {
    const Eigen::Vector3f v0 = b - a, v1 = c - a, v2 = p - a;
    const float d00 = v0.dot(v0), d01 = v0.dot(v1), d11 = v1.dot(v1), d20 = v2.dot(v0), d21 = v2.dot(v1);
    const float den = d00 * d11 - d01 * d01;
    const float v = (d11 * d20 - d01 * d21) / den, w = (d00 * d21 - d01 * d20) / den;
    return {1.f - v - w, v, w};
}

// Every sample point of every MASK triangle of `before` that may show a texel lies in a kept
// triangle of `after` on the same plane; returns the number of such points checked.
int checkCovered(const Mesh& before, const Mesh& after, int steps) {
    const Image& img = before.textures[0];
    const float cutoff = before.materials[0].alphaCutoff;
    int checked = 0;
    for (const Eigen::Vector3i& t : before.triangles) {
        const Eigen::Vector3f a = before.positions[t[0]], b = before.positions[t[1]], c = before.positions[t[2]];
        const Eigen::Vector3f n = (b - a).cross(c - a).normalized();
        for (int i = 0; i <= steps; ++i)
            for (int j = 0; i + j <= steps; ++j) {
                const float s = static_cast<float>(i) / steps, r = static_cast<float>(j) / steps;
                const Eigen::Vector3f p = (1 - s - r) * a + s * b + r * c;
                const Eigen::Vector2f uv = (1 - s - r) * before.uvs[t[0]] + s * before.uvs[t[1]] + r * before.uvs[t[2]];
                if (!mayShow(img, uv, cutoff)) continue;
                bool covered = false;
                for (const Eigen::Vector3i& u : after.triangles) {
                    const Eigen::Vector3f A = after.positions[u[0]], B = after.positions[u[1]], C = after.positions[u[2]];
                    if (std::abs(n.dot(A - a)) > 1e-5f || std::abs(n.dot(B - a)) > 1e-5f || std::abs(n.dot(C - a)) > 1e-5f) continue;
                    if ((B - A).cross(C - A).squaredNorm() < 1e-14f) continue;
                    const Eigen::Vector3f w = barycentric(A, B, C, p);
                    if ((w.array() >= -1e-4f).all()) {
                        covered = true;
                        break;
                    }
                }
                REQUIRE_MESSAGE(covered, "point at uv " << uv.x() << "," << uv.y() << " lost");
                ++checked;
            }
    }
    return checked;
}

}  // namespace

TEST_CASE("trimTriangle: the polygon stays in the triangle, keeps every texel it may show, and cuts the area") {
    const Image img = needleTexture();
    CardTriangle tri;
    tri.positions = {Eigen::Vector3f(0, 0, 0), Eigen::Vector3f(1, 0, 0), Eigen::Vector3f(0, 0, 4)};
    tri.uvs = {Eigen::Vector2f(0, 1), Eigen::Vector2f(1, 1), Eigen::Vector2f(0, 0)};
    auto t = trimTriangle(img, 0.5f, tri, {}, "needles.glb");
    REQUIRE_MESSAGE(t.ok(), t.error().toString());
    REQUIRE_FALSE(t->empty);
    CHECK(t->uvs.size() >= 3);
    CHECK(t->uvs.size() <= 8);
    CHECK(t->areaBefore == doctest::Approx(2.f));
    CHECK(t->areaAfter < 0.8f * t->areaBefore);
    for (const Eigen::Vector2f& st : t->cardSt) {
        CHECK(st.x() >= -1e-5f);
        CHECK(st.y() >= -1e-5f);
        CHECK(st.x() + st.y() <= 1.f + 1e-5f);
    }
    std::vector<Eigen::Vector2f> poly = t->cardSt;
    REQUIRE(polygonArea(poly) > 0.f);  // counter-clockwise in card space: the triangle's winding
    int checked = 0;
    for (int i = 0; i <= 200; ++i)
        for (int j = 0; i + j <= 200; ++j) {
            const Eigen::Vector2f st(i / 200.f, j / 200.f);
            const Eigen::Vector2f uv = tri.uvs[0] + st.x() * (tri.uvs[1] - tri.uvs[0]) + st.y() * (tri.uvs[2] - tri.uvs[0]);
            if (!mayShow(img, uv, 0.5f)) continue;
            REQUIRE_MESSAGE(insideConvex(poly, st, 1e-4f), "st " << st.x() << "," << st.y());
            ++checked;
        }
    CHECK(checked > 100);

    CardTriangle bottom = tri;  // the texture's empty bottom quarter only
    bottom.uvs = {Eigen::Vector2f(0, 1), Eigen::Vector2f(1, 1), Eigen::Vector2f(0, 0.85f)};
    auto none = trimTriangle(img, 0.5f, bottom, {}, "needles.glb");
    REQUIRE(none.ok());
    CHECK(none->empty);
    CHECK(none->areaAfter == 0.f);
    CardTriangle flat = tri;  // no area: draws nothing, dropped whatever its UVs
    flat.positions[2] = Eigen::Vector3f(2, 0, 0);
    flat.uvs[2] = flat.uvs[1];
    auto dropped = trimTriangle(img, 0.5f, flat, {}, "needles.glb");
    REQUIRE(dropped.ok());
    CHECK(dropped->empty);
    CardTriangle line = tri;  // area but UVs on a line: its texels cannot be told apart
    line.uvs[2] = Eigen::Vector2f(0.5f, 1.f);
    auto bad = trimTriangle(img, 0.5f, line, {}, "needles.glb");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().toString() == "needles.glb: a triangle of the card has degenerate UVs, so its texels cannot be told apart");
}

TEST_CASE("trimCards: a bent strip of 4 quads is trimmed triangle by triangle, every texel kept, empty pieces dropped") {
    const Mesh strip = needleModel(4, 0.35f);
    for (int levels : {0, 1, 2}) {
        CAPTURE(levels);
        TrimSettings settings;
        settings.subdivide = levels;
        auto r = trimCards(strip, settings, "strip.glb");
        REQUIRE_MESSAGE(r.ok(), r.error().toString());
        CHECK(r->cards == 1);
        CHECK(r->quads == 0);
        CHECK(r->dropped == 0);
        CHECK(r->pieces == 8 << (2 * levels));
        CHECK(r->piecesDropped >= (levels == 0 ? 1 : 4));  // the bottom quad's texels are all transparent
        CHECK(r->areaBefore == doctest::Approx(1.0).epsilon(1e-4));  // 4 quads of 0.5 × 0.5
        CHECK(r->savedShare() > (levels == 0 ? 0.3 : 0.5));
        CHECK(r->mesh.positions.size() == r->mesh.uvs.size());
        CHECK(r->mesh.positions.size() == r->mesh.normals.size());
        CHECK(checkCovered(strip, r->mesh, 60) > 200);
        for (const Eigen::Vector3i& t : r->mesh.triangles) {  // facing kept: the normals agree with the winding
            const Eigen::Vector3f g = (r->mesh.positions[t[1]] - r->mesh.positions[t[0]]).cross(r->mesh.positions[t[2]] - r->mesh.positions[t[0]]);
            if (g.squaredNorm() < 1e-14f) continue;
            CHECK(g.dot(r->mesh.normals[t[0]]) > 0.f);
        }
        for (const Eigen::Vector3f& n : r->mesh.normals) CHECK(n.norm() <= 1.f + 1e-5f);
    }
    TrimSettings fine, coarse;
    coarse.subdivide = 0;
    auto a = trimCards(strip, fine, "strip.glb"), b = trimCards(strip, coarse, "strip.glb");
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    CHECK(a->areaAfter < b->areaAfter);  // splitting trims tighter
}

TEST_CASE("trimCards: a strip on an empty region drops as a card; degenerate UVs are refused naming file and material") {
    Mesh m = needleModel(2, 0.2f);
    for (Eigen::Vector2f& uv : m.uvs) uv.y() = 0.8f + 0.2f * uv.y();  // the empty bottom of the texture
    auto empty = trimCards(m, {}, "strip.glb");
    REQUIRE(empty.ok());
    CHECK(empty->cards == 1);
    CHECK(empty->dropped == 1);
    CHECK(empty->mesh.triangles.empty());
    CHECK(empty->areaAfter == 0.0);

    Mesh bad = needleModel(3, 0.2f);
    bad.uvs[4] = bad.uvs[5] = Eigen::Vector2f(0.5f, 0.5f);  // the second row's two vertices on one UV
    bad.uvs[2] = Eigen::Vector2f(0.5f, 0.5f);
    auto r = trimCards(bad, {}, "strip.glb");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().toString().rfind("strip.glb (material 'M_Needles'), face ", 0) == 0);
    CHECK(r.error().toString().find(": a triangle of the card has degenerate UVs") != std::string::npos);

    Mesh noUv = needleModel(2, 0.2f);
    noUv.uvs.clear();
    auto none = trimCards(noUv, {}, "strip.glb");
    REQUIRE_FALSE(none.ok());
    CHECK(none.error().toString() == "strip.glb: alpha-MASK cards have no texture coordinates");
    TrimSettings tooFine;
    tooFine.subdivide = 5;
    CHECK_FALSE(trimCards(needleModel(2, 0.2f), tooFine, "strip.glb").ok());
}

TEST_CASE("blocksTouched: a triangle is paid per 4 x 4 block it touches, so pieces cost more than the whole") {
    using T = std::array<Eigen::Vector2f, 3>;
    const T whole{Eigen::Vector2f(0, 0), Eigen::Vector2f(64, 0), Eigen::Vector2f(0, 64)};
    const double one = blocksTouched({whole}, 1.f);
    CHECK(one >= 136.0);  // at least the 16 x 16 blocks' lower half with its diagonal
    CHECK(one <= 160.0);
    const Eigen::Vector2f m01(32, 0), m12(32, 32), m20(0, 32);  // the midpoint split: same area, 4 triangles
    const double four = blocksTouched({{whole[0], m01, m20}, {m01, whole[1], m12}, {m20, m12, whole[2]}, {m01, m12, m20}}, 1.f);
    CHECK(four > one + 10.0);  // the inner edges' blocks are paid twice
    CHECK(blocksTouched({whole}, 2.f) < 0.3 * one);  // pixels twice as wide: a quarter of the blocks, plus the edge
    CHECK(blocksTouched({T{Eigen::Vector2f(1, 1), Eigen::Vector2f(2, 1), Eigen::Vector2f(1, 2)}}, 1.f) <= 1.0);
    CHECK(blocksTouched({T{Eigen::Vector2f(0, 0), Eigen::Vector2f(8, 8), Eigen::Vector2f(16, 16)}}, 1.f) == 0.0);  // no area
}

TEST_CASE("trimCards with viewMip: each face is cut only where that touches fewer blocks at that mip level") {
    const Mesh strip = needleModel(4, 0.35f);
    const Eigen::Vector2f size(64.f, 256.f);  // the needle texture in texels
    auto cost = [&](const Mesh& m, int mip) {
        std::vector<std::array<Eigen::Vector2f, 3>> tris;
        for (const Eigen::Vector3i& t : m.triangles)
            tris.push_back({m.uvs[t[0]].cwiseProduct(size), m.uvs[t[1]].cwiseProduct(size), m.uvs[t[2]].cwiseProduct(size)});
        return blocksTouched(tris, std::ldexp(1.f, mip));
    };
    REQUIRE(strip.textures[0].width == 64);
    REQUIRE(strip.textures[0].height == 256);
    for (int mip : {0, 1, 3}) {
        CAPTURE(mip);
        TrimSettings settings;
        settings.viewMip = mip;
        auto r = trimCards(strip, settings, "strip.glb");
        REQUIRE_MESSAGE(r.ok(), r.error().toString());
        CHECK(cost(r->mesh, mip) <= cost(strip, mip));  // never more blocks than the card as it was
        CHECK(checkCovered(strip, r->mesh, 60) > 200);  // every texel it may show is kept
        CHECK(r->savedShare() >= 0.0);
        if (mip <= 1) CHECK(cost(r->mesh, mip) < 0.7 * cost(strip, mip));  // a texel a pixel or two: cutting pays
    }
    TrimSettings near, far;
    near.viewMip = 0;  // a texel a pixel: cutting pays
    far.viewMip = 4;   // the card a few blocks wide: every face whole
    auto a = trimCards(strip, near, "strip.glb"), b = trimCards(strip, far, "strip.glb");
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    CHECK(a->savedShare() > 0.3);
    CHECK(a->kept < 8);
    CHECK(b->kept >= 5);  // of the 8 faces (the empty bottom quad's are dropped)
    CHECK(b->savedShare() < a->savedShare());
    TrimSettings bad;
    bad.viewMip = 13;
    CHECK_FALSE(trimCards(strip, bad, "strip.glb").ok());
}
