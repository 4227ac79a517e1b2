#include "core/foundation/pause_point.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "core/foundation/interrupt.h"
#include "core/foundation/progress.h"

namespace sw {
namespace {

// The environment, read once (the only place SW_TEST_PAUSE and SW_TEST_PAUSE_AT are read).
struct PauseSetting {
    std::string folder, at;
    std::atomic<bool> armed{false};

    PauseSetting() {
        const char* folderVar = std::getenv("SW_TEST_PAUSE");
        if (!folderVar || !*folderVar) return;
        folder = folderVar;
        if (const char* atVar = std::getenv("SW_TEST_PAUSE_AT")) at = atVar;
        armed.store(true);
    }
};

PauseSetting& setting() {
    static PauseSetting s;
    return s;
}

// <folder>/ready, complete when it appears (written beside it, then renamed). Plain POSIX calls:
// AtomicFile would come back here.
void announce(const std::string& folder, std::string_view where) {
    const std::string ready = folder + "/ready", partial = ready + ".part";
    const int fd = ::open(partial.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return;
    const std::string text = std::string(where) + "\n";
    [[maybe_unused]] const auto n = ::write(fd, text.data(), text.size());
    ::close(fd);
    std::rename(partial.c_str(), ready.c_str());
}

}  // namespace

void pausePoint(std::string_view where, const CancelToken* token) {
    PauseSetting& s = setting();
    if (!s.armed.load(std::memory_order_relaxed)) return;
    if (!s.at.empty() && where.find(s.at) == std::string_view::npos) return;
    if (!s.armed.exchange(false)) return;  // another thread took it
    announce(s.folder, where);
    const std::string go = s.folder + "/go";
    while (::access(go.c_str(), F_OK) != 0) {
        if (interruptRequested() || (token && token->isCancelled())) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
}

}  // namespace sw
