// The passes of a SplatRenderer frame (detail/splat_renderer_impl.h): the compute prepare pass
// per splat (effects, look, projection, damage), the core draw (opaque, depth-writing fans or
// coverage triangles) and the shell draw (sorted by heading sector, blended).
#include "core/render/detail/splat_renderer_impl.h"

#include <algorithm>
#include <cstdint>

#include "core/foundation/interrupt.h"
#include "core/render/detail/splat_uniforms.h"

namespace sw::render {

void SplatRenderer::Impl::prepare(const Eigen::Matrix4f& view, const Eigen::Matrix4f& proj,
                                  const SplatRenderSettings& s, bool shell, int count, int poolBase) {
    gl.UseProgram(prepareProgram);
    detail::setLookUniforms(gl, prepareProgram, view, proj, s, shell ? static_cast<unsigned>(buffers.coreCount) : 0u);
    gl.Uniform1ui(gl.GetUniformLocation(prepareProgram, "u_count"), static_cast<GLuint>(count));
    gl.Uniform1i(gl.GetUniformLocation(prepareProgram, "u_shell"), shell ? 1 : 0);
    setDamageUniforms(shell, poolBase < 0 ? count : poolBase);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, shell ? buffers.shellBuffer : buffers.coreBuffer);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, shell ? buffers.shellPrepared : buffers.corePrepared);
    gl.DispatchCompute((static_cast<GLuint>(count) + detail::kPrepareGroup - 1) / detail::kPrepareGroup, 1, 1);
}

void SplatRenderer::Impl::setDamageUniforms(bool /*shell: uses the attachment*/, int k) {
    const GLuint p = prepareProgram;
    const bool on = buffers.damage;
    gl.Uniform1i(gl.GetUniformLocation(p, "u_damage"), on ? 1 : 0);
    gl.Uniform1ui(gl.GetUniformLocation(p, "u_poolBase"), static_cast<GLuint>(std::max(0, k)));
    const SplatDamageParams& d = damage;
    gl.Uniform3f(gl.GetUniformLocation(p, "u_dCentroid"), d.centroid.x(), d.centroid.y(), d.centroid.z());
    const float onion[4] = {d.inwardBlend, d.stepShare, d.minStep, d.thicknessRange};
    const float motion[4] = {d.undersideOffset, d.gravity, d.cooling, d.debrisScale};
    gl.Uniform4fv(gl.GetUniformLocation(p, "u_dOnion"), 1, onion);
    gl.Uniform4fv(gl.GetUniformLocation(p, "u_dMotion"), 1, motion);
    gl.Uniform1f(gl.GetUniformLocation(p, "u_dTime"), d.time);
    gl.Uniform3f(gl.GetUniformLocation(p, "u_dUnderlay"), d.underlayTint.x(), d.underlayTint.y(), d.underlayTint.z());
    gl.Uniform1i(gl.GetUniformLocation(p, "u_dChunks"), on ? buffers.chunkCount : 0);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, buffers.damageSlots);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, buffers.damagePool);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, buffers.damageBodies);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, buffers.damageShell);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 6, buffers.damageChunks);
}

namespace {

// Frames of at least this many pixels on a process a signal may cancel are drawn in slices.
constexpr std::int64_t kInterruptPixels = std::int64_t(1) << 21;  // 2 MP: ~1 s a draw on llvmpipe
constexpr int kInterruptSlices = 8;

bool interruptibleFrame(const SplatRenderSettings& s) {
    return interruptHandlersInstalled() && std::int64_t(s.width) * s.height >= kInterruptPixels;
}

}  // namespace

void SplatRenderer::Impl::prepareAll(const Eigen::Matrix4f& view, const Eigen::Matrix4f& proj,
                                     const SplatRenderSettings& s) {
    const int k = s.coreCount < 0 ? buffers.coreCount : std::min(s.coreCount, buffers.coreCount);
    const bool core = s.drawCore && coreDrawCount(k) > 0, shell = s.drawShell && buffers.shellCount > 0;
    if (core) prepare(view, proj, s, false, coreDrawCount(k), k);
    if (shell) prepare(view, proj, s, true, buffers.shellCount);
    if (core || shell) gl.MemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void SplatRenderer::Impl::drawCore(const SplatRenderSettings& s) {
    const int k = coreDrawCount(s.coreCount < 0 ? buffers.coreCount : std::min(s.coreCount, buffers.coreCount));
    stats.coreDrawn = k;
    if (k == 0) return;
    gl.UseProgram(coreProgram);
    gl.Uniform1i(gl.GetUniformLocation(coreProgram, "u_round"), s.roundSplats ? 1 : 0);
    gl.Uniform1i(gl.GetUniformLocation(coreProgram, "u_gammaOut"), s.linearTarget ? 1 : 0);
    gl.DepthMask(GL_TRUE);
    gl.Disable(GL_BLEND);
    if (s.roundSplats) gl.Enable(GL_SAMPLE_ALPHA_TO_COVERAGE);
    gl.BindVertexArray(buffers.coreArray);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, buffers.corePrepared);
    if (s.countPrimitives) gl.BeginQuery(GL_PRIMITIVES_GENERATED, primitiveQuery);
    if (s.roundSplats) {
        // One triangle per splat, non-indexed: llvmpipe's linear vertex path, no index fetch.
        // A frame a signal may cancel and large enough to take seconds on a software GL is drawn
        // in slices, each finished, so Ctrl-C stops it between slices (the same pixels).
        const int slices = interruptibleFrame(s) ? kInterruptSlices : 1;
        for (int slice = 0; slice < slices && !interruptRequested(); ++slice) {
            const int first = int(std::int64_t(k) * slice / slices), last = int(std::int64_t(k) * (slice + 1) / slices);
            gl.DrawArrays(GL_TRIANGLES, 3 * first, 3 * (last - first));
            if (slices > 1) gl.Finish();
        }
    } else {
        const bool octagons = !s.shapeClasses;
        gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, octagons ? buffers.octagonIndex : buffers.shapeIndex);
        const int perSplat = 3 * (octagons ? detail::kOctagonTriangles : detail::kShapeTriangles);
        for (int first = 0; first < k; first += detail::kCoreBatch) {
            const int count = std::min(detail::kCoreBatch, k - first);
            gl.DrawElementsBaseVertex(GL_TRIANGLES, count * perSplat, GL_UNSIGNED_INT, nullptr,
                                      first * detail::kCoreRing);
        }
    }
    if (s.countPrimitives) {
        gl.EndQuery(GL_PRIMITIVES_GENERATED);
        GLuint primitives = 0;
        gl.GetQueryObjectuiv(primitiveQuery, GL_QUERY_RESULT, &primitives);
        stats.corePrimitives = primitives;
    }
    gl.Disable(GL_SAMPLE_ALPHA_TO_COVERAGE);
}

void SplatRenderer::Impl::drawShell(const Eigen::Matrix4f& view, const SplatRenderSettings& s) {
    stats.sector = headingSector(headingFromView(view));
    if (buffers.shellCount == 0) return;
    detail::selectShellOrder(gl, buffers, stats.sector);
    gl.UseProgram(shellProgram);
    gl.Uniform1i(gl.GetUniformLocation(shellProgram, "u_gammaOut"), s.linearTarget ? 1 : 0);
    gl.DepthMask(GL_FALSE);  // sorted, blended: test against the core, do not write
    gl.Enable(GL_BLEND);
    gl.BlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    gl.BindVertexArray(buffers.shellArray);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, buffers.shellPrepared);
    // In order (blended), in slices for a large interruptible frame as the core above.
    const int slices = interruptibleFrame(s) ? kInterruptSlices : 1;
    for (int slice = 0; slice < slices && !interruptRequested(); ++slice) {
        const std::int64_t first = std::int64_t(buffers.shellCount) * slice / slices;
        const std::int64_t last = std::int64_t(buffers.shellCount) * (slice + 1) / slices;
        gl.DrawElements(GL_TRIANGLES, GLsizei((last - first) * 6), GL_UNSIGNED_INT,
                        reinterpret_cast<const void*>(std::uintptr_t(first * 6 * sizeof(GLuint))));
        if (slices > 1) gl.Finish();
    }
    stats.shellDrawn = buffers.shellCount;
    gl.Disable(GL_BLEND);
    gl.DepthMask(GL_TRUE);
}

std::vector<float> SplatRenderer::Impl::readPrepared(const SplatRenderSettings& s, int count, int poolBase) {
    prepare(Eigen::Matrix4f::Identity(), Eigen::Matrix4f::Identity(), s, false, count, poolBase);
    gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<float> prepared(static_cast<std::size_t>(count) * detail::kPreparedFloats);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, buffers.corePrepared);
    gl.GetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(prepared.size() * sizeof(float)),
                        prepared.data());
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    gl.UseProgram(0);
    return prepared;
}

}  // namespace sw::render
