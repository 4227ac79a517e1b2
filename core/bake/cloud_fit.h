#pragma once
// Does a splat cloud belong to a model? A cloud trained on the model lies in the model's space
// (normalised into the cube of edge 1.6 at the origin) over its surface; a capture from another
// tool (a Luma .splat, a scan) lies wherever its tool put it, at its own scale. Judging such a
// cloud against the model's mesh would flag most of it as floaters, so the editor opens it on its
// own (or asks) when the cloud does not fit the model.
#include <string>

#include "core/geometry/mesh.h"
#include "core/splat/splat_cloud.h"

namespace sw::bake {

struct CloudFit {
    double inside = 0;     // share of splat centres inside the model's bounds grown by 10 % of its diagonal
    double sizeRatio = 0;  // the cloud's bounds diagonal over the model's (robust: 1st..99th percentile)
    bool fits = false;     // inside ≥ 0.9 and 0.25 ≤ sizeRatio ≤ 4
};

CloudFit cloudFit(const splat::SplatCloud& cloud, const geometry::Bounds& model);

// A cloud file is read in its format's convention (formats/axes.h: a PLY from another tool as
// 3DGS y-down), but a cloud another trainer made on our own dataset (gsplat on its
// transforms.json) lies in the model's +Z-up space as stored. Of the two readings of `path`'s
// file (as read, and its axis turn undone), the one lying on the model's surface is kept: when
// only the unturned one does (≥ half of the centres within 2 % of the model's size of the
// surface, and twice the share of the reading as read), `cloud` is turned back and the reason is
// returned (one line for the log); otherwise `cloud` is left as read and the text is empty.
struct SurfaceShares {
    double asRead = 0;    // share of centres (up to 2,000, evenly spaced) near the surface
    double unturned = 0;  // the same with the file's axis turn undone
};
SurfaceShares surfaceShares(const splat::SplatCloud& cloud, const std::string& path, const geometry::Mesh& mesh);
std::string orientOnModel(splat::SplatCloud& cloud, const std::string& path, const geometry::Mesh& mesh);

}  // namespace sw::bake
