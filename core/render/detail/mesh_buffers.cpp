#include "core/render/detail/mesh_buffers.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

namespace sw::render::detail {

namespace {

struct Vertex {
    float position[3];  // model space
    float normal[3];    // unit, or zero when the mesh has none
    float uv[2];        // glTF convention (v down)
    float light[3];     // baked dome light of the front side (the ao recipe), linear RGB; 1 when absent
    float lightBack[3]; // ... of the back side
};
static_assert(sizeof(Vertex) == 56);

std::vector<Vertex> interleave(const geometry::Mesh& mesh, const VertexLight& light) {
    std::vector<Vertex> vertices(mesh.vertexCount());
    const bool normals = mesh.normals.size() == mesh.positions.size();
    const bool uvs = mesh.uvs.size() == mesh.positions.size();
    for (std::size_t i = 0; i < vertices.size(); ++i) {
        Vertex& v = vertices[i];
        std::memcpy(v.position, mesh.positions[i].data(), sizeof v.position);
        if (normals) std::memcpy(v.normal, mesh.normals[i].data(), sizeof v.normal);
        else std::memset(v.normal, 0, sizeof v.normal);
        if (uvs) std::memcpy(v.uv, mesh.uvs[i].data(), sizeof v.uv);
        else std::memset(v.uv, 0, sizeof v.uv);
        Eigen::Vector3f front = Eigen::Vector3f::Ones(), back = Eigen::Vector3f::Ones();
        if (light.front.size() == vertices.size()) front = back = light.front[i];
        else if (light.sky.size() == vertices.size()) front = back = Eigen::Vector3f::Constant(light.sky[i]);
        if (light.back.size() == vertices.size()) back = light.back[i];
        std::memcpy(v.light, front.data(), sizeof v.light);
        std::memcpy(v.lightBack, back.data(), sizeof v.lightBack);
    }
    return vertices;
}

// Material of face f, or -1 (default white) when unassigned or out of range.
int materialOf(const geometry::Mesh& mesh, std::size_t f) {
    if (f >= mesh.faceMaterial.size()) return -1;
    const int m = mesh.faceMaterial[f];
    return m >= 0 && m < static_cast<int>(mesh.materials.size()) ? m : -1;
}

// The texture of a cut-out (MASK) material, premultiplied by its alpha: filtering then weights
// each texel by its coverage, so the colour of a thin needle does not fade into the (often black)
// RGB of the transparent texels around it; the shader divides the filtered alpha back out. This is
// how Blender's image node filters straight-alpha PNGs (associated alpha internally).
geometry::Image premultiplied(const geometry::Image& image) {
    geometry::Image out = image;
    for (std::size_t i = 0; i + 3 < out.rgba.size(); i += 4) {
        const unsigned a = out.rgba[i + 3];
        for (std::size_t c = 0; c < 3; ++c) out.rgba[i + c] = static_cast<std::uint8_t>((out.rgba[i + c] * a + 127) / 255);
    }
    return out;
}

GLuint uploadTexture(const GlFunctions& gl, const geometry::Image& image) {
    GLuint tex = 0;
    gl.GenTextures(1, &tex);
    gl.BindTexture(GL_TEXTURE_2D, tex);
    gl.PixelStorei(GL_UNPACK_ALIGNMENT, 1);
    // Stored as plain RGBA8 so sampling returns the sRGB values: shading works in gamma space.
    // Row 0 (the image top) lands at t = 0, matching glTF's v-down texture coordinates.
    gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, image.width, image.height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                  image.rgba.data());
    gl.GenerateMipmap(GL_TEXTURE_2D);
    gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    gl.BindTexture(GL_TEXTURE_2D, 0);
    return tex;
}

}  // namespace

Status validateMesh(const geometry::Mesh& mesh) {
    const std::size_t v = mesh.vertexCount();
    if (!mesh.normals.empty() && mesh.normals.size() != v) {
        return makeError(ErrorCode::InvalidInput, "mesh has " + std::to_string(mesh.normals.size()) +
                                                      " normals for " + std::to_string(v) + " vertices");
    }
    if (!mesh.uvs.empty() && mesh.uvs.size() != v) {
        return makeError(ErrorCode::InvalidInput,
                         "mesh has " + std::to_string(mesh.uvs.size()) + " uvs for " + std::to_string(v) + " vertices");
    }
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        const Eigen::Vector3i& t = mesh.triangles[f];
        if ((t.array() < 0).any() || (t.array() >= static_cast<int>(v)).any()) {
            return makeError(ErrorCode::InvalidInput, "triangle " + std::to_string(f) + " indexes a vertex outside 0.." +
                                                          std::to_string(v) + "");
        }
    }
    for (const geometry::Image& image : mesh.textures) {
        const std::size_t bytes = static_cast<std::size_t>(std::max(image.width, 0)) *
                                  static_cast<std::size_t>(std::max(image.height, 0)) * 4;
        if (!image.empty() && image.rgba.size() != bytes) {
            return makeError(ErrorCode::InvalidInput, "texture '" + image.name + "' has " +
                                                          std::to_string(image.rgba.size()) + " bytes, expected " +
                                                          std::to_string(bytes));
        }
    }
    return {};
}

// Face indices grouped by material (counting sort, stable; slot 0 = default material -1) and
// one draw range per non-empty group.
std::vector<GLuint> groupByMaterial(const geometry::Mesh& mesh, std::vector<MaterialRange>& ranges) {
    const bool hasUvs = !mesh.uvs.empty();
    const std::size_t slots = mesh.materials.size() + 1;
    std::vector<std::size_t> start(slots + 1, 0);
    for (std::size_t f = 0; f < mesh.triangleCount(); ++f) ++start[static_cast<std::size_t>(materialOf(mesh, f) + 2)];
    for (std::size_t s = 1; s <= slots; ++s) start[s] += start[s - 1];
    std::vector<GLuint> indices(3 * mesh.triangleCount());  // [F * 3] grouped by material
    std::vector<std::size_t> cursor(start.begin(), start.end() - 1);
    for (std::size_t f = 0; f < mesh.triangleCount(); ++f) {
        const std::size_t at = 3 * cursor[static_cast<std::size_t>(materialOf(mesh, f) + 1)]++;
        for (int k = 0; k < 3; ++k) indices[at + static_cast<std::size_t>(k)] = static_cast<GLuint>(mesh.triangles[f][k]);
    }
    for (std::size_t s = 0; s < slots; ++s) {
        const std::size_t count = start[s + 1] - start[s];
        if (count == 0) continue;
        MaterialRange range;
        range.firstIndex = 3 * start[s];
        range.indexCount = static_cast<GLsizei>(3 * count);
        if (s > 0) {
            range.material = static_cast<int>(s - 1);
            const geometry::Material& m = mesh.materials[s - 1];
            range.baseColorFactor = m.baseColorFactor;
            const bool textured = hasUvs && m.baseColorTexture >= 0 &&
                                  m.baseColorTexture < static_cast<int>(mesh.textures.size()) &&
                                  !mesh.textures[static_cast<std::size_t>(m.baseColorTexture)].empty();
            range.texture = textured ? m.baseColorTexture : -1;
            range.alphaMask = m.alphaMask;
            range.premultiplied = textured && m.alphaMask;
            range.alphaCutoff = m.alphaCutoff;
        }
        ranges.push_back(range);
    }
    return indices;
}

void uploadMaterialTextures(const GlFunctions& gl, const geometry::Mesh& mesh, MeshBuffers& b) {
    std::vector<bool> straight(mesh.textures.size(), false), associated(mesh.textures.size(), false);
    for (const MaterialRange& r : b.ranges) {
        if (r.texture < 0) continue;
        (r.premultiplied ? associated : straight)[static_cast<std::size_t>(r.texture)] = true;
    }
    b.textures.assign(mesh.textures.size(), 0);
    b.premultipliedTextures.assign(mesh.textures.size(), 0);
    for (std::size_t t = 0; t < mesh.textures.size(); ++t) {
        if (mesh.textures[t].empty()) continue;
        if (straight[t]) b.textures[t] = uploadTexture(gl, mesh.textures[t]);
        if (associated[t]) b.premultipliedTextures[t] = uploadTexture(gl, premultiplied(mesh.textures[t]));
    }
}

MeshBuffers uploadMesh(const GlFunctions& gl, const geometry::Mesh& mesh, const VertexLight& light) {
    MeshBuffers b;
    b.hasNormals = !mesh.normals.empty();
    b.triangles = mesh.triangleCount();
    const std::vector<GLuint> indices = groupByMaterial(mesh, b.ranges);
    uploadMaterialTextures(gl, mesh, b);

    const std::vector<Vertex> vertices = interleave(mesh, light);
    gl.GenVertexArrays(1, &b.vertexArray);
    gl.BindVertexArray(b.vertexArray);
    gl.GenBuffers(1, &b.vertexBuffer);
    gl.BindBuffer(GL_ARRAY_BUFFER, b.vertexBuffer);
    gl.BufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices.size() * sizeof(Vertex)), vertices.data(),
                  GL_STATIC_DRAW);
    gl.GenBuffers(1, &b.indexBuffer);
    gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, b.indexBuffer);
    gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size() * sizeof(GLuint)), indices.data(),
                  GL_STATIC_DRAW);
    const auto offset = [](std::size_t bytes) { return reinterpret_cast<const void*>(bytes); };
    gl.EnableVertexAttribArray(0);
    gl.VertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex), offset(offsetof(Vertex, position)));
    gl.EnableVertexAttribArray(1);
    gl.VertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex), offset(offsetof(Vertex, normal)));
    gl.EnableVertexAttribArray(2);
    gl.VertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, sizeof(Vertex), offset(offsetof(Vertex, uv)));
    gl.EnableVertexAttribArray(3);
    gl.VertexAttribPointer(3, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex), offset(offsetof(Vertex, light)));
    gl.EnableVertexAttribArray(4);
    gl.VertexAttribPointer(4, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex), offset(offsetof(Vertex, lightBack)));
    gl.BindVertexArray(0);
    gl.BindBuffer(GL_ARRAY_BUFFER, 0);
    return b;
}

void releaseMesh(const GlFunctions& gl, MeshBuffers& b) {
    if (b.vertexArray) gl.DeleteVertexArrays(1, &b.vertexArray);
    if (b.vertexBuffer) gl.DeleteBuffers(1, &b.vertexBuffer);
    if (b.indexBuffer) gl.DeleteBuffers(1, &b.indexBuffer);
    for (const std::vector<GLuint>* set : {&b.textures, &b.premultipliedTextures}) {
        for (GLuint t : *set) {
            if (t) gl.DeleteTextures(1, &t);
        }
    }
    b = MeshBuffers{};
}

}  // namespace sw::render::detail
