#pragma once
// Selection maths for the viewport's cleanup tools (issue 16 build item 1), no Qt: the splat
// centres are projected once per gesture into screen space (logical pixels, y down, as the
// widget sees them), then a box, lasso, brush circle, click or model-space sphere picks the
// centres inside it. Every loop is a flat pass over [N] floats, so 100k+ splats stay
// interactive. Masks are [N] 0/1 bytes; hidden splats are never picked, inverted or grown into.
#include <Eigen/Core>
#include <cstdint>
#include <span>
#include <vector>

namespace sw::splat {

using Mask = std::vector<std::uint8_t>;  // [N] 0/1

// The centres as the camera sees them.
struct ProjectedCentres {
    std::vector<float> x, y;   // [N] logical pixels, origin top left, y down
    std::vector<float> depth;  // [N] distance along the view axis; ≤ 0 behind the camera (never picked)
    int width = 0, height = 0; // the viewport, logical pixels
    std::size_t size() const { return x.size(); }
};

// positions: [N] model space; view, projection: OpenGL (clip z in [−w, w]); width, height > 0.
ProjectedCentres projectCentres(std::span<const Eigen::Vector3f> positions, const Eigen::Matrix4f& view,
                                const Eigen::Matrix4f& projection, int width, int height);

// Centres in front of the camera whose projection lies inside the shape (borders included).
// corners: any two opposite corners of the box.
Mask insideBox(const ProjectedCentres& p, const Eigen::Vector2f& cornerA, const Eigen::Vector2f& cornerB);
// polygon: [K ≥ 3] vertices, implicitly closed; even-odd rule (a self-crossing lasso has holes).
Mask insideLasso(const ProjectedCentres& p, std::span<const Eigen::Vector2f> polygon);
// The brush: a screen circle.
Mask insideCircle(const ProjectedCentres& p, const Eigen::Vector2f& centre, float radius);
// A model-space ball (the sphere tool): |position − centre| ≤ radius.
Mask insideSphere(std::span<const Eigen::Vector3f> positions, const Eigen::Vector3f& centre, float radius);
// An axis-aligned model-space box (the crop box): min ≤ position ≤ max on every axis.
Mask insideAabb(std::span<const Eigen::Vector3f> positions, const Eigen::Vector3f& min, const Eigen::Vector3f& max);
// The click: the front-most visible centre within maxPx of the point, or −1.
int nearestCentre(const ProjectedCentres& p, const Eigen::Vector2f& point, float maxPx, std::span<const std::uint8_t> hidden = {});

// Depth-aware picking: only the splats at the front of what the camera sees. The screen is cut
// into cells of cellPx; a centre survives when its depth is within `tolerance` (relative, so
// 0.02 = 2 % of its depth) of the nearest visible centre in its cell. hidden: [N] or empty.
struct FrontSettings {
    float cellPx = 4.f;
    float tolerance = 0.02f;
};
void keepFrontMost(const ProjectedCentres& p, Mask& hits, std::span<const std::uint8_t> hidden = {},
                   const FrontSettings& settings = {});

// How a gesture's hits change the selection.
enum class SelectOp { Replace, Add, Subtract };
// hidden: [N] or empty; a hidden splat is never selected by a gesture (Replace clears it too).
void applySelection(Mask& selection, std::span<const std::uint8_t> hits, SelectOp op,
                    std::span<const std::uint8_t> hidden = {});
// Selects every visible unselected splat and deselects the selected ones; hidden stay unselected.
void invertSelection(Mask& selection, std::span<const std::uint8_t> hidden = {});
// Grow: adds every visible splat within radius (model units) of a selected one. Shrink: drops
// every selected splat within radius of a visible unselected one. Uniform grid hash of cell
// `radius`, so the cost is O(N + pairs in neighbouring cells).
void growSelection(std::span<const Eigen::Vector3f> positions, Mask& selection, float radius,
                   std::span<const std::uint8_t> hidden = {});
void shrinkSelection(std::span<const Eigen::Vector3f> positions, Mask& selection, float radius,
                     std::span<const std::uint8_t> hidden = {});

// Select by attribute: values in [lo, hi] (NaN never).
Mask inRange(std::span<const float> values, float lo, float hi);
// Equal-width bins over [lo, hi] of the finite values (lo = hi when all equal, then one bin holds all).
struct Histogram {
    float lo = 0.f, hi = 0.f;
    std::vector<int> counts;  // [bins]
};
Histogram histogram(std::span<const float> values, int bins);

// Ascending indices of the set entries, and the count.
std::vector<std::uint32_t> maskIndices(std::span<const std::uint8_t> mask);
std::size_t maskCount(std::span<const std::uint8_t> mask);
// Bounds of the set entries' positions (lo > hi when none).
void maskBounds(std::span<const Eigen::Vector3f> positions, std::span<const std::uint8_t> mask, Eigen::Vector3f& lo,
                Eigen::Vector3f& hi);

}  // namespace sw::splat
