#include "core/formats/detail/compressed_ply.h"

#include <cmath>
#include <cstring>
#include <sstream>
#include <vector>

#include "core/formats/axes.h"

namespace sw::formats::detail {
namespace {

using splat::SplatCloud;

const char* const kChunkFields[] = {"min_x", "min_y", "min_z", "max_x", "max_y", "max_z",
                                    "min_scale_x", "min_scale_y", "min_scale_z", "max_scale_x", "max_scale_y", "max_scale_z",
                                    "min_r", "min_g", "min_b", "max_r", "max_g", "max_b"};
const char* const kVertexFields[] = {"packed_position", "packed_rotation", "packed_scale", "packed_color"};

const PlyElement* element(const PlyHeader& h, const std::string& name) {
    for (const PlyElement& e : h.elements)
        if (e.name == name) return &e;
    return nullptr;
}

float unorm(std::uint32_t v, int bits) { return float(v & ((1u << bits) - 1u)) / float((1u << bits) - 1u); }
float lerp(float a, float b, float t) { return a * (1.f - t) + b * t; }

// Offsets of the named properties, all of `type`; an error names the first one missing.
Status offsetsOf(const PlyElement& el, const char* const* names, int n, PlyType type, std::size_t* out,
                 const std::string& path) {
    for (int i = 0; i < n; ++i) {
        const int at = el.find(names[i]);
        if (at < 0 || el.properties[std::size_t(at)].type != type)
            return makeError(ErrorCode::Parse, std::string("compressed PLY: element '") + el.name + "' has no " +
                                                   (type == PlyType::Float32 ? "float" : "uint") + " property '" + names[i] + "'",
                             path);
        out[i] = el.properties[std::size_t(at)].offset;
    }
    return {};
}

// The quaternion (w, x, y, z): the largest component's index in the top 2 bits, the other three
// as 10-bit unorms of q·√2/2 + 1/2 in index order (the largest rebuilt positive).
Eigen::Vector4f unpackRotation(std::uint32_t v) {
    const float a = (unorm(v >> 20, 10) - 0.5f) * std::sqrt(2.f);
    const float b = (unorm(v >> 10, 10) - 0.5f) * std::sqrt(2.f);
    const float c = (unorm(v, 10) - 0.5f) * std::sqrt(2.f);
    const float m = std::sqrt(std::max(0.f, 1.f - (a * a + b * b + c * c)));
    const int largest = int(v >> 30);
    Eigen::Vector4f q;
    const float others[3] = {a, b, c};
    for (int i = 0, k = 0; i < 4; ++i) q[i] = i == largest ? m : others[k++];
    return q.normalized();
}

}  // namespace

bool isCompressedPly(const PlyHeader& header) {
    const PlyElement* vertex = element(header, "vertex");
    return element(header, "chunk") && vertex && vertex->find("packed_position") >= 0;
}

Result<SplatCloud> decodeCompressedPly(std::span<const std::uint8_t> bytes, const PlyHeader& header, const std::string& path) {
    const PlyElement* chunk = element(header, "chunk");
    const PlyElement* vertex = element(header, "vertex");
    const PlyElement* sh = element(header, "sh");
    std::size_t co[18], vo[4];
    const bool chunkColours = chunk->find("min_r") >= 0;
    SW_TRY(offsetsOf(*chunk, kChunkFields, chunkColours ? 18 : 12, PlyType::Float32, co, path));
    SW_TRY(offsetsOf(*vertex, kVertexFields, 4, PlyType::UInt32, vo, path));
    const std::uint64_t n = vertex->count;
    if (n == 0) return makeError(ErrorCode::Parse, "compressed PLY has no splats", path);
    if (chunk->count != (n + kCompressedPlyChunk - 1) / kCompressedPlyChunk)
        return makeError(ErrorCode::Parse, "compressed PLY: " + std::to_string(chunk->count) + " chunks for " + std::to_string(n) +
                                               " splats (expected one per 256)", path);
    int degree = 0;
    std::vector<std::size_t> shOffsets;  // [3 * K] of f_rest_0.., channel-major
    if (sh) {
        while (degree < splat::kMaxShDegree && std::uint64_t(3 * splat::shRestCount(degree)) < sh->properties.size()) ++degree;
        if (sh->count != n || sh->properties.size() != std::size_t(3 * splat::shRestCount(degree)) || degree == 0 || sh->hasList)
            return makeError(ErrorCode::Parse, "compressed PLY: the 'sh' element must hold 9, 24 or 45 uint8 f_rest values per splat",
                             path);
        for (std::size_t j = 0; j < sh->properties.size(); ++j) {
            const int at = sh->find("f_rest_" + std::to_string(j));
            if (at < 0 || sh->properties[std::size_t(at)].type != PlyType::UInt8)
                return makeError(ErrorCode::Parse, "compressed PLY: no uchar property 'f_rest_" + std::to_string(j) + "' in 'sh'", path);
            shOffsets.push_back(sh->properties[std::size_t(at)].offset);
        }
    }
    // Elements in header order, each fixed-size; the file must end with the last.
    std::uint64_t offset = header.dataOffset;
    std::uint64_t chunkAt = 0, vertexAt = 0, shAt = 0;
    for (const PlyElement& e : header.elements) {
        if (e.hasList) return makeError(ErrorCode::Unsupported, "compressed PLY element '" + e.name + "' has a list", path);
        if (&e == chunk) chunkAt = offset;
        if (&e == vertex) vertexAt = offset;
        if (&e == sh) shAt = offset;
        const std::uint64_t left = bytes.size() > offset ? bytes.size() - offset : 0;
        if (e.stride > 0 && e.count > left / e.stride) {
            std::ostringstream os;
            os << "truncated: element '" << e.name << "' declares " << e.count << " records of " << e.stride << " bytes at byte offset "
               << offset << " but only " << left << " bytes remain";
            return makeError(ErrorCode::Parse, os.str(), path);
        }
        offset += e.count * e.stride;
    }
    if (offset != bytes.size())
        return makeError(ErrorCode::Parse, std::to_string(bytes.size() - offset) + " unexpected trailing bytes at byte offset " +
                                               std::to_string(offset), path);

    SplatCloud c;
    c.shDegree = degree;
    c.resize(std::size_t(n));
    const int k = splat::shRestCount(degree);
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint8_t* ch = bytes.data() + chunkAt + (i / kCompressedPlyChunk) * chunk->stride;
        const std::uint8_t* v = bytes.data() + vertexAt + i * vertex->stride;
        float bound[18];
        for (int f = 0; f < (chunkColours ? 18 : 12); ++f) std::memcpy(&bound[f], ch + co[f], 4);
        std::uint32_t packed[4];
        for (int f = 0; f < 4; ++f) std::memcpy(&packed[f], v + vo[f], 4);
        const float pos[3] = {unorm(packed[0] >> 21, 11), unorm(packed[0] >> 11, 10), unorm(packed[0], 11)};
        const float scl[3] = {unorm(packed[2] >> 21, 11), unorm(packed[2] >> 11, 10), unorm(packed[2], 11)};
        for (int a = 0; a < 3; ++a) {
            c.positions[i][a] = lerp(bound[a], bound[3 + a], pos[a]);
            c.scales[i][a] = std::exp(lerp(bound[6 + a], bound[9 + a], scl[a]));
            const float col = unorm(packed[3] >> (24 - 8 * a), 8);
            c.colors[i][a] = chunkColours ? lerp(bound[12 + a], bound[15 + a], col) : col;
        }
        c.opacities[i] = unorm(packed[3], 8);
        c.rotations[i] = unpackRotation(packed[1]);
        if (sh) {
            const std::uint8_t* s = bytes.data() + shAt + i * sh->stride;
            for (int ch3 = 0; ch3 < 3; ++ch3)
                for (int j = 0; j < k; ++j) {  // channel-major f_rest, as in a PLY
                    const std::uint8_t q = s[shOffsets[std::size_t(ch3 * k + j)]];
                    const float t = q == 0 ? 0.f : q == 255 ? 1.f : (float(q) + 0.5f) / 256.f;
                    c.shRest[(i * std::size_t(k) + std::size_t(j)) * 3 + std::size_t(ch3)] = (t - 0.5f) * 8.f;
                }
        }
    }
    SW_TRY(c.validate(path));
    frameToModel(c, Frame::Gaussian);
    return c;
}

}  // namespace sw::formats::detail
