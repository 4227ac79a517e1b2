// Bitonic sort of the (~depthKey, draw id) pairs, ascending: farthest first, ties in draw-list
// order (the order of core/lod/sort.h sortBackToFront). Every pair is distinct, so the order is
// unique. u_mode 0: the sorted length m = max(512, the visible count rounded up to a power of two);
// pairs from the visible count to m become sentinels (all bits set), the indirect draw command gets
// the visible count, and the dispatch of each stage k = 512 · 2^s (record s of si_dispatch) gets
// m / 512 groups when k ≤ m, none otherwise: the CPU issues the stages for every splat submitted,
// the GPU runs those the visible ones need. 1: each 512-pair block sorted in shared memory; 2: one
// global compare-exchange step (u_k, u_j ≥ 512); 3: the steps j = 256 … 1 of stage u_k in shared
// memory.

layout(local_size_x = 256) in;
layout(std430, binding = 3) buffer ScanPairs { uvec2 sk_pairs[]; };
layout(std430, binding = 4) readonly buffer ScanCounter { uint sk_visible; };
layout(std430, binding = 5) writeonly buffer ScanIndirect {
    uint si_command[4];    // DrawArraysIndirectCommand
    uint si_dispatch[];    // per stage s: num_groups x, y, z
};
const uint SCAN_SORT_STAGES = 24u;  // k up to 512 · 2^23

uniform int u_mode;
uniform uint u_n;  // pairs sorted, a power of two ≥ 512
uniform uint u_k;
uniform uint u_j;

shared uvec2 s_block[512];

bool pairGreater(uvec2 a, uvec2 b) { return a.x > b.x || (a.x == b.x && a.y > b.y); }

uint threadId() { return (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * 256u + gl_LocalInvocationID.x; }

void exchangeShared(uint t, uint base, uint k, uint j) {
    uint i = (t / j) * 2u * j + t % j;
    uint l = i + j;
    bool ascending = ((base + i) & k) == 0u;
    uvec2 a = s_block[i], b = s_block[l];
    if (pairGreater(a, b) == ascending) {
        s_block[i] = b;
        s_block[l] = a;
    }
}

void main() {
    uint t = threadId();
    if (u_mode == 0) {
        uint m = 512u;
        while (m < sk_visible) m <<= 1;
        if (t == 0u) {
            si_command[0] = 4u;  // vertices per quad
            si_command[1] = sk_visible;
            si_command[2] = 0u;
            si_command[3] = 0u;
            for (uint s = 0u; s < SCAN_SORT_STAGES; ++s) {
                uint groups = (512u << s) <= m ? m / 512u : 0u;
                uint x = min(groups, 32768u);
                si_dispatch[3u * s] = x;
                si_dispatch[3u * s + 1u] = x > 0u ? groups / x : 0u;
                si_dispatch[3u * s + 2u] = 1u;
            }
        }
        if (t < m && t >= sk_visible) sk_pairs[t] = uvec2(0xFFFFFFFFu);
        return;
    }
    if (u_mode == 2) {
        if (t >= u_n / 2u) return;
        uint i = (t / u_j) * 2u * u_j + t % u_j;
        uint l = i + u_j;
        bool ascending = (i & u_k) == 0u;
        uvec2 a = sk_pairs[i], b = sk_pairs[l];
        if (pairGreater(a, b) == ascending) {
            sk_pairs[i] = b;
            sk_pairs[l] = a;
        }
        return;
    }
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint base = group * 512u;
    uint lt = gl_LocalInvocationID.x;
    s_block[lt] = sk_pairs[base + lt];
    s_block[lt + 256u] = sk_pairs[base + lt + 256u];
    barrier();
    if (u_mode == 1) {
        for (uint k = 2u; k <= 512u; k <<= 1)
            for (uint j = k >> 1; j > 0u; j >>= 1) {
                exchangeShared(lt, base, k, j);
                barrier();
            }
    } else {
        for (uint j = 256u; j > 0u; j >>= 1) {
            exchangeShared(lt, base, u_k, j);
            barrier();
        }
    }
    sk_pairs[base + lt] = s_block[lt];
    sk_pairs[base + lt + 256u] = s_block[lt + 256u];
}
