// Large-scan path (core/render/scan_renderer.cpp): the resident pool on the GPU and the drawn
// chunks of a frame. Assembled as "#version 450 core" + this file + scan_cull.comp or
// scan_splat.vert. Layouts (docs/formats.md "Resident chunk layout", core/lod/packed_splat.h):
//   pool:   4 uint per splat, the 16-byte PackedSplat little-endian, in up to four storage
//           blocks of u_blockSlots splats each (GL caps one block; scan_gpu_pool.h)
//   chunks: per pool chunk, lo (xyz bounds min), size (xyz bounds max − min), info (first splat
//           in the pool, splat count, LOD level, 0)
//   drawn:  per drawn chunk, (chunk table index, first draw id); draw ids number the splats of
//           the frame's draw list in order, the tie-break of the back-to-front sort.

layout(std430, binding = 0) readonly buffer ScanPool0 { uint sp_words0[]; };
layout(std430, binding = 6) readonly buffer ScanPool1 { uint sp_words1[]; };
layout(std430, binding = 7) readonly buffer ScanPool2 { uint sp_words2[]; };
layout(std430, binding = 8) readonly buffer ScanPool3 { uint sp_words3[]; };
struct ScanChunk {
    vec4 lo;
    vec4 size;
    uvec4 info;
};
layout(std430, binding = 1) readonly buffer ScanChunks { ScanChunk sc_chunks[]; };
layout(std430, binding = 2) readonly buffer ScanDrawn { uvec2 sd_drawn[]; };

uniform uint u_drawnCount;  // chunks in sd_drawn
uniform uint u_drawTotal;   // splats of the drawn chunks
uniform uint u_blockSlots;  // splats a pool block holds

// The four words of pool slot `slot` (a chunk never crosses a block).
uvec4 scanWords(uint slot) {
    uint block = slot / u_blockSlots;
    uint base = (slot - block * u_blockSlots) * 4u;
    if (block == 0u) return uvec4(sp_words0[base], sp_words0[base + 1u], sp_words0[base + 2u], sp_words0[base + 3u]);
    if (block == 1u) return uvec4(sp_words1[base], sp_words1[base + 1u], sp_words1[base + 2u], sp_words1[base + 3u]);
    if (block == 2u) return uvec4(sp_words2[base], sp_words2[base + 1u], sp_words2[base + 2u], sp_words2[base + 3u]);
    return uvec4(sp_words3[base], sp_words3[base + 1u], sp_words3[base + 2u], sp_words3[base + 3u]);
}

const float SCAN_LOG_SCALE_MIN = -16.0;  // packed_splat.h kLogScaleMin
const float SCAN_LOG_SCALE_MAX = 4.0;    // kLogScaleMax
const float SCAN_SQRT_HALF = 0.70710678;

// The drawn chunk holding draw id `id`: the last entry whose first id is ≤ id.
uint scanDrawnOf(uint id) {
    uint lo = 0u, hi = u_drawnCount - 1u;
    while (lo < hi) {
        uint mid = (lo + hi + 1u) >> 1;
        if (sd_drawn[mid].y <= id) lo = mid;
        else hi = mid - 1u;
    }
    return lo;
}

// Dequantised centre, the same float operations as core/lod/sort.cpp packedPosition.
vec3 scanPosition(ScanChunk c, uint w0, uint w1) {
    precise vec3 q = vec3(float(w0 & 0xFFFFu), float(w0 >> 16), float(w1 & 0xFFFFu));
    precise vec3 t = q / 65535.0;
    precise vec3 p = c.lo.xyz + c.size.xyz * t;
    return p;
}

vec3 scanSigma(uint w2, uint w3) {
    vec3 s = vec3(float((w2 >> 16) & 0xFFu), float(w2 >> 24), float(w3 & 0xFFu));
    return exp(SCAN_LOG_SCALE_MIN + (SCAN_LOG_SCALE_MAX - SCAN_LOG_SCALE_MIN) * s / 255.0);
}

vec4 scanColor(uint w1, uint w2) {
    return vec4(float((w1 >> 16) & 0xFFu), float(w1 >> 24), float(w2 & 0xFFu), float((w2 >> 8) & 0xFFu)) / 255.0;
}

// Smallest-three rotation (w, x, y, z), as packed_splat.cpp unpackRotation.
vec4 scanRotation(uint w3) {
    uint bits = w3 >> 8;
    uint largest = bits & 3u;
    vec4 q = vec4(0.0);
    float sum = 0.0;
    uint field = 0u;
    for (uint k = 0u; k < 4u; ++k) {
        if (k == largest) continue;
        float v = float((bits >> (2u + 7u * field)) & 127u);
        q[k] = (v / 127.0 * 2.0 - 1.0) * SCAN_SQRT_HALF;
        sum += q[k] * q[k];
        ++field;
    }
    q[largest] = sqrt(max(0.0, 1.0 - sum));
    return normalize(q);
}

mat3 scanRotationMatrix(vec4 q) {
    float w = q.x, x = q.y, y = q.z, z = q.w;
    return mat3(1.0 - 2.0 * (y * y + z * z), 2.0 * (x * y + w * z), 2.0 * (x * z - w * y),
                2.0 * (x * y - w * z), 1.0 - 2.0 * (x * x + z * z), 2.0 * (y * z + w * x),
                2.0 * (x * z + w * y), 2.0 * (y * z - w * x), 1.0 - 2.0 * (x * x + y * y));
}
