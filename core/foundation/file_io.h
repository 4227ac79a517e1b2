#pragma once
// File helpers shared by every writer: whole-file reads with clear errors, and atomic writes
// (temporary in the same folder, fsync, rename) so a crash or a failed export never leaves a
// half-written file behind.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/foundation/error.h"

namespace sw {

Result<std::vector<std::uint8_t>> readFileBytes(const std::string& path);
Result<std::string> readFileText(const std::string& path);

// Writes data to path atomically; on failure the previous file (if any) is untouched and no
// temporary is left behind.
Status writeFileAtomic(const std::string& path, std::span<const std::uint8_t> data);
Status writeFileAtomic(const std::string& path, std::string_view text);

// Streaming variant: write() appends, commit() publishes. Destroying without commit() removes
// the temporary.
class AtomicFile {
public:
    explicit AtomicFile(std::string path);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    Status open();
    Status write(const void* data, std::size_t size);
    Status commit();
    const std::string& path() const { return m_path; }

private:
    std::string m_path;
    std::string m_tempPath;
    int m_fd = -1;
    bool m_failed = false;
};

}  // namespace sw
