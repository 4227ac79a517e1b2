#pragma once
// Progress reporting and cancellation for long stages. A stage receives a Progress by value,
// reports fractions in [0, 1] and polls cancelled() at its loop heads; nested stages get a
// sub-range so their 0..1 maps into the parent's slice.
#include <atomic>
#include <functional>
#include <memory>
#include <string_view>

namespace sw {

class CancelToken {
public:
    void cancel() { m_flag.store(true, std::memory_order_relaxed); }
    bool isCancelled() const { return m_flag.load(std::memory_order_relaxed); }
    void reset() { m_flag.store(false, std::memory_order_relaxed); }

private:
    std::atomic<bool> m_flag{false};
};

class Progress {
public:
    // fraction in [0, 1] over the whole job; message names what is happening now.
    using Callback = std::function<void(double fraction, std::string_view message)>;

    Progress() = default;
    explicit Progress(Callback callback, std::shared_ptr<CancelToken> cancel = {})
        : m_callback(std::move(callback)), m_cancel(std::move(cancel)) {}

    // Reports `fraction` of this (sub-)range; values outside [0, 1] are clamped.
    void report(double fraction, std::string_view message = {}) const;
    // True when this job's token is cancelled or the process got SIGINT/SIGTERM (interrupt.h).
    bool cancelled() const;

    // A child whose [0, 1] maps onto [begin, end] of this range.
    Progress sub(double begin, double end) const;

    const std::shared_ptr<CancelToken>& cancelToken() const { return m_cancel; }

private:
    Callback m_callback;
    std::shared_ptr<CancelToken> m_cancel;
    double m_begin = 0.0;
    double m_end = 1.0;
};

}  // namespace sw
