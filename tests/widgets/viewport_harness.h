#pragma once
// Shared set-up of the viewport tests (tst_viewport, tst_viewport_splats): a main window with
// the viewport in dock A and an empty dock B (where re-dock tests move it), a spy on
// Viewport::renderError and a log sink collecting warnings (e.g. "… destroyed without
// release()"). finish() closes the window and returns what went wrong (empty when nothing).
#include <QDockWidget>
#include <QMainWindow>
#include <QSignalSpy>
#include <QStringList>
#include <memory>

#include "core/foundation/log.h"
#include "widgets/viewport.h"

namespace sw::test {

struct ViewportHarness {
    std::unique_ptr<QMainWindow> window;
    QDockWidget* dockA = nullptr;
    QDockWidget* dockB = nullptr;
    sw::widgets::Viewport* viewport = nullptr;
    std::unique_ptr<QSignalSpy> errors;
    QStringList warnings;
    int sink = -1;

    // Builds the window (not shown yet) with the window width given.
    void start(int width) {
        warnings.clear();
        sink = sw::log::addSink([this](sw::log::Level level, std::string_view message) {
            if (level >= sw::log::Level::Warning) warnings << QString::fromUtf8(message.data(), qsizetype(message.size()));
        });
        window = std::make_unique<QMainWindow>();
        window->setCentralWidget(new QWidget);
        dockA = new QDockWidget("A", window.get());
        dockB = new QDockWidget("B", window.get());
        viewport = new sw::widgets::Viewport;
        viewport->setMinimumSize(320, 240);
        dockA->setWidget(viewport);
        dockB->setWidget(new QWidget);
        window->addDockWidget(Qt::LeftDockWidgetArea, dockA);
        window->addDockWidget(Qt::RightDockWidgetArea, dockB);
        window->resize(width, 600);
        errors = std::make_unique<QSignalSpy>(viewport, &sw::widgets::Viewport::renderError);
    }

    // Destroys the window (the viewport frees its GL objects with a live context) and returns
    // the first render error and every warning logged, or an empty string.
    QString finish() {
        QStringList problems;
        if (!errors->isEmpty()) problems << errors->first().first().toString();
        errors.reset();
        window.reset();
        sw::log::removeSink(sink);
        problems << warnings;
        return problems.join("\n");
    }
};

}  // namespace sw::test
