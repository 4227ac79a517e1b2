#pragma once
// Builds the demo drone out of open "plates": each plate is a gridded patch of a parametric
// surface with its own vertices (its own connected component), a bevelled rim and its own
// cell of the texture atlas. Plates are built facing outward; demo_drone.cpp later reverses
// the winding of a seeded subset, as AI-generated models have.
#include <Eigen/Core>
#include <functional>
#include <vector>

#include "core/geometry/mesh.h"

namespace sw::demo::detail {

// What the texture painter puts into a plate's atlas cell.
enum class PlateKind { Panel, Armour, Fin, GunMetal, Engine, EyeGlow, ExhaustGlow };

// Drone parts, in Mesh::partNames order.
enum Part : int { kPartHull = 0, kPartGunLeft, kPartGunRight, kPartEngine, kPartCount };

// The surface under a plate: (s, t) in [0, 1]^2 → model-space position.
using SurfaceFn = std::function<Eigen::Vector3f(float s, float t)>;

struct PlateSpec {
    SurfaceFn surface;
    Eigen::Vector3f inside = Eigen::Vector3f::Zero();  // a point the plate faces away from
    int segS = 2;             // grid cells between the bevels along s (>= 1)
    int segT = 2;             // ... along t
    bool bevelS = true;       // rim along s = 0 and s = 1 (false for a ring closed in s)
    bool bevelT = true;
    bool wrapS = false;       // s = 0 and s = 1 meet (a ring): their normals are shared
    float raise = 0.015f;     // model units: height of the plate's top above the surface
    float sink = 0.006f;      // model units: depth of the rim below the surface (hides seams)
    float bevel = 0.14f;      // rim width as a fraction of the (s, t) range
    PlateKind kind = PlateKind::Panel;
    int part = kPartHull;
};

// The texture atlas: plate i owns cell i of a cells × cells grid (row-major, top row first);
// its (s, t) maps into the cell less a margin of `margin` texels on each side.
struct AtlasLayout {
    int cells = 1;
    int textureSize = 1024;
    int margin = 2;

    // Cell origin and extent in texels (floating point, so cells tile the texture exactly).
    float cellSize() const { return static_cast<float>(textureSize) / static_cast<float>(cells); }
    Eigen::Vector2f cellOrigin(int plate) const {
        return {static_cast<float>(plate % cells) * cellSize(), static_cast<float>(plate / cells) * cellSize()};
    }
    // Texture coordinate (glTF convention, v down) of point (s, t) of a plate.
    Eigen::Vector2f uv(int plate, float s, float t) const {
        const Eigen::Vector2f o = cellOrigin(plate);
        const float inner = cellSize() - 2.f * static_cast<float>(margin);
        return (o + Eigen::Vector2f::Constant(static_cast<float>(margin)) + inner * Eigen::Vector2f(s, t)) /
               static_cast<float>(textureSize);
    }
};

struct PlateRecord {
    PlateKind kind = PlateKind::Panel;
    int part = kPartHull;
    int firstFace = 0;
    int faceCount = 0;
    int firstVertex = 0;
    int vertexCount = 0;
};

class PlateBuilder {
public:
    explicit PlateBuilder(geometry::Mesh& mesh) : m_mesh(mesh) {}

    // Adds one plate: vertices, normals, triangles (wound outward), part and material 0. UVs
    // are assigned later by assignAtlas(), once the number of plates is known.
    void add(const PlateSpec& spec);

    // Adds one coarse plate as AI generators emit them: the outline `outline` (points (s, t) of
    // the surface, counter-clockwise in (s, t)) raised `raise` off the surface, triangulated as
    // one fan from outline point 0 (long thin triangles), no bevel, one vertex per outline point.
    void addFan(const SurfaceFn& surface, const Eigen::Vector3f& inside, const std::vector<Eigen::Vector2f>& outline,
                float raise, PlateKind kind, int part);

    // Adds a closed body: the surface's (s, t) grid of segS × segT cells with s wrapping around
    // (s = 0 and s = 1 meet) and the rows t = 0 and t = 1 collapsed to one pole vertex each, wound
    // away from `inside`. The seam column is doubled (its own UVs); the poles are shared, so the
    // body is one connected component.
    void addClosed(const SurfaceFn& surface, const Eigen::Vector3f& inside, int segS, int segT, PlateKind kind, int part);

    // Sets every vertex's UV from its plate's atlas cell.
    void assignAtlas(const AtlasLayout& atlas);

    // Reverses the triangle winding and the normals of plate i.
    void invert(int plate);

    const std::vector<PlateRecord>& plates() const { return m_plates; }

private:
    // Winds the faces of `rec` away from `inside` (area-weighted vote) and sets smooth normals.
    void windAndNormals(PlateRecord& rec, const Eigen::Vector3f& inside);

    geometry::Mesh& m_mesh;
    std::vector<PlateRecord> m_plates;
    std::vector<Eigen::Vector2f> m_st;  // [V] each vertex's (s, t) on its plate
};

}  // namespace sw::demo::detail
