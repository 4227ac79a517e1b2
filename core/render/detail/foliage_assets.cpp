#include "core/render/detail/foliage_assets.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>

#include "core/foliage/cull.h"

namespace sw::render::detail {

namespace {

// foliage.vert attributes 0..5: rest + main weight, root + detail weight, material, plant + sky,
// normal, uv.
struct FoliageVertex {
    float rest[4];
    float root[4];
    float material[4];
    float plant[4];
    float normal[3];
    float uv[2];
};
static_assert(sizeof(FoliageVertex) == 84);

// The plant record of point v: its root, wind and (radius, height, touch); a point of no plant
// gets main weight −1 (left at rest by the shaders).
void plantRecord(const foliage::PlantSet& plants, std::size_t v, const Eigen::Vector3f& p, float rest[4],
                 float root[4], float material[4], float plant[3]) {
    const int pi = plants.vertexPlant[v];
    const foliage::Plant* pl = pi >= 0 ? &plants.plants[static_cast<std::size_t>(pi)] : nullptr;
    const Eigen::Vector3f r = pl ? pl->root : p;
    const foliage::MaterialWind w = pl ? pl->wind : foliage::MaterialWind{};
    const float rec[4] = {p.x(), p.y(), p.z(), pl ? plants.mainWeight[v] : -1.f};
    std::copy(rec, rec + 4, rest);
    const float ro[4] = {r.x(), r.y(), r.z(), pl ? plants.detailWeight[v] : 0.f};
    std::copy(ro, ro + 4, root);
    const float m[4] = {w.drag, w.stiffness, w.lean, w.shiver};
    std::copy(m, m + 4, material);
    plant[0] = pl ? pl->radius : 0.f;
    plant[1] = pl ? pl->height : 0.f;
    plant[2] = pl ? pl->touch : 0.f;
}

void bounds(const std::vector<Eigen::Vector3f>& points, FoliageAsset& asset) {
    if (points.empty()) return;
    Eigen::Vector3f lo = points[0], hi = points[0];
    for (const Eigen::Vector3f& p : points) {
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
    }
    asset.boundCentre = 0.5f * (lo + hi);
    asset.boundRadius = 0.5f * (hi - lo).norm();
}

}  // namespace

Status checkPlants(const foliage::PlantSet& plants, std::size_t points, const char* what) {
    if (plants.vertexPlant.size() != points || plants.mainWeight.size() != points ||
        plants.detailWeight.size() != points)
        return makeError(ErrorCode::InvalidInput, "the plant set covers " + std::to_string(plants.vertexPlant.size()) +
                                                      " of " + std::to_string(points) + " " + what);
    for (int pi : plants.vertexPlant)
        if (pi >= static_cast<int>(plants.plants.size()))
            return makeError(ErrorCode::InvalidInput, "a point of the plant set names plant " + std::to_string(pi) +
                                                          " of " + std::to_string(plants.plants.size()));
    return {};
}

FoliageAsset uploadFoliageMesh(const GlFunctions& gl, const geometry::Mesh& mesh, const foliage::PlantSet& plants,
                               std::span<const float> sky) {
    FoliageAsset a;
    a.points = mesh.vertexCount();
    a.mesh.hasNormals = mesh.normals.size() == mesh.positions.size();
    a.mesh.triangles = mesh.triangleCount();
    bounds(mesh.positions, a);
    const std::vector<GLuint> indices = groupByMaterial(mesh, a.mesh.ranges);
    uploadMaterialTextures(gl, mesh, a.mesh);
    std::vector<FoliageVertex> vertices(a.points);
    const bool uvs = mesh.uvs.size() == mesh.positions.size();
    for (std::size_t v = 0; v < a.points; ++v) {
        FoliageVertex& out = vertices[v];
        plantRecord(plants, v, mesh.positions[v], out.rest, out.root, out.material, out.plant);
        out.plant[3] = sky.size() == a.points ? sky[v] : 1.f;
        const Eigen::Vector3f n = a.mesh.hasNormals ? mesh.normals[v] : Eigen::Vector3f::Zero();
        std::copy(n.data(), n.data() + 3, out.normal);
        const Eigen::Vector2f uv = uvs ? mesh.uvs[v] : Eigen::Vector2f::Zero();
        std::copy(uv.data(), uv.data() + 2, out.uv);
    }
    gl.GenVertexArrays(1, &a.mesh.vertexArray);
    gl.BindVertexArray(a.mesh.vertexArray);
    gl.GenBuffers(1, &a.mesh.vertexBuffer);
    gl.BindBuffer(GL_ARRAY_BUFFER, a.mesh.vertexBuffer);
    gl.BufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices.size() * sizeof(FoliageVertex)), vertices.data(),
                  GL_STATIC_DRAW);
    gl.GenBuffers(1, &a.mesh.indexBuffer);
    gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, a.mesh.indexBuffer);
    gl.BufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size() * sizeof(GLuint)), indices.data(),
                  GL_STATIC_DRAW);
    const auto attribute = [&](GLuint loc, GLint size, std::size_t offset) {
        gl.EnableVertexAttribArray(loc);
        gl.VertexAttribPointer(loc, size, GL_FLOAT, GL_FALSE, sizeof(FoliageVertex), reinterpret_cast<const void*>(offset));
    };
    attribute(0, 4, offsetof(FoliageVertex, rest));
    attribute(1, 4, offsetof(FoliageVertex, root));
    attribute(2, 4, offsetof(FoliageVertex, material));
    attribute(3, 4, offsetof(FoliageVertex, plant));
    attribute(4, 3, offsetof(FoliageVertex, normal));
    attribute(5, 2, offsetof(FoliageVertex, uv));
    gl.BindVertexArray(0);
    gl.BindBuffer(GL_ARRAY_BUFFER, 0);
    a.cullRadius = foliage::copyCullRadius(a.boundCentre, a.boundRadius);
    return a;
}

FoliageAsset uploadFoliageSplats(const GlFunctions& gl, const splat::SplatCloud& cloud,
                                 const foliage::PlantSet& plants) {
    FoliageAsset a;
    a.splats = true;
    a.points = cloud.size();
    bounds(cloud.positions, a);
    std::vector<float> records(a.points * FOLIAGE_SPLAT_VEC4 * 4, 0.f);
    float maxScale = 0.f;
    for (std::size_t i = 0; i < a.points; ++i) {
        float* r = records.data() + i * FOLIAGE_SPLAT_VEC4 * 4;
        plantRecord(plants, i, cloud.positions[i], r, r + 4, r + 8, r + 12);
        r[15] = cloud.opacities[i];
        std::copy(cloud.rotations[i].data(), cloud.rotations[i].data() + 4, r + 16);
        std::copy(cloud.scales[i].data(), cloud.scales[i].data() + 3, r + 20);
        std::copy(cloud.colors[i].data(), cloud.colors[i].data() + 3, r + 24);
        maxScale = std::max(maxScale, cloud.scales[i].maxCoeff());
    }
    a.boundRadius += 2.f * maxScale;
    gl.GenBuffers(1, &a.splatBuffer);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, a.splatBuffer);
    gl.BufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(records.size() * sizeof(float)), records.data(),
                  GL_STATIC_DRAW);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    gl.GenVertexArrays(1, &a.splatArray);
    a.cullRadius = foliage::copyCullRadius(a.boundCentre, a.boundRadius);
    return a;
}

void releaseFoliageAsset(const GlFunctions& gl, FoliageAsset& asset) {
    if (!asset.splats) releaseMesh(gl, asset.mesh);
    for (GLuint* b : {&asset.splatBuffer, &asset.copyBuffer, &asset.visibleBuffer, &asset.commandBuffer})
        if (*b) gl.DeleteBuffers(1, b);
    if (asset.splatArray) gl.DeleteVertexArrays(1, &asset.splatArray);
    asset = FoliageAsset{};
}

// Uniforms both vertex shaders share (wind, benders, camera, fade, look) for one asset.
void setFoliageFrameUniforms(const GlFunctions& gl, GLuint program, const FoliageFrame& frame,
                      const foliage::FadeRange& fade) {
    const auto at = [&](const char* name) { return gl.GetUniformLocation(program, name); };
    const foliage::WindField& wind = *frame.wind;
    const foliage::WindSettings& s = wind.settings();
    const Eigen::Vector2f dir = wind.direction();
    gl.Uniform1f(at("u_t"), frame.frame.t);
    gl.Uniform1i(at("u_still"), wind.still() ? 1 : 0);
    gl.Uniform2f(at("u_dir"), dir.x(), dir.y());
    const float w[4] = {s.speed, s.turbulence, s.gust, s.gustSpeed};
    gl.Uniform4fv(at("u_wind"), 1, w);
    gl.Uniform1ui(at("u_seed"), wind.seed());
    gl.Uniform1f(at("u_shiver"), frame.frame.look.shiver);
    gl.Uniform1f(at("u_variation"), frame.frame.look.variation);
    gl.Uniform3f(at("u_camera"), frame.camera.x(), frame.camera.y(), frame.camera.z());
    gl.Uniform2f(at("u_fade"), fade.start, fade.end);
    const std::size_t n = frame.frame.acting.size();
    gl.Uniform1f(at("u_touch"), frame.frame.look.touch);
    gl.Uniform1i(at("u_benderCount"), static_cast<GLint>(n));
    if (n == 0) return;
    std::vector<float> benders(n * 4), velocities(n * 4, 0.f);
    for (std::size_t b = 0; b < n; ++b) {
        const foliage::Bender& d = frame.frame.acting[b];
        std::copy(d.position.data(), d.position.data() + 3, &benders[b * 4]);
        benders[b * 4 + 3] = d.radius;
        std::copy(d.velocity.data(), d.velocity.data() + 2, &velocities[b * 4]);
    }
    gl.Uniform4fv(at("u_benders"), static_cast<GLsizei>(n), benders.data());
    gl.Uniform4fv(at("u_benderVelocity"), static_cast<GLsizei>(n), velocities.data());
}


void resetShadedCounters(const GlFunctions& gl, GLuint& buffer) {
    if (!buffer) gl.GenBuffers(1, &buffer);
    const std::vector<GLuint> zero(FOLIAGE_SHADED_STRIDE + 1, 0u);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    gl.BufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(zero.size() * sizeof(GLuint)), zero.data(),
                  GL_DYNAMIC_COPY);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

void bindShadedCounter(const GlFunctions& gl, GLuint buffer, int k) {
    gl.BindBufferRange(GL_SHADER_STORAGE_BUFFER, FOLIAGE_SHADED_BINDING, buffer,
                       static_cast<GLintptr>(static_cast<std::size_t>(k) * FOLIAGE_SHADED_STRIDE * sizeof(GLuint)),
                       sizeof(GLuint));
}

}  // namespace sw::render::detail
