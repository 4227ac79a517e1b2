#include "app/cli/terminal_progress.h"

#include <unistd.h>

#include <cstdio>

namespace sw::cli {

TerminalProgress::TerminalProgress(std::string label)
    : m_label(std::move(label)), m_tty(::isatty(STDERR_FILENO) != 0), m_start(std::chrono::steady_clock::now()) {}

Progress TerminalProgress::progress(std::shared_ptr<CancelToken> cancel) {
    return Progress([this](double f, std::string_view message) { draw(f, message); }, std::move(cancel));
}

void TerminalProgress::draw(double fraction, std::string_view message) {
    const auto now = std::chrono::steady_clock::now();
    if (!m_tty || (m_drawn && now - m_lastDraw < std::chrono::milliseconds(100) && fraction < 1.0)) return;
    m_lastDraw = now;
    m_drawn = true;
    const double elapsed = std::chrono::duration<double>(now - m_start).count();
    const double eta = fraction > 0.01 ? elapsed * (1.0 - fraction) / fraction : 0.0;
    constexpr int kWidth = 30;
    const int filled = static_cast<int>(fraction * kWidth);
    std::string bar(static_cast<std::size_t>(filled), '#');
    bar.resize(kWidth, '.');
    std::fprintf(stderr, "\r%s [%s] %5.1f%%  %6.1f s  ETA %6.1f s  %-32.32s", m_label.c_str(), bar.c_str(),
                 100.0 * fraction, elapsed, eta, std::string(message).c_str());
    std::fflush(stderr);
}

void TerminalProgress::finish() {
    if (m_drawn) std::fprintf(stderr, "\n");
    m_drawn = false;
}

void TerminalProgress::restart() {
    finish();
    m_start = std::chrono::steady_clock::now();
}

}  // namespace sw::cli
