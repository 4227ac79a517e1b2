#include "app/editor/dataset_runner.h"

#include "app/editor/queued_progress.h"

#include <QPointer>
#include <atomic>
#include <chrono>
#include <exception>

#include "core/dataset/gl_view_renderer.h"
#include "core/render/headless_context.h"

namespace sw::editor {

namespace {

Result<dataset::DatasetReport> renderOnThisThread(const DatasetRunner::Job& job, const Progress& progress) {
    auto context = render::HeadlessContext::create();
    if (!context) return context.error();
    auto gl = dataset::GlViewRenderer::create((*context)->loader(), job.settings.samples);
    if (!gl) return gl.error();
    dataset::DatasetSettings settings = job.settings;
    settings.materialHsv = job.materialHsv;
    auto report = dataset::renderDataset(*job.mesh, job.belt, settings, job.outDir.toStdString(), **gl, progress);
    gl->reset();  // GL objects go while the context is current
    return report;
}

}  // namespace

DatasetRunner::DatasetRunner(QObject* parent) : QObject(parent) {}

DatasetRunner::~DatasetRunner() {
    cancel();
    if (m_worker.joinable()) m_worker.join();
}

void DatasetRunner::cancel() {
    if (m_cancel) m_cancel->cancel();
}

bool DatasetRunner::start(Job job) {
    if (m_busy || !job.mesh) return false;
    if (m_worker.joinable()) m_worker.join();
    m_busy = true;
    m_cancel = std::make_shared<CancelToken>();
    emit started(tr("Rendering the dataset"));

    QPointer<DatasetRunner> self(this);
    const Progress progress = queuedProgress(this, m_cancel);
    m_worker = std::thread([self, job = std::move(job), progress] {
        Result<dataset::DatasetReport> result = makeError(ErrorCode::Internal, "not run");
        try {
            result = renderOnThisThread(job, progress);
        } catch (const std::exception& e) {
            result = makeError(ErrorCode::Internal, std::string("unexpected error: ") + e.what());
        }
        auto shared = std::make_shared<Result<dataset::DatasetReport>>(std::move(result));
        QMetaObject::invokeMethod(self.data(), [self, shared] {
            if (self) self->deliver(std::move(*shared));
        }, Qt::QueuedConnection);
    });
    return true;
}

void DatasetRunner::deliver(Result<dataset::DatasetReport> result) {
    m_busy = false;
    if (result.ok()) {
        const dataset::DatasetReport& r = result.value();
        emit rendered(QString::fromStdString(r.folder),
                      tr("%1 train, %2 val, %3 test views in %4 s (lighting %5 s, render %6 s, PNG %7 s)")
                          .arg(r.trainViews).arg(r.valViews).arg(r.testViews)
                          .arg(r.totalSeconds, 0, 'f', 2).arg(r.lightingSeconds, 0, 'f', 2)
                          .arg(r.renderSeconds, 0, 'f', 2).arg(r.writeSeconds, 0, 'f', 2));
    } else {
        emit failed(QString::fromStdString(result.error().toString()), result.error().code == ErrorCode::Cancelled);
    }
    emit finished();
}

}  // namespace sw::editor
