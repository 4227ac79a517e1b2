#pragma once
// Draws a foliage scene (seed 004, issue 35 §3, §5): N copies of a foliage asset, mesh or splat,
// each copy a FoliageInstance (origin, yaw, scale) in one instance buffer shared by the asset's
// materials, so a mesh asset costs ONE instanced draw per material and a splat asset one draw.
// The vertex shaders bend every vertex (and every splat's centre and axes) with the wind and the
// acting benders through shaders/foliage_wind.glsl + foliage_instance.glsl, the code the compute
// pass of FoliageWindGpu runs and the tests compare with core/foliage's CPU reference.
// Per copy: the hue drift from a hash of its origin (core/foliage/look.h hueShift, no per-copy
// parameter), the distance fade [start, end] dithered texel by texel below the mask cutoff
// (fadedAlpha, ditherThreshold); copies at or past `end` (fadeCulled) and copies whose bounding
// sphere misses the view are culled, so they cost no vertex work: the copies are uploaded once by
// setCopies, and each frame a compute pass (shaders/foliage_cull.comp) compacts the visible ones
// into a list the vertex shaders read and writes their number into indirect draw commands, so
// the host does no per-frame work proportional to the copies (core/foliage/cull.h is its CPU
// reference, and FoliageRenderSettings::cpuCulling draws with it instead). The kept copies are
// split into distance bands drawn nearest first, and mesh assets are drawn after a depth pre-pass
// (alpha test alone) with depth EQUAL and no discard, so the look runs once per visible surface
// (distanceBands, depthPrepass; docs/foliage.md "Culling and drawing"). Alpha-MASK materials
// take the masked variant (alpha test after edgeFade and coverage), the others the opaque one;
// both sway.
// The look (LookSettings) in the fragment shader, scene +Z up, colours in gamma space:
//   sunWrap       wrapped sun light: max(0, (n·l + w) / (1 + w)), thin leaves lit past the terminator
//   translucency  sun through a back-lit card: translucency × max(0, −n·l) × (½ + ½ max(0, −v·l))
//   leafShadow    share of the crown's own shadow a leaf card takes (bark takes all); the shadow is
//                 the side of the crown hull turned away from the sun (no shadow map here)
//   skyAo         ambient × mix(1, sky visibility, skyAo); sky visibility per vertex from setMesh
//   canopy        card shading normal: mix(card plane normal, crown hull normal, canopy)
//   edgeFade      a card seen edge-on dissolves: alpha × smoothstep(0, edgeFade, |N·V|)
//   coverage      alpha × (1 + coverage × mip level): a far crown does not thin out
//   normalMap     no effect: the importer reads no normal textures yet (geometry::Material)
// The host owns the context (current for every call) and calls release() before it goes away.
#include <Eigen/Core>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/foliage/animate.h"
#include "core/foliage/foliage_settings.h"
#include "core/foundation/error.h"
#include "core/foundation/image_io.h"
#include "core/geometry/mesh.h"
#include "core/render/gl_loader.h"
#include "core/render/mesh_renderer.h"
#include "core/splat/splat_cloud.h"

namespace sw::render {

// One frame of the scene: time, acting benders and look (frame), the wind and the camera.
struct FoliageFrame {
    const foliage::WindField* wind = nullptr;  // required
    foliage::FrameInput frame;                 // t, acting benders (<= 64), look
    Eigen::Vector3f camera = Eigen::Vector3f::Zero();  // scene metres: fade distances
};

struct FoliageRenderSettings {
    int width = 1280;   // px, > 0
    int height = 800;   // px, > 0
    Background background = Background::Grey;
    int samples = 4;    // MSAA of the offscreen target
    Eigen::Vector3f sunDirection = Eigen::Vector3f(0.5f, -0.35f, 0.8f);  // toward the sun, scene
    Eigen::Vector3f sunColor = Eigen::Vector3f(0.75f, 0.7f, 0.6f);
    Eigen::Vector3f skyColor = Eigen::Vector3f(0.42f, 0.46f, 0.5f);     // ambient
    bool cardOutlines = false;    // alpha-MASK cards' edges drawn over the frame as lines (trim previews)
    bool countFragments = false;  // FoliageDrawStats::fragments (pipeline-statistics query; stalls)
    bool timeGpu = false;         // FoliageDrawStats::gpuMilliseconds (GL_TIME_ELAPSED; stalls)
    bool countCopies = false;     // FoliageDrawStats::copiesDrawn / copiesCulled of the GPU cull
                                  // (reads the visible count back; stalls)
    bool cpuCulling = false;      // cull on the CPU (core/foliage/cull.h) and upload the visible
                                  // list: the reference path; its copy counts are always set
    bool depthPrepass = false;    // mesh assets drawn twice: depth alone with the alpha test, then
                                  // the look with depth EQUAL and no discard (the same picture; the
                                  // look runs once per visible sample's surface, not per covered card).
                                  // Off until a GPU shows it pays: 1.1–1.6× slower on llvmpipe
    int distanceBands = 4;        // 1..4: the kept copies drawn in bands of distance, nearest first
                                  // (foliage::copyBand), so the depth test rejects what nearer
                                  // copies cover; the width splits the fade end (else bandRange)
    float bandRange = 100.f;      // m: split into the bands for an asset without a fade
    bool countShaded = false;     // FoliageDrawStats::shadedFragments (an atomic counter in the look's
                                  // shader; measuring only: it changes how the driver schedules it)
};

struct FoliageDrawStats {
    int drawCalls = 0;             // draws of the look (GPU cull: one per material and band of an asset with
                                   // copies; CPU cull: of the non-empty bands)
    int prepassDrawCalls = 0;      // draws of the depth pre-pass (likewise, mesh assets)
    std::size_t copiesDrawn = 0;   // copies drawn this frame (GPU cull: 0 unless countCopies)
    std::size_t copiesCulled = 0;  // past the fade end or outside the view (likewise)
    std::uint64_t fragments = 0;   // fragment shader invocations, both passes (if asked and available, else 0)
    std::uint64_t prepassFragments = 0;  // of which the depth pre-pass's (likewise)
    std::uint64_t shadedFragments = 0;   // pixel fragments that ran the look (countShaded): with the
                                         // pre-pass those passing depth EQUAL, else every one covered
    std::uint64_t prepassShaded = 0;     // (countShaded) pixel fragments of the pre-pass an early depth
                                         // test lets through: each band drawn first with early tests
                                         // and no depth write, counting, then for real (an upper bound:
                                         // a band's own copies do not hide each other in the count)
    double gpuMilliseconds = 0;    // GPU time of the frame's draws (if asked)
};

class FoliageRenderer {
public:
    // ErrorCode::Gpu with the driver's log when a program does not build.
    static Result<std::unique_ptr<FoliageRenderer>> create(const GlProcLoader& loader);
    ~FoliageRenderer();
    FoliageRenderer(const FoliageRenderer&) = delete;
    FoliageRenderer& operator=(const FoliageRenderer&) = delete;

    // Adds a mesh asset (copied; model units, +Z up) with its plants (analysePlants over this
    // mesh) and fade; returns its index. skyVisibility: [V] in [0, 1] or empty (1).
    // InvalidInput for mismatched sizes or bad indices.
    Result<int> addMeshAsset(const geometry::Mesh& mesh, const foliage::PlantSet& plants,
                             const foliage::FadeRange& fade, std::span<const float> skyVisibility = {});
    // Adds a splat asset: each splat a disc in the plane of its two largest axes (2σ), its centre
    // bent and its rotation composed with the bend (bend.h), colour and opacity as stored.
    Result<int> addSplatAsset(const splat::SplatCloud& cloud, const foliage::PlantSet& plants,
                              const foliage::FadeRange& fade);
    // The copies of an asset (replacing the previous ones). metresPerUnit > 0.
    Status setCopies(int asset, const std::vector<foliage::FoliageInstance>& copies);
    std::size_t assetCount() const;

    // Clears and draws every asset into `framebuffer` (GL name, 0 = default).
    Status draw(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection, const FoliageFrame& frame,
                const FoliageRenderSettings& settings, unsigned framebuffer);
    // Draws into the offscreen MSAA target and reads it back (rows top to bottom).
    Result<Rgba8Image> renderImage(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                                   const FoliageFrame& frame, const FoliageRenderSettings& settings);
    // Draws into the offscreen target without reading back and waits (glFinish): a timed frame.
    Status renderOffscreen(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection, const FoliageFrame& frame,
                           const FoliageRenderSettings& settings);
    const FoliageDrawStats& lastDrawStats() const;

    // The drawing vertex shader's scene positions read back by transform feedback, for the
    // tests: a mesh asset gives [copies × V] vertices, copy by copy; a splat asset [copies × N ×
    // 6] disc corners (corner k of splat i at (i × 6 + k): (−1,−1), (1,−1), (1,1), (−1,−1), (1,1),
    // (−1,1) × 2σ along its two largest axes). Every copy is included (no fade culling).
    Result<std::vector<Eigen::Vector3f>> capturePositions(int asset, const FoliageFrame& frame);

    // The copies of an asset the last draw kept (indices into its copies, ascending), read back
    // from the visible list the draw read (stalls; for the tests): the GPU cull's set, or the
    // CPU-cull path's when the last draw took it. Empty before the first draw of these copies.
    Result<std::vector<std::uint32_t>> drawnCopies(int asset);
    // The same split into the distance bands of the last draw (nearest first), each ascending.
    Result<std::vector<std::vector<std::uint32_t>>> drawnCopyBands(int asset);

    // Frees every GL object (context current).
    void release();

private:
    struct Impl;
    explicit FoliageRenderer(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

}  // namespace sw::render
