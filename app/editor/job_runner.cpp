#include "app/editor/job_runner.h"

#include <QMetaObject>
#include <QPointer>
#include <atomic>
#include <chrono>

namespace sw::editor {

namespace {

// Reports at most every 50 ms (the last one, fraction 1, always), queued to `runner`.
Progress throttledProgress(JobRunner* runner, std::shared_ptr<CancelToken> cancel) {
    auto lastReport = std::make_shared<std::atomic<long long>>(0);
    QPointer<JobRunner> self(runner);
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

}  // namespace

JobRunner::JobRunner(QObject* parent) : QObject(parent) {}

JobRunner::~JobRunner() {
    if (m_cancel) m_cancel->cancel();  // no signal: the receivers may be gone already
    if (m_worker.joinable()) m_worker.join();
}

void JobRunner::cancel() {
    if (m_cancel) m_cancel->cancel();
    if (m_busy) emit cancelRequested();
}

void JobRunner::post(std::function<void()> fn) {
    // Queued to this object: Qt drops the call when the object is destroyed first.
    QMetaObject::invokeMethod(this, std::move(fn), Qt::QueuedConnection);
}

bool JobRunner::start(const QString& what, std::function<Delivery(const Progress&)> job) {
    if (m_busy) return false;
    if (m_worker.joinable()) m_worker.join();  // the previous job has delivered
    m_busy = true;
    m_cancel = std::make_shared<CancelToken>();
    m_clock.start();
    emit started(what);
    const Progress progress = throttledProgress(this, m_cancel);
    m_worker = std::thread([this, job = std::move(job), progress] {
        Delivery deliver = job(progress);  // job is guarded: it does not throw
        post([this, deliver = std::move(deliver)] {
            m_busy = false;
            m_lastSeconds = double(m_clock.nsecsElapsed()) * 1e-9;
            emit finished();  // first: `deliver` may show a message or start the next job
            deliver();
        });
    });
    return true;
}

}  // namespace sw::editor
