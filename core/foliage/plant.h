#pragma once
// Plants of a foliage asset (seed 004 "Пометка модели как foliage", issue 35 §1): which models
// are foliage, which of their materials take the masked or the opaque variant, the connected
// plants of a mesh with their roots, and the per-vertex weights the wind and the benders read.
// Positions are in the asset's model units (+Z up); PlantSettings::metresPerUnit gives heights
// in metres for the size-dependent defaults (full lean under ~2 m, none by ~5 m).
#include <Eigen/Core>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/foliage/foliage_settings.h"
#include "core/foliage/wind_field.h"
#include "core/foundation/error.h"
#include "core/geometry/mesh.h"

namespace sw::foliage {

// True when a material or path name says foliage: a word (split at '/', '_', '-', '.', spaces,
// digits and lower→upper case changes) such as tree(s), grass, foliage, leaf/leaves, bush,
// shrub, fern, plant(s), vegetation, hedge, ivy, clover, pine ("Materials/Trees/Bark",
// "M_Grass_01", "LeafCard"). Never from the alpha mode.
bool isFoliageName(std::string_view name);

struct FoliageDetection {
    bool foliage = false;
    std::vector<int> materials;  // materials whose names matched
    std::string reason;          // "material 'M_Grass_01'", "folder 'Trees'", or empty
};
// Foliage when the source path's folders or file name, or any material's name, say so.
FoliageDetection detectFoliage(const geometry::Mesh& mesh, std::string_view sourcePath);

// Alpha-MASK materials (cards) take the masked variant, opaque ones (trunks) the opaque one.
enum class FoliageVariant { Masked, Opaque };
FoliageVariant variantFor(const geometry::Material& material);

// Per-material wind from glTF material extras: {"lecodes": {"wind": {"drag": 1, "stiffness": 2,
// "lean": 1, "shiver": 0.5}}} (also the flat key "lecodes.wind"). Keys absent keep `base`;
// nullopt when the extras hold no wind. Parse/InvalidInput errors (wrong type, NaN, negative,
// stiffness 0, unknown key) name the key and `path`. geometry::Material does not carry extras
// yet, so the importer's extras text is passed here as it is.
Result<std::optional<MaterialWind>> windFromExtras(const std::string& extrasJson, const std::string& path,
                                                   const MaterialWind& base = {});

// Lean response to benders by plant height: 1 up to bendFullUnder, smoothstep to 0 at fadeBy.
float touchResponse(float heightMetres, const TouchSettings& touch);
// Wind defaults by height: stiffness 1 up to bendFullUnder, then growing with height
// (1 + 0.5 (h − full) / full), so a tree sways less than grass; drag, lean, shiver 1.
MaterialWind defaultWindForHeight(float heightMetres, const TouchSettings& touch);

// Main-bend weight at relative height u = height / plant height (0 root .. 1 top): the chord
// angle of a cantilever under a tip load (Euler–Bernoulli: y(x) ∝ x²(3L − x)), u(3 − u) / 2,
// so the root stays put, the angle grows with height and the tip leans fully.
float mainBendWeight(float u);

struct Plant {
    Eigen::Vector3f root;      // model units: lowest z; x, y the centre of the bottom 2 % band
    float height = 0.f;        // model units, root to top
    float radius = 0.f;        // model units, farthest vertex from the trunk axis (footprint)
    float heightMetres = 0.f;  // height × metresPerUnit
    int material = -1;         // the material with most faces, -1 for points
    MaterialWind wind;         // extras of that material, else defaultWindForHeight
    float touch = 1.f;         // touchResponse(heightMetres)
};

struct PlantSet {
    std::vector<Plant> plants;          // [P]
    std::vector<int> vertexPlant;       // [V] plant of each vertex (or splat)
    std::vector<float> height;          // [V] model units above the plant's root
    std::vector<float> mainWeight;      // [V] 0..1 mainBendWeight(height / plant height)
    std::vector<float> detailWeight;    // [V] 0..1 distance from the trunk axis / radius, 0 near the root
};

struct PlantSettings {
    float metresPerUnit = 1.f;
    TouchSettings touch;
    // [materials] wind from extras (windFromExtras); nullopt or missing = default by size.
    std::vector<std::optional<MaterialWind>> materialWind;
};

// Connected plants of a mesh: triangles sharing a vertex index or a vertex position (welded at
// 1e-6 of the bounds' diagonal, so seams split by the importer do not split a plant) form one
// plant (union–find). InvalidInput naming `what` for an empty mesh or non-finite positions.
Result<PlantSet> analysePlants(const geometry::Mesh& mesh, const PlantSettings& settings, const std::string& what);
// One plant made of all the points (a splat asset marked foliage).
Result<PlantSet> plantFromPoints(const std::vector<Eigen::Vector3f>& points, const PlantSettings& settings,
                                 const std::string& what);

}  // namespace sw::foliage
