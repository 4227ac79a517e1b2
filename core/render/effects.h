#pragma once
// The runtime's splat effects (PIPELINE §6) as parameters plus a CPU reference of their vertex
// math. The shaders (shaders/splat_effects.glsl) implement the same functions; each effect is
// an `if (u_x > 0)` branch whose default is zero, so a default EffectParams changes nothing.
// Tests compare the GPU positions (transform feedback) with applyEffects().
//
// Order of application (same on both sides): part_xform, charge, ripple, link_decay, siphon,
// scatter, implode, assemble. Hashes are integer only (no sin-based hash, shader canon):
// effectHash is Inigo Quilez's integer hash ("hashIQ", also used by seed 002), and
// hashUnit keeps its top 24 bits so the float conversion is exact on CPU and GPU.
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <array>
#include <cstdint>

namespace sw::render {

inline constexpr int kEffectParts = 8;  // part_xform drives parts 0..7

enum class ScatterMode : int {
    Radial = 0,  // away from the centre
    Ring = 1,    // outward in the horizontal plane
    Column = 2,  // firework column: upward plume with a small outward spread
    Vortex = 3,  // swirling around +Z, slightly outward
};

struct EffectParams {
    float time = 0.f;                                   // s
    Eigen::Vector3f center = Eigen::Vector3f::Zero();   // scatter / implode / siphon centre, model space

    // scatter: progress 0..1 (0 = off)
    float scatter = 0.f;
    ScatterMode scatterMode = ScatterMode::Radial;
    float scatterDistance = 0.8f;                       // model units travelled at progress 1 (× 0.5..1.5 per splat)
    Eigen::Vector3f shotDirection = Eigen::Vector3f(0.f, 1.f, 0.f);  // killing shot, unit
    float kineticBias = 0.f;                            // 0..1: share of the motion turned along the shot

    // implode: progress 0..1 toward the centre (per-splat delay up to 0.5)
    float implode = 0.f;

    // assemble: 1 = every splat displaced by up to assembleSpread, 0 = assembled
    float assemble = 0.f;
    float assembleSpread = 0.6f;                        // model units

    // ripple: amplitude in model units along the normal, from hitPoint at rippleSpeed
    float ripple = 0.f;
    Eigen::Vector3f hitPoint = Eigen::Vector3f::Zero();
    float rippleSpeed = 1.0f;                           // model units / s
    float rippleWavelength = 0.15f;                     // model units
    float rippleDecay = 3.0f;                           // 1 / model units behind the front

    // charge: 0..1, panels lift along normals, 1 − ao glows
    float charge = 0.f;
    float chargeLift = 0.04f;                           // model units at charge 1

    // link_decay: 0..1 strength
    float linkDecay = 0.f;
    float linkSlotsPerSecond = 4.f;                     // time slots; each picks one part by hash
    float linkTwitch = 0.02f;                           // model units of twitch along the normal
    float linkPacketRate = 0.01f;                       // share of splats that glitch per slot

    // siphon: fraction 0..1 of the splats that spiral into the centre
    float siphon = 0.f;
    float siphonSpeed = 0.5f;                           // cycles / s
    float siphonTurns = 2.f;                            // turns per cycle

    // part_xform: > 0 enables; rigid transform per part: p' = R (p − pivot) + pivot + offset
    int partXform = 0;
    std::array<Eigen::Vector3f, kEffectParts> partPivot{};
    std::array<Eigen::Quaternionf, kEffectParts> partRotation{};  // unit
    std::array<Eigen::Vector3f, kEffectParts> partOffset{};

    EffectParams();
};

// What the vertex shader knows about one splat.
struct EffectInput {
    Eigen::Vector3f position = Eigen::Vector3f::Zero();  // model space
    Eigen::Vector3f normal = Eigen::Vector3f::UnitZ();   // unit
    float ao = 1.f;                                      // attrs.x, sky visibility 0..1
    int part = 0;                                        // floor(attrs.y / 16)
    std::uint32_t id = 0;                                // splat index within its pass
};

struct EffectOutput {
    Eigen::Vector3f position = Eigen::Vector3f::Zero();
    Eigen::Vector3f normal = Eigen::Vector3f::UnitZ();
    float glow = 0.f;  // additive emission (charge)
    float cyan = 0.f;  // 0..1 fade toward cyan (link_decay)
};

std::uint32_t effectHash(std::uint32_t x);
float hashUnit(std::uint32_t x);  // [0, 1), exact in float32

EffectOutput applyEffects(const EffectInput& in, const EffectParams& params);

}  // namespace sw::render
