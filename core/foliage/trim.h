#pragma once
// Card trimming (seed 004 "Карточки дешевле", issue 35 §7): an alpha-MASK card is mostly
// transparent texels that the masked shader shades and throws away. Each quad card is cut to a
// tight convex polygon of at most maxVertices around its texels at or above the alpha cutoff,
// grown by `margin` texels, and a card with no such texel is dropped: the image does not change
// (what is cut was discarded anyway), the fill does. After Persson, "Particle trimming" (2009),
// done here as: convex hull of the kept texels' grown squares (Andrew's monotone chain), clipped to
// the card, then edges removed one at a time where extending their neighbours adds the least area
// (the polygon only grows, so it keeps every texel); the box in card space instead when that is
// smaller or the removal cannot reach maxVertices. A quad card must be a planar parallelogram with
// affine UVs (two triangles of a quad); any other card (strips, ribbons, bent cards, fans) is
// trimmed triangle by triangle, each optionally split at its edge midpoints first, a triangle
// being affine in position and UV by construction. Pieces of one card share the texture across
// their edges, so a triangle keeps the texels within reach of it (margin + 1 texel) and not only
// those whose centre it covers: bilinear filtering near an edge reads its neighbour's texels.
#include <Eigen/Core>
#include <array>
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/geometry/mesh.h"

namespace sw::foliage {

struct TrimSettings {
    int margin = 2;       // texels kept around the opaque ones (bilinear filtering, mips)
    int maxVertices = 8;  // 4..8 for the polygon
    int subdivide = 2;    // 0..4: midpoint splits of each triangle of a card that is not a quad
    // 0..12: mip levels whose texels at or above the cutoff are kept too (with their bilinear
    // footprint), so that a card drawn at those levels, where averaged alpha thickens thin
    // cut-outs, shows the same pixels; farther cards may lose some of that thickening.
    int mipLevels = 4;
    // -1 or 0..12: the mip level the cards are tuned for (a screen pixel spanning 2^viewMip
    // texels). The rasteriser shades whole blocks of pixels (llvmpipe 4 × 4, GPUs 2 × 2), and a
    // block cut by an edge is shaded for each triangle touching it, so many small pieces can cost
    // more than the transparent area they cut. With viewMip >= 0 each quad card, and each triangle
    // of another card, is kept whole or trimmed after 0..subdivide splits, whichever touches the
    // fewest 4 × 4 blocks at that level (blocksTouched); -1 always cuts with `subdivide` splits.
    int viewMip = -1;
};

// The 4 × 4 pixel blocks the triangles touch (at least one pixel centre inside), pixels `pixel`
// units wide, averaged over four placements of the pixel grid; one count per triangle, so a block
// two triangles share counts twice, as the rasteriser shades it twice.
double blocksTouched(const std::vector<std::array<Eigen::Vector2f, 3>>& triangles, float pixel, int block = 4);

// The alpha of a texture and its first mip levels (2 × 2 box averages, as glGenerateMipmap
// makes them), built once per texture when trimming many cards on it.
struct AlphaLevels {
    std::vector<int> widths, heights;
    std::vector<std::vector<float>> alpha;  // [level][y * width + x], 0..1
};
AlphaLevels alphaLevels(const geometry::Image& texture, int mipLevels);

struct CardQuad {
    std::array<Eigen::Vector3f, 4> positions;  // corners in order around the quad, model units
    std::array<Eigen::Vector2f, 4> uvs;        // glTF convention (v down), matching corners
};

struct CardTriangle {
    std::array<Eigen::Vector3f, 3> positions;  // corners, model units, winding kept
    std::array<Eigen::Vector2f, 3> uvs;        // glTF convention (v down), matching corners
};

struct TrimmedCard {
    bool empty = false;                      // no texel at or above the cutoff: drop the card
    std::vector<Eigen::Vector2f> uvs;        // [K] convex polygon, K <= maxVertices
    std::vector<Eigen::Vector3f> positions;  // [K] the same polygon on the card's plane
    std::vector<Eigen::Vector2f> cardSt;     // [K] the same polygon in card space: P = P0 + s e1 + t e3
    float areaBefore = 0.f;                  // model units², the quad
    float areaAfter = 0.f;                   // model units², the polygon (0 when empty)
};

// InvalidInput naming `what` for a texture that is missing (empty) or fully transparent (no
// texel's alpha at or above cutoff).
Status checkMaskTexture(const geometry::Image& texture, float cutoff, const std::string& what);

// Trims one card. InvalidInput naming `what` when the corners are not a planar parallelogram with
// affine UVs, or the settings are out of range.
Result<TrimmedCard> trimCard(const geometry::Image& texture, float cutoff, const CardQuad& card,
                             const TrimSettings& settings, const std::string& what);
Result<TrimmedCard> trimCard(const AlphaLevels& levels, float cutoff, const CardQuad& card, const TrimSettings& settings,
                             const std::string& what);

// Trims one triangle of a card: the polygon lies in the triangle, every texel within reach of it
// at or above the cutoff (grown by the margin) inside. A triangle of no area is empty (it draws no
// fragment); InvalidInput naming `what` when its UVs are degenerate (a line or a point) or the
// settings are out of range.
Result<TrimmedCard> trimTriangle(const geometry::Image& texture, float cutoff, const CardTriangle& triangle,
                                 const TrimSettings& settings, const std::string& what);
Result<TrimmedCard> trimTriangle(const AlphaLevels& levels, float cutoff, const CardTriangle& triangle,
                                 const TrimSettings& settings, const std::string& what);

// Polygon helpers (2D, counter-clockwise), exposed for the tests and the shaders' reference.
std::vector<Eigen::Vector2f> convexHull(std::vector<Eigen::Vector2f> points);
float polygonArea(const std::vector<Eigen::Vector2f>& polygon);  // signed: > 0 counter-clockwise
bool insideConvex(const std::vector<Eigen::Vector2f>& polygon, const Eigen::Vector2f& p, float eps);

// Trims every alpha-MASK card of a mesh (a connected set of triangles of a MASK material with a
// base-colour texture): a parallelogram quad as one polygon, any other card triangle by triangle
// (normals interpolated, so shading does not change); other triangles are kept as they are. A
// MASK triangle with degenerate UVs, a mesh without UVs, a MASK material without texture or
// with a fully transparent one is an InvalidInput error naming the material and `what`; nothing
// is returned then.
struct TrimReport {
    geometry::Mesh mesh;        // the trimmed mesh
    int cards = 0;              // MASK cards seen
    int quads = 0;              // of them, trimmed as one parallelogram
    int dropped = 0;            // empty cards removed
    int pieces = 0;             // triangles trimmed one by one (after the midpoint splits)
    int kept = 0;               // quad cards and triangles kept whole, trimming would cost more blocks
    int piecesDropped = 0;      // of them, empty and removed
    double areaBefore = 0.0;    // model units², all cards
    double areaAfter = 0.0;
    double savedShare() const { return areaBefore > 0.0 ? 1.0 - areaAfter / areaBefore : 0.0; }
};
Result<TrimReport> trimCards(const geometry::Mesh& mesh, const TrimSettings& settings, const std::string& what);

}  // namespace sw::foliage
