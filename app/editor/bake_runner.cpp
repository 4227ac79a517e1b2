#include "app/editor/bake_runner.h"

#include <QPointer>

#include "app/editor/queued_progress.h"

namespace sw::editor {

BakeRunner::BakeRunner(QObject* parent) : QObject(parent) {}

BakeRunner::~BakeRunner() {
    cancel();
    if (m_worker.joinable()) m_worker.join();
}

void BakeRunner::cancel() {
    if (m_cancel) m_cancel->cancel();
}

bool BakeRunner::start(const QString& what, Job job) {
    if (m_busy) return false;
    if (m_worker.joinable()) m_worker.join();  // the previous job has delivered
    m_busy = true;
    m_cancel = std::make_shared<CancelToken>();
    emit started(what);
    QPointer<BakeRunner> self(this);
    const Progress progress = queuedProgress(this, m_cancel);
    m_worker = std::thread([self, job = std::move(job), progress] {
        std::function<void()> deliver = job(progress);
        QMetaObject::invokeMethod(self.data(), [self, deliver = std::move(deliver)] {
            BakeRunner* runner = self.data();
            if (!runner) return;
            runner->m_busy = false;
            emit runner->finished();  // first: the closure may show a message or start the next job
            deliver();
        }, Qt::QueuedConnection);
    });
    return true;
}

}  // namespace sw::editor
