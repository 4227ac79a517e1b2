#include "core/render/detail/splat_buffers.h"

#include <algorithm>

namespace sw::render::detail {

namespace {

void put3(float* dst, const Eigen::Vector3f& v) {
    dst[0] = v.x();
    dst[1] = v.y();
    dst[2] = v.z();
}

template <class T>
float at(std::span<const T> values, std::size_t i) {
    return i < values.size() ? static_cast<float>(values[i]) : 0.f;
}

// A storage buffer of `floats` floats (data may be null); a zero-size storage buffer cannot be
// bound, so an empty one keeps `minFloats` zeros.
GLuint makeStorage(const GlFunctions& gl, std::size_t floats, const float* data, std::size_t minFloats, GLenum usage) {
    const std::vector<float> dummy(minFloats, 0.f);
    if (floats == 0) {
        floats = minFloats;
        data = dummy.data();
    }
    GLuint buffer = 0;
    gl.GenBuffers(1, &buffer);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    gl.BufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(floats * sizeof(float)), data, usage);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    return buffer;
}

GLuint makeRecords(const GlFunctions& gl, const std::vector<float>& records) {
    return makeStorage(gl, records.size(), records.data(), kSplatFloats, GL_STATIC_DRAW);
}

// kCoreBatch triangle fans over the first `ring` points of each splat's kCoreRing ids.
GLuint makeFanIndex(const GlFunctions& gl, int ring) {
    std::vector<GLuint> indices;
    indices.reserve(static_cast<std::size_t>(kCoreBatch) * static_cast<std::size_t>(ring - 2) * 3);
    for (GLuint s = 0; s < static_cast<GLuint>(kCoreBatch); ++s) {
        const GLuint v = s * kCoreRing;
        for (GLuint t = 0; t + 2 < static_cast<GLuint>(ring); ++t)
            for (const GLuint k : {0u, t + 1u, t + 2u}) indices.push_back(v + k);
    }
    GLuint buffer = 0;
    gl.GenBuffers(1, &buffer);
    gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, buffer);
    gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size() * sizeof(GLuint)), indices.data(),
                  GL_STATIC_DRAW);
    return buffer;
}

}  // namespace

std::vector<float> packSplats(const formats::Spl2Part& part, std::span<const std::int32_t> chunk,
                              std::span<const std::int32_t> material, std::span<const std::uint8_t> floater,
                              std::span<const int> shape) {
    std::vector<float> out(part.size() * kSplatFloats);
    for (std::size_t i = 0; i < part.size(); ++i) {
        float* r = out.data() + i * kSplatFloats;
        put3(r + 0, part.pos[i]);
        put3(r + 3, part.ax0[i]);
        put3(r + 6, part.ax1[i]);
        put3(r + 9, part.normal[i]);
        put3(r + 12, part.color[i]);
        r[15] = part.opacity[i];
        for (int c = 0; c < 4; ++c) r[16 + c] = part.attrs[i][c];
        r[20] = at(chunk, i);
        r[21] = at(material, i);
        r[22] = at(floater, i) > 0.f ? 1.f : 0.f;
        r[23] = at(shape, i);
    }
    return out;
}

void uploadSplats(const GlFunctions& gl, SplatBuffers& b, const formats::Spl2Model& model,
                  std::span<const std::uint8_t> floater, std::span<const int> shape) {
    releaseSplats(gl, b);
    const std::size_t nCore = model.core.size();
    const std::size_t nShell = model.shell.size();
    const auto* tail = model.chunks ? &*model.chunks : nullptr;
    const auto sub = [](auto span, std::size_t first, std::size_t n) {
        return span.size() >= first + n ? span.subspan(first, n) : decltype(span){};
    };
    const std::vector<float> core =
        packSplats(model.core, tail ? std::span<const std::int32_t>(tail->coreChunk) : std::span<const std::int32_t>{},
                   tail ? std::span<const std::int32_t>(tail->coreMaterial) : std::span<const std::int32_t>{},
                   sub(floater, 0, nCore), sub(shape, 0, nCore));
    const std::vector<float> shell = packSplats(
        model.shell, tail ? std::span<const std::int32_t>(tail->shellChunk) : std::span<const std::int32_t>{},
        tail ? std::span<const std::int32_t>(tail->shellMaterial) : std::span<const std::int32_t>{},
        sub(floater, nCore, nShell), sub(shape, nCore, nShell));
    b.coreBuffer = makeRecords(gl, core);
    b.shellBuffer = makeRecords(gl, shell);
    b.corePrepared = makeStorage(gl, nCore * kPreparedFloats, nullptr, kPreparedFloats, GL_DYNAMIC_COPY);
    b.shellPrepared = makeStorage(gl, nShell * kPreparedFloats, nullptr, kPreparedFloats, GL_DYNAMIC_COPY);
    gl.GenVertexArrays(1, &b.coreArray);
    gl.BindVertexArray(b.coreArray);  // the fan index buffers are bound per draw
    b.octagonIndex = makeFanIndex(gl, 8);
    b.shapeIndex = makeFanIndex(gl, kCoreRing);
    gl.GenVertexArrays(1, &b.shellArray);
    gl.BindVertexArray(b.shellArray);
    gl.GenBuffers(1, &b.shellIndex);
    gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, b.shellIndex);  // recorded in the shell VAO
    gl.BindVertexArray(0);

    b.coreCount = static_cast<int>(nCore);
    allocateDamage(gl, b, -1, 0);
    b.shellCount = static_cast<int>(nShell);
    b.orders = model.orders;
    b.sector = -1;
    b.orderUploads = 0;
}

void selectShellOrder(const GlFunctions& gl, SplatBuffers& b, int sector) {
    if (sector == b.sector || b.shellCount == 0) return;
    const auto& order = b.orders[static_cast<std::size_t>(sector)];
    std::vector<GLuint> indices;
    indices.reserve(order.size() * 6);
    for (const std::int32_t s : order) {
        const GLuint v = static_cast<GLuint>(s) * 4u;  // corners 0..3: (−,−) (+,−) (−,+) (+,+)
        for (const GLuint k : {0u, 1u, 3u, 0u, 3u, 2u}) indices.push_back(v + k);
    }
    gl.BindVertexArray(b.shellArray);
    gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size() * sizeof(GLuint)), indices.data(),
                  GL_DYNAMIC_DRAW);
    gl.BindVertexArray(0);
    b.sector = sector;
    ++b.orderUploads;
}

void allocateDamage(const GlFunctions& gl, SplatBuffers& b, int poolCapacity, int bodies) {
    for (GLuint* buf : {&b.damageSlots, &b.damagePool, &b.damageBodies, &b.damageShell, &b.damageChunks})
        if (*buf) gl.DeleteBuffers(1, buf);
    const bool on = poolCapacity >= 0;
    const std::size_t nCore = static_cast<std::size_t>(b.coreCount);
    const std::size_t pool = on ? static_cast<std::size_t>(poolCapacity) : 0;
    const std::vector<float> slots(on ? nCore * 8 : 0, 0.f), entries(pool * 12, 0.f), body(on ? std::size_t(bodies) * 12 : 0, 0.f);
    b.damageSlots = makeStorage(gl, slots.size(), slots.data(), 8, GL_DYNAMIC_DRAW);
    b.damagePool = makeStorage(gl, entries.size(), entries.data(), 12, GL_DYNAMIC_DRAW);
    b.damageBodies = makeStorage(gl, body.size(), body.data(), 12, GL_DYNAMIC_DRAW);
    const std::vector<float> shell(on ? 2 * static_cast<std::size_t>(b.shellCount) : 0, 0.f);
    b.damageShell = makeStorage(gl, shell.size(), shell.data(), 2, GL_DYNAMIC_DRAW);
    b.damageChunks = makeStorage(gl, 0, nullptr, 4, GL_DYNAMIC_DRAW);
    b.chunkCount = 0;
    if (b.corePrepared) gl.DeleteBuffers(1, &b.corePrepared);
    b.corePrepared = makeStorage(gl, (nCore + pool) * kPreparedFloats, nullptr, kPreparedFloats, GL_DYNAMIC_COPY);
    b.damage = on;
    b.poolCapacity = static_cast<int>(pool);
    b.bodyCapacity = on ? bodies : 0;
    b.damageBytes = 0;
}

void uploadRecords(const GlFunctions& gl, GLuint buffer, std::span<const float> all, int floats,
                   std::span<const std::uint32_t> dirty, std::uint64_t& bytes) {
    std::vector<std::uint32_t> sorted(dirty.begin(), dirty.end());
    std::sort(sorted.begin(), sorted.end());
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    const std::size_t per = static_cast<std::size_t>(floats);
    for (std::size_t k = 0; k < sorted.size();) {
        std::size_t end = k + 1;
        while (end < sorted.size() && sorted[end] <= sorted[end - 1] + 1) ++end;
        const std::size_t first = sorted[k], count = sorted[end - 1] - first + 1;
        const GLsizeiptr size = static_cast<GLsizeiptr>(count * per * sizeof(float));
        gl.BufferSubData(GL_SHADER_STORAGE_BUFFER, static_cast<GLintptr>(first * per * sizeof(float)), size,
                         all.data() + first * per);
        bytes += static_cast<std::uint64_t>(size);
        k = end;
    }
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

void releaseSplats(const GlFunctions& gl, SplatBuffers& b) {
    for (GLuint* vao : {&b.coreArray, &b.shellArray})
        if (*vao) gl.DeleteVertexArrays(1, vao);
    for (GLuint* buf : {&b.coreBuffer, &b.shellBuffer, &b.corePrepared, &b.shellPrepared, &b.shellIndex,
                        &b.octagonIndex, &b.shapeIndex, &b.damageSlots, &b.damagePool, &b.damageBodies,
                        &b.damageShell, &b.damageChunks})
        if (*buf) gl.DeleteBuffers(1, buf);
    b = SplatBuffers{};
}

}  // namespace sw::render::detail
