#pragma once
// File helpers shared by every writer: whole-file reads with clear errors, and atomic writes
// (temporary in the same folder, fsync, rename) so a crash or a failed export never leaves a
// half-written file behind.
//
// Only a regular file (or nothing) is ever replaced: a symbolic link is written through to its
// target, a character device (/dev/null, /dev/full) is written in place, and a folder, pipe,
// socket or block device is an error. Temporaries are named "<target>.tmp-<pid>-<8 hex>"
// beside their target, so a later run can tell a killed run's leftovers (their process is gone)
// from a running one's and removes them (removeStaleTemporaries). Writes stop with a Cancelled
// error once SIGINT/SIGTERM arrived (interrupt.h) and nothing is published after that.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/foundation/error.h"

namespace sw {

class InterruptCleanup;

// Io errors for a missing, unreadable or non-regular path (a folder: "is a folder, not a
// file"); OutOfMemory when the file cannot fit in memory.
Result<std::vector<std::uint8_t>> readFileBytes(const std::string& path);

// FNV-1a 64 (Fowler, Noll, Vo; offset basis 0xcbf29ce484222325, prime 0x100000001b3): the hash
// the export's source-model record and the project's stage stamps use.
std::uint64_t fnv1a64(std::span<const std::uint8_t> bytes);
Result<std::string> readFileText(const std::string& path);

// Writes data to path atomically; on failure the previous file (if any) is untouched and no
// temporary is left behind.
Status writeFileAtomic(const std::string& path, std::span<const std::uint8_t> data);
Status writeFileAtomic(const std::string& path, std::string_view text);

// A new file inside a folder this program is building under a temporary name (TemporaryFolder,
// output_folder.h), for outputs of thousands of files: no temporary of its own and no fsync per
// file (the folder is the temporary); call syncFileSystemOf() once before the folder is renamed
// into place. Refuses an existing file; on failure nothing is left at path.
Status writeNewFileUnsynced(const std::string& path, std::span<const std::uint8_t> data);
// Flushes the file system holding `path` to disk (syncfs): every file written there so far.
Status syncFileSystemOf(const std::string& path);

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
    std::string m_path;        // as the caller named it (every message uses this)
    std::string m_targetPath;  // what is replaced: m_path, or a symbolic link's target
    std::string m_tempPath;
    std::unique_ptr<InterruptCleanup> m_cleanup;
    int m_fd = -1;
    bool m_direct = false;     // a character device written in place
    bool m_failed = false;
};

// Ok when a file of `bytes` fits on the disk of `path`'s folder; an Io error naming `path` with
// both sizes otherwise (writeFileAtomic checks it before writing; the test-only variable
// SW_TEST_DISK_FREE stands for the free bytes).
Status checkDiskSpace(const std::string& path, std::uint64_t bytes);

// Test-only fault injection: with SW_TEST_DISK_FILLS_AFTER=<bytes> in the environment, true once
// this process's writes (AtomicFile and the callers that ask) pass that many bytes, as when the
// disk fills during a long job; the writer then fails as on ENOSPC. Always false without it.
bool simulatedDiskFull(std::uint64_t bytesAboutToWrite);

// A fresh temporary name for target: "<target>.tmp-<pid>-<8 hex>".
std::string temporaryPathFor(const std::string& target);
// Removes this program's temporaries in `target`'s folder (of `target` and of any other name
// there) whose process no longer runs (a folder only when it carries the output marker,
// output_folder.h), each with a line in the log, and warns about ones of an older format of
// `target` it cannot attribute. Returns the removed paths.
std::vector<std::string> removeStaleTemporaries(const std::string& target);

}  // namespace sw
