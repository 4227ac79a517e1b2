#pragma once
// A deterministic pause for the signal tests: a stage can be held at a named moment so that a
// test sends SIGINT/SIGTERM while the stage is known to be running, on a fast or a slow
// machine alike. Progress::report() (its message) and AtomicFile::open() (the file's path) pass
// through pausePoint(); nothing happens unless the test-only variables below are set.
#include <string_view>

namespace sw {

class CancelToken;

// Test-only (cmake/signal_at_pause.sh; never set in production): SW_TEST_PAUSE=<folder> arms
// the pause, SW_TEST_PAUSE_AT=<text> picks the first progress message or output path
// containing that text (unset: the first of either). Once per process, the stage reaching it
// writes <folder>/ready (holding `where`) and waits until <folder>/go exists or the job is
// cancelled: `token` or the interrupt flag (interrupt.h), polled every 10 ms.
void pausePoint(std::string_view where, const CancelToken* token);

}  // namespace sw
