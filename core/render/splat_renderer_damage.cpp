// The damage path of SplatRenderer (splat_renderer.h): its buffers (slots, pool, bodies, chunks,
// the shell's attachment), their uploads, and the read-back of the damaged core.
#include <algorithm>
#include <string>

#include "core/render/detail/splat_renderer_impl.h"

namespace sw::render {

using detail::GlFunctions;

Status SplatRenderer::enableDamage(int poolCapacity) {
    if (!m_impl->loaded) return makeError(ErrorCode::InvalidInput, "no splat model to damage");
    if (poolCapacity < 0 || poolCapacity > (1 << 22))
        return makeError(ErrorCode::InvalidInput, "damage pool capacity " + std::to_string(poolCapacity) + " is out of range");
    detail::allocateDamage(m_impl->gl, m_impl->buffers, poolCapacity, 64);
    m_impl->damage = SplatDamageParams{};
    return detail::gpuStatus(m_impl->gl, "allocating the damage buffers");
}

void SplatRenderer::disableDamage() {
    if (m_impl->loaded && m_impl->buffers.damage) detail::allocateDamage(m_impl->gl, m_impl->buffers, -1, 0);
}

bool SplatRenderer::damageEnabled() const { return m_impl->buffers.damage; }

Status SplatRenderer::updateDamageSlots(std::span<const float> all, std::span<const std::uint32_t> dirty) {
    auto& b = m_impl->buffers;
    if (!b.damage) return makeError(ErrorCode::InvalidInput, "damage path is off (enableDamage first)");
    if (all.size() != static_cast<std::size_t>(b.coreCount) * kDamageSlotFloats)
        return makeError(ErrorCode::InvalidInput, "damage slot records: " + std::to_string(all.size()) + " floats for " +
                                                      std::to_string(b.coreCount) + " core splats");
    for (const std::uint32_t i : dirty)
        if (i >= static_cast<std::uint32_t>(b.coreCount)) return makeError(ErrorCode::InvalidInput, "damage slot " + std::to_string(i) + " out of range");
    detail::uploadRecords(m_impl->gl, b.damageSlots, all, kDamageSlotFloats, dirty, b.damageBytes);
    return detail::gpuStatus(m_impl->gl, "uploading the damage slots");
}

Status SplatRenderer::updateDamagePool(std::span<const float> all, std::span<const std::uint32_t> dirty) {
    auto& b = m_impl->buffers;
    if (!b.damage) return makeError(ErrorCode::InvalidInput, "damage path is off (enableDamage first)");
    if (all.size() != static_cast<std::size_t>(b.poolCapacity) * kDamagePoolFloats)
        return makeError(ErrorCode::InvalidInput, "damage pool records: " + std::to_string(all.size()) + " floats for a pool of " +
                                                      std::to_string(b.poolCapacity));
    for (const std::uint32_t i : dirty)
        if (i >= static_cast<std::uint32_t>(b.poolCapacity)) return makeError(ErrorCode::InvalidInput, "pool entry " + std::to_string(i) + " out of range");
    detail::uploadRecords(m_impl->gl, b.damagePool, all, kDamagePoolFloats, dirty, b.damageBytes);
    return detail::gpuStatus(m_impl->gl, "uploading the damage pool");
}

Status SplatRenderer::updateDamageBodies(std::span<const float> bodies) {
    auto& b = m_impl->buffers;
    const GlFunctions& gl = m_impl->gl;
    if (!b.damage) return makeError(ErrorCode::InvalidInput, "damage path is off (enableDamage first)");
    if (bodies.size() % kDamageBodyFloats != 0) return makeError(ErrorCode::InvalidInput, "body records are not whole");
    if (bodies.empty()) return {};
    const int count = static_cast<int>(bodies.size() / kDamageBodyFloats);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, b.damageBodies);
    if (count > b.bodyCapacity) {
        b.bodyCapacity = std::max(count, 2 * b.bodyCapacity);
        gl.BufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(std::size_t(b.bodyCapacity) * kDamageBodyFloats * sizeof(float)),
                      nullptr, GL_DYNAMIC_DRAW);
    }
    gl.BufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(bodies.size() * sizeof(float)), bodies.data());
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    b.damageBytes += bodies.size() * sizeof(float);
    return detail::gpuStatus(gl, "uploading the damage bodies");
}

Status SplatRenderer::updateDamageChunks(std::span<const float> chunks) {
    auto& b = m_impl->buffers;
    const GlFunctions& gl = m_impl->gl;
    if (!b.damage) return makeError(ErrorCode::InvalidInput, "damage path is off (enableDamage first)");
    if (chunks.size() % kDamageChunkFloats != 0) return makeError(ErrorCode::InvalidInput, "chunk records are not whole");
    if (chunks.empty()) return {};
    const int count = static_cast<int>(chunks.size() / kDamageChunkFloats);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, b.damageChunks);
    if (count != b.chunkCount)
        gl.BufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(chunks.size() * sizeof(float)), chunks.data(), GL_DYNAMIC_DRAW);
    else
        gl.BufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(chunks.size() * sizeof(float)), chunks.data());
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    b.chunkCount = count;
    b.damageBytes += chunks.size() * sizeof(float);
    return detail::gpuStatus(gl, "uploading the damage chunks");
}

Status SplatRenderer::setDamageShellSlots(std::span<const std::uint32_t> coreSlot) {
    auto& b = m_impl->buffers;
    if (!b.damage) return makeError(ErrorCode::InvalidInput, "damage path is off (enableDamage first)");
    if (coreSlot.size() != static_cast<std::size_t>(b.shellCount))
        return makeError(ErrorCode::InvalidInput, "shell attachment: " + std::to_string(coreSlot.size()) + " slots for " +
                                                      std::to_string(b.shellCount) + " shell splats");
    // Per shell splat: the core slot and its chunk (a carried chunk hides the slot's shell too).
    const auto* tail = m_impl->modelCopy.chunks ? &*m_impl->modelCopy.chunks : nullptr;
    std::vector<float> slots(2 * coreSlot.size());
    for (std::size_t i = 0; i < coreSlot.size(); ++i) {
        if (coreSlot[i] >= static_cast<std::uint32_t>(b.coreCount)) return makeError(ErrorCode::InvalidInput, "shell attachment out of range");
        slots[2 * i] = static_cast<float>(coreSlot[i]);
        slots[2 * i + 1] = tail && coreSlot[i] < tail->coreChunk.size() ? static_cast<float>(tail->coreChunk[coreSlot[i]]) : 0.f;
    }
    std::vector<std::uint32_t> all(coreSlot.size());
    for (std::uint32_t i = 0; i < all.size(); ++i) all[i] = i;
    detail::uploadRecords(m_impl->gl, b.damageShell, slots, 2, all, b.damageBytes);
    return detail::gpuStatus(m_impl->gl, "uploading the shell attachment");
}

void SplatRenderer::setDamageParams(const SplatDamageParams& params) { m_impl->damage = params; }

std::uint64_t SplatRenderer::damageBytesUploaded() const { return m_impl->buffers.damageBytes; }

Result<std::vector<Eigen::Vector3f>> SplatRenderer::damagedCentres(std::vector<std::uint8_t>* visible,
                                                                   std::vector<Eigen::Vector4f>* looks) {
    if (m_impl->released) return makeError(ErrorCode::Gpu, "renderer used after release()");
    const GlFunctions& gl = m_impl->gl;
    const int n = m_impl->coreDrawCount(m_impl->buffers.coreCount);
    std::vector<Eigen::Vector3f> out(static_cast<std::size_t>(n));
    if (visible) visible->assign(out.size(), 1);
    if (looks) looks->assign(out.size(), Eigen::Vector4f::Zero());
    if (n == 0) return out;
    const std::vector<float> prepared = m_impl->readPrepared(SplatRenderSettings{}, n, m_impl->buffers.coreCount);
    for (std::size_t i = 0; i < out.size(); ++i) {
        const float* r = prepared.data() + i * detail::kPreparedFloats + 16;
        out[i] = Eigen::Vector3f(r[0], r[1], r[2]);
        if (visible) (*visible)[i] = r[3] > 0.5f ? 1 : 0;
        const float* look = prepared.data() + i * detail::kPreparedFloats + 12;  // record [3]
        if (looks) (*looks)[i] = Eigen::Vector4f(look[0], look[1], look[2], look[3]);
    }
    SW_TRY(detail::gpuStatus(gl, "reading the damaged positions back"));
    return out;
}

}  // namespace sw::render
