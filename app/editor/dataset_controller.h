#pragma once
// The dataset stage of the editor: renders the current model's dataset with the Dataset
// panel's settings on the job runner (the worker creates its own headless EGL context, so the
// GUI thread's contexts are untouched), lists a rendered folder in the frame browser (the
// document's dataset folder) and keeps the viewport's camera markers on the panel's belt.
// Cancel stops at the next view and leaves no folder behind. Errors arrive as failed() and
// errorOccurred() (for a dialog), never a crash.
#include <QObject>
#include <QString>

#include "core/foundation/error.h"

namespace sw::widgets {
class DatasetPanel;
class FrameBrowser;
class Viewport;
}  // namespace sw::widgets

namespace sw::editor {

class EditorDocument;
class JobRunner;

class DatasetController : public QObject {
    Q_OBJECT
public:
    struct Views {
        sw::widgets::DatasetPanel* panel = nullptr;
        sw::widgets::FrameBrowser* frames = nullptr;
        sw::widgets::Viewport* viewport = nullptr;  // camera markers
    };
    DatasetController(EditorDocument* document, Views views, QObject* parent = nullptr);

    JobRunner* runner() const { return m_runner; }

    // Renders the dataset of the current model into `outDir` (empty: the panel's folder, else
    // the project's cache folder, else the user cache); false (logged or errorOccurred) when
    // it cannot start.
    bool render(const QString& outDir = {});
    void cancel();
    // Lists a rendered dataset in the frame browser and makes it the document's dataset
    // folder; false (logged) when it has no frames.
    bool showFolder(const QString& folder);
    // Empties the frame browser and the document's dataset folder.
    void clearFolder();
    // The folder render() uses when given none (empty without a writable cache).
    QString defaultFolder() const;
    void updateCameraMarkers();
    // The panel's belt and dataset settings checked by core (pipeline/validate.h); an error is
    // shown in the panel (Render off) and returned.
    Status checkSettings();

signals:
    void rendered(const QString& folder);
    void failed(const QString& message, bool cancelled);
    void framesShown();
    void errorOccurred(const QString& title, const QString& message);

private:
    EditorDocument* m_document;
    Views m_views;
    JobRunner* m_runner;
};

}  // namespace sw::editor
