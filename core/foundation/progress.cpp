#include "core/foundation/progress.h"

#include <algorithm>

#include "core/foundation/check.h"
#include "core/foundation/interrupt.h"
#include "core/foundation/pause_point.h"

namespace sw {

void Progress::report(double fraction, std::string_view message) const {
    pausePoint(message, m_cancel.get());
    if (!m_callback) return;
    const double f = std::clamp(fraction, 0.0, 1.0);
    m_callback(m_begin + (m_end - m_begin) * f, message);
}

bool Progress::cancelled() const { return interruptRequested() || (m_cancel && m_cancel->isCancelled()); }

Progress Progress::sub(double begin, double end) const {
    SW_REQUIRE(begin >= 0.0 && begin <= end && end <= 1.0, "begin=" << begin << " end=" << end);
    Progress child = *this;
    child.m_begin = m_begin + (m_end - m_begin) * begin;
    child.m_end = m_begin + (m_end - m_begin) * end;
    return child;
}

}  // namespace sw
