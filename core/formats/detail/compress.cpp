#include "core/formats/detail/compress.h"

#include <zlib.h>
#include <zstd.h>

#include <sstream>

namespace sw::formats::detail {
namespace {

Error zlibError(const std::string& what, const char* message, std::size_t offset) {
    std::ostringstream os;
    os << "gzip stream " << message << " at compressed byte offset " << offset;
    return makeError(ErrorCode::Parse, os.str(), what);
}

}  // namespace

Result<std::vector<std::uint8_t>> gzipCompress(std::span<const std::uint8_t> data) {
    z_stream zs{};
    // windowBits 15 + 16 selects the gzip wrapper (zlib manual, deflateInit2).
    if (deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK)
        return makeError(ErrorCode::Internal, "deflateInit2 failed");
    std::vector<std::uint8_t> out(deflateBound(&zs, static_cast<uLong>(data.size())) + 64);
    zs.next_in = const_cast<Bytef*>(data.data());
    zs.avail_in = static_cast<uInt>(data.size());
    zs.next_out = out.data();
    zs.avail_out = static_cast<uInt>(out.size());
    const int rc = deflate(&zs, Z_FINISH);
    const std::size_t produced = zs.total_out;
    deflateEnd(&zs);
    if (rc != Z_STREAM_END) return makeError(ErrorCode::Internal, "gzip compression failed");
    out.resize(produced);
    return out;
}

Result<std::vector<std::uint8_t>> gzipDecompress(std::span<const std::uint8_t> data,
                                                 std::size_t maxOutput, const std::string& what) {
    z_stream zs{};
    if (inflateInit2(&zs, 15 + 16) != Z_OK) return makeError(ErrorCode::Internal, "inflateInit2 failed");
    std::vector<std::uint8_t> out;
    std::uint8_t buffer[65536];
    zs.next_in = const_cast<Bytef*>(data.data());
    zs.avail_in = static_cast<uInt>(data.size());
    int rc = Z_OK;
    while (rc != Z_STREAM_END) {
        zs.next_out = buffer;
        zs.avail_out = sizeof(buffer);
        rc = inflate(&zs, Z_NO_FLUSH);
        const std::size_t got = sizeof(buffer) - zs.avail_out;
        if (rc != Z_OK && rc != Z_STREAM_END) {
            const std::size_t at = zs.total_in;
            inflateEnd(&zs);
            return zlibError(what, rc == Z_BUF_ERROR ? "is truncated" : "is corrupt", at);
        }
        if (out.size() + got > maxOutput) {
            inflateEnd(&zs);
            std::ostringstream os;
            os << "gzip stream inflates past the " << maxOutput << "-byte limit";
            return makeError(ErrorCode::Parse, os.str(), what);
        }
        out.insert(out.end(), buffer, buffer + got);
        if (rc == Z_OK && got == 0 && zs.avail_in == 0) {
            const std::size_t at = zs.total_in;
            inflateEnd(&zs);
            return zlibError(what, "is truncated", at);
        }
    }
    const std::size_t consumed = zs.total_in;
    inflateEnd(&zs);
    if (consumed != data.size()) return zlibError(what, "is followed by trailing bytes", consumed);
    return out;
}

Result<std::vector<std::uint8_t>> zstdCompress(std::span<const std::uint8_t> data, int level) {
    std::vector<std::uint8_t> out(ZSTD_compressBound(data.size()));
    const std::size_t n = ZSTD_compress(out.data(), out.size(), data.data(), data.size(), level);
    if (ZSTD_isError(n)) {
        return makeError(ErrorCode::Internal, std::string("ZSTD compression failed: ") + ZSTD_getErrorName(n));
    }
    out.resize(n);
    return out;
}

std::optional<std::uint64_t> zstdFrameContentSize(std::span<const std::uint8_t> src) {
    const unsigned long long size = ZSTD_getFrameContentSize(src.data(), src.size());
    if (size == ZSTD_CONTENTSIZE_UNKNOWN || size == ZSTD_CONTENTSIZE_ERROR) return std::nullopt;
    return static_cast<std::uint64_t>(size);
}

Status zstdDecompress(std::span<const std::uint8_t> src, std::span<std::uint8_t> dst,
                      const std::string& what, std::size_t fileOffset) {
    const std::size_t n = ZSTD_decompress(dst.data(), dst.size(), src.data(), src.size());
    if (ZSTD_isError(n) || n != dst.size()) {
        std::ostringstream os;
        os << "ZSTD stream at byte offset " << fileOffset << " is corrupt or has the wrong size ("
           << (ZSTD_isError(n) ? ZSTD_getErrorName(n) : "expected " + std::to_string(dst.size()) +
                                                             " bytes, got " + std::to_string(n))
           << ")";
        return makeError(ErrorCode::Parse, os.str(), what);
    }
    return {};
}

}  // namespace sw::formats::detail
