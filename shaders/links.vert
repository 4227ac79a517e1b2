// Links effect (seed 002, PIPELINE §10): no vertex buffer; six vertices per particle
// (gl_VertexID / 6 → particle, % 6 → quad corner) in one non-instanced draw (llvmpipe runs
// millions of 6-vertex instances far slower); u_feedback: one point per particle. Particle i belongs to base point a = i mod count and picks a hashed
// partner; when the pair is closer than the threshold it sits on the segment at the fraction
// given by its rank among a's particles, otherwise it is ambient dust around a. O(1) per
// particle, no neighbour search. Mirrors core/render/links.cpp linkParticle().

uniform mat4 u_view;
uniform mat4 u_projection;
uniform vec4 u_base[256];     // base points (xyz), model space; they may move every frame
uniform int u_baseCount;      // 2..256
uniform uint u_particles;     // total particle count N
uniform float u_threshold;    // link distance, model units
uniform float u_dustRadius;   // dust spread around its base point
uniform float u_size;         // particle half-size, model units
uniform int u_feedback;       // 1: gl_VertexID is the particle (points, transform feedback)
uniform int u_points;         // 1: one point sprite per particle (llvmpipe: far fewer primitives)
uniform float u_pointScale;   // points: projection(1,1) · viewport height / 2, for gl_PointSize

out vec2 v_local;
out flat float v_linked;
out vec3 tf_pos;              // transform feedback in tests
out float tf_linked;

const vec2 kCorners[6] = vec2[6](vec2(0, 0), vec2(1, 0), vec2(1, 1), vec2(0, 0), vec2(1, 1), vec2(0, 1));

void main() {
    uint i = u_feedback > 0 || u_points > 0 ? uint(gl_VertexID) : uint(gl_VertexID) / 6u;
    uint count = uint(u_baseCount);
    uint a = i % count;
    uint partner = (a + 1u + swHash(i) % (count - 1u)) % count;
    uint perBase = max(u_particles / count, 1u);
    float along = float((i / count) % perBase) / float(perBase);
    vec3 p = u_base[a].xyz;
    vec3 q = u_base[partner].xyz;
    bool linked = distance(p, q) < u_threshold;
    vec3 pos;
    if (linked) {
        pos = p + (q - p) * along;
    } else {
        uint b = i * 3u + 101u;
        pos = p + (vec3(swUnit(b), swUnit(b + 1u), swUnit(b + 2u)) - vec3(0.5)) * (2.0 * u_dustRadius);
    }
    tf_pos = pos;
    tf_linked = linked ? 1.0 : 0.0;
    v_linked = tf_linked;
    vec4 viewPos = u_view * vec4(pos, 1.0);
    if (u_points > 0) {
        v_local = vec2(0.0);  // the fragment uses gl_PointCoord
        gl_Position = u_projection * viewPos;
        gl_PointSize = max(2.0 * u_size * u_pointScale / max(gl_Position.w, 1e-4), 1.0);
        return;
    }
    vec2 c = kCorners[gl_VertexID % 6] * 2.0 - 1.0;
    v_local = c;
    viewPos.xy += c * u_size;
    gl_Position = u_projection * viewPos;
}
