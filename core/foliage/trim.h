#pragma once
// Card trimming (seed 004 "Карточки дешевле", issue 35 §7): an alpha-MASK card is mostly
// transparent texels that the masked shader shades and throws away. Each quad card is cut to a
// tight convex polygon of at most maxVertices around its texels at or above the alpha cutoff,
// grown by `margin` texels, and a card with no such texel is dropped: the image does not change
// (what is cut was discarded anyway), the fill does. After Persson, "Particle trimming" (2009),
// done here as: convex hull of the kept texels' grown squares (Andrew's monotone chain), clipped to
// the card, then edges removed one at a time where extending their neighbours adds the least area
// (the polygon only grows, so it keeps every texel); the box in card space instead when that is
// smaller or the removal cannot reach maxVertices. The card must be a planar parallelogram with
// affine UVs (two triangles of a quad).
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
};

struct CardQuad {
    std::array<Eigen::Vector3f, 4> positions;  // corners in order around the quad, model units
    std::array<Eigen::Vector2f, 4> uvs;        // glTF convention (v down), matching corners
};

struct TrimmedCard {
    bool empty = false;                      // no texel at or above the cutoff: drop the card
    std::vector<Eigen::Vector2f> uvs;        // [K] convex polygon, K <= maxVertices
    std::vector<Eigen::Vector3f> positions;  // [K] the same polygon on the card's plane
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

// Polygon helpers (2D, counter-clockwise), exposed for the tests and the shaders' reference.
std::vector<Eigen::Vector2f> convexHull(std::vector<Eigen::Vector2f> points);
float polygonArea(const std::vector<Eigen::Vector2f>& polygon);  // signed: > 0 counter-clockwise
bool insideConvex(const std::vector<Eigen::Vector2f>& polygon, const Eigen::Vector2f& p, float eps);

// Trims every alpha-MASK card of a mesh (connected pairs of triangles of a MASK material with a
// base-colour texture); other triangles are kept as they are. A MASK triangle group that is not a
// quad, a MASK material without texture or with a fully transparent one is an InvalidInput
// error naming the material and `what`; nothing is returned then.
struct TrimReport {
    geometry::Mesh mesh;        // the trimmed mesh
    int cards = 0;              // MASK quads seen
    int dropped = 0;            // empty cards removed
    double areaBefore = 0.0;    // model units², all cards
    double areaAfter = 0.0;
    double savedShare() const { return areaBefore > 0.0 ? 1.0 - areaAfter / areaBefore : 0.0; }
};
Result<TrimReport> trimCards(const geometry::Mesh& mesh, const TrimSettings& settings, const std::string& what);

}  // namespace sw::foliage
