#version 450 core
// Foliage copy culling on the GPU (foliage_renderer.cpp, issue 35): the twin of
// core/foliage/cull.cpp (copyVisible, copyBand). One invocation per copy of an asset; every kept
// copy goes to its distance band (near to far, so the draws of the nearest band run first and the
// depth test rejects what they cover) and takes a slot of that band's visible list with an atomic
// add on the band's first draw command's instanceCount, so each list is compact and the indirect
// draws read their instance count from the GPU. Band b's list starts at b × u_bandStride, its
// commands at b × u_commands. The order within a list is the order the atomics ran in.
//   u_pass 0: cull. Copies past the fade end (distance to the camera >= end, fade on) and copies
//             whose sphere of metresPerUnit × u_radius about the origin is wholly outside one of
//             the six planes are left out.
//   u_pass 1: after pass 0 and a storage barrier: each band's first command's instanceCount is
//             copied into the band's other commands (one per material).
//   u_pass 2: every copy in order (visible[i] = i, no culling), for transform feedback capture.
layout(local_size_x = 64) in;

// Per copy two vec4: origin xyz (scene metres), metres per unit; cos yaw, sin yaw, 0, 0.
layout(std430, binding = 1) readonly buffer FoliageCopies {
    vec4 c_rec[];
};
layout(std430, binding = 2) writeonly buffer FoliageVisible {
    uint c_visible[];
};
// Draw commands, u_stride uints each (DrawElementsIndirectCommand: 5, DrawArraysIndirectCommand:
// 4), instanceCount the second uint.
layout(std430, binding = 3) buffer FoliageCommands {
    uint c_commands[];
};

uniform int u_pass;
uniform uint u_count;     // copies
uniform uint u_commands;  // draw commands
uniform uint u_stride;    // uints per command
uniform int u_frustum;    // 0: no frustum test
uniform vec4 u_planes[6]; // cull.h frustumPlanes: inside when dot(xyz, p) + w >= 0
uniform float u_radius;   // copyCullRadius, model units
uniform vec3 u_camera;    // scene metres
uniform vec2 u_fade;      // start, end (end 0: none)
uniform uint u_bands;      // distance bands, >= 1
uniform float u_bandWidth; // m: band b holds distances [b, b + 1) × width, the last also beyond
uniform uint u_bandStride; // entries of the visible list per band

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (u_pass == 1) {
        uint k = i % u_commands, first = (i - k) * u_stride + 1u;
        if (k > 0u && i < u_commands * u_bands) c_commands[i * u_stride + 1u] = c_commands[first];
        return;
    }
    if (i >= u_count) return;
    if (u_pass == 2) {
        c_visible[i] = i;
        return;
    }
    vec4 o = c_rec[2u * i];
    float d = length(o.xyz - u_camera);
    if (u_fade.y > 0.0 && d >= u_fade.y) return;
    if (u_frustum != 0) {
        float r = o.w * u_radius;
        for (int p = 0; p < 6; ++p)
            if (dot(u_planes[p].xyz, o.xyz) + u_planes[p].w < -r) return;
    }
    float bf = d / u_bandWidth;
    uint b = bf < float(u_bands - 1u) ? uint(max(bf, 0.0)) : u_bands - 1u;
    uint slot = atomicAdd(c_commands[b * u_commands * u_stride + 1u], 1u);
    c_visible[b * u_bandStride + slot] = i;
}
