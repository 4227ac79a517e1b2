#include "core/formats/spl2.h"

#include <cmath>
#include <cstring>
#include <sstream>

#include "core/formats/detail/byte_io.h"
#include "core/formats/half.h"
#include "core/foundation/file_io.h"

namespace sw::formats {
namespace {

using detail::ByteReader;
using detail::ByteWriter;

constexpr std::size_t kFloatsPerSplat = 5 * 3 + 1 + 4;
constexpr std::size_t kChunkRecordBytes = 20;

Error invalid(const std::string& what, const std::string& message) {
    return makeError(ErrorCode::InvalidInput, message, what);
}

template <class V>
bool finite(const V& v) { return v.allFinite(); }

Status validatePart(const Spl2Part& p, const char* name, const std::string& what) {
    const std::size_t n = p.size();
    if (p.ax0.size() != n || p.ax1.size() != n || p.normal.size() != n || p.color.size() != n ||
        p.opacity.size() != n || p.attrs.size() != n)
        return invalid(what, std::string(name) + " arrays have different lengths");
    for (std::size_t i = 0; i < n; ++i) {
        if (!finite(p.pos[i]) || !finite(p.ax0[i]) || !finite(p.ax1[i]) || !finite(p.normal[i]) ||
            !finite(p.color[i]) || !std::isfinite(p.opacity[i]))
            return invalid(what, std::string(name) + " splat " + std::to_string(i) + " has a non-finite value");
        for (int c = 0; c < 4; ++c) {
            if (!isHalfExact(p.attrs[i][c])) {
                std::ostringstream os;
                os.precision(9);
                os << name << " splat " << i << " attrs[" << c << "] = " << p.attrs[i][c]
                   << " does not survive a float16 round trip (nearest half " << halfToFloat(floatToHalf(p.attrs[i][c])) << ")";
                return invalid(what, os.str());
            }
        }
    }
    return {};
}

Status validateOrders(const Spl2Model& m, const std::string& what) {
    if (m.orders.size() != static_cast<std::size_t>(kSpl2Buckets))
        return invalid(what, "SPL2 needs " + std::to_string(kSpl2Buckets) + " shell orders, got " + std::to_string(m.orders.size()));
    const std::size_t n = m.shell.size();
    std::vector<char> seen(n);
    for (std::size_t b = 0; b < m.orders.size(); ++b) {
        if (m.orders[b].size() != n) return invalid(what, "shell order " + std::to_string(b) + " has the wrong length");
        std::fill(seen.begin(), seen.end(), 0);
        for (std::int32_t idx : m.orders[b]) {
            if (idx < 0 || static_cast<std::size_t>(idx) >= n || seen[static_cast<std::size_t>(idx)])
                return invalid(what, "shell order " + std::to_string(b) + " is not a permutation (index " + std::to_string(idx) + ")");
            seen[static_cast<std::size_t>(idx)] = 1;
        }
    }
    return {};
}

Status validateCodes(const std::vector<std::int32_t>& chunk, const std::vector<std::int32_t>& mat, std::size_t n,
                     std::size_t nChunks, const char* name, const std::string& what) {
    if (chunk.size() != n || mat.size() != n) return invalid(what, std::string("CHNK ") + name + " arrays have the wrong length");
    for (std::size_t i = 0; i < n; ++i) {
        const std::string where = std::string(name) + " splat " + std::to_string(i);
        if (mat[i] < 0 || mat[i] >= kSpl2MaterialClasses) return invalid(what, where + ": material " + std::to_string(mat[i]) + " is not 0..5");
        if (chunk[i] < 0 || static_cast<std::size_t>(chunk[i]) >= nChunks)
            return invalid(what, where + ": chunk " + std::to_string(chunk[i]) + " is not below the chunk count " + std::to_string(nChunks));
        if (packChunkMaterial(chunk[i], mat[i]) > kSpl2MaxPacked)
            return invalid(what, where + ": 1 + chunk·8 + material = " + std::to_string(packChunkMaterial(chunk[i], mat[i])) + " exceeds 2048");
    }
    return {};
}

void putPart(ByteWriter& w, const Spl2Part& p) {
    for (const auto* field : {&p.pos, &p.ax0, &p.ax1, &p.normal, &p.color})
        w.putBytes(field->data(), field->size() * sizeof(Eigen::Vector3f));
    w.putBytes(p.opacity.data(), p.opacity.size() * sizeof(float));
    w.putBytes(p.attrs.data(), p.attrs.size() * sizeof(Eigen::Vector4f));
}

void putTail(ByteWriter& w, const Spl2ChunkTail& t) {
    const std::size_t start = w.size();
    w.putText("CHNK");
    w.put(static_cast<std::int32_t>(kSpl2ChunkVersion));
    w.put(static_cast<std::int32_t>(t.coreChunk.size()));
    w.put(static_cast<std::int32_t>(t.shellChunk.size()));
    w.put(static_cast<std::int32_t>(t.chunks.size()));
    for (std::size_t i = 0; i < t.coreChunk.size(); ++i) w.put(static_cast<std::uint16_t>(t.coreChunk[i] * 8 + t.coreMaterial[i]));
    for (std::size_t i = 0; i < t.shellChunk.size(); ++i) w.put(static_cast<std::uint16_t>(t.shellChunk[i] * 8 + t.shellMaterial[i]));
    while ((w.size() - start) % 4 != 0) w.put(std::uint8_t{0});
    for (const Spl2Chunk& c : t.chunks) {
        w.putBytes(c.centroid.data(), 12);
        w.put(c.part);
        w.put(c.size);
    }
}

void getPart(ByteReader& r, Spl2Part& p) {
    for (auto* field : {&p.pos, &p.ax0, &p.ax1, &p.normal, &p.color})
        r.getBytes(field->data(), field->size() * sizeof(Eigen::Vector3f));
    r.getBytes(p.opacity.data(), p.opacity.size() * sizeof(float));
    r.getBytes(p.attrs.data(), p.attrs.size() * sizeof(Eigen::Vector4f));
}

Status getOrders(ByteReader& r, Spl2Model& m) {
    const std::size_t n = m.shell.size();
    std::vector<char> seen(n);
    m.orders.assign(kSpl2Buckets, std::vector<std::int32_t>(n));
    for (auto& order : m.orders) {
        std::fill(seen.begin(), seen.end(), 0);
        for (auto& idx : order) {
            const std::size_t at = r.offset();
            idx = r.get<std::int32_t>();
            if (idx < 0 || static_cast<std::size_t>(idx) >= n || seen[static_cast<std::size_t>(idx)])
                return r.errorAt(ErrorCode::Parse, at, "shell order entry " + std::to_string(idx) + " breaks the permutation");
            seen[static_cast<std::size_t>(idx)] = 1;
        }
    }
    return {};
}

Status getCodes(ByteReader& r, std::size_t n, std::vector<std::int32_t>& chunk, std::vector<std::int32_t>& mat) {
    chunk.resize(n);
    mat.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t at = r.offset();
        const std::uint16_t code = r.get<std::uint16_t>();
        chunk[i] = code / 8;
        mat[i] = code % 8;
        if (mat[i] >= kSpl2MaterialClasses || code + 1 > kSpl2MaxPacked)
            return r.errorAt(ErrorCode::Parse, at, "CHNK code " + std::to_string(code) + " has no valid chunk/material");
    }
    return {};
}

Result<Spl2ChunkTail> getTail(ByteReader& r, const Spl2Model& m) {
    const std::size_t start = r.offset();
    SW_TRY(r.require(20, "CHNK header"));
    char magic[4];
    r.getBytes(magic, 4);
    if (std::memcmp(magic, "CHNK", 4) != 0) return r.errorAt(ErrorCode::Parse, start, "unexpected trailing bytes (no CHNK tail)");
    if (const auto v = r.get<std::int32_t>(); v != kSpl2ChunkVersion)
        return r.errorAt(ErrorCode::Unsupported, start + 4, "CHNK version " + std::to_string(v));
    const auto nCore = r.get<std::int32_t>(), nShell = r.get<std::int32_t>(), nChunks = r.get<std::int32_t>();
    if (nCore != static_cast<std::int32_t>(m.core.size()) || nShell != static_cast<std::int32_t>(m.shell.size()))
        return r.errorAt(ErrorCode::Parse, start + 8, "CHNK splat counts do not match the SPL2 header");
    if (nChunks < 0 || nChunks > kSpl2MaxPacked / 8)
        return r.errorAt(ErrorCode::Parse, start + 16, "CHNK chunk count " + std::to_string(nChunks) + " is out of range");
    const std::size_t codes = static_cast<std::size_t>(nCore) + static_cast<std::size_t>(nShell);
    const std::size_t pad = (4 - (20 + 2 * codes) % 4) % 4;
    SW_TRY(r.require(2 * codes + pad + kChunkRecordBytes * static_cast<std::size_t>(nChunks), "CHNK body"));
    Spl2ChunkTail t;
    SW_TRY(getCodes(r, m.core.size(), t.coreChunk, t.coreMaterial));
    SW_TRY(getCodes(r, m.shell.size(), t.shellChunk, t.shellMaterial));
    r.skip(pad);
    t.chunks.resize(static_cast<std::size_t>(nChunks));
    for (Spl2Chunk& c : t.chunks) {
        r.getBytes(c.centroid.data(), 12);
        c.part = r.get<std::int32_t>();
        c.size = r.get<float>();
    }
    if (r.remaining() != 0) return r.error(ErrorCode::Parse, std::to_string(r.remaining()) + " unexpected trailing bytes after CHNK");
    return t;
}

}  // namespace

void Spl2Part::resize(std::size_t n) {
    for (auto* field : {&pos, &ax0, &ax1, &normal, &color}) field->resize(n, Eigen::Vector3f::Zero());
    opacity.resize(n, 0.0f);
    attrs.resize(n, Eigen::Vector4f::Zero());
}

Status validateSpl2(const Spl2Model& m, const std::string& what) {
    SW_TRY(validatePart(m.core, "core", what));
    SW_TRY(validatePart(m.shell, "shell", what));
    SW_TRY(validateOrders(m, what));
    if (!m.chunks) return {};
    const Spl2ChunkTail& t = *m.chunks;
    if (t.chunks.size() > static_cast<std::size_t>(kSpl2MaxPacked / 8))
        return invalid(what, "CHNK has " + std::to_string(t.chunks.size()) + " chunks (at most 256)");
    SW_TRY(validateCodes(t.coreChunk, t.coreMaterial, m.core.size(), t.chunks.size(), "core", what));
    SW_TRY(validateCodes(t.shellChunk, t.shellMaterial, m.shell.size(), t.chunks.size(), "shell", what));
    for (std::size_t c = 0; c < t.chunks.size(); ++c)
        if (!t.chunks[c].centroid.allFinite() || !std::isfinite(t.chunks[c].size))
            return invalid(what, "chunk " + std::to_string(c) + " has a non-finite value");
    return {};
}

Result<std::vector<std::uint8_t>> encodeSpl2(const Spl2Model& m, const std::string& what) {
    SW_TRY(validateSpl2(m, what));
    ByteWriter w;
    w.putText("SPL2");
    w.put(static_cast<std::int32_t>(m.core.size()));
    w.put(static_cast<std::int32_t>(m.shell.size()));
    w.put(static_cast<std::int32_t>(kSpl2Buckets));
    putPart(w, m.core);
    putPart(w, m.shell);
    for (const auto& order : m.orders) w.putBytes(order.data(), order.size() * sizeof(std::int32_t));
    if (m.chunks) putTail(w, *m.chunks);
    return std::move(w.bytes());
}

Status writeSpl2(const std::string& path, const Spl2Model& m) {
    auto bytes = encodeSpl2(m, path);
    if (!bytes) return bytes.error();
    return writeFileAtomic(path, *bytes);
}

Result<Spl2Model> decodeSpl2(std::span<const std::uint8_t> bytes, const std::string& path) {
    ByteReader r(bytes, path);
    SW_TRY(r.require(16, "SPL2 header"));
    if (std::memcmp(bytes.data(), "SPL2", 4) != 0) return r.errorAt(ErrorCode::Parse, 0, "bad SPL2 magic");
    r.skip(4);
    const auto nCore = r.get<std::int32_t>(), nShell = r.get<std::int32_t>(), nBuckets = r.get<std::int32_t>();
    if (nCore < 0 || nShell < 0) return r.errorAt(ErrorCode::Parse, 4, "negative splat count");
    if (nBuckets != kSpl2Buckets)
        return r.errorAt(ErrorCode::Unsupported, 12, "SPL2 has " + std::to_string(nBuckets) + " buckets (64 expected)");
    const std::uint64_t splats = std::uint64_t(nCore) + std::uint64_t(nShell);
    SW_TRY(r.require(splats * kFloatsPerSplat * 4 + std::uint64_t(kSpl2Buckets) * std::uint64_t(nShell) * 4,
                     std::to_string(nCore) + " core and " + std::to_string(nShell) + " shell splats"));
    Spl2Model m;
    m.core.resize(static_cast<std::size_t>(nCore));
    m.shell.resize(static_cast<std::size_t>(nShell));
    getPart(r, m.core);
    getPart(r, m.shell);
    SW_TRY(getOrders(r, m));
    if (r.remaining() > 0) {
        auto tail = getTail(r, m);
        if (!tail) return tail.error();
        m.chunks = std::move(*tail);
    }
    SW_TRY(validateSpl2(m, path));
    return m;
}

Result<Spl2Model> readSpl2(const std::string& path) {
    auto bytes = readFileBytes(path);
    if (!bytes) return bytes.error();
    return decodeSpl2(*bytes, path);
}

}  // namespace sw::formats
