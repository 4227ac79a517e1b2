#pragma once
// gzip (zlib) and ZSTD wrappers for SPZ. Decompression is bounded so a corrupt or hostile
// stream cannot allocate without limit; errors name `what` (the file) and the byte offset.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/foundation/error.h"

namespace sw::formats::detail {

// One gzip member (RFC 1952), deflate default level.
Result<std::vector<std::uint8_t>> gzipCompress(std::span<const std::uint8_t> data);

// Inflates one gzip member; fails on corrupt or truncated input and when the output would
// exceed maxOutput bytes.
Result<std::vector<std::uint8_t>> gzipDecompress(std::span<const std::uint8_t> data,
                                                 std::size_t maxOutput, const std::string& what);

// One ZSTD frame (RFC 8878) at the given level.
Result<std::vector<std::uint8_t>> zstdCompress(std::span<const std::uint8_t> data, int level);

// The decompressed size a ZSTD frame's header records; nullopt when the frame does not record
// it or src is not the start of a ZSTD frame (the decompressor then reports the problem).
std::optional<std::uint64_t> zstdFrameContentSize(std::span<const std::uint8_t> src);

// Decompresses a ZSTD frame that must inflate to exactly dst.size() bytes. fileOffset is
// where src starts in the file (for the error message).
Status zstdDecompress(std::span<const std::uint8_t> src, std::span<std::uint8_t> dst,
                      const std::string& what, std::size_t fileOffset);

}  // namespace sw::formats::detail
