#pragma once
// Connected components by face adjacency and per-component winding repair (PIPELINE §1).
//
// Adjacency uses vertex *positions* welded with a tiny epsilon, not vertex indices: glTF
// duplicates vertices along UV seams and hard edges, and those copies must still connect.
// Two faces are adjacent when they share an edge (two welded positions).
#include <cstddef>
#include <vector>

#include "core/geometry/mesh.h"

namespace sw::geometry {

struct WindingReport {
    int components = 0;          // connected components by face adjacency (shared edges)
    int flippedComponents = 0;
    int flippedFaces = 0;
    double flippedAreaShare = 0;  // flipped area / total area, 0..1
};

// Relative weld tolerance: positions closer than this × bounding-box diagonal are one vertex.
constexpr float kWeldEpsilon = 1e-6f;

// Edge: faces sharing an edge are connected (the winding vote: orientation is only defined
// across an edge). Vertex: faces sharing a single welded vertex are connected too, which is
// what a viewer calls disconnected islands (FlightHelmet: 82 islands, 85 edge components).
enum class Adjacency { Edge, Vertex };

// Component id per face, 0..count-1, numbered in order of each component's first face.
struct FaceComponents {
    std::vector<int> faceComponent;  // [F]
    int count = 0;
};
FaceComponents faceComponents(const Mesh& mesh, Adjacency adjacency = Adjacency::Edge);
// Number of connected components (`splatwright-cli info` shows both kinds).
int countComponents(const Mesh& mesh, Adjacency adjacency = Adjacency::Edge);

// The PIPELINE §1 component vote. With c the area-weighted centroid of the whole model, each
// component C scores s(C) = Σ_{f∈C} dot(n_f · 2A_f, centre_f − c) (n_f·2A_f is the unnormalised
// face normal); when s(C) < 0 the component faces inward and every face in it has its winding
// reversed. Vertex normals of flipped faces that then disagree with their faces are negated.
WindingReport repairWinding(Mesh& mesh);

}  // namespace sw::geometry
