#pragma once
// Destruction chunks (PIPELINE §5): area-weighted k-means++ over splat centres inside each
// (material, part) group, balanced to equal area (not equal count), with ragged borders.
//
// Per group of n splats and total area A (splat area = |ax0|·|ax1|, the extent product):
//   k = max(1, round(n / chunkSplats)) chunks, each aiming at A/k.
//   Seeding: k-means++ (Arthur & Vassilvitskii 2007) with probabilities ∝ area × D².
//   Lloyd iterations with a power-diagram weight per chunk (assign to argmin |x − c_j|² − w_j;
//   w_j shrinks while the chunk is above A/k and grows while below), the balancing scheme of
//   capacity-constrained Voronoi tessellations (Balzer, Schlömer & Deussen, SIGGRAPH 2009).
//   The last chunkJitterIterations assign from centres displaced by a fixed per-splat random
//   offset (chunkJitter × chunk radius): ragged borders. Then chunkSmoothPasses majority passes
//   over neighbours of the same group (a chunk never crosses a group); a vote is applied only
//   while both chunks it touches stay within ±15 % of the target area.
// Packing: the runtime stores 1 + chunk·8 + material in a half float, which must stay ≤ 2048,
// so chunk ids stop at 255: maxChunks (default 255, at most 256) caps the total; when the
// groups ask for more, the groups with the smallest chunks get fewer, bigger chunks
// (ChunkResult::capped).
#include <Eigen/Core>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/formats/spl2.h"
#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/foundation/schema.h"

namespace sw::bake {

struct ChunkSettings {
    int chunkSplats = 100;           // target splats per chunk (≈ 20 px at game scale)
    int chunkLloydIterations = 40;   // balanced Lloyd iterations, jitter ones included
    int chunkJitterIterations = 4;   // last iterations with per-splat jitter
    float chunkJitter = 0.3f;        // jitter length in chunk radii
    int chunkSmoothPasses = 1;       // majority passes inside each group
    float chunkSmoothRadius = 0.f;   // model units; 0 = 2.5 mean spacings
    std::uint32_t chunkSeed = 1;
    int maxChunks = 255;             // ≤ 256: 1 + 255·8 + 7 = 2048
};
const SettingsSchema<ChunkSettings>& chunkSchema();

struct ChunkInputs {
    std::span<const Eigen::Vector3f> positions;  // [n] centres
    std::span<const float> area;                 // [n] |ax0|·|ax1|
    std::span<const int> material;               // [n] MaterialClass
    std::span<const int> part;                   // [n] part id
};

struct ChunkResult {
    std::vector<int> chunk;                   // [n] global chunk id, 0..chunks−1
    std::vector<formats::Spl2Chunk> chunks;   // [chunks] area-weighted centroid, part, radius
    std::vector<int> chunkMaterial;           // [chunks]
    std::vector<float> chunkArea;             // [chunks] summed splat area
    std::vector<float> targetArea;            // [chunks] its group's area / group chunk count
    int groups = 0;
    bool capped = false;                      // maxChunks reduced some group's chunk count
};

// Errors: InvalidInput when maxChunks is below the number of groups; Cancelled.
Result<ChunkResult> buildChunks(const ChunkInputs& in, const ChunkSettings& settings, const Progress& progress = {});

template <class S>
void addChunkParams(SettingsSchema<S>& s) {
    const std::string g = "Chunks";
    s.template add<int>(&S::chunkSplats, "chunk-splats", "Splats per chunk").range(1, 100000).group(g)
        .tooltip("Target chunk size; chunks are balanced by area, not count");
    s.template add<int>(&S::chunkLloydIterations, "chunk-iterations", "Lloyd iterations").range(1, 1000).group(g);
    s.template add<int>(&S::chunkJitterIterations, "chunk-jitter-iterations", "Jitter iterations").range(0, 1000).group(g);
    s.template add<float>(&S::chunkJitter, "chunk-jitter", "Border jitter").range(0, 2).unit("chunk radii").group(g);
    s.template add<int>(&S::chunkSmoothPasses, "chunk-smooth-passes", "Smoothing passes").range(0, 100).group(g);
    s.template add<float>(&S::chunkSmoothRadius, "chunk-smooth-radius", "Smoothing radius").range(0, 1).unit("model units").group(g);
    s.template add<std::uint32_t>(&S::chunkSeed, "chunk-seed", "Chunk seed").group(g);
    s.template add<int>(&S::maxChunks, "max-chunks", "Max chunks").range(1, 256).group(g)
        .tooltip("1 + chunk·8 + material must stay ≤ 2048 (half-float exact)");
}

}  // namespace sw::bake
