#pragma once
// A ZIP archive built in memory (PKWARE APPNOTE 6.3.x: local headers, central directory, end of
// central directory; no ZIP64): what a bundled SOG is written as. Each entry is deflated (raw
// RFC 1951 through zlib) when that makes it smaller, else stored; WebP images are already
// compressed and end up stored. Read back by ZipArchive (zip_archive.h).
#include <cstdint>
#include <string>
#include <vector>

#include "core/foundation/error.h"

namespace sw::formats::detail {

struct ZipInput {
    std::string name;
    std::vector<std::uint8_t> bytes;
};

// The archive's bytes; the entries keep their order. Refused (InvalidInput naming `path`) when
// an entry or the whole archive reaches 4 GiB, or there are 65535 entries or more.
Result<std::vector<std::uint8_t>> buildZip(const std::vector<ZipInput>& entries, const std::string& path);

}  // namespace sw::formats::detail
