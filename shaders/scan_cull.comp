// Per splat of the drawn chunks: frustum cull (the centre in front of the near plane, the sphere
// of 3 σ_max about it inside the other five planes), then the sort pair (~depthKey(depth), draw
// id) appended with an atomic counter. depth = dot(p − eye, forward), the key of
// core/lod/sort.h depthKey, complemented so that an ascending sort puts the farthest first.

layout(local_size_x = 256) in;
layout(std430, binding = 3) writeonly buffer ScanPairs { uvec2 sk_pairs[]; };
layout(std430, binding = 4) buffer ScanCounter { uint sk_visible; };

uniform vec3 u_eye;
uniform vec3 u_forward;
uniform vec4 u_planes[6];  // left, right, bottom, top, near, far: n·p + d ≥ 0 inside, |n| = 1

uint depthKey(float depth) {
    uint bits = floatBitsToUint(depth);
    return (bits & 0x80000000u) != 0u ? ~bits : bits | 0x80000000u;
}

void main() {
    uint id = (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * 256u + gl_LocalInvocationID.x;
    if (id >= u_drawTotal) return;
    uvec2 drawn = sd_drawn[scanDrawnOf(id)];
    ScanChunk c = sc_chunks[drawn.x];
    uvec4 w = scanWords(c.info.x + (id - drawn.y));
    uint w0 = w.x, w1 = w.y, w2 = w.z, w3 = w.w;
    vec3 p = scanPosition(c, w0, w1);
    vec3 sigma = scanSigma(w2, w3);
    float radius = 3.0 * max(sigma.x, max(sigma.y, sigma.z));
    if (dot(u_planes[4].xyz, p) + u_planes[4].w < 0.0) return;
    for (int i = 0; i < 6; ++i)
        if (i != 4 && dot(u_planes[i].xyz, p) + u_planes[i].w < -radius) return;
    precise vec3 d = p - u_eye;
    precise float depth = (d.x * u_forward.x + d.y * u_forward.y) + d.z * u_forward.z;
    uint slot = atomicAdd(sk_visible, 1u);
    sk_pairs[slot] = uvec2(~depthKey(depth), id);
}
