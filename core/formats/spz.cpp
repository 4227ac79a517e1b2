#include "core/formats/spz.h"

#include <algorithm>
#include <array>
#include <sstream>

#include "core/formats/detail/byte_io.h"
#include "core/formats/detail/compress.h"
#include "core/formats/detail/spz_pack.h"
#include "core/foundation/file_io.h"
#include "core/foundation/memory.h"

namespace sw::formats {
namespace {

using detail::ByteReader;
using detail::ByteWriter;
using detail::SpzPacked;

constexpr std::uint8_t kFlagHasExtensions = 0x2;
constexpr std::size_t kLegacyHeaderBytes = 16;
constexpr std::size_t kHeaderV4Bytes = 32;
constexpr int kZstdLevel = 12;
// Largest plausible compression ratio, used to reject absurd point counts before allocating.
constexpr std::uint64_t kMaxCompressionRatio = 1100;

std::array<std::vector<std::uint8_t>*, 6> blocks(SpzPacked& p) {
    return {&p.positions, &p.alphas, &p.colors, &p.scales, &p.rotations, &p.sh};
}

// The header fields both containers start with: magic, version, point count, SH degree,
// fractional bits, flags (the next byte is the legacy container's reserved byte or the v4
// container's stream count).
void putHeaderStart(ByteWriter& w, const SpzPacked& p) {
    w.put(detail::kSpzMagic);
    w.put(p.version);
    w.put(p.numPoints);
    w.put(static_cast<std::uint8_t>(p.shDegree));
    w.put(static_cast<std::uint8_t>(p.fractionalBits));
    w.put(p.flags);
}

Result<std::vector<std::uint8_t>> encodeLegacy(SpzPacked& p) {
    ByteWriter w;
    std::size_t payload = 0;
    for (auto* b : blocks(p)) payload += b->size();
    w.bytes().reserve(kLegacyHeaderBytes + payload);
    putHeaderStart(w, p);
    w.put(std::uint8_t{0});
    for (auto* b : blocks(p)) w.putBytes(b->data(), b->size());
    return detail::gzipCompress(w.bytes());
}

Result<std::vector<std::uint8_t>> encodeV4(SpzPacked& p) {
    std::vector<std::vector<std::uint8_t>> streams;
    std::vector<std::uint64_t> rawSizes;
    for (auto* b : blocks(p)) {
        if (b->empty()) continue;
        auto z = detail::zstdCompress(*b, kZstdLevel);
        if (!z) return z.error();
        streams.push_back(std::move(*z));
        rawSizes.push_back(b->size());
    }
    ByteWriter w;
    putHeaderStart(w, p);
    w.put(static_cast<std::uint8_t>(streams.size()));
    w.put(static_cast<std::uint32_t>(kHeaderV4Bytes));  // TOC right after the header
    for (int i = 0; i < 12; ++i) w.put(std::uint8_t{0});
    for (std::size_t i = 0; i < streams.size(); ++i) {
        w.put(static_cast<std::uint64_t>(streams[i].size()));
        w.put(rawSizes[i]);
    }
    for (const auto& s : streams) w.putBytes(s.data(), s.size());
    return std::move(w.bytes());
}

// Header fields shared by both containers, validated.
Status checkHeader(const ByteReader& r, const SpzPacked& p, std::uint32_t minVersion, std::uint32_t maxVersion) {
    if (p.version < minVersion || p.version > maxVersion) {
        return r.errorAt(ErrorCode::Unsupported, 4, "SPZ version " + std::to_string(p.version) + " in this container is not supported");
    }
    if (p.shDegree > splat::kMaxShDegree)
        return r.errorAt(ErrorCode::Unsupported, 12, "SPZ SH degree " + std::to_string(p.shDegree) + " (at most 3)");
    if (p.fractionalBits > 24)
        return r.errorAt(ErrorCode::Parse, 13, "SPZ fractional bits " + std::to_string(p.fractionalBits) + " exceed 24");
    return {};
}

Result<SpzPacked> decodeLegacy(std::span<const std::uint8_t> file, const std::string& path) {
    auto raw = detail::gzipDecompress(file, file.size() * kMaxCompressionRatio + 4096, path);
    if (!raw) return raw.error();
    ByteReader r(*raw, path);
    r.setOffsetSuffix(" of the decompressed stream");
    SW_TRY(r.require(kLegacyHeaderBytes, "SPZ header"));
    if (r.get<std::uint32_t>() != detail::kSpzMagic) return r.errorAt(ErrorCode::Parse, 0, "bad SPZ magic");
    SpzPacked p;
    p.version = r.get<std::uint32_t>();
    p.numPoints = r.get<std::uint32_t>();
    p.shDegree = r.get<std::uint8_t>();
    p.fractionalBits = r.get<std::uint8_t>();
    p.flags = r.get<std::uint8_t>();
    r.skip(1);
    SW_TRY(checkHeader(r, p, 2, 3));
    SW_TRY(r.require(std::uint64_t{p.numPoints} * detail::spzBytesPerPoint(p.version, p.shDegree),
                     std::to_string(p.numPoints) + " points"));
    detail::allocateSpz(p);
    for (auto* b : blocks(p)) r.getBytes(b->data(), b->size());
    if (r.remaining() != 0 && !(p.flags & kFlagHasExtensions))
        return r.error(ErrorCode::Parse, std::to_string(r.remaining()) + " unexpected trailing bytes");
    return p;
}

Result<SpzPacked> decodeV4(std::span<const std::uint8_t> file, const std::string& path) {
    ByteReader r(file, path);
    SW_TRY(r.require(kHeaderV4Bytes, "SPZ v4 header"));
    SpzPacked p;
    r.skip(4);
    p.version = r.get<std::uint32_t>();
    p.numPoints = r.get<std::uint32_t>();
    p.shDegree = r.get<std::uint8_t>();
    p.fractionalBits = r.get<std::uint8_t>();
    p.flags = r.get<std::uint8_t>();
    const std::uint8_t numStreams = r.get<std::uint8_t>();
    const std::uint32_t tocOffset = r.get<std::uint32_t>();
    SW_TRY(checkHeader(r, p, 4, 4));
    for (std::size_t at = 20; at < kHeaderV4Bytes; ++at)  // reserved: zero in every version-4 writer
        if (file[at] != 0)
            return r.errorAt(ErrorCode::Unsupported, at, "SPZ v4 reserved header byte is " + std::to_string(file[at]) +
                                                           ", not 0: written by a newer SPZ version this reader does not know");
    if (std::uint64_t{p.numPoints} * 9 > file.size() * kMaxCompressionRatio)
        return r.errorAt(ErrorCode::Parse, 8, "SPZ point count " + std::to_string(p.numPoints) + " is implausible for the file size");
    if (tocOffset < kHeaderV4Bytes || tocOffset > file.size())
        return r.errorAt(ErrorCode::Parse, 16, "SPZ table of contents offset " + std::to_string(tocOffset) + " is out of range");
    // Everything the file declares is checked against the file before anything is allocated
    // for the declared point count: stream count, table of contents, each stream's
    // uncompressed size (from the count) and compressed size (within the file), and the size
    // each ZSTD frame header records.
    const std::uint64_t n = p.numPoints;
    const std::array<std::uint64_t, 6> blockSizes{n * 9, n, n * 3, n * 3, n * detail::spzRotationBytes(p.version),
                                                  n * 3 * static_cast<std::uint64_t>(splat::shRestCount(p.shDegree))};
    std::vector<std::uint64_t> expectedSizes;
    for (std::uint64_t size : blockSizes)
        if (size != 0) expectedSizes.push_back(size);
    if (numStreams != expectedSizes.size())
        return r.errorAt(ErrorCode::Parse, 15, "SPZ has " + std::to_string(numStreams) + " streams, expected " +
                                                   std::to_string(expectedSizes.size()));
    r.skip(tocOffset - r.offset());
    SW_TRY(r.require(std::uint64_t{numStreams} * 16, "SPZ table of contents"));
    const std::size_t tocStart = r.offset();
    std::vector<std::uint64_t> compressed(numStreams);
    for (std::size_t i = 0; i < numStreams; ++i) {
        compressed[i] = r.get<std::uint64_t>();
        const std::uint64_t raw = r.get<std::uint64_t>();
        if (raw != expectedSizes[i])
            return r.errorAt(ErrorCode::Parse, r.offset() - 8, "SPZ stream " + std::to_string(i) + " declares " +
                                                                   std::to_string(raw) + " uncompressed bytes, expected " +
                                                                   std::to_string(expectedSizes[i]) + " for " +
                                                                   std::to_string(n) + " points");
    }
    std::uint64_t left = r.remaining();  // bytes after the table of contents
    for (std::size_t i = 0; i < numStreams; ++i) {
        if (compressed[i] > left)
            return r.errorAt(ErrorCode::Parse, tocStart + 16 * i, "SPZ stream " + std::to_string(i) + " declares " +
                                                                      std::to_string(compressed[i]) + " compressed bytes but only " +
                                                                      std::to_string(left) + " are left in the file");
        left -= compressed[i];
    }
    for (std::size_t i = 0, at = r.offset(); i < numStreams; at += compressed[i], ++i) {
        const auto frameSize = detail::zstdFrameContentSize({file.data() + at, compressed[i]});
        if (frameSize && *frameSize != expectedSizes[i])
            return r.errorAt(ErrorCode::Parse, at, "SPZ stream " + std::to_string(i) + " holds " + std::to_string(*frameSize) +
                                                       " bytes, expected " + std::to_string(expectedSizes[i]) + " for " +
                                                       std::to_string(n) + " points");
    }
    SW_TRY(checkAllocation(n * detail::spzBytesPerPoint(p.version, p.shDegree),
                           "an SPZ cloud of " + std::to_string(n) + " points", path));
    detail::allocateSpz(p);
    std::vector<std::vector<std::uint8_t>*> expected;
    for (auto* b : blocks(p))
        if (!b->empty()) expected.push_back(b);
    for (std::size_t i = 0; i < numStreams; ++i) {
        SW_TRY(r.require(compressed[i], "SPZ stream " + std::to_string(i)));
        SW_TRY(detail::zstdDecompress({r.current(), compressed[i]}, *expected[i], path, r.offset()));
        r.skip(compressed[i]);
    }
    if (r.remaining() != 0) return r.error(ErrorCode::Parse, std::to_string(r.remaining()) + " unexpected trailing bytes");
    return p;
}

}  // namespace

Result<std::vector<std::uint8_t>> encodeSpz(const splat::SplatCloud& cloud, const SpzWriteOptions& options,
                                            const std::string& what) {
    if (options.version < 2 || options.version > 4)
        return makeError(ErrorCode::InvalidInput, "SPZ version " + std::to_string(options.version) + " cannot be written (2, 3 or 4)", what);
    SW_TRY(cloud.validate(what));
    splat::SplatCloud rub;  // SPZ's own axes (axes.h) unless asked for model space
    if (options.axes == Axes::Standard) {
        rub = cloud;
        modelToFrame(rub, Frame::Rub);
    }
    auto packed = detail::packSpz(options.axes == Axes::Standard ? rub : cloud,
                                  static_cast<std::uint32_t>(options.version), what);
    if (!packed) return packed.error();
    return options.version == 4 ? encodeV4(*packed) : encodeLegacy(*packed);
}

Status writeSpz(const std::string& path, const splat::SplatCloud& cloud, const SpzWriteOptions& options) {
    auto bytes = encodeSpz(cloud, options, path);
    if (!bytes) return bytes.error();
    return writeFileAtomic(path, *bytes);
}

Result<splat::SplatCloud> decodeSpz(std::span<const std::uint8_t> bytes, const std::string& path, Axes axes) {
    Result<SpzPacked> packed = makeError(ErrorCode::Parse, "not an SPZ file (neither gzip nor NGSP magic at byte offset 0)", path);
    if (bytes.size() >= 4 && bytes[0] == 0x4e && bytes[1] == 0x47 && bytes[2] == 0x53 && bytes[3] == 0x50)
        packed = decodeV4(bytes, path);
    else if (bytes.size() >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b)
        packed = decodeLegacy(bytes, path);
    if (!packed) return packed.error();
    splat::SplatCloud cloud = detail::unpackSpz(*packed);
    SW_TRY(cloud.validate(path));
    if (axes == Axes::Standard) frameToModel(cloud, Frame::Rub);
    return cloud;
}

Result<splat::SplatCloud> decodeSpz(std::span<const std::uint8_t> bytes, const std::string& path) {
    return decodeSpz(bytes, path, Axes::Standard);
}

Result<splat::SplatCloud> readSpz(const std::string& path, Axes axes) {
    auto bytes = readFileBytes(path);
    if (!bytes) return bytes.error();
    return decodeSpz(*bytes, path, axes);
}

}  // namespace sw::formats
