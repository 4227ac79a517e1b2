#pragma once
// Does a splat cloud belong to a model? A cloud trained on the model lies in the model's space
// (normalised into the cube of edge 1.6 at the origin) over its surface; a capture from another
// tool (a Luma .splat, a scan) lies wherever its tool put it, at its own scale. Judging such a
// cloud against the model's mesh would flag most of it as floaters, so the editor opens it on its
// own (or asks) when the cloud does not fit the model.
#include "core/geometry/mesh.h"
#include "core/splat/splat_cloud.h"

namespace sw::bake {

struct CloudFit {
    double inside = 0;     // share of splat centres inside the model's bounds grown by 10 % of its diagonal
    double sizeRatio = 0;  // the cloud's bounds diagonal over the model's (robust: 1st..99th percentile)
    bool fits = false;     // inside ≥ 0.9 and 0.25 ≤ sizeRatio ≤ 4
};

CloudFit cloudFit(const splat::SplatCloud& cloud, const geometry::Bounds& model);

}  // namespace sw::bake
