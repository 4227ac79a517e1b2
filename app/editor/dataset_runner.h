#pragma once
// Renders a dataset (core/dataset renderDataset) on a worker thread: the thread creates its
// own headless EGL context and a GlViewRenderer, so the GUI thread's contexts are untouched.
// Progress, success and failure arrive as signals on the GUI thread; cancel() stops at the next
// view, and renderDataset then leaves no folder behind. One job at a time.
#include <QObject>
#include <QString>
#include <memory>
#include <thread>

#include "core/dataset/dataset_stage.h"
#include "core/foundation/progress.h"
#include "core/geometry/mesh.h"

namespace sw::editor {

class DatasetRunner : public QObject {
    Q_OBJECT
public:
    struct Job {
        std::shared_ptr<const sw::geometry::Mesh> mesh;
        sw::dataset::BeltSettings belt;
        sw::dataset::DatasetSettings settings;
        std::vector<sw::dataset::HsvAdjust> materialHsv;  // [materials]
        QString outDir;
    };

    explicit DatasetRunner(QObject* parent = nullptr);
    ~DatasetRunner() override;  // cancels a running job and waits for it

    bool busy() const { return m_busy; }
    bool start(Job job);  // false while another job runs
    void cancel();

signals:
    void started(const QString& what);
    void progressed(double fraction, const QString& message);
    void rendered(const QString& folder, const QString& summary);
    void failed(const QString& message, bool cancelled);
    void finished();

private:
    void deliver(sw::Result<sw::dataset::DatasetReport> result);

    std::thread m_worker;
    std::shared_ptr<sw::CancelToken> m_cancel;
    bool m_busy = false;
};

}  // namespace sw::editor
