#pragma once
// Draws a baked SPL2 model the way the game does (PIPELINE §5–6): a compute prepare pass per
// splat (effects, look colour, clip-space centre and axes), then the core as opaque shapes
// (indexed fans, or in the coverage variant one triangle per splat, whose vertices pull the
// prepared record by vertex id) with the z-buffer (no
// sorting, no discard; LOD = the first k), then the shell as
// Gaussian quads alpha-blended in the precomputed back-to-front order of the current heading
// sector, into the host's framebuffer or an MSAA offscreen target read back as an image.
// Cel look, breathing emission, muzzle flash, the effects of core/render/effects.h and the
// debug overlays are uniforms. The host owns the context (current for every call) and calls
// release() before it goes away.
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/formats/spl2.h"
#include "core/render/camera.h"
#include "core/render/effects.h"
#include "core/render/gl_loader.h"
#include "core/render/mesh_renderer.h"

namespace sw::render {

// Colour the splats by one per-splat channel instead of the look (a uniform, no re-upload).
enum class SplatOverlay : int {
    None = 0,
    Part = 1,      // attrs.y / 16, 8-colour palette
    Material = 2,  // CHNK material class, one colour per class
    Chunk = 3,     // CHNK chunk id, golden-ratio hues
    Ao = 4,        // attrs.x as grey
    Emission = 5,  // emission level, dark → yellow; non-emissive splats dimmed
    Shape = 6,     // shape class: dot blue, rounded hex green, plate orange
    Floater = 7,   // floater mask: flagged red, others dimmed
};

struct SplatRenderSettings {
    int width = 800;   // px, > 0
    int height = 600;  // px, > 0
    Background background = Background::Grey;
    int samples = 4;   // MSAA samples of the offscreen target
    bool drawCore = true;
    bool drawShell = true;
    int coreCount = -1;          // LOD: draw the first k core splats (< 0: all)
    // Coverage variant: each core splat is one triangle around its disc cut to its shape by
    // alpha-to-coverage (round when shapeClasses is off). Faster on llvmpipe, whose cost is per
    // triangle.
    bool roundSplats = false;
    bool shapeClasses = true;    // plate 5–7-gon / dot / rounded hex; false: octagons
    SplatOverlay overlay = SplatOverlay::None;
    bool cel = true;             // cel bands from the baked normal; false: unshaded colour
    Eigen::Vector3f sunDirection = Eigen::Vector3f(0.4f, -0.5f, 0.77f);  // toward the sun, model space
    float flashIntensity = 0.f;  // muzzle flash (0 = off)
    Eigen::Vector3f flashPosition = Eigen::Vector3f(0.f, -0.9f, 0.f);   // model space
    Eigen::Vector3f flashColor = Eigen::Vector3f(1.f, 0.85f, 0.5f);
    bool linearTarget = false;   // gamma_out(): convert gamma → linear for a linear framebuffer
    bool countPrimitives = false;  // fill SplatDrawStats::corePrimitives (a query; stalls)
    bool countFragments = false;   // fill SplatDrawStats::fragments (a query; stalls)
    EffectParams effects;        // time is effects.time (also drives the breathing emission)
};

struct SplatDrawStats {
    int coreDrawn = 0;                 // splats drawn by the core pass (the LOD k)
    int shellDrawn = 0;                // shell splats drawn
    int sector = -1;                   // heading sector of the shell order used
    int orderUploads = 0;              // shell index-buffer uploads since setModel
    std::uint64_t corePrimitives = 0;  // GL_PRIMITIVES_GENERATED of the core pass (if asked)
    // Fragment shader invocations of the core and shell passes (ARB_pipeline_statistics_query, if
    // asked and the driver has it, else 0): the frame's raster work counted, not timed. llvmpipe
    // counts a whole 4×4 block per partly covered block, so it follows the rasterized area.
    std::uint64_t fragments = 0;
};

// Destruction state drawn by the same core pass (issue 15; packed by core/destruct/gpu_state.h,
// applied by shaders/splat_damage.glsl before the effects): per core slot its onion depth, heat and
// layer colour; a pool of extra core instances drawn after the LOD range (torn chunks' plating and
// underside copies on rigid bodies, debris); the bodies' transforms; per chunk whether it was torn
// off as a whole (its slots whose record still says depth < 1 read as carried off: depth 1, wound,
// heat 0.8 from the tear time, underlay colour hull · 0.28 + underlayTint) and whether its crack is
// pending (its crack-line slots read cracked and wound, heat 0.6 from the crack time). Positions follow
//   slot:   plating + inward · step · depth (inward, step from the baked normal and thickness)
//   debris: start + velocity · age − ½ g age² ẑ;   chunk copy: pivot + R (p − pivot) + translation.
struct SplatDamageParams {
    Eigen::Vector3f centroid = Eigen::Vector3f::Zero();  // model space
    float inwardBlend = 0.35f;
    float stepShare = 0.3f;
    float minStep = 0.012f;        // model units
    float thicknessRange = 0.4f;   // model units of attrs.z = 1
    float undersideOffset = 0.5f;  // layer steps
    float gravity = 3.f;           // model units / s²
    float cooling = 1.2f;          // 1 / s
    float debrisScale = 0.6f;
    Eigen::Vector3f underlayTint = Eigen::Vector3f::Zero();  // the damage palette's crater floor tint
    float time = 0.f;              // simulation time, s
    int poolCount = 0;             // pool entries drawn (the pool's high-water mark)
};
inline constexpr int kDamageSlotFloats = 8;   // per core slot
inline constexpr int kDamagePoolFloats = 12;  // per pool entry
inline constexpr int kDamageBodyFloats = 12;  // per rigid body
inline constexpr int kDamageChunkFloats = 4;  // per chunk: carried (0/1), tear time, crack pending (0/1), crack time

// Heading of a camera in degrees [0, 360) (docs/bake.md: 0 = camera on −Y, 90 = on +X), from
// its model→view matrix; and the shell sector b with heading in [b·5.625°, (b+1)·5.625°).
float headingFromView(const Eigen::Matrix4f& view);
int headingSector(float headingDeg);

// Shape class per splat from size |ax0|·|ax1|: 2 plate (≥ p85), 0 dot (≤ p40), else 1 rounded
// hex (PIPELINE §5); a percentile is the sorted value at rank ⌊q·(n − 1)⌋. areas: [n]. Used
// when the model carries no classes (all attrs.w = 0).
std::vector<int> shapeClassesBySize(std::span<const float> areas);

class SplatRenderer {
public:
    static Result<std::unique_ptr<SplatRenderer>> create(const GlProcLoader& loader);
    ~SplatRenderer();
    SplatRenderer(const SplatRenderer&) = delete;
    SplatRenderer& operator=(const SplatRenderer&) = delete;

    // Uploads the model (validated with formats::validateSpl2). floaterMask: [n_core + n_shell]
    // 0/1 for the floater overlay (empty = none flagged). Shape classes come from attrs.w, or
    // from shapeClassesBySize when every attrs.w is 0.
    Status setModel(const formats::Spl2Model& model, std::span<const std::uint8_t> floaterMask = {});
    Status setFloaterMask(std::span<const std::uint8_t> floaterMask);
    bool hasModel() const;
    int coreCount() const;
    int shellCount() const;
    // The uploaded model (empty before setModel).
    const formats::Spl2Model& model() const;

    // Clears (colour, depth and stencil) and draws. ErrorCode::Gpu when GL reports an error.
    Status draw(const Camera& camera, const SplatRenderSettings& settings, unsigned framebuffer);
    Status draw(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                const SplatRenderSettings& settings, unsigned framebuffer);
    // Draws into the offscreen MSAA target and reads it back (rows top to bottom).
    Result<Rgba8Image> renderImage(const Camera& camera, const SplatRenderSettings& settings);
    Result<Rgba8Image> renderImage(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                                   const SplatRenderSettings& settings);

    // Draws into the offscreen MSAA target without reading it back and waits for the GPU
    // (glFinish): one timed frame for benchmarks.
    Status renderOffscreen(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                           const SplatRenderSettings& settings);

    // Effect-displaced core centres as the GPU computes them (the prepare pass every core draw
    // runs, read back): [n_core] model space. Compare with applyEffects().
    Result<std::vector<Eigen::Vector3f>> coreCentres(const EffectParams& effects);

    // Damage path. enableDamage allocates zeroed per-slot records for the model's core, a pool of
    // poolCapacity entries and room for the bodies; the update calls upload only the records
    // named in `dirty` (coalesced into runs; all: the whole [n × floats] mirror), so a hit costs
    // its changed slots, not the cloud. InvalidInput for wrong sizes, Gpu on GL errors.
    Status enableDamage(int poolCapacity);
    void disableDamage();
    bool damageEnabled() const;
    Status updateDamageSlots(std::span<const float> all, std::span<const std::uint32_t> dirty);
    Status updateDamagePool(std::span<const float> all, std::span<const std::uint32_t> dirty);
    Status updateDamageBodies(std::span<const float> bodies);  // [bodies × 12], uploaded whole (small)
    Status updateDamageChunks(std::span<const float> chunks);  // [chunks × 4], uploaded whole (small)
    void setDamageParams(const SplatDamageParams& params);
    // [n_shell] the core slot under each shell splat: the shell splat hides once that slot is
    // knocked out (default: slot 0 for every shell splat, so call it after enableDamage).
    Status setDamageShellSlots(std::span<const std::uint32_t> coreSlot);
    // Bytes uploaded by the damage updates since enableDamage.
    std::uint64_t damageBytesUploaded() const;
    // The damaged centres as the GPU computes them (the core prepare pass, read back): [n_core]
    // slots then [poolCount] pool entries; visible[i] = 0 for a free pool entry; looks[i] = the
    // look colour (rgb, default render settings) and the shape code (w: 5 for a wound's ragged
    // pentagon, else the splat's class).
    Result<std::vector<Eigen::Vector3f>> damagedCentres(std::vector<std::uint8_t>* visible = nullptr,
                                                        std::vector<Eigen::Vector4f>* looks = nullptr);

    const SplatDrawStats& lastDrawStats() const;
    void release();
    bool released() const;

private:
    struct Impl;
    explicit SplatRenderer(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

}  // namespace sw::render
