#pragma once
// A read-only ZIP archive (PKWARE APPNOTE 6.3.x, sections 4.3.7 local header, 4.3.12 central
// directory header, 4.3.16 end of central directory) held in memory: what a bundled SOG is.
// Entries stored (method 0) or deflated (method 8, raw RFC 1951 through zlib) are read; ZIP64,
// encryption and other methods are refused as unsupported. Every offset and size is checked
// against the archive's bytes, and an entry's CRC-32 must match.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/foundation/error.h"

namespace sw::formats::detail {

struct ZipEntry {
    std::string name;
    std::uint16_t method = 0;
    std::uint32_t crc = 0;
    std::uint64_t compressedSize = 0;
    std::uint64_t size = 0;
    std::uint64_t localHeaderOffset = 0;
};

class ZipArchive {
public:
    // Reads the central directory of `bytes`; errors name `path`.
    static Result<ZipArchive> open(std::vector<std::uint8_t> bytes, std::string path);

    const std::vector<ZipEntry>& entries() const { return m_entries; }
    // The entry of this exact name, or nullptr.
    const ZipEntry* find(const std::string& name) const;
    // The entry's bytes; an entry larger than maxSize is refused (OutOfMemory).
    Result<std::vector<std::uint8_t>> extract(const ZipEntry& entry, std::uint64_t maxSize) const;
    const std::string& path() const { return m_path; }

private:
    std::vector<std::uint8_t> m_bytes;
    std::string m_path;
    std::vector<ZipEntry> m_entries;
};

}  // namespace sw::formats::detail
