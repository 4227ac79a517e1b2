#pragma once
// A one-line terminal progress bar with ETA on stderr for long CLI stages; quiet when stderr is
// not a terminal except for a final line.
#include <chrono>
#include <memory>
#include <string>

#include "core/foundation/progress.h"

namespace sw::cli {

class TerminalProgress {
public:
    explicit TerminalProgress(std::string label);
    // A Progress whose reports redraw the bar (at most ~10 times a second); `cancel` stops the job.
    Progress progress(std::shared_ptr<CancelToken> cancel = {});
    // Ends the bar's line so other output can follow; the next report starts a new bar line.
    void finish();
    // finish(), and the clock (elapsed, ETA) starts again: the next phase of a job.
    void restart();

private:
    void draw(double fraction, std::string_view message);

    std::string m_label;
    bool m_tty = false;
    bool m_drawn = false;
    std::chrono::steady_clock::time_point m_start;
    std::chrono::steady_clock::time_point m_lastDraw;
};

}  // namespace sw::cli
