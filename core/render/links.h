#pragma once
// The links effect (seed 002, PIPELINE §10): N particles (up to 10M) draw glowing links
// between moving base points with no neighbour search. Particle i takes base point
// a = i mod count and a hashed partner; when the two are closer than the threshold it sits on
// their segment at fraction ((i / count) mod ⌊N / count⌋) / ⌊N / count⌋, otherwise it is
// ambient dust within dustRadius of a. O(1) per particle; drawn with no vertex buffer in one
// non-instanced draw: 6 N vertices (vertex id / 6 → particle, vertex id % 6 → quad corner;
// llvmpipe runs millions of tiny instances far slower) or N point sprites. linkParticle() is the CPU reference of
// the vertex shader (shaders/links.vert), sharing its integer hash (effectHash).
#include <Eigen/Core>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/formats/spl2.h"
#include "core/foundation/error.h"
#include "core/foundation/image_io.h"
#include "core/render/effects.h"
#include "core/render/gl_loader.h"
#include "core/render/mesh_renderer.h"

namespace sw::render {

inline constexpr int kMaxLinkBasePoints = 256;

struct LinksSettings {
    int width = 800;   // px (renderImage)
    int height = 600;
    Background background = Background::Black;
    int samples = 4;
    std::uint32_t particles = 100000;  // N, up to 10M (6 N < 2³¹)
    float threshold = 0.35f;           // link distance, model units
    float dustRadius = 0.08f;          // model units around the base point
    float particleSize = 0.004f;       // half-size of a particle, model units
    // One point sprite per particle instead of a 6-vertex quad (same look, at least 1 px).
    // llvmpipe's cost is per primitive: points are several times faster there.
    bool pointSprites = true;
    Eigen::Vector3f linkColor = Eigen::Vector3f(0.35f, 0.9f, 1.f);
    Eigen::Vector3f dustColor = Eigen::Vector3f(0.12f, 0.18f, 0.25f);
};

struct LinkParticle {
    Eigen::Vector3f position = Eigen::Vector3f::Zero();
    bool linked = false;
    std::uint32_t base = 0;     // index of its base point
    std::uint32_t partner = 0;  // index of the hashed partner
};

// Base points of a model that move with its effects: the CHNK chunk centroids (at most
// kMaxLinkBasePoints), else the centroid of each part's core splats, each displaced by
// applyEffects (normal = direction from the origin, part = the chunk's part, id = its index).
std::vector<Eigen::Vector3f> effectBasePoints(const formats::Spl2Model& model, const EffectParams& effects);

// CPU reference. basePoints: [count ≥ 2] model space.
LinkParticle linkParticle(std::uint32_t id, std::span<const Eigen::Vector3f> basePoints, const LinksSettings& s);

class LinksRenderer {
public:
    static Result<std::unique_ptr<LinksRenderer>> create(const GlProcLoader& loader);
    ~LinksRenderer();
    LinksRenderer(const LinksRenderer&) = delete;
    LinksRenderer& operator=(const LinksRenderer&) = delete;

    // [2..256] model space; cheap (a uniform array), call every frame when they move.
    // InvalidInput outside that range.
    Status setBasePoints(std::span<const Eigen::Vector3f> points);

    // Draws additively into the bound framebuffer without clearing (over the splats).
    Status drawOver(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection, const LinksSettings& s,
                    unsigned framebuffer);
    // Clears to the background, draws, reads back (offscreen MSAA).
    Result<Rgba8Image> renderImage(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                                   const LinksSettings& s);
    // Clears, draws into the offscreen MSAA target and waits for the GPU (no read-back): one
    // timed frame for benchmarks.
    Status renderOffscreen(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection, const LinksSettings& s);
    // GPU particle positions and link flags by transform feedback: [s.particles].
    Result<std::vector<LinkParticle>> particles(const LinksSettings& s);

    void release();

private:
    struct Impl;
    explicit LinksRenderer(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

}  // namespace sw::render
