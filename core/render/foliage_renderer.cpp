#include "core/render/foliage_renderer.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/foundation/check.h"
#include "core/foundation/log.h"
#include "core/render/detail/foliage_assets.h"
#include "core/render/detail/foliage_cull.h"
#include "core/render/detail/gl_program.h"
#include "core/render/detail/offscreen_target.h"
#include "shaders/shader_sources.h"

namespace sw::render {

using detail::GlFunctions;

namespace {

constexpr GLenum kFragmentShaderInvocations = 0x82F4;  // GL_FRAGMENT_SHADER_INVOCATIONS_ARB
constexpr std::size_t MAX_BENDERS = 64;                // foliage_wind.glsl FW_MAX_BENDERS


std::string vertexSource(const char* body) {
    return std::string("#version 450 core\n") + shaders::kFoliageWindGlsl + shaders::kFoliageInstanceGlsl +
           shaders::kFoliageCopiesGlsl + body;
}

// foliage.frag for one pass (0 one pass, 1 depth pre-pass, 2 colour after it), counting or not.
std::string fragmentSource(int pass, bool count) {
    return "#version 450 core\n#define FOLIAGE_PASS " + std::to_string(pass) + "\n#define FOLIAGE_COUNT " +
           (count ? "1" : "0") + "\n" + shaders::kFoliageFrag;
}

}  // namespace

struct FoliageRenderer::Impl {
    GlFunctions gl;
    GLuint meshProgram = 0, splatProgram = 0, cullProgram = 0;
    GLuint fragmentQuery = 0, prepassQuery = 0, timeQuery = 0, feedbackBuffer = 0, shadedBuffer = 0;
    // The mesh programs by [pass][counting] (foliage.frag), built when first drawn with;
    // [0][0] is meshProgram.
    GLuint passPrograms[3][2] = {};
    std::vector<detail::FoliageAsset> assets;
    detail::OffscreenTarget target;
    FoliageDrawStats stats;
    bool released = false;
    // How this frame's draws take their instances: the indirect commands the cull pass filled, or
    // asset.cpuBand[b] copies of band b's list the CPU-cull path uploaded.
    bool indirect = true;

    // Culls the asset's copies for this frame; false when nothing is left to draw.
    bool cull(detail::FoliageAsset& a, const Eigen::Matrix4f& viewProj, const foliage::FrustumPlanes& planes,
              const FoliageFrame& frame, const FoliageRenderSettings& settings);
    // Material k's draws by `program` (in use), one per band, nearest first; returns how many.
    int drawRange(const detail::FoliageAsset& a, std::size_t k, const detail::MaterialRange& r, GLuint program);
    Result<GLuint> program(int pass, bool count);
    void drawMesh(const detail::FoliageAsset& a, GLuint program, const FoliageRenderSettings& settings,
                  const FoliageFrame& frame, int& draws);
    // Binds the asset's copies and program with the frame's uniforms.
    void useAsset(const detail::FoliageAsset& a, GLuint program, const Eigen::Matrix4f& view,
                  const Eigen::Matrix4f& projection, const FoliageFrame& frame) {
        detail::bindCopies(gl, a);
        for (GLuint p : {counting, program})
            if (p) {
                setMatrices(p, view, projection);
                detail::setFoliageFrameUniforms(gl, p, frame, a.fade);
            }
    }
    // While set (countShaded, in the pre-pass): each band is first drawn by this program, with
    // early depth tests and no depth write, counting the fragments an early depth test lets
    // through, then by the pre-pass's own.
    GLuint counting = 0;
    void beginFragments(GLuint query, const FoliageRenderSettings& s) const {
        if (s.countFragments) gl.BeginQuery(kFragmentShaderInvocations, query);
    }
    std::uint64_t endFragments(GLuint query, const FoliageRenderSettings& s) const {
        if (!s.countFragments) return 0;
        gl.EndQuery(kFragmentShaderInvocations);
        GLuint64 n = 0;
        gl.GetQueryObjectui64v(query, GL_QUERY_RESULT, &n);
        return n;
    }
    void drawSplats(const detail::FoliageAsset& a);
    void drawOutlines(const detail::FoliageAsset& a);
    void setMatrices(GLuint program, const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection) const {
        gl.UseProgram(program);
        gl.UniformMatrix4fv(gl.GetUniformLocation(program, "u_view"), 1, GL_FALSE, view.data());
        gl.UniformMatrix4fv(gl.GetUniformLocation(program, "u_projection"), 1, GL_FALSE, projection.data());
    }
    Status checkFrame(const FoliageFrame& frame) const {
        if (released) return makeError(ErrorCode::Gpu, "foliage renderer used after release()");
        SW_REQUIRE(frame.wind != nullptr, "FoliageFrame::wind is null");
        SW_REQUIRE(frame.frame.acting.size() <= MAX_BENDERS,
                   frame.frame.acting.size() << " acting benders, at most " << MAX_BENDERS);
        return {};
    }
};

bool FoliageRenderer::Impl::cull(detail::FoliageAsset& a, const Eigen::Matrix4f& viewProj,
                                 const foliage::FrustumPlanes& planes, const FoliageFrame& frame,
                                 const FoliageRenderSettings& settings) {
    indirect = !settings.cpuCulling;
    const auto bands = static_cast<std::size_t>(
        std::clamp(settings.distanceBands, 1, static_cast<int>(detail::FOLIAGE_MAX_BANDS)));
    const float width = foliage::bandWidth(a.fade, settings.bandRange, bands);
    std::size_t kept = 0;
    if (settings.cpuCulling) {
        kept = detail::cullOnCpu(gl, a, viewProj, frame.camera, bands, width);
    } else {
        detail::cullOnGpu(gl, cullProgram, a, planes, frame.camera, bands, width);
        if (!settings.countCopies) return true;
        kept = detail::readVisibleCount(gl, a);
    }
    stats.copiesDrawn += kept;
    stats.copiesCulled += a.copies.size() - kept;
    return kept > 0 || indirect;
}

int FoliageRenderer::Impl::drawRange(const detail::FoliageAsset& a, std::size_t k, const detail::MaterialRange& r,
                                    GLuint program) {
    int draws = 0;
    for (std::size_t b = 0; b < a.bands; ++b) {  // nearest band first
        if (!indirect && a.cpuBand[b] == 0) continue;
        detail::bindBand(gl, a, b);
        for (GLuint p : {counting, program}) {
            if (!p) continue;
            gl.UseProgram(p);
            gl.DepthMask(p == counting ? GL_FALSE : GL_TRUE);
            if (indirect)
                gl.DrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_INT,
                                        reinterpret_cast<const void*>(detail::commandOffset(a, b, k)));
            else
                gl.DrawElementsInstanced(GL_TRIANGLES, r.indexCount, GL_UNSIGNED_INT,
                                         reinterpret_cast<const void*>(r.firstIndex * sizeof(GLuint)),
                                         static_cast<GLsizei>(a.cpuBand[b]));
        }
        ++draws;
    }
    return draws;
}

Result<GLuint> FoliageRenderer::Impl::program(int pass, bool count) {
    GLuint& p = passPrograms[pass][count ? 1 : 0];
    if (p) return p;
    const std::string vs = vertexSource(shaders::kFoliageVert);
    const std::string fs = fragmentSource(pass, count);
    auto built = detail::buildProgram(gl, "foliage", vs.c_str(), fs.c_str());
    if (!built) return built.error();
    return p = *built;
}

void FoliageRenderer::Impl::drawMesh(const detail::FoliageAsset& a, GLuint program,
                                     const FoliageRenderSettings& settings, const FoliageFrame& frame, int& draws) {
    const foliage::LookSettings& look = frame.frame.look;
    const Eigen::Vector3f sun = settings.sunDirection.normalized();
    const float light[4] = {look.sunWrap, look.translucency, look.leafShadow, look.skyAo};
    const float card[4] = {look.canopy, look.normalMap, look.edgeFade, look.coverage};
    for (GLuint p : {counting, program}) {
        if (!p) continue;
        const auto at = [&](const char* name) { return gl.GetUniformLocation(p, name); };
        gl.UseProgram(p);
        gl.Uniform3f(at("u_sunDir"), sun.x(), sun.y(), sun.z());
        gl.Uniform3fv(at("u_sunColor"), 1, settings.sunColor.data());
        gl.Uniform3fv(at("u_skyColor"), 1, settings.skyColor.data());
        gl.Uniform4fv(at("u_lookLight"), 1, light);
        gl.Uniform4fv(at("u_lookCard"), 1, card);
        gl.Uniform1i(at("u_flatNormals"), a.mesh.hasNormals ? 0 : 1);
        gl.Uniform1i(at("u_baseColorTexture"), 0);
    }
    gl.ActiveTexture(GL_TEXTURE0);
    gl.BindVertexArray(a.mesh.vertexArray);
    for (std::size_t k = 0; k < a.mesh.ranges.size(); ++k) {
        const detail::MaterialRange& r = a.mesh.ranges[k];
        const std::vector<GLuint>& set = r.premultiplied ? a.mesh.premultipliedTextures : a.mesh.textures;
        const GLuint texture = r.texture >= 0 ? set[static_cast<std::size_t>(r.texture)] : 0;
        gl.BindTexture(GL_TEXTURE_2D, texture);
        for (GLuint p : {counting, program}) {
            if (!p) continue;
            const auto at = [&](const char* name) { return gl.GetUniformLocation(p, name); };
            gl.UseProgram(p);
            gl.Uniform4fv(at("u_baseColorFactor"), 1, r.baseColorFactor.data());
            gl.Uniform1i(at("u_hasTexture"), texture != 0 ? 1 : 0);
            gl.Uniform1i(at("u_premultiplied"), r.premultiplied ? 1 : 0);
            gl.Uniform1i(at("u_masked"), r.alphaMask ? 1 : 0);
            gl.Uniform1f(at("u_alphaCutoff"), r.alphaCutoff);
        }
        draws += drawRange(a, k, r, program);
    }
    gl.BindTexture(GL_TEXTURE_2D, 0);
}

// The masked ranges again as lines, over the frame (depth test off), in u_outline's flat colour.
void FoliageRenderer::Impl::drawOutlines(const detail::FoliageAsset& a) {
    GLint current = 0;
    gl.GetIntegerv(GL_CURRENT_PROGRAM, &current);
    const GLint outline = gl.GetUniformLocation(static_cast<GLuint>(current), "u_outline");
    gl.Uniform1i(outline, 1);
    gl.Disable(GL_DEPTH_TEST);
    gl.PolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    gl.BindVertexArray(a.mesh.vertexArray);
    for (std::size_t k = 0; k < a.mesh.ranges.size(); ++k)
        if (a.mesh.ranges[k].alphaMask) stats.drawCalls += drawRange(a, k, a.mesh.ranges[k], static_cast<GLuint>(current));
    gl.PolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    gl.Enable(GL_DEPTH_TEST);
    gl.Uniform1i(outline, 0);
}

void FoliageRenderer::Impl::drawSplats(const detail::FoliageAsset& a) {
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, a.splatBuffer);
    gl.BindVertexArray(a.splatArray);
    for (std::size_t b = 0; b < a.bands; ++b) {  // nearest band first
        if (!indirect && a.cpuBand[b] == 0) continue;
        detail::bindBand(gl, a, b);
        if (indirect) gl.DrawArraysIndirect(GL_TRIANGLES, reinterpret_cast<const void*>(detail::commandOffset(a, b, 0)));
        else gl.DrawArraysInstanced(GL_TRIANGLES, 0, static_cast<GLsizei>(6 * a.points), static_cast<GLsizei>(a.cpuBand[b]));
        ++stats.drawCalls;
    }
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
}

Result<std::unique_ptr<FoliageRenderer>> FoliageRenderer::create(const GlProcLoader& loader) {
    auto gl = detail::loadGlFunctions(loader);
    if (!gl) return gl.error();
    detail::drainGlErrors(*gl, "host");
    const std::string meshVs = vertexSource(shaders::kFoliageVert);
    const std::string meshFs = fragmentSource(0, false);
    auto mesh = detail::buildProgram(*gl, "foliage", meshVs.c_str(), meshFs.c_str(), {"v_scenePos"});
    if (!mesh) return mesh.error();
    const std::string splatVs = vertexSource(shaders::kFoliageSplatVert);
    auto splats = detail::buildProgram(*gl, "foliage_splat", splatVs.c_str(), shaders::kFoliageSplatFrag, {"v_scenePos"});
    if (!splats) {
        gl->DeleteProgram(*mesh);
        return splats.error();
    }
    auto cull = detail::buildComputeProgram(*gl, "foliage_cull", shaders::kFoliageCullComp);
    if (!cull) {
        gl->DeleteProgram(*mesh);
        gl->DeleteProgram(*splats);
        return cull.error();
    }
    auto impl = std::make_unique<Impl>();
    impl->gl = *gl;
    impl->meshProgram = impl->passPrograms[0][0] = *mesh;
    impl->splatProgram = *splats;
    impl->cullProgram = *cull;
    impl->gl.GenQueries(1, &impl->fragmentQuery);
    impl->gl.GenQueries(1, &impl->prepassQuery);
    impl->gl.GenQueries(1, &impl->timeQuery);
    SW_TRY(detail::gpuStatus(impl->gl, "building the foliage programs"));
    return std::unique_ptr<FoliageRenderer>(new FoliageRenderer(std::move(impl)));
}

FoliageRenderer::FoliageRenderer(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}

FoliageRenderer::~FoliageRenderer() {
    if (!m_impl->released) SW_LOG_WARN("FoliageRenderer destroyed without release(): its GL objects leak with the context");
}

Result<int> FoliageRenderer::addMeshAsset(const geometry::Mesh& mesh, const foliage::PlantSet& plants,
                                          const foliage::FadeRange& fade, std::span<const float> skyVisibility) {
    if (m_impl->released) return makeError(ErrorCode::Gpu, "foliage renderer used after release()");
    SW_TRY(detail::validateMesh(mesh));
    SW_TRY(detail::checkPlants(plants, mesh.vertexCount(), "vertices"));
    SW_TRY(foliage::checkFade(fade, "fade"));
    if (!skyVisibility.empty() && skyVisibility.size() != mesh.vertexCount())
        return makeError(ErrorCode::InvalidInput, "sky visibility has " + std::to_string(skyVisibility.size()) +
                                                      " values for " + std::to_string(mesh.vertexCount()) + " vertices");
    m_impl->assets.push_back(detail::uploadFoliageMesh(m_impl->gl, mesh, plants, skyVisibility));
    m_impl->assets.back().fade = fade;
    SW_TRY(detail::gpuStatus(m_impl->gl, "uploading a foliage mesh"));
    return static_cast<int>(m_impl->assets.size()) - 1;
}

Result<int> FoliageRenderer::addSplatAsset(const splat::SplatCloud& cloud, const foliage::PlantSet& plants,
                                           const foliage::FadeRange& fade) {
    if (m_impl->released) return makeError(ErrorCode::Gpu, "foliage renderer used after release()");
    SW_TRY(detail::checkPlants(plants, cloud.size(), "splats"));
    SW_TRY(foliage::checkFade(fade, "fade"));
    m_impl->assets.push_back(detail::uploadFoliageSplats(m_impl->gl, cloud, plants));
    m_impl->assets.back().fade = fade;
    SW_TRY(detail::gpuStatus(m_impl->gl, "uploading a foliage splat cloud"));
    return static_cast<int>(m_impl->assets.size()) - 1;
}

Status FoliageRenderer::setCopies(int asset, const std::vector<foliage::FoliageInstance>& copies) {
    SW_REQUIRE(asset >= 0 && static_cast<std::size_t>(asset) < m_impl->assets.size(), "asset=" << asset);
    for (const foliage::FoliageInstance& c : copies)
        if (!(c.metresPerUnit > 0.f) || !c.origin.allFinite() || !std::isfinite(c.yaw))
            return makeError(ErrorCode::InvalidInput, "a copy has a non-finite origin or yaw, or a scale <= 0");
    detail::FoliageAsset& a = m_impl->assets[static_cast<std::size_t>(asset)];
    a.copies = copies;
    detail::uploadCopies(m_impl->gl, a);
    return detail::gpuStatus(m_impl->gl, "uploading the foliage copies");
}

std::size_t FoliageRenderer::assetCount() const { return m_impl->assets.size(); }

Status FoliageRenderer::draw(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection, const FoliageFrame& frame,
                             const FoliageRenderSettings& settings, unsigned framebuffer) {
    SW_REQUIRE(settings.width > 0 && settings.height > 0, "width=" << settings.width << " height=" << settings.height);
    SW_TRY(m_impl->checkFrame(frame));
    Impl& m = *m_impl;
    const GlFunctions& gl = m.gl;
    m.stats = FoliageDrawStats{};
    gl.BindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    gl.Viewport(0, 0, settings.width, settings.height);
    gl.Enable(GL_DEPTH_TEST);
    gl.DepthFunc(GL_LESS);
    gl.Disable(GL_BLEND);
    gl.Disable(GL_CULL_FACE);  // cards are seen from both sides
    gl.Disable(GL_SCISSOR_TEST);
    const float bg = settings.background == Background::Grey ? 0.5f : 0.f;
    detail::clearFrame(gl, bg, bg, bg, settings.background == Background::Transparent ? 0.f : 1.f);
    if (settings.timeGpu) gl.BeginQuery(GL_TIME_ELAPSED, m.timeQuery);
    const Eigen::Matrix4f viewProj = projection * view;
    const foliage::FrustumPlanes planes = foliage::frustumPlanes(viewProj);
    std::vector<detail::FoliageAsset*> drawn;
    for (detail::FoliageAsset& a : m.assets)
        if (!a.copies.empty() && m.cull(a, viewProj, planes, frame, settings)) drawn.push_back(&a);
    // The depth pre-pass: every mesh asset's alpha test alone, so the colour pass below shades
    // only the surface each sample ends with.
    const bool prepass = settings.depthPrepass && !settings.cardOutlines;
    if (settings.countShaded) detail::resetShadedCounters(gl, m.shadedBuffer);
    if (prepass) {
        auto p1 = m.program(1, false);
        if (!p1) return p1.error();
        if (settings.countShaded) {
            auto counting = m.program(1, true);
            if (!counting) return counting.error();
            m.counting = *counting;
            detail::bindShadedCounter(gl, m.shadedBuffer, 0);
        }
        gl.ColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
        m.beginFragments(m.prepassQuery, settings);
        for (detail::FoliageAsset* a : drawn)
            if (!a->splats) {
                m.useAsset(*a, *p1, view, projection, frame);
                m.drawMesh(*a, *p1, settings, frame, m.stats.prepassDrawCalls);
            }
        m.stats.prepassFragments = m.endFragments(m.prepassQuery, settings);
        gl.ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
        m.counting = 0;
    }
    if (settings.countShaded) detail::bindShadedCounter(gl, m.shadedBuffer, 1);
    auto look = m.program(prepass ? 2 : 0, settings.countShaded);
    if (!look) return look.error();
    m.beginFragments(m.fragmentQuery, settings);
    for (detail::FoliageAsset* a : drawn) {
        // Meshes after the pre-pass: the surface it kept, depth already written.
        const bool equal = prepass && !a->splats;
        gl.DepthFunc(equal ? GL_EQUAL : GL_LESS);
        gl.DepthMask(equal ? GL_FALSE : GL_TRUE);
        m.useAsset(*a, a->splats ? m.splatProgram : *look, view, projection, frame);
        if (a->splats) m.drawSplats(*a);
        else m.drawMesh(*a, *look, settings, frame, m.stats.drawCalls);
        if (settings.cardOutlines && !a->splats) m.drawOutlines(*a);
    }
    gl.DepthFunc(GL_LESS);
    gl.DepthMask(GL_TRUE);
    m.stats.fragments = m.endFragments(m.fragmentQuery, settings) + m.stats.prepassFragments;
    if (settings.countShaded) {
        gl.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        GLuint shaded[detail::FOLIAGE_SHADED_STRIDE + 1] = {};
        gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, m.shadedBuffer);
        gl.GetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof(shaded), shaded);
        gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
        gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, detail::FOLIAGE_SHADED_BINDING, 0);
        m.stats.prepassShaded = shaded[0];
        m.stats.shadedFragments = shaded[detail::FOLIAGE_SHADED_STRIDE];
    }
    detail::unbindCopies(gl);
    gl.BindVertexArray(0);
    gl.UseProgram(0);
    if (settings.timeGpu) {
        gl.EndQuery(GL_TIME_ELAPSED);
        GLuint64 ns = 0;
        gl.GetQueryObjectui64v(m.timeQuery, GL_QUERY_RESULT, &ns);
        m.stats.gpuMilliseconds = static_cast<double>(ns) * 1e-6;
    }
    return detail::gpuStatus(gl, "drawing the foliage");
}

Result<Rgba8Image> FoliageRenderer::renderImage(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                                                const FoliageFrame& frame, const FoliageRenderSettings& settings) {
    SW_TRY(m_impl->checkFrame(frame));
    return detail::renderIntoTarget(
        m_impl->gl, m_impl->target, settings.width, settings.height, settings.samples,
        [&](GLuint fbo) { return draw(view, projection, frame, settings, fbo); }, "reading the foliage frame back");
}

Status FoliageRenderer::renderOffscreen(const Eigen::Matrix4f& view, const Eigen::Matrix4f& projection,
                                        const FoliageFrame& frame, const FoliageRenderSettings& settings) {
    SW_TRY(m_impl->checkFrame(frame));
    const GlFunctions& gl = m_impl->gl;
    SW_TRY(detail::ensureTarget(gl, m_impl->target, settings.width, settings.height, settings.samples));
    SW_TRY(draw(view, projection, frame, settings, m_impl->target.msaaFramebuffer));
    gl.Finish();
    gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
    return {};
}

const FoliageDrawStats& FoliageRenderer::lastDrawStats() const { return m_impl->stats; }

Result<std::vector<Eigen::Vector3f>> FoliageRenderer::capturePositions(int asset, const FoliageFrame& frame) {
    SW_REQUIRE(asset >= 0 && static_cast<std::size_t>(asset) < m_impl->assets.size(), "asset=" << asset);
    SW_TRY(m_impl->checkFrame(frame));
    Impl& m = *m_impl;
    const GlFunctions& gl = m.gl;
    detail::FoliageAsset& a = m.assets[static_cast<std::size_t>(asset)];
    const std::size_t perCopy = a.splats ? 6 * a.points : a.points;
    const std::size_t n = perCopy * a.copies.size();
    if (n == 0) return std::vector<Eigen::Vector3f>{};
    detail::listAllCopies(gl, m.cullProgram, a);
    detail::bindCopies(gl, a);
    if (!m.feedbackBuffer) gl.GenBuffers(1, &m.feedbackBuffer);
    gl.BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, m.feedbackBuffer);
    gl.BufferData(GL_TRANSFORM_FEEDBACK_BUFFER, static_cast<GLsizeiptr>(n * 3 * sizeof(float)), nullptr, GL_STATIC_READ);
    const GLuint program = a.splats ? m.splatProgram : m.meshProgram;
    m.setMatrices(program, Eigen::Matrix4f::Identity(), Eigen::Matrix4f::Identity());
    detail::setFoliageFrameUniforms(gl, program, frame, a.fade);
    // A complete framebuffer even though nothing is rasterized (a surfaceless context has none).
    GLint hostDraw = 0;
    gl.GetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &hostDraw);
    SW_TRY(detail::ensureTarget(gl, m.target, std::max(m.target.width, 1), std::max(m.target.height, 1),
                                std::max(m.target.samples, 1)));
    gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, m.target.msaaFramebuffer);
    gl.Enable(GL_RASTERIZER_DISCARD);
    gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, m.feedbackBuffer);
    if (a.splats) gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, a.splatBuffer);
    gl.BindVertexArray(a.splats ? a.splatArray : a.mesh.vertexArray);
    gl.BeginTransformFeedback(GL_POINTS);
    gl.DrawArraysInstanced(GL_POINTS, 0, static_cast<GLsizei>(perCopy), static_cast<GLsizei>(a.copies.size()));
    gl.EndTransformFeedback();
    gl.Disable(GL_RASTERIZER_DISCARD);
    gl.BindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(hostDraw));
    gl.BindVertexArray(0);
    gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
    detail::unbindCopies(gl);
    gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
    gl.UseProgram(0);
    std::vector<float> raw(n * 3);
    gl.BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, m.feedbackBuffer);
    gl.GetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, static_cast<GLsizeiptr>(raw.size() * sizeof(float)), raw.data());
    gl.BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, 0);
    SW_TRY(detail::gpuStatus(gl, "capturing foliage positions"));
    std::vector<Eigen::Vector3f> out(n);
    for (std::size_t i = 0; i < n; ++i) out[i] = Eigen::Vector3f(raw[3 * i], raw[3 * i + 1], raw[3 * i + 2]);
    return out;
}

Result<std::vector<std::uint32_t>> FoliageRenderer::drawnCopies(int asset) {
    auto bands = drawnCopyBands(asset);
    if (!bands) return bands.error();
    std::vector<std::uint32_t> list;
    for (const std::vector<std::uint32_t>& band : *bands) list.insert(list.end(), band.begin(), band.end());
    std::sort(list.begin(), list.end());
    return list;
}

Result<std::vector<std::vector<std::uint32_t>>> FoliageRenderer::drawnCopyBands(int asset) {
    SW_REQUIRE(asset >= 0 && static_cast<std::size_t>(asset) < m_impl->assets.size(), "asset=" << asset);
    if (m_impl->released) return makeError(ErrorCode::Gpu, "foliage renderer used after release()");
    std::vector<std::vector<std::uint32_t>> bands =
        detail::readVisibleBands(m_impl->gl, m_impl->assets[static_cast<std::size_t>(asset)]);
    for (std::vector<std::uint32_t>& b : bands) std::sort(b.begin(), b.end());
    SW_TRY(detail::gpuStatus(m_impl->gl, "reading the drawn foliage copies back"));
    return bands;
}

void FoliageRenderer::release() {
    Impl& m = *m_impl;
    if (m.released) return;
    for (detail::FoliageAsset& a : m.assets) detail::releaseFoliageAsset(m.gl, a);
    m.assets.clear();
    detail::releaseTarget(m.gl, m.target);
    for (GLuint* q : {&m.fragmentQuery, &m.prepassQuery, &m.timeQuery})
        if (*q) m.gl.DeleteQueries(1, q);
    for (GLuint* b : {&m.feedbackBuffer, &m.shadedBuffer})
        if (*b) m.gl.DeleteBuffers(1, b);
    for (GLuint p : {m.splatProgram, m.cullProgram})
        if (p) m.gl.DeleteProgram(p);
    for (auto& pass : m.passPrograms)
        for (GLuint p : pass)
            if (p) m.gl.DeleteProgram(p);
    m.released = true;
}

}  // namespace sw::render
