#pragma once
// A raw splat cloud (a trained .ply, a surface sample) turned into a drawable SPL2 model for
// previews and benchmarks, without the bake: no normal snap, floater pass, belly cull or
// channels. It follows the bake's conventions (docs/bake.md "Core/shell split" and "Heading
// and the 64 shell orders"): opacity > coreOpacity → core with its two major axes scaled by
// r̂·1.2, r̂ = sqrt(ln(max(op, 0.55)/0.5)/4.5); core in importance order (opacity × |ax0|·|ax1|
// descending); shell orders sorted back to front for each sector's centre heading at a 40°
// tilt. normal: the cloud's normals, else the minor axis turned away from the origin (a guess
// for previews); attrs = (1, 0, 0, 0): open, part 0, no emission, so the renderer computes
// the shape classes by size. No CHNK tail.
#include <vector>

#include "core/formats/spl2.h"
#include "core/splat/splat_cloud.h"

namespace sw::render {

// Only the preview index of previewModelFromCloud (cloud index → core k, or n_core + shell j):
// the same split and order without building the model. [N]
std::vector<int> previewIndexFromCloud(const splat::SplatCloud& cloud, float coreOpacity = 0.9f);

formats::Spl2Model previewModelFromCloud(const splat::SplatCloud& cloud, float coreOpacity = 0.9f,
                                         float orderTiltDeg = 40.f, std::vector<int>* previewIndex = nullptr);

}  // namespace sw::render
