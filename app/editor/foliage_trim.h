#pragma once
// The Foliage dock's Trim Cards… (issue 35 §7): a dialog with the trim settings (generated from
// foliage::trimSchema, as the CLI's flags are) and the output file, then foliage::trimModelFile on
// a worker (the same function as `splatwright-cli foliage-trim`). The report goes to the Log and
// the status bar; the model itself is never changed, nor a file the program did not write.
#include <QObject>
#include <QString>

#include "core/foliage/trim_file.h"

class QWidget;

namespace sw::editor {

class JobRunner;

class FoliageTrimController : public QObject {
    Q_OBJECT
public:
    explicit FoliageTrimController(QWidget* window);

    // Shows the dialog (objectName "foliageTrimDialog") for `model`; OK starts the trim.
    void ask(const QString& model);
    // Starts the trim without a dialog; false while one runs.
    bool start(const sw::foliage::TrimFileRequest& request);
    // The default output beside the model: <stem>-trimmed.glb.
    static QString defaultOutput(const QString& model);
    JobRunner* runner() const { return m_runner; }

signals:
    // The trimmed model was written: its path and the share of card area cut (0..1).
    void trimmed(const QString& output, double savedShare);
    void errorOccurred(const QString& title, const QString& message);
    void statusMessage(const QString& text, int milliseconds);

private:
    QWidget* m_window;
    JobRunner* m_runner;
};

}  // namespace sw::editor
