#include "app/editor/model_loader.h"

#include "app/editor/queued_progress.h"

#include <QFileInfo>
#include <QPointer>
#include <atomic>
#include <chrono>
#include <exception>
#include <new>

#include "core/foundation/log.h"

namespace sw::editor {
namespace {

// Nothing may escape a worker thread: a third-party exception becomes an error value.
Result<geometry::ImportedModel> runGuarded(const ModelLoader::Job& job, const Progress& progress) {
    try {
        return job(progress);
    } catch (const std::bad_alloc&) {
        return makeError(ErrorCode::OutOfMemory, "out of memory");
    } catch (const std::exception& e) {
        return makeError(ErrorCode::Internal, std::string("unexpected error: ") + e.what());
    }
}

}  // namespace

ModelLoader::ModelLoader(QObject* parent) : QObject(parent) { qRegisterMetaType<ModelPtr>(); }

ModelLoader::~ModelLoader() {
    cancel();
    if (m_worker.joinable()) m_worker.join();
}

void ModelLoader::cancel() {
    if (m_cancel) m_cancel->cancel();
}

bool ModelLoader::start(const QString& what, Job job) {
    if (m_busy) return false;
    if (m_worker.joinable()) m_worker.join();  // the previous job has delivered already
    m_busy = true;
    m_cancel = std::make_shared<CancelToken>();
    emit started(what);

    QPointer<ModelLoader> self(this);
    const Progress progress = queuedProgress(this, m_cancel);
    m_worker = std::thread([self, job = std::move(job), progress] {
        auto shared = std::make_shared<Result<geometry::ImportedModel>>(runGuarded(job, progress));
        QMetaObject::invokeMethod(self.data(), [self, shared] {
            if (self) self->deliver(std::move(*shared));
        }, Qt::QueuedConnection);
    });
    return true;
}

bool ModelLoader::importFile(const QString& path, const geometry::ImportSettings& settings) {
    const std::string file = path.toStdString();
    return start(tr("Importing %1").arg(QFileInfo(path).fileName()),
                 [file, settings](const Progress& progress) { return geometry::importModel(file, settings, progress); });
}

void ModelLoader::deliver(Result<geometry::ImportedModel> result) {
    m_busy = false;
    if (result.ok()) {
        emit loaded(std::make_shared<const geometry::ImportedModel>(std::move(result).value()));
    } else {
        const bool wasCancelled = result.error().code == ErrorCode::Cancelled;
        emit failed(QString::fromStdString(result.error().toString()), wasCancelled);
    }
    emit finished();
}

}  // namespace sw::editor
