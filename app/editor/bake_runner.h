#pragma once
// Runs the bake stages (floater scan, bake, export) on a worker thread, one job at a time.
// A job is a function of the Progress that returns what to do afterwards on the GUI thread:
// the worker computes, the returned closure delivers (so results never cross threads by
// reference). Progress is throttled and queued (queued_progress.h); cancel() asks the running
// job to stop at its next check. The destructor cancels and waits.
#include <QObject>
#include <QString>
#include <functional>
#include <memory>
#include <thread>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"

namespace sw::editor {

class BakeRunner : public QObject {
    Q_OBJECT
public:
    // Runs on the worker; the closure it returns runs on the GUI thread (unless the runner is gone).
    using Job = std::function<std::function<void()>(const sw::Progress&)>;

    explicit BakeRunner(QObject* parent = nullptr);
    ~BakeRunner() override;

    bool busy() const { return m_busy; }
    // False (and nothing starts) while another job runs.
    bool start(const QString& what, Job job);
    // Typed form: work returns a Result<T>; done receives it on the GUI thread.
    template <class T>
    bool run(const QString& what, std::function<sw::Result<T>(const sw::Progress&)> work,
             std::function<void(sw::Result<T>)> done) {
        return start(what, [work = std::move(work), done = std::move(done)](const sw::Progress& progress) {
            auto result = std::make_shared<sw::Result<T>>(guarded<T>(work, progress));
            return std::function<void()>([done, result] { done(std::move(*result)); });
        });
    }
    void cancel();

signals:
    void started(const QString& what);
    void progressed(double fraction, const QString& message);
    void finished();  // the job is over; its closure runs right after

private:
    // Nothing may escape a worker thread: an exception becomes an error value.
    template <class T>
    static sw::Result<T> guarded(const std::function<sw::Result<T>(const sw::Progress&)>& work,
                                 const sw::Progress& progress) {
        try {
            return work(progress);
        } catch (const std::bad_alloc&) {
            return sw::makeError(sw::ErrorCode::OutOfMemory, "out of memory");
        } catch (const std::exception& e) {
            return sw::makeError(sw::ErrorCode::Internal, std::string("unexpected error: ") + e.what());
        }
    }

    std::thread m_worker;
    std::shared_ptr<sw::CancelToken> m_cancel;
    bool m_busy = false;
};

}  // namespace sw::editor
