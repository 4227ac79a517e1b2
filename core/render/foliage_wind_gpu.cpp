#include "core/render/foliage_wind_gpu.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

#include "core/foundation/check.h"
#include "core/foundation/log.h"
#include "core/render/detail/gl_program.h"
#include "shaders/shader_sources.h"

namespace sw::render {

using detail::GlFunctions;

namespace {

constexpr std::size_t IN_VEC4 = 5;   // rest + main weight, root + detail weight, material, rotation, plant
constexpr std::size_t OUT_VEC4 = 2;  // bent position, rotation
constexpr GLuint LOCAL_SIZE = 64;    // foliage_wind.comp local_size_x
constexpr std::size_t MAX_BENDERS = 64;  // foliage_wind.glsl FW_MAX_BENDERS

// [V × IN_VEC4 × 4] floats: the records of foliage_wind.comp.
std::vector<float> packRecords(const std::vector<Eigen::Vector3f>& rest, const std::vector<Eigen::Vector4f>* rotations,
                               const foliage::PlantSet& plants) {
    std::vector<float> out(rest.size() * IN_VEC4 * 4, 0.f);
    for (std::size_t v = 0; v < rest.size(); ++v) {
        float* r = out.data() + v * IN_VEC4 * 4;
        const int pi = plants.vertexPlant[v];
        const foliage::Plant* plant = pi >= 0 ? &plants.plants[static_cast<std::size_t>(pi)] : nullptr;
        const Eigen::Vector3f root = plant ? plant->root : rest[v];
        const foliage::MaterialWind wind = plant ? plant->wind : foliage::MaterialWind{};
        const Eigen::Vector4f q = rotations ? (*rotations)[v] : Eigen::Vector4f(1.f, 0.f, 0.f, 0.f);
        const float rec[IN_VEC4 * 4] = {rest[v].x(), rest[v].y(), rest[v].z(), plant ? plants.mainWeight[v] : -1.f,
                                        root.x(),    root.y(),    root.z(),    plant ? plants.detailWeight[v] : 0.f,
                                        wind.drag,   wind.stiffness, wind.lean, wind.shiver,
                                        q[0],        q[1],        q[2],        q[3],
                                        plant ? plant->radius : 0.f, plant ? plant->height : 0.f,
                                        plant ? plant->touch : 0.f, 0.f};
        std::copy(rec, rec + IN_VEC4 * 4, r);
    }
    return out;
}

}  // namespace

struct FoliageWindGpu::Impl {
    GlFunctions gl;
    GLuint program = 0;
    GLuint restBuffer = 0, bentBuffer = 0;
    std::size_t count = 0;
    bool splats = false;
    bool released = false;

    GLint at(const char* name) const { return gl.GetUniformLocation(program, name); }

    Status upload(const std::vector<float>& records, std::size_t n, bool isSplats) {
        if (!restBuffer) gl.GenBuffers(1, &restBuffer);
        if (!bentBuffer) gl.GenBuffers(1, &bentBuffer);
        gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, restBuffer);
        gl.BufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(records.size() * sizeof(float)), records.data(),
                      GL_STATIC_DRAW);
        gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, bentBuffer);
        gl.BufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(n * OUT_VEC4 * 4 * sizeof(float)), nullptr,
                      GL_DYNAMIC_READ);
        gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
        count = n;
        splats = isSplats;
        return detail::gpuStatus(gl, "uploading the foliage rest pose");
    }

    void setUniforms(const foliage::WindField& wind, const foliage::FoliageInstance& instance,
                     const foliage::FrameInput& frame) const {
        const foliage::WindSettings& s = wind.settings();
        const Eigen::Vector2f dir = wind.direction();
        gl.Uniform1ui(at("u_count"), static_cast<GLuint>(count));
        gl.Uniform1i(at("u_splats"), splats ? 1 : 0);
        gl.Uniform1f(at("u_t"), frame.t);
        gl.Uniform1i(at("u_still"), wind.still() ? 1 : 0);
        gl.Uniform2f(at("u_dir"), dir.x(), dir.y());
        const float w[4] = {s.speed, s.turbulence, s.gust, s.gustSpeed};
        gl.Uniform4fv(at("u_wind"), 1, w);
        gl.Uniform1ui(at("u_seed"), wind.seed());
        gl.Uniform3f(at("u_origin"), instance.origin.x(), instance.origin.y(), instance.origin.z());
        // The same cos/sin as FoliageInstance::toScene, so both frames are the same floats.
        gl.Uniform3f(at("u_frame"), std::cos(instance.yaw), std::sin(instance.yaw), instance.metresPerUnit);
        gl.Uniform1f(at("u_shiver"), frame.look.shiver);
        setBenders(frame);
    }

    // [acting] benders as u_benders (xyz position, w radius) and u_benderVelocity (xy).
    void setBenders(const foliage::FrameInput& frame) const {
        const std::size_t n = frame.acting.size();
        gl.Uniform1f(at("u_touch"), frame.look.touch);
        gl.Uniform1i(at("u_benderCount"), static_cast<GLint>(n));
        if (n == 0) return;
        std::vector<float> benders(n * 4), velocities(n * 4, 0.f);
        for (std::size_t b = 0; b < n; ++b) {
            const foliage::Bender& d = frame.acting[b];
            std::copy(d.position.data(), d.position.data() + 3, &benders[b * 4]);
            benders[b * 4 + 3] = d.radius;
            std::copy(d.velocity.data(), d.velocity.data() + 2, &velocities[b * 4]);
        }
        gl.Uniform4fv(at("u_benders"), static_cast<GLsizei>(n), benders.data());
        gl.Uniform4fv(at("u_benderVelocity"), static_cast<GLsizei>(n), velocities.data());
    }
};

Result<std::unique_ptr<FoliageWindGpu>> FoliageWindGpu::create(const GlProcLoader& loader) {
    auto gl = detail::loadGlFunctions(loader);
    if (!gl) return gl.error();
    detail::drainGlErrors(*gl, "host");
    const std::string cs = std::string("#version 450 core\n") + shaders::kFoliageWindGlsl +
                           shaders::kFoliageInstanceGlsl + shaders::kFoliageWindComp;
    auto program = detail::buildComputeProgram(*gl, "foliage_wind", cs.c_str());
    if (!program) return program.error();
    auto impl = std::make_unique<Impl>();
    impl->gl = *gl;
    impl->program = *program;
    return std::unique_ptr<FoliageWindGpu>(new FoliageWindGpu(std::move(impl)));
}

FoliageWindGpu::FoliageWindGpu(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}

FoliageWindGpu::~FoliageWindGpu() {
    if (!m_impl->released) SW_LOG_WARN("FoliageWindGpu destroyed without release(): its GL objects leak with the context");
}

std::size_t FoliageWindGpu::count() const { return m_impl->count; }

Status FoliageWindGpu::setVertices(const std::vector<Eigen::Vector3f>& rest, const foliage::PlantSet& plants) {
    SW_REQUIRE(plants.vertexPlant.size() == rest.size() && plants.mainWeight.size() == rest.size() &&
                   plants.detailWeight.size() == rest.size(),
               "plant set covers " << plants.vertexPlant.size() << " of " << rest.size() << " points");
    return m_impl->upload(packRecords(rest, nullptr, plants), rest.size(), false);
}

Status FoliageWindGpu::setSplats(const splat::SplatCloud& rest, const foliage::PlantSet& plants) {
    SW_REQUIRE(plants.vertexPlant.size() == rest.size() && plants.mainWeight.size() == rest.size() &&
                   plants.detailWeight.size() == rest.size(),
               "plant set covers " << plants.vertexPlant.size() << " of " << rest.size() << " splats");
    return m_impl->upload(packRecords(rest.positions, &rest.rotations, plants), rest.size(), true);
}

Status FoliageWindGpu::dispatch(const foliage::WindField& wind, const foliage::FoliageInstance& instance,
                                const foliage::FrameInput& frame, double* milliseconds) {
    SW_REQUIRE(frame.acting.size() <= MAX_BENDERS, frame.acting.size() << " acting benders, at most " << MAX_BENDERS);
    SW_REQUIRE(instance.metresPerUnit > 0.f, "metresPerUnit=" << instance.metresPerUnit);
    const GlFunctions& gl = m_impl->gl;
    const std::size_t n = m_impl->count;
    if (n == 0) return {};
    // Timed: wall time from an idle GPU to the pass finished (glFinish on both sides). llvmpipe
    // runs compute inside the dispatch call, where a GL_TIME_ELAPSED query sees nothing.
    if (milliseconds) gl.Finish();
    const auto start = std::chrono::steady_clock::now();
    gl.UseProgram(m_impl->program);
    m_impl->setUniforms(wind, instance, frame);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, m_impl->restBuffer);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, m_impl->bentBuffer);
    gl.DispatchCompute(static_cast<GLuint>((n + LOCAL_SIZE - 1) / LOCAL_SIZE), 1, 1);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, 0);
    gl.UseProgram(0);
    if (milliseconds) {
        gl.Finish();
        *milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    }
    return detail::gpuStatus(gl, "the foliage wind pass");
}

Status FoliageWindGpu::read(std::vector<Eigen::Vector3f>& positions, std::vector<Eigen::Vector4f>& rotations) const {
    const GlFunctions& gl = m_impl->gl;
    const std::size_t n = m_impl->count;
    positions.resize(n);
    rotations.resize(n);
    if (n == 0) return {};
    gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<float> raw(n * OUT_VEC4 * 4);
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, m_impl->bentBuffer);
    gl.GetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(raw.size() * sizeof(float)), raw.data());
    gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const float* r = raw.data() + i * OUT_VEC4 * 4;
        positions[i] = Eigen::Vector3f(r[0], r[1], r[2]);
        rotations[i] = Eigen::Vector4f(r[4], r[5], r[6], r[7]);
    }
    return detail::gpuStatus(gl, "reading the foliage wind pass back");
}

Status FoliageWindGpu::animate(const foliage::WindField& wind, const foliage::FoliageInstance& instance,
                               const foliage::FrameInput& frame, std::vector<Eigen::Vector3f>& positions,
                               std::vector<Eigen::Vector4f>& rotations) {
    SW_TRY(dispatch(wind, instance, frame));
    return read(positions, rotations);
}

void FoliageWindGpu::release() {
    if (m_impl->released) return;
    const GlFunctions& gl = m_impl->gl;
    for (GLuint* b : {&m_impl->restBuffer, &m_impl->bentBuffer})
        if (*b) gl.DeleteBuffers(1, b);
    if (m_impl->program) gl.DeleteProgram(m_impl->program);
    m_impl->released = true;
}

}  // namespace sw::render
