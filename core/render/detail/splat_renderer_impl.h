#pragma once
// The state of a SplatRenderer (splat_renderer.h) and its passes, shared by the files that
// implement it: splat_renderer.cpp (programs, model, frame), splat_renderer_damage.cpp (the
// damage path) and detail/splat_renderer_impl.cpp (the prepare pass, the core and shell draws).
#include <Eigen/Core>
#include <algorithm>
#include <vector>

#include "core/formats/spl2.h"
#include "core/render/detail/gl_functions.h"
#include "core/render/detail/offscreen_target.h"
#include "core/render/detail/splat_buffers.h"
#include "core/render/splat_renderer.h"

namespace sw::render {

namespace detail {
inline constexpr GLuint kPrepareGroup = 64;  // local_size_x of splat_prepare.comp
}  // namespace detail

struct SplatRenderer::Impl {
    detail::GlFunctions gl;
    GLuint coreProgram = 0, shellProgram = 0, prepareProgram = 0;
    GLuint primitiveQuery = 0;
    GLuint fragmentQuery = 0;  // 0 without ARB_pipeline_statistics_query
    detail::SplatBuffers buffers;
    formats::Spl2Model modelCopy;  // kept to rebuild buffers when the floater mask changes
    std::vector<int> shapes;
    bool loaded = false;
    detail::OffscreenTarget target;
    SplatDrawStats stats;
    bool released = false;
    SplatDamageParams damage;

    // Core splats the core pass draws: the LOD k, plus the damage pool when it is on.
    int coreDrawCount(int k) const {
        return k + (buffers.damage ? std::clamp(damage.poolCount, 0, buffers.poolCapacity) : 0);
    }
    void setDamageUniforms(bool shell, int k);

    // Runs the prepare pass over the first `count` splats of the core (shell = false) or shell
    // records into that pass's prepared buffer (no barrier: the caller issues one).
    // Core invocations from poolBase on draw damage pool entries (poolBase < 0: none).
    void prepare(const Eigen::Matrix4f& view, const Eigen::Matrix4f& proj, const SplatRenderSettings& s, bool shell,
                 int count, int poolBase = -1);

    // The prepare passes of what draw() will draw, then one storage barrier.
    void prepareAll(const Eigen::Matrix4f& view, const Eigen::Matrix4f& proj, const SplatRenderSettings& s);

    // The core's prepare pass over its first `count` records with identity matrices (poolBase
    // as in prepare()), read back: kPreparedFloats per splat, the record's words 12..15 the
    // look, 16..18 the displaced centre and 19 the visibility.
    std::vector<float> readPrepared(const SplatRenderSettings& s, int count, int poolBase = -1);

    void drawCore(const SplatRenderSettings& s);
    void drawShell(const Eigen::Matrix4f& view, const SplatRenderSettings& s);
};

}  // namespace sw::render
