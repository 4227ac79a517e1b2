#include "core/formats/detail/zip_archive.h"

#include <zlib.h>

#include <algorithm>
#include <cstring>
#include <limits>

namespace sw::formats::detail {
namespace {

constexpr std::uint32_t kEndSignature = 0x06054b50;
constexpr std::uint32_t kCentralSignature = 0x02014b50;
constexpr std::uint32_t kLocalSignature = 0x04034b50;
constexpr std::size_t kEndBytes = 22, kCentralBytes = 46, kLocalBytes = 30;

std::uint16_t u16(const std::uint8_t* p) { return std::uint16_t(p[0] | (p[1] << 8)); }
std::uint32_t u32(const std::uint8_t* p) { return std::uint32_t(u16(p)) | (std::uint32_t(u16(p + 2)) << 16); }

Error parseError(const std::string& path, const std::string& message, std::uint64_t offset) {
    return makeError(ErrorCode::Parse, "ZIP: " + message + " at byte offset " + std::to_string(offset), path);
}

// The end-of-central-directory record: the last signature whose comment reaches the file's end.
Result<std::size_t> findEnd(const std::vector<std::uint8_t>& b, const std::string& path) {
    if (b.size() < kEndBytes) return parseError(path, "truncated: no end of central directory", b.size());
    const std::size_t lowest = b.size() > kEndBytes + 0xffff ? b.size() - kEndBytes - 0xffff : 0;
    for (std::size_t at = b.size() - kEndBytes + 1; at-- > lowest;)
        if (u32(&b[at]) == kEndSignature && at + kEndBytes + u16(&b[at + 20]) == b.size()) return at;
    return makeError(ErrorCode::Parse, "not a ZIP archive (no end of central directory record)", path);
}

Result<std::vector<std::uint8_t>> inflateRaw(std::span<const std::uint8_t> in, std::uint64_t size, const std::string& what) {
    std::vector<std::uint8_t> out(size);
    z_stream z{};
    if (inflateInit2(&z, -MAX_WBITS) != Z_OK) return makeError(ErrorCode::Internal, "zlib inflateInit2 failed", what);
    z.next_in = const_cast<Bytef*>(in.data());
    z.avail_in = static_cast<uInt>(in.size());
    z.next_out = out.data();
    z.avail_out = static_cast<uInt>(out.size());
    const int rc = inflate(&z, Z_FINISH);
    const std::uint64_t produced = z.total_out;
    inflateEnd(&z);
    if (rc != Z_STREAM_END || produced != size)
        return makeError(ErrorCode::Parse, "corrupt deflate stream (" + std::to_string(produced) + " of " + std::to_string(size) +
                                               " bytes inflated)", what);
    return out;
}

}  // namespace

Result<ZipArchive> ZipArchive::open(std::vector<std::uint8_t> bytes, std::string path) {
    ZipArchive zip;
    zip.m_bytes = std::move(bytes);
    zip.m_path = std::move(path);
    const auto& b = zip.m_bytes;
    auto endAt = findEnd(b, zip.m_path);
    if (!endAt) return endAt.error();
    const std::uint8_t* end = &b[*endAt];
    const std::uint16_t count = u16(end + 10);
    const std::uint32_t cdSize = u32(end + 12), cdOffset = u32(end + 16);
    if (u16(end + 4) != 0 || u16(end + 6) != 0 || u16(end + 8) != count)
        return makeError(ErrorCode::Unsupported, "ZIP archive spanning several disks", zip.m_path);
    if (count == 0xffff || cdOffset == 0xffffffffu || cdSize == 0xffffffffu)
        return makeError(ErrorCode::Unsupported, "ZIP64 archive (entries or offsets past 4 GiB)", zip.m_path);
    if (std::uint64_t(cdOffset) + cdSize > *endAt)
        return parseError(zip.m_path, "central directory of " + std::to_string(cdSize) + " bytes overruns the archive", cdOffset);
    std::size_t at = cdOffset;
    const std::size_t cdEnd = std::size_t(cdOffset) + cdSize;
    for (std::uint16_t i = 0; i < count; ++i) {
        if (at + kCentralBytes > cdEnd || u32(&b[at]) != kCentralSignature)
            return parseError(zip.m_path, "central directory entry " + std::to_string(i) + " is missing or truncated", at);
        const std::uint8_t* h = &b[at];
        const std::size_t nameLen = u16(h + 28), extraLen = u16(h + 30), commentLen = u16(h + 32);
        if (at + kCentralBytes + nameLen + extraLen + commentLen > cdEnd)
            return parseError(zip.m_path, "central directory entry " + std::to_string(i) + " is truncated", at);
        ZipEntry e;
        e.name.assign(reinterpret_cast<const char*>(h + kCentralBytes), nameLen);
        if (u16(h + 8) & 0x1) return makeError(ErrorCode::Unsupported, "encrypted ZIP entry '" + e.name + "'", zip.m_path);
        e.method = u16(h + 10);
        e.crc = u32(h + 16);
        e.compressedSize = u32(h + 20);
        e.size = u32(h + 24);
        e.localHeaderOffset = u32(h + 42);
        if (e.compressedSize == 0xffffffffu || e.size == 0xffffffffu || e.localHeaderOffset == 0xffffffffu)
            return makeError(ErrorCode::Unsupported, "ZIP64 entry '" + e.name + "'", zip.m_path);
        zip.m_entries.push_back(std::move(e));
        at += kCentralBytes + nameLen + extraLen + commentLen;
    }
    return zip;
}

const ZipEntry* ZipArchive::find(const std::string& name) const {
    auto it = std::find_if(m_entries.begin(), m_entries.end(), [&](const ZipEntry& e) { return e.name == name; });
    return it == m_entries.end() ? nullptr : &*it;
}

Result<std::vector<std::uint8_t>> ZipArchive::extract(const ZipEntry& e, std::uint64_t maxSize) const {
    const std::string what = m_path + ":" + e.name;
    const auto& b = m_bytes;
    const std::uint64_t at = e.localHeaderOffset;
    if (at + kLocalBytes > b.size() || u32(&b[at]) != kLocalSignature)
        return parseError(what, "local header missing or truncated", at);
    const std::uint64_t data = at + kLocalBytes + u16(&b[at + 26]) + u16(&b[at + 28]);
    if (data > b.size() || e.compressedSize > b.size() - data)
        return parseError(what, "truncated: entry of " + std::to_string(e.compressedSize) + " bytes overruns the archive", data);
    if (e.size > maxSize)
        return makeError(ErrorCode::OutOfMemory, "ZIP entry of " + std::to_string(e.size) + " bytes is over the limit", what);
    const std::span<const std::uint8_t> in(b.data() + data, e.compressedSize);
    std::vector<std::uint8_t> out;
    if (e.method == 0) {
        if (e.size != e.compressedSize) return parseError(what, "stored entry with different sizes", at);
        out.assign(in.begin(), in.end());
    } else if (e.method == 8) {
        auto inflated = inflateRaw(in, e.size, what);
        if (!inflated) return inflated.error();
        out = std::move(*inflated);
    } else {
        return makeError(ErrorCode::Unsupported, "ZIP compression method " + std::to_string(e.method) +
                                                     " (stored and deflate are read)", what);
    }
    uLong crc = crc32(0L, Z_NULL, 0);
    for (std::size_t done = 0; done < out.size();) {  // crc32 takes a uInt length
        const std::size_t n = std::min<std::size_t>(out.size() - done, std::numeric_limits<uInt>::max());
        crc = crc32(crc, out.data() + done, static_cast<uInt>(n));
        done += n;
    }
    if (crc != e.crc) return parseError(what, "CRC-32 mismatch (damaged entry)", data);
    return out;
}

}  // namespace sw::formats::detail
