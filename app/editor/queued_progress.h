#pragma once
// A sw::Progress for a job on a worker thread: reports are throttled to ~20 per second (so a
// chatty stage cannot flood the event loop) and delivered to `owner`'s progressed(fraction,
// text) signal through a queued call on the GUI thread; nothing is delivered once the owner
// is gone.
#include <QMetaObject>
#include <QPointer>
#include <QString>
#include <atomic>
#include <chrono>
#include <memory>

#include "core/foundation/progress.h"

namespace sw::editor {

template <class Owner>
Progress queuedProgress(Owner* owner, std::shared_ptr<CancelToken> cancel) {
    auto lastReport = std::make_shared<std::atomic<long long>>(0);
    QPointer<Owner> self(owner);
    return Progress(
        [self, lastReport](double fraction, std::string_view message) {
            using namespace std::chrono;
            const long long now = duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
            if (now - lastReport->load() < 50 && fraction < 1.0) return;
            lastReport->store(now);
            const QString text = QString::fromUtf8(message.data(), qsizetype(message.size()));
            QMetaObject::invokeMethod(self.data(), [self, fraction, text] {
                if (self) emit self->progressed(fraction, text);
            }, Qt::QueuedConnection);
        },
        std::move(cancel));
}

}  // namespace sw::editor
