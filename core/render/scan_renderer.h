#pragma once
// The GPU path of large scans (issue 36 item 4, seed 003): a resident pool on the GPU fed by
// lod::ResidentPool, and per frame a cull + key + sort + indirect draw with no CPU work in
// proportion to the scene.
//
// Pool: PackedSplat slots (16 B a splat, core/lod/packed_splat.h) of a fixed byte capacity in up
// to four storage buffers (one GL storage block is capped: 2 GiB − 1 on NVIDIA), slots first fit (scan_slots.h: fragmentation and repacking), and a chunk table
// (bounds, first slot, count, LOD level). sync() frees the slots of chunks the pool evicted,
// uploads the pool's loaded chunks (glBufferSubData, then a fence each) and tells the pool
// (fenceSignalled) about every fence glClientWaitSync(…, 0) sees signalled; draw() skips a chunk
// before that. A chunk that finds no room waits (the pool keeps drawing coarser levels). Give the
// resident pool a byte budget no larger than this pool's: then every chunk it admits finds room.
//
// Frame (draw): the CPU uploads only the drawn chunks' table indices and first draw ids (one pair
// per chunk). Compute: per splat of the drawn chunks, the frustum cull (centre in front of the
// near plane; the sphere of 3 σ_max inside the other planes) and the sort pair (~depthKey(depth),
// draw id), depth = dot(p − eye, forward) as core/lod/sort.h, appended with an atomic counter; a
// bitonic sort of the pairs; the visible count written into a glDrawArraysIndirect command.
// Draw: one instanced quad per visible splat in sorted order, the 2D covariance projected by EWA,
// Gaussian falloff exp(−4.5 r²) (r = 1 at 3 σ), blended back to front. The order is that of
// lod::sortBackToFront over the visible splats (draw-list order on ties).
//
// No Qt: the editor hosts it in its QOpenGLWidget, the CLI and benchmarks in a HeadlessContext.
// The host makes its GL 4.5 context current for every call and calls release() before the
// context goes.
#include <Eigen/Core>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/image_io.h"
#include "core/foundation/schema.h"
#include "core/lod/resident_pool.h"
#include "core/lod/sort.h"
#include "core/render/gl_loader.h"
#include "core/render/mesh_renderer.h"

namespace sw::render {

struct ScanDrawSettings {
    int width = 1280;  // px, > 0 (the viewport; the EWA projection's pixel scale)
    int height = 800;  // px, > 0
    Background background = Background::Grey;
    bool levelColors = false;  // false colour: each splat in its chunk's LOD level colour (scanLevelColor)
    int samples = 4;           // MSAA samples of renderImage's offscreen target
    bool countSplats = false;  // fill ScanDrawStats::splatsDrawn (reads the count back; stalls)
    bool timeGpu = false;      // fill ScanDrawStats::gpuMs (a GL_TIME_ELAPSED query; stalls)
};
// The options a user sets: level-colors, background.
const SettingsSchema<ScanDrawSettings>& scanDrawSchema();

// Colour of LOD level `level` in false colour (gamma RGB): 0 white, then red, orange, yellow,
// green, cyan, blue, magenta; levels past 7 take 7's.
Eigen::Vector3f scanLevelColor(int level);

struct ScanDrawStats {
    std::size_t chunks = 0;           // drawn chunks (the draw list's fenced items)
    std::size_t skipped = 0;          // draw-list items not on the GPU or before their fence
    std::uint64_t splatsSubmitted = 0;  // splats of the drawn chunks, before the cull
    std::int64_t splatsDrawn = -1;    // after the cull (countSplats), else −1
    std::uint64_t sortSize = 0;       // pairs sorted (a power of two ≥ 512, or 0)
    double gpuMs = -1.0;              // the frame on the GPU (timeGpu), else −1
};

struct ScanPoolStats {
    std::uint64_t capacityBytes = 0;  // the pool's fixed size (16 B a splat)
    std::uint64_t usedBytes = 0;      // slots of the resident chunks
    std::uint64_t peakBytes = 0;
    std::size_t chunks = 0;           // on the GPU
    std::size_t waiting = 0;          // taken from the pool, no room yet
    std::size_t fencesPending = 0;
    std::size_t repacks = 0;          // defragmentations so far
    std::uint64_t uploadedBytes = 0;  // splat bytes sent so far
};

// Storage blocks the GPU pool may span (GL caps one block): a pool holds at most this many times
// GL_MAX_SHADER_STORAGE_BLOCK_SIZE.
inline constexpr int kScanPoolBlocks = 4;

class ScanRenderer {
public:
    // ErrorCode::Gpu when a program does not build; InvalidInput when poolBytes holds no splat or
    // needs more than four of the context's largest storage blocks. blockBytes > 0 splits the pool
    // into blocks of at most that many bytes (tests of the split on any GL).
    static Result<std::unique_ptr<ScanRenderer>> create(const GlProcLoader& loader, std::uint64_t poolBytes,
                                                        std::uint64_t blockBytes = 0);
    ~ScanRenderer();
    ScanRenderer(const ScanRenderer&) = delete;
    ScanRenderer& operator=(const ScanRenderer&) = delete;

    // Once a frame after pool.update(): uploadChunks(pool), then pollFences(pool).
    Status sync(lod::ResidentPool& pool);
    // Frees the slots of evicted chunks and uploads the pool's loaded ones, each with a fence.
    Status uploadChunks(lod::ResidentPool& pool);
    // Calls pool.fenceSignalled for every upload whose fence has signalled; returns how many.
    std::size_t pollFences(lod::ResidentPool& pool);

    // Clears `framebuffer` and draws the chunks of `drawList` (ResidentPool::drawList) seen from
    // view (model → view) and projection. ErrorCode::Gpu when GL reports an error.
    Result<ScanDrawStats> draw(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                               const std::vector<lod::DrawItem>& drawList, const ScanDrawSettings& settings,
                               unsigned framebuffer);
    // draw() into an offscreen MSAA target, read back (rows top to bottom).
    Result<Rgba8Image> renderImage(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                                   const std::vector<lod::DrawItem>& drawList, const ScanDrawSettings& settings,
                                   ScanDrawStats* stats = nullptr);
    // draw() into the offscreen MSAA target without reading it back, then glFinish: one timed
    // frame for benchmarks (the headless context has no window framebuffer).
    Result<ScanDrawStats> renderOffscreen(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                                          const std::vector<lod::DrawItem>& drawList, const ScanDrawSettings& settings);
    // The last draw's splats in drawing order (back to front), as indices into its draw list
    // (reads the sorted pairs back: for tests).
    Result<std::vector<lod::SortedSplat>> lastOrder();

    ScanPoolStats poolStats() const;
    void release();

private:
    struct Impl;
    explicit ScanRenderer(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

}  // namespace sw::render
