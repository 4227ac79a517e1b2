#pragma once
// Runs model jobs (import a file, generate the demo drone and open it) on a worker thread so
// the UI stays responsive. Progress, the result and errors arrive as signals on the GUI
// thread; cancel() asks the running job to stop at its next progress check. One job at a time.
#include <QObject>
#include <QString>
#include <functional>
#include <memory>
#include <thread>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/geometry/import.h"

namespace sw::editor {

using ModelPtr = std::shared_ptr<const sw::geometry::ImportedModel>;

class ModelLoader : public QObject {
    Q_OBJECT
public:
    using Job = std::function<sw::Result<sw::geometry::ImportedModel>(const sw::Progress&)>;

    explicit ModelLoader(QObject* parent = nullptr);
    ~ModelLoader() override;  // cancels a running job and waits for it

    bool busy() const { return m_busy; }

    // Starts a job; returns false (and does nothing) while another job runs.
    bool start(const QString& what, Job job);
    bool importFile(const QString& path, const sw::geometry::ImportSettings& settings);
    void cancel();

signals:
    void started(const QString& what);
    void progressed(double fraction, const QString& message);
    void loaded(sw::editor::ModelPtr model);
    void failed(const QString& message, bool cancelled);
    void finished();  // after loaded or failed

private:
    void deliver(sw::Result<sw::geometry::ImportedModel> result);

    std::thread m_worker;
    std::shared_ptr<sw::CancelToken> m_cancel;
    bool m_busy = false;
};

}  // namespace sw::editor

Q_DECLARE_METATYPE(sw::editor::ModelPtr)
