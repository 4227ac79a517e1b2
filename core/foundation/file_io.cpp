#include "core/foundation/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>

namespace sw {
namespace {

std::string errnoText() { return std::strerror(errno); }

}  // namespace

Result<std::vector<std::uint8_t>> readFileBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) return makeError(ErrorCode::Io, "cannot open file (" + errnoText() + ")", path);
    const std::streamoff size = in.tellg();
    if (size < 0) return makeError(ErrorCode::Io, "cannot read file size", path);
    std::vector<std::uint8_t> data(static_cast<std::size_t>(size));
    in.seekg(0);
    if (size > 0 && !in.read(reinterpret_cast<char*>(data.data()), size))
        return makeError(ErrorCode::Io, "read failed", path);
    return data;
}

Result<std::string> readFileText(const std::string& path) {
    auto bytes = readFileBytes(path);
    if (!bytes) return bytes.error();
    return std::string(bytes->begin(), bytes->end());
}

AtomicFile::AtomicFile(std::string path) : m_path(std::move(path)) {}

AtomicFile::~AtomicFile() {
    if (m_fd >= 0) ::close(m_fd);
    if (!m_tempPath.empty()) ::unlink(m_tempPath.c_str());
}

Status AtomicFile::open() {
    std::random_device rd;
    char suffix[32];
    std::snprintf(suffix, sizeof suffix, ".tmp-%08x", rd());
    m_tempPath = m_path + suffix;
    m_fd = ::open(m_tempPath.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (m_fd < 0) {
        std::string why = errnoText();
        m_tempPath.clear();
        return makeError(ErrorCode::Io, "cannot create file (" + why + ")", m_path);
    }
    return {};
}

Status AtomicFile::write(const void* data, std::size_t size) {
    if (m_fd < 0) return makeError(ErrorCode::Io, "file not open", m_path);
    const auto* p = static_cast<const char*>(data);
    while (size > 0) {
        const ssize_t n = ::write(m_fd, p, size);
        if (n < 0) {
            if (errno == EINTR) continue;
            m_failed = true;
            return makeError(ErrorCode::Io, "write failed (" + errnoText() + ")", m_path);
        }
        p += n;
        size -= static_cast<std::size_t>(n);
    }
    return {};
}

Status AtomicFile::commit() {
    if (m_fd < 0 || m_failed) return makeError(ErrorCode::Io, "nothing to commit", m_path);
    if (::fsync(m_fd) != 0) return makeError(ErrorCode::Io, "fsync failed (" + errnoText() + ")", m_path);
    ::close(m_fd);
    m_fd = -1;
    if (::rename(m_tempPath.c_str(), m_path.c_str()) != 0)
        return makeError(ErrorCode::Io, "rename failed (" + errnoText() + ")", m_path);
    m_tempPath.clear();
    return {};
}

Status writeFileAtomic(const std::string& path, std::span<const std::uint8_t> data) {
    AtomicFile file(path);
    SW_TRY(file.open());
    SW_TRY(file.write(data.data(), data.size()));
    return file.commit();
}

Status writeFileAtomic(const std::string& path, std::string_view text) {
    return writeFileAtomic(path, std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

}  // namespace sw
