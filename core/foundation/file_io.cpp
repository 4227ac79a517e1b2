#include "core/foundation/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <atomic>
#include <filesystem>
#include <random>

#include "core/foundation/interrupt.h"
#include "core/foundation/log.h"
#include "core/foundation/memory.h"
#include "core/foundation/pause_point.h"

namespace sw {
namespace fs = std::filesystem;
namespace {

std::string errnoText() { return std::strerror(errno); }

// What a path that is not a regular file is, for messages; empty for a regular file.
const char* kindOf(const struct stat& st) {
    if (S_ISREG(st.st_mode)) return "";
    if (S_ISDIR(st.st_mode)) return "is a folder, not a file";
    if (S_ISCHR(st.st_mode)) return "is a character device, not a file";
    if (S_ISBLK(st.st_mode)) return "is a block device, not a file";
    if (S_ISFIFO(st.st_mode)) return "is a pipe, not a file";
    if (S_ISSOCK(st.st_mode)) return "is a socket, not a file";
    return "is not a regular file";
}

Error cancelledError(const std::string& path) {
    return makeError(ErrorCode::Cancelled, "cancelled (interrupted); nothing was written", path);
}

bool allDigits(std::string_view s, bool hex) {
    if (s.empty()) return false;
    for (char c : s)
        if (!(c >= '0' && c <= '9') && !(hex && ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')))) return false;
    return true;
}

bool processRuns(long pid) {
    if (pid <= 0 || pid > INT_MAX) return false;
    if (pid == ::getpid()) return true;
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

}  // namespace

std::uint64_t fnv1a64(std::span<const std::uint8_t> bytes) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (std::uint8_t b : bytes) {
        h ^= b;
        h *= 0x100000001b3ull;
    }
    return h;
}

Result<std::vector<std::uint8_t>> readFileBytes(const std::string& path) {
    // O_NONBLOCK: a pipe or device named as an input is refused below instead of blocking open()
    // (it changes nothing for a regular file's reads).
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return makeError(ErrorCode::Io, "cannot open file (" + errnoText() + ")", path);
    struct FdCloser {
        int fd;
        ~FdCloser() { ::close(fd); }
    } closer{fd};
    struct stat st {};
    if (::fstat(fd, &st) != 0) return makeError(ErrorCode::Io, "cannot read file size (" + errnoText() + ")", path);
    if (!S_ISREG(st.st_mode)) return makeError(ErrorCode::Io, kindOf(st), path);
    const auto size = static_cast<std::uint64_t>(st.st_size);
    SW_TRY(checkAllocation(size, "reading the file", path));
    std::vector<std::uint8_t> data(static_cast<std::size_t>(size));
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::read(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return makeError(ErrorCode::Io, "read failed (" + errnoText() + ")", path);
        if (n == 0) return makeError(ErrorCode::Io, "file shrank while being read", path);
        done += static_cast<std::size_t>(n);
    }
    return data;
}

Result<std::string> readFileText(const std::string& path) {
    auto bytes = readFileBytes(path);
    if (!bytes) return bytes.error();
    return std::string(bytes->begin(), bytes->end());
}

std::string temporaryPathFor(const std::string& target) {
    std::random_device rd;
    char suffix[48];
    std::snprintf(suffix, sizeof suffix, ".tmp-%ld-%08x", static_cast<long>(::getpid()), rd());
    return target + suffix;
}

std::vector<std::string> removeStaleTemporaries(const std::string& target) {
    std::vector<std::string> removed;
    const fs::path t(target);
    const std::string prefix = t.filename().string() + ".tmp-";
    const fs::path dir = t.parent_path().empty() ? fs::path(".") : t.parent_path();
    std::error_code ec;
    fs::directory_iterator it(dir, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        // "<any name>.tmp-<pid>-<hex>": a temporary of this program, of this target or of any
        // other in the folder (a run killed while writing something else here is swept too).
        const auto at = name.rfind(".tmp-");
        if (at == std::string::npos || at == 0) continue;
        const std::string rest = name.substr(at + 5);
        const auto dash = rest.find('-');
        std::error_code kindEc;
        const bool folder = it->is_directory(kindEc);
        if (dash != std::string::npos && allDigits(rest.substr(0, dash), false) && rest.size() - dash - 1 == 8 &&
            allDigits(rest.substr(dash + 1), true)) {
            if (processRuns(std::strtol(rest.c_str(), nullptr, 10))) continue;
            if (folder && !fs::exists(it->path() / ".splatwright-output.json", kindEc)) continue;
            std::error_code rmEc;
            if (folder) fs::remove_all(it->path(), rmEc);
            else fs::remove(it->path(), rmEc);
            if (!rmEc) {
                SW_LOG_INFO("removed the temporary " << it->path().string() << " of an interrupted run");
                removed.push_back(it->path().string());
            }
        } else if (name.compare(0, prefix.size(), prefix) == 0 && allDigits(rest, !folder)) {
            SW_LOG_WARN(it->path().string() << ": a temporary of an interrupted older run; remove it");
        }
    }
    return removed;
}

AtomicFile::AtomicFile(std::string path) : m_path(std::move(path)), m_targetPath(m_path) {}

AtomicFile::~AtomicFile() {
    if (m_fd >= 0) ::close(m_fd);
    if (!m_tempPath.empty()) ::unlink(m_tempPath.c_str());
}

Status AtomicFile::open() {
    pausePoint(m_path, nullptr);
    if (interruptRequested()) return cancelledError(m_path);
    struct stat st {};
    if (::lstat(m_path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
        char* resolved = ::realpath(m_path.c_str(), nullptr);
        if (!resolved) return makeError(ErrorCode::Io, "is a symbolic link to a missing file", m_path);
        m_targetPath = resolved;
        std::free(resolved);
    }
    if (::stat(m_targetPath.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
        if (!S_ISCHR(st.st_mode)) return makeError(ErrorCode::Io, std::string(kindOf(st)) + "; choose a file path", m_path);
        m_fd = ::open(m_targetPath.c_str(), O_WRONLY | O_CLOEXEC);
        if (m_fd < 0) return makeError(ErrorCode::Io, "cannot open device (" + errnoText() + ")", m_path);
        m_direct = true;
        return {};
    }
    removeStaleTemporaries(m_targetPath);
    m_tempPath = temporaryPathFor(m_targetPath);
    m_fd = ::open(m_tempPath.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (m_fd < 0) {
        std::string why = errnoText();
        m_tempPath.clear();
        return makeError(ErrorCode::Io, "cannot create file (" + why + ")", m_path);
    }
    m_cleanup = std::make_unique<InterruptCleanup>(m_tempPath);
    return {};
}

bool simulatedDiskFull(std::uint64_t bytesAboutToWrite) {
    static const char* limit = std::getenv("SW_TEST_DISK_FILLS_AFTER");
    if (!limit) return false;
    static std::atomic<std::uint64_t> written{0};
    return written.fetch_add(bytesAboutToWrite) + bytesAboutToWrite > std::strtoull(limit, nullptr, 10);
}

Status AtomicFile::write(const void* data, std::size_t size) {
    if (m_fd < 0) return makeError(ErrorCode::Io, "file not open", m_path);
    if (!m_direct && simulatedDiskFull(size)) {
        m_failed = true;
        return makeError(ErrorCode::Io, "write failed (" + std::string(std::strerror(ENOSPC)) + ")", m_path);
    }
    const auto* p = static_cast<const char*>(data);
    while (size > 0) {
        if (interruptRequested()) {
            m_failed = true;
            return cancelledError(m_path);
        }
        const ssize_t n = ::write(m_fd, p, std::min<std::size_t>(size, std::size_t(1) << 24));
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
    if (interruptRequested()) return cancelledError(m_path);
    if (m_direct) {
        ::close(m_fd);
        m_fd = -1;
        return {};
    }
    if (::fsync(m_fd) != 0) return makeError(ErrorCode::Io, "fsync failed (" + errnoText() + ")", m_path);
    ::close(m_fd);
    m_fd = -1;
    // A cancel that came during the fsync (seconds for a large file) still wins: nothing is
    // put in place after the user asked to stop.
    pausePoint(m_path + " (synced)", nullptr);
    if (interruptRequested()) {
        m_failed = true;
        return cancelledError(m_path);
    }
    // The target may have become something else since open(): still only a file is replaced.
    struct stat st {};
    if (::stat(m_targetPath.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
        return makeError(ErrorCode::Io, std::string(kindOf(st)) + "; choose a file path", m_path);
    if (::rename(m_tempPath.c_str(), m_targetPath.c_str()) != 0)
        return makeError(ErrorCode::Io, "rename failed (" + errnoText() + ")", m_path);
    // The rename is on disk once the folder is synced (a power cut right after a save keeps it);
    // a folder that cannot be opened for that (no read permission) still has the new file.
    const std::string folder = fs::path(m_targetPath).parent_path().string();
    if (const int dir = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir >= 0) {
        (void)::fsync(dir);
        ::close(dir);
    }
    m_tempPath.clear();
    m_cleanup.reset();
    return {};
}

Status checkDiskSpace(const std::string& path, std::uint64_t bytes) {
    const fs::path folder = fs::path(path).parent_path().empty() ? fs::path(".") : fs::path(path).parent_path();
    std::uint64_t free = 0;
    if (const char* test = std::getenv("SW_TEST_DISK_FREE")) {  // test-only: a disk of that many free bytes
        free = std::strtoull(test, nullptr, 10);
    } else {
        struct statvfs vfs {};
        // unknown, or not a disk (/proc reports no blocks): the write itself will tell
        if (::statvfs(folder.c_str(), &vfs) != 0 || vfs.f_blocks == 0) return {};
        free = std::uint64_t(vfs.f_bavail) * vfs.f_frsize;
    }
    if (bytes <= free) return {};
    auto mb = [](std::uint64_t b) {
        char text[32];
        if (b < 10000) std::snprintf(text, sizeof text, "%llu bytes", static_cast<unsigned long long>(b));
        else if (b < 10000000) std::snprintf(text, sizeof text, "%.0f KB", double(b) / 1e3);
        else if (b < 10000000000ull) std::snprintf(text, sizeof text, "%.0f MB", double(b) / 1e6);
        else std::snprintf(text, sizeof text, "%.1f GB", double(b) / 1e9);
        return std::string(text);
    };
    return makeError(ErrorCode::Io, "the file would be " + mb(bytes) + " but its disk has " + mb(free) +
                                        " free; nothing was written: free space or choose another disk",
                     path);
}

Status writeFileAtomic(const std::string& path, std::span<const std::uint8_t> data) {
    struct stat st {};
    const bool device = ::stat(path.c_str(), &st) == 0 && S_ISCHR(st.st_mode);
    if (!device) SW_TRY(checkDiskSpace(path, data.size()));  // before a temporary fills the disk
    AtomicFile file(path);
    SW_TRY(file.open());
    SW_TRY(file.write(data.data(), data.size()));
    return file.commit();
}

Status writeNewFileUnsynced(const std::string& path, std::span<const std::uint8_t> data) {
    SW_TRY(checkDiskSpace(path, data.size()));
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) return makeError(ErrorCode::Io, "cannot create file (" + errnoText() + ")", path);
    const auto fail = [&](Error e) {
        ::close(fd);
        ::unlink(path.c_str());
        return e;
    };
    if (simulatedDiskFull(data.size()))
        return fail(makeError(ErrorCode::Io, "write failed (" + std::string(std::strerror(ENOSPC)) + ")", path));
    const auto* p = reinterpret_cast<const char*>(data.data());
    for (std::size_t left = data.size(); left > 0;) {
        if (interruptRequested()) return fail(cancelledError(path));
        const ssize_t n = ::write(fd, p, std::min<std::size_t>(left, std::size_t(1) << 24));
        if (n < 0) {
            if (errno == EINTR) continue;
            return fail(makeError(ErrorCode::Io, "write failed (" + errnoText() + ")", path));
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    if (::close(fd) != 0) {
        const std::string why = errnoText();
        ::unlink(path.c_str());
        return makeError(ErrorCode::Io, "write failed (" + why + ")", path);
    }
    return {};
}

Status syncFileSystemOf(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return makeError(ErrorCode::Io, "cannot open to flush (" + errnoText() + ")", path);
    const int rc = ::syncfs(fd);
    const std::string why = rc != 0 ? errnoText() : std::string();
    ::close(fd);
    if (rc != 0) return makeError(ErrorCode::Io, "flushing to disk failed (" + why + ")", path);
    return {};
}

Status writeFileAtomic(const std::string& path, std::string_view text) {
    return writeFileAtomic(path, std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

}  // namespace sw
