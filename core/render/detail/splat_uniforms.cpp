#include "core/render/detail/splat_uniforms.h"

#include <vector>

#include "core/render/overlay_palette.h"

namespace sw::render::detail {

namespace {

struct Setter {
    const GlFunctions& gl;
    GLuint program;
    GLint at(const char* name) const { return gl.GetUniformLocation(program, name); }
    void f(const char* name, float v) const { gl.Uniform1f(at(name), v); }
    void i(const char* name, int v) const { gl.Uniform1i(at(name), v); }
    void v3(const char* name, const Eigen::Vector3f& v) const { gl.Uniform3f(at(name), v.x(), v.y(), v.z()); }
    template <std::size_t N>
    void palette(const char* name, const std::array<OverlayRgb, N>& colors) const {
        std::vector<float> rgb;
        rgb.reserve(3 * N);
        for (const OverlayRgb& c : colors) rgb.insert(rgb.end(), {c.r, c.g, c.b});
        gl.Uniform3fv(at(name), GLsizei(N), rgb.data());
    }
};

}  // namespace

void setEffectUniforms(const GlFunctions& gl, GLuint program, const EffectParams& e) {
    const Setter s{gl, program};
    s.f("u_time", e.time);
    s.v3("u_center", e.center);
    s.f("u_scatter", e.scatter);
    s.i("u_scatterMode", static_cast<int>(e.scatterMode));
    s.f("u_scatterDistance", e.scatterDistance);
    s.v3("u_shotDirection", e.shotDirection.normalized());
    s.f("u_kineticBias", e.kineticBias);
    s.f("u_implode", e.implode);
    s.f("u_assemble", e.assemble);
    s.f("u_assembleSpread", e.assembleSpread);
    s.f("u_ripple", e.ripple);
    s.v3("u_hitPoint", e.hitPoint);
    s.v3("u_rippleShape", Eigen::Vector3f(e.rippleSpeed, e.rippleWavelength, e.rippleDecay));
    s.f("u_charge", e.charge);
    s.f("u_chargeLift", e.chargeLift);
    s.f("u_linkDecay", e.linkDecay);
    s.v3("u_linkShape", Eigen::Vector3f(e.linkSlotsPerSecond, e.linkTwitch, e.linkPacketRate));
    s.f("u_siphon", e.siphon);
    gl.Uniform2f(s.at("u_siphonShape"), e.siphonSpeed, e.siphonTurns);
    s.i("u_partXform", e.partXform);
    float pivot[kEffectParts * 3], offset[kEffectParts * 3], rotation[kEffectParts * 4];
    for (int p = 0; p < kEffectParts; ++p) {
        const auto k = static_cast<std::size_t>(p);
        const Eigen::Quaternionf q = e.partRotation[k].normalized();
        for (int c = 0; c < 3; ++c) {
            pivot[p * 3 + c] = e.partPivot[k][c];
            offset[p * 3 + c] = e.partOffset[k][c];
        }
        rotation[p * 4 + 0] = q.x();
        rotation[p * 4 + 1] = q.y();
        rotation[p * 4 + 2] = q.z();
        rotation[p * 4 + 3] = q.w();
    }
    gl.Uniform3fv(s.at("u_partPivot"), kEffectParts, pivot);
    gl.Uniform3fv(s.at("u_partOffset"), kEffectParts, offset);
    gl.Uniform4fv(s.at("u_partRotation"), kEffectParts, rotation);
}

void setLookUniforms(const GlFunctions& gl, GLuint program, const Eigen::Matrix4f& view,
                     const Eigen::Matrix4f& projection, const SplatRenderSettings& st, unsigned idBase) {
    const Setter s{gl, program};
    gl.UniformMatrix4fv(s.at("u_view"), 1, GL_FALSE, view.data());  // Eigen is column-major, like GL
    gl.UniformMatrix4fv(s.at("u_projection"), 1, GL_FALSE, projection.data());
    s.i("u_cel", st.cel ? 1 : 0);
    s.v3("u_sun", st.sunDirection.normalized());
    s.f("u_flash", st.flashIntensity);
    s.v3("u_flashPos", st.flashPosition);
    s.v3("u_flashColor", st.flashColor);
    s.i("u_overlay", static_cast<int>(st.overlay));
    s.palette("u_partColors", partOverlayPalette());
    s.palette("u_materialColors", materialOverlayPalette());
    s.palette("u_shapeColors", shapeOverlayPalette());
    const OverlayRgb floater = floaterOverlayColor();
    s.v3("u_floaterColor", Eigen::Vector3f(floater.r, floater.g, floater.b));
    s.i("u_shapes", st.shapeClasses ? 1 : 0);
    s.i("u_round", st.roundSplats ? 1 : 0);
    s.i("u_gammaOut", st.linearTarget ? 1 : 0);
    gl.Uniform1ui(s.at("u_idBase"), idBase);
    setEffectUniforms(gl, program, st.effects);
}

}  // namespace sw::render::detail
