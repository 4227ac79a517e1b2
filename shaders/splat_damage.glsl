// Destruction state (core/destruct, issue 15) applied in the prepare pass, before the effects:
// per core slot its onion depth, heat and layer colour; a pool of extra core instances after the
// LOD range (torn chunks' plating and underside copies on rigid bodies, white-hot debris). The
// math mirrors sw::destruct::Simulation::position / poolPosition / displayColor (tests read the
// GPU centres back and compare). Records (core/destruct/gpu_state.h):
//   slot  2 vec4: depth, heat0, heat time, flags | layer rgb, ring (1 none, else 2 + chunk a + 256 · chunk b)
//                 + kCrackLine on its chunk's rim (static: the crack line)
//   pool  3 vec4: source, kind (0 free, 1 plating, 2 underside, 3 debris), body, birth |
//                 start xyz, heat0 | velocity xyz, 0 (debris) or colour rgb, scale (chunk copies)
//   body  3 vec4: quaternion xyzw | pivot xyz, alive | translation xyz, 0
//   chunk 1 vec4: carried (1: torn off as a whole), tear time, crack pending (1), crack time
// A slot whose record says depth < 1 in a carried chunk reads as its chunk knocked it out at the
// tear time (Simulation::carriedIn): depth 1, wound, heat 0.8, the underlay colour of layer 1.
// A slot whose record says plating and not wound, on the tear ring of a carried chunk (the ring
// chunks of its record), reads wound with heat 0.5 from the earliest such tear time
// (Simulation::ringSinceIn): the rim of the hole the chunk left.
// Before both: a slot whose record says depth < 1, not cracked, on the rim of a chunk whose crack
// is pending, reads cracked and wound with heat 0.6 from the crack time (Simulation::crackedIn);
// a carried read keeps those flags, a ring read never follows it.
layout(std430, binding = 2) readonly buffer DamageSlots { vec4 d_slots[]; };
layout(std430, binding = 3) readonly buffer DamagePool { vec4 d_pool[]; };
layout(std430, binding = 4) readonly buffer DamageBodies { vec4 d_bodies[]; };
layout(std430, binding = 5) readonly buffer DamageShell { vec2 d_shellSlot[]; };  // core slot under each shell splat, its chunk
layout(std430, binding = 6) readonly buffer DamageChunks { vec4 d_chunks[]; };

uniform int u_damage;          // 1: the core pass reads the damage buffers
uniform uint u_poolBase;       // invocations from here on draw pool entries
uniform vec3 u_dCentroid;      // model centroid (inward blend target)
uniform vec4 u_dOnion;         // inward blend, step share, min step, thickness range
uniform vec4 u_dMotion;        // underside offset (steps), gravity, cooling, debris scale
uniform float u_dTime;         // simulation time, s
uniform vec3 u_dUnderlay;      // the damage palette's crater floor tint (layer 1 = hull · 0.28 + tint)
uniform int u_dChunks;         // chunk records uploaded

const float kTornHeat = 0.8;   // destruct::detail::kTornHeat
const float kRingHeat = 0.5;   // destruct::detail::kRingHeat
const float kCrackHeat = 0.6;  // destruct::detail::kCrackHeat
const int kCrackLine = 131072; // sw::destruct::kGpuSlotCrackLine

// Tear time of chunk c when it was torn off as a whole, else a negative number.
float carriedSince(float chunk) {
    int c = int(floor(chunk + 0.5));
    if (c < 0 || c >= u_dChunks) return -1.0;
    vec4 r = d_chunks[c];
    return r.x > 0.5 ? r.y : -1.0;
}

// Crack time of chunk c while its crack line reads through it, else a negative number.
float crackSince(float chunk) {
    int c = int(floor(chunk + 0.5));
    if (c < 0 || c >= u_dChunks) return -1.0;
    vec4 r = d_chunks[c];
    return r.z > 0.5 ? r.w : -1.0;
}

vec3 damageInward(vec3 plating, vec3 n) {
    vec3 toCentre = u_dCentroid - plating;
    vec3 c = length(toCentre) > 1e-6 ? normalize(toCentre) : -n;
    vec3 mixed = -n * (1.0 - u_dOnion.x) + c * u_dOnion.x;
    return length(mixed) > 1e-6 ? normalize(mixed) : c;
}

float damageStep(float thickness) { return max(u_dOnion.z, u_dOnion.y * thickness * u_dOnion.w); }

float damageHeat(float heat0, float age) { return (age < 0.0 || heat0 <= 0.0) ? 0.0 : heat0 * exp(-u_dMotion.z * age); }

// Black-body ramp, the stops of sw::destruct::blackBody.
vec3 blackBody(float heat) {
    const vec3 stops[5] = vec3[5](vec3(0.0), vec3(0.55, 0.06, 0.02), vec3(1.0, 0.42, 0.08), vec3(1.0, 0.82, 0.45),
                                  vec3(1.0, 0.97, 0.92));
    float h = clamp(heat, 0.0, 1.0) * 4.0;
    int i = min(3, int(h));
    return mix(stops[i], stops[i + 1], h - float(i));
}

// Core slot s (loaded): its onion layer, colour and heat. Returns true on a wound (ragged mask).
bool applySlotDamage(uint s) {
    vec4 r0 = d_slots[2u * s];
    vec4 r1 = d_slots[2u * s + 1u];
    if (r0.x < 1.0) {
        int code = int(r1.w + 0.5);
        int flags = int(r0.w + 0.5);
        if (code >= kCrackLine) {
            code -= kCrackLine;
            float cracked = (flags & 4) == 0 ? crackSince(a_extra.x) : -1.0;  // kCracked: written since
            if (cracked >= 0.0) r0 = vec4(r0.x, kCrackHeat, cracked, float(flags | 5));  // kCracked | kWound
            flags = int(r0.w + 0.5);
        }
        float since = carriedSince(a_extra.x);
        if (since >= 0.0) {
            r0 = vec4(1.0, kTornHeat, since, float(flags | 1));
            r1 = vec4(a_color * 0.28 + u_dUnderlay, 1.0);
        } else if (code > 1 && (flags & 1) == 0) {
            int ring = code - 2;
            float a = carriedSince(float(ring & 255)), b = carriedSince(float(ring >> 8));
            float ringSince = a < 0.0 ? b : (b < 0.0 ? a : min(a, b));
            if (ringSince >= 0.0) r0 = vec4(r0.x, kRingHeat, ringSince, float(flags | 1));
        }
    }
    if (r0.x > 0.0) a_pos = a_pos + damageInward(a_pos, a_normal) * (damageStep(a_attrs.z) * r0.x);
    if (r1.w > 0.5) a_color = r1.rgb;
    float h = damageHeat(r0.y, u_dTime - r0.z);
    a_color = mix(a_color, blackBody(h), min(1.0, 2.0 * h));
    return (int(r0.w + 0.5) & 1) != 0;
}

// Shell splat s: hidden once the core slot under it is knocked out (no fuzz floats over a wound).
bool shellVisible(uint s) {
    vec2 under = d_shellSlot[s];
    return d_slots[2u * uint(under.x + 0.5)].x < 0.5 && carriedSince(under.y) < 0.0;
}

// Pool entry e (its source slot loaded): false when free (drawn as nothing).
bool applyPoolEntry(uint e, out float scale) {
    vec4 q0 = d_pool[3u * e];
    vec4 q1 = d_pool[3u * e + 1u];
    vec4 q2 = d_pool[3u * e + 2u];
    int kind = int(q0.y + 0.5);
    scale = 1.0;
    if (kind == 0) return false;
    if (kind == 3) {
        float age = u_dTime - q0.w;
        a_pos = q1.xyz + q2.xyz * age + vec3(0.0, 0.0, -0.5 * u_dMotion.y * age * age);
        float h = damageHeat(q1.w, age);
        a_color = mix(a_color * 0.3, blackBody(h), min(1.0, 2.0 * h));
        scale = u_dMotion.w;
        return true;
    }
    uint b = uint(q0.z + 0.5) * 3u;
    vec4 q = d_bodies[b];
    vec3 pivot = d_bodies[b + 1u].xyz;
    vec3 translation = d_bodies[b + 2u].xyz;
    vec3 local = a_pos;
    if (kind == 2) {
        local = a_pos + damageInward(a_pos, a_normal) * (damageStep(a_attrs.z) * u_dMotion.x);
        a_normal = -a_normal;
    }
    a_pos = pivot + quatRotate(q, local - pivot) + translation;
    a_normal = quatRotate(q, a_normal);
    a_ax0 = quatRotate(q, a_ax0);
    a_ax1 = quatRotate(q, a_ax1);
    a_color = q2.rgb;
    scale = q2.w > 0.0 ? q2.w : 1.0;  // one copy stands for several slots of the piece
    return true;
}
