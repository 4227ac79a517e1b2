#pragma once
// The editor's one worker-job runner: every long job (import, demo generation, dataset, training,
// floater scan, bake, export, opening splat files) runs through it. A job is a function of a
// Progress returning a Result<T>; it runs on a worker thread, its result is handed to `done` on
// the GUI thread. Progress is throttled to ~20 reports a second and queued to the GUI thread
// (progressed()); cancel() asks the job to stop at its next progress check. Nothing escapes the
// worker: an exception (std::bad_alloc included) becomes an error value. One job at a time per
// runner; the destructor cancels and waits.
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <functional>
#include <memory>
#include <new>
#include <thread>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"

namespace sw::editor {

class JobRunner : public QObject {
    Q_OBJECT
public:
    explicit JobRunner(QObject* parent = nullptr);
    ~JobRunner() override;

    bool busy() const { return m_busy; }
    // Wall seconds of the last job from its start to its result (set before finished()).
    double lastSeconds() const { return m_lastSeconds; }

    // Starts `work` on the worker; `done` receives its result on the GUI thread, right after
    // finished() (so it may start the next job). False (and nothing starts) while a job runs.
    template <class T>
    bool run(const QString& what, std::function<sw::Result<T>(const sw::Progress&)> work,
             std::function<void(sw::Result<T>)> done) {
        return start(what, [work = std::move(work), done = std::move(done)](const sw::Progress& progress) {
            auto result = std::make_shared<sw::Result<T>>(guarded<T>(work, progress));
            return std::function<void()>([done, result] { done(std::move(*result)); });
        });
    }
    void cancel();

    // From the worker thread: runs `fn` on the GUI thread (dropped when the runner is gone).
    // For live results of a running job (training metrics and previews).
    void post(std::function<void()> fn);

signals:
    void started(const QString& what);
    void progressed(double fraction, const QString& message);
    void cancelRequested();  // cancel() reached a running job (it stops at its next check)
    void finished();  // the job is over; its `done` runs right after

private:
    using Delivery = std::function<void()>;
    bool start(const QString& what, std::function<Delivery(const sw::Progress&)> job);

    template <class T>
    static sw::Result<T> guarded(const std::function<sw::Result<T>(const sw::Progress&)>& work,
                                 const sw::Progress& progress) {
        try {
            return work(progress);
        } catch (const std::bad_alloc&) {
            return sw::makeError(sw::ErrorCode::OutOfMemory, "out of memory");
        } catch (const std::exception& e) {
            return sw::makeError(sw::ErrorCode::Internal, std::string("unexpected error: ") + e.what());
        } catch (...) {
            return sw::makeError(sw::ErrorCode::Internal, "unexpected error");
        }
    }

    std::thread m_worker;
    std::shared_ptr<sw::CancelToken> m_cancel;
    bool m_busy = false;
    QElapsedTimer m_clock;
    double m_lastSeconds = 0;
};

}  // namespace sw::editor
