#pragma once
// Ctrl-C and SIGTERM for long stages. installInterruptHandlers() (the CLI's main) makes SIGINT
// and SIGTERM raise the process-wide interrupt flag. Every Progress::cancelled() and every
// AtomicFile write/commit sees it, so a stage stops at its next poll, its temporaries are
// removed by their owners' destructors and the CLI exits with the cancelled code (6). A second
// signal does not wait: it unlinks the registered temporary files and exits 6 at once; folders
// it could not remove are named after a process that no longer runs, and the next run into
// the same place removes them (removeStaleTemporaries in file_io.h).
#include <string>

namespace sw {

// Idempotent; safe to call from any thread before the stages start.
void installInterruptHandlers();
// True once installInterruptHandlers() ran: a signal may cancel (long GPU work then polls).
bool interruptHandlersInstalled();
// True once SIGINT/SIGTERM arrived (or requestInterrupt() was called).
bool interruptRequested();
// What a signal does (tests, and a front end's own cancel-all); clearInterrupt() undoes it.
void requestInterrupt();
void clearInterrupt();

// Registers a temporary file for removal by the second signal's immediate exit while it lives.
// Paths longer than the registry's slots, or beyond its capacity, are simply not registered
// (the next run's stale sweep still removes them).
class InterruptCleanup {
public:
    explicit InterruptCleanup(const std::string& path);
    ~InterruptCleanup();
    InterruptCleanup(const InterruptCleanup&) = delete;
    InterruptCleanup& operator=(const InterruptCleanup&) = delete;

private:
    int m_slot = -1;
};

}  // namespace sw
