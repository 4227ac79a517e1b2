#pragma once
// The editor's foliage preview of the open model (issue 35 §6): whether the viewport shows it as
// foliage, how many copies are scattered where, and the asset's distance fade, declared once as
// a schema (STYLE habit 10) so the Foliage dock, the project and the exported JSON share it.
// Scene metres, +Z up; a model is taken in its own units as metres.
#include <cstdint>
#include <string>
#include <vector>

#include "core/foliage/animate.h"
#include "core/foliage/foliage_settings.h"
#include "core/foliage/plant.h"
#include "core/foundation/error.h"
#include "core/foundation/schema.h"
#include "core/geometry/mesh.h"
#include "core/splat/splat_cloud.h"

namespace sw::foliage {

struct FoliagePreviewSettings {
    bool enabled = false;        // the viewport draws the open model as foliage copies
    int count = 25;              // copies scattered on the ground
    int seed = 1;                // scatter seed
    float area = 8.f;            // m, side of the square the copies are scattered over
    float fadeStart = 0.f;       // m from the camera: the asset's Foliage.fade [start, end]
    float fadeEnd = 0.f;         // m; 0 = no fade
    // Metres per unit of the asset: a cloud trained from a normalised model is in the model's
    // normalised units; 0 = from the normalisation the project records (else 1).
    float unitsScale = 0.f;
    FadeRange fade() const { return {fadeStart, fadeEnd}; }
};
const SettingsSchema<FoliagePreviewSettings>& previewSchema();

// The metres per unit to draw an asset at: `unitsScale` when set (> 0), else `recorded` (the
// project's normalisation, 1 when there is none).
float resolvedUnitsScale(float unitsScale, float recorded);
// An asset in metres: positions (and a splat's axes) times `metresPerUnit`.
splat::SplatCloud scaledCloud(const splat::SplatCloud& cloud, float metresPerUnit);
geometry::Mesh scaledMesh(const geometry::Mesh& mesh, float metresPerUnit);

// The plants of a previewed asset: the mesh's connected plants when each reaches the ground (a
// clump of grass blades), else the whole asset one plant rooted at its lowest point (a tree whose
// cards float); a splat cloud (mesh == nullptr) is one plant. points: [V] the mesh's positions or
// the cloud's centres, model units. Errors name `what`.
Result<PlantSet> previewPlants(const geometry::Mesh* mesh, const std::vector<Eigen::Vector3f>& points,
                               const std::string& what);

// The preview's copies: `count` scattered over an `area` square centred at the origin by `seed`,
// each standing on the ground z = 0 (its lowest point `lowZ`, model units, lifted to it).
// footprint: the asset's width in model units (spacing between copies). Errors from scatter.
Result<std::vector<FoliageInstance>> previewCopies(const FoliagePreviewSettings& preview, float lowZ, float footprint);

}  // namespace sw::foliage
