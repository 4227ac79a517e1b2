#include "core/render/detail/foliage_cull.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace sw::render::detail {

namespace {

constexpr GLuint CULL_GROUP = 64;  // foliage_cull.comp local_size_x

// uints per command: DrawElementsIndirectCommand {count, instanceCount, firstIndex, baseVertex,
// baseInstance}, DrawArraysIndirectCommand {count, instanceCount, first, baseInstance}.
GLuint commandStride(const FoliageAsset& a) { return a.splats ? 4u : 5u; }
std::size_t commandCount(const FoliageAsset& a) { return a.splats ? 1 : a.mesh.ranges.size(); }

// The asset's draw commands with instanceCount 0, FOLIAGE_MAX_BANDS times.
std::vector<GLuint> resetCommands(const FoliageAsset& a) {
    std::vector<GLuint> out;
    for (std::size_t b = 0; b < FOLIAGE_MAX_BANDS; ++b) {
        if (a.splats) out.insert(out.end(), {static_cast<GLuint>(6 * a.points), 0u, 0u, 0u});
        else
            for (const MaterialRange& r : a.mesh.ranges)
                out.insert(out.end(),
                           {static_cast<GLuint>(r.indexCount), 0u, static_cast<GLuint>(r.firstIndex), 0u, 0u});
    }
    return out;
}

// The instance counts of the bands' first commands (reads back).
std::vector<GLuint> readBandCounts(const GlFunctions& gl, const FoliageAsset& a) {
    std::vector<GLuint> commands(a.bands * commandCount(a) * commandStride(a));
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, a.commandBuffer);
    gl.GetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(commands.size() * sizeof(GLuint)),
                        commands.data());
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    std::vector<GLuint> out(a.bands);
    for (std::size_t b = 0; b < a.bands; ++b) out[b] = commands[b * commandCount(a) * commandStride(a) + 1];
    return out;
}

void uploadCommands(const GlFunctions& gl, const FoliageAsset& a) {
    const std::vector<GLuint> commands = resetCommands(a);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, a.commandBuffer);
    gl.BufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(commands.size() * sizeof(GLuint)),
                     commands.data());
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

void dispatch(const GlFunctions& gl, GLuint program, const FoliageAsset& a, int pass, GLuint invocations) {
    gl.Uniform1i(gl.GetUniformLocation(program, "u_pass"), pass);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, FOLIAGE_COPIES_BINDING, a.copyBuffer);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, FOLIAGE_VISIBLE_BINDING, a.visibleBuffer);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, FOLIAGE_COMMANDS_BINDING, a.commandBuffer);
    gl.DispatchCompute((invocations + CULL_GROUP - 1) / CULL_GROUP, 1, 1);
}

void setCounts(const GlFunctions& gl, GLuint program, const FoliageAsset& a) {
    const auto at = [&](const char* name) { return gl.GetUniformLocation(program, name); };
    gl.Uniform1ui(at("u_count"), static_cast<GLuint>(a.copies.size()));
    gl.Uniform1ui(at("u_commands"), static_cast<GLuint>(commandCount(a)));
    gl.Uniform1ui(at("u_stride"), commandStride(a));
    gl.Uniform1ui(at("u_bands"), static_cast<GLuint>(a.bands));
    gl.Uniform1ui(at("u_bandStride"), static_cast<GLuint>(a.bandStride));
}

}  // namespace

void uploadCopies(const GlFunctions& gl, FoliageAsset& a) {
    for (GLuint* b : {&a.copyBuffer, &a.visibleBuffer, &a.commandBuffer})
        if (*b) gl.DeleteBuffers(1, b);
    a.cpuVisible = 0;
    if (a.copies.empty()) return;
    std::vector<float> records;
    records.reserve(a.copies.size() * 8);
    for (const foliage::FoliageInstance& c : a.copies) {
        // The same std::cos / std::sin as FoliageInstance::toScene, so both frames are the same floats.
        const float rec[8] = {c.origin.x(), c.origin.y(), c.origin.z(), c.metresPerUnit,
                              std::cos(c.yaw), std::sin(c.yaw), 0.f, 0.f};
        records.insert(records.end(), rec, rec + 8);
    }
    const auto make = [&](GLuint* buffer, std::size_t bytes, const void* data, GLenum usage) {
        gl.GenBuffers(1, buffer);
        gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, *buffer);
        gl.BufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(bytes), data, usage);
    };
    make(&a.copyBuffer, records.size() * sizeof(float), records.data(), GL_STATIC_DRAW);
    a.bandStride = (a.copies.size() + 63) / 64 * 64;
    make(&a.visibleBuffer, FOLIAGE_MAX_BANDS * a.bandStride * sizeof(GLuint), nullptr, GL_DYNAMIC_COPY);
    const std::vector<GLuint> commands = resetCommands(a);
    make(&a.commandBuffer, commands.size() * sizeof(GLuint), commands.data(), GL_DYNAMIC_COPY);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

void cullOnGpu(const GlFunctions& gl, GLuint program, FoliageAsset& a, const foliage::FrustumPlanes& planes,
               const Eigen::Vector3f& camera, std::size_t bands, float width) {
    a.cpuVisible = SIZE_MAX;
    a.bands = bands;
    uploadCommands(gl, a);
    const auto at = [&](const char* name) { return gl.GetUniformLocation(program, name); };
    gl.UseProgram(program);
    setCounts(gl, program, a);
    gl.Uniform1i(at("u_frustum"), 1);
    gl.Uniform4fv(at("u_planes"), 6, planes[0].data());
    gl.Uniform1f(at("u_radius"), a.cullRadius);
    gl.Uniform3f(at("u_camera"), camera.x(), camera.y(), camera.z());
    gl.Uniform2f(at("u_fade"), a.fade.start, a.fade.end);
    gl.Uniform1f(at("u_bandWidth"), width);
    dispatch(gl, program, a, 0, static_cast<GLuint>(a.copies.size()));
    gl.MemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    dispatch(gl, program, a, 1, static_cast<GLuint>(bands * commandCount(a)));
    gl.MemoryBarrier(GL_COMMAND_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
}

void listAllCopies(const GlFunctions& gl, GLuint program, FoliageAsset& a) {
    a.cpuVisible = a.copies.size();
    a.bands = 1;
    a.cpuBand = {};
    a.cpuBand[0] = a.copies.size();
    gl.UseProgram(program);
    setCounts(gl, program, a);
    dispatch(gl, program, a, 2, static_cast<GLuint>(a.copies.size()));
    gl.MemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

std::size_t cullOnCpu(const GlFunctions& gl, FoliageAsset& a, const Eigen::Matrix4f& viewProj,
                      const Eigen::Vector3f& camera, std::size_t bands, float width) {
    const std::vector<std::vector<std::uint32_t>> kept =
        foliage::visibleCopyBands(a.copies, a.cullRadius, a.fade, &viewProj, camera, bands, width);
    a.bands = bands;
    a.cpuBand = {};
    a.cpuVisible = 0;
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, a.visibleBuffer);
    for (std::size_t b = 0; b < bands; ++b) {
        a.cpuBand[b] = kept[b].size();
        a.cpuVisible += kept[b].size();
        if (!kept[b].empty())
            gl.BufferSubData(GL_SHADER_STORAGE_BUFFER, static_cast<GLintptr>(b * a.bandStride * sizeof(std::uint32_t)),
                             static_cast<GLsizeiptr>(kept[b].size() * sizeof(std::uint32_t)), kept[b].data());
    }
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    return a.cpuVisible;
}

std::vector<std::vector<std::uint32_t>> readVisibleBands(const GlFunctions& gl, const FoliageAsset& a) {
    std::vector<std::vector<std::uint32_t>> out(a.bands);
    if (a.copies.empty()) return out;
    std::vector<GLuint> counts(a.bands);
    if (a.cpuVisible == SIZE_MAX) counts = readBandCounts(gl, a);
    else
        for (std::size_t b = 0; b < a.bands; ++b) counts[b] = static_cast<GLuint>(a.cpuBand[b]);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, a.visibleBuffer);
    for (std::size_t b = 0; b < a.bands; ++b) {
        out[b].resize(std::min<std::size_t>(counts[b], a.copies.size()));
        if (!out[b].empty())
            gl.GetBufferSubData(GL_SHADER_STORAGE_BUFFER, static_cast<GLintptr>(b * a.bandStride * sizeof(std::uint32_t)),
                                static_cast<GLsizeiptr>(out[b].size() * sizeof(std::uint32_t)), out[b].data());
    }
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    return out;
}

std::size_t readVisibleCount(const GlFunctions& gl, const FoliageAsset& a) {
    if (a.copies.empty()) return 0;
    if (a.cpuVisible != SIZE_MAX) return a.cpuVisible;
    std::size_t n = 0;
    for (GLuint c : readBandCounts(gl, a)) n += c;
    return n;
}

void bindCopies(const GlFunctions& gl, const FoliageAsset& a) {
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, FOLIAGE_COPIES_BINDING, a.copyBuffer);
    bindBand(gl, a, 0);
    gl.BindBuffer(GL_DRAW_INDIRECT_BUFFER, a.commandBuffer);
}

void bindBand(const GlFunctions& gl, const FoliageAsset& a, std::size_t band) {
    const std::size_t bytes = a.bandStride * sizeof(GLuint);
    gl.BindBufferRange(GL_SHADER_STORAGE_BUFFER, FOLIAGE_VISIBLE_BINDING, a.visibleBuffer,
                       static_cast<GLintptr>(band * bytes), static_cast<GLsizeiptr>(bytes));
}

void unbindCopies(const GlFunctions& gl) {
    for (GLuint b : {FOLIAGE_COPIES_BINDING, FOLIAGE_VISIBLE_BINDING, FOLIAGE_COMMANDS_BINDING})
        gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, b, 0);
    gl.BindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
}

std::size_t commandOffset(const FoliageAsset& a, std::size_t band, std::size_t k) {
    return (band * commandCount(a) + k) * commandStride(a) * sizeof(GLuint);
}

}  // namespace sw::render::detail
