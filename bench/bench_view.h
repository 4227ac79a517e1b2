#pragma once
// Shared by the benches that time the editor's Viewport (bench_selection, bench_destruct_view):
// an X display check, the window with the viewport, and a synchronous redraw.
#include <QCoreApplication>
#include <QMainWindow>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QtTest/QTest>
#include <cstdio>

#include "widgets/viewport.h"

namespace sw::bench {

// False, with "<bench>: error: no X display (run under xvfb-run)", where there is none.
inline bool haveDisplay(const char* bench) {
    if (!qEnvironmentVariableIsEmpty("DISPLAY")) return true;
    std::fprintf(stderr, "%s: error: no X display (run under xvfb-run)\n", bench);
    return false;
}

// A Viewport as the central widget of `window`, width × height, shown and exposed; its frames
// are counted in `painted` and its render errors printed as "<bench>: render error: ...". Null
// when the window was not exposed.
inline widgets::Viewport* openViewport(QMainWindow& window, int width, int height, int& painted, const char* bench) {
    auto* view = new widgets::Viewport;
    window.setCentralWidget(view);
    window.resize(width, height);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window)) return nullptr;
    QObject::connect(view, &widgets::Viewport::frameRendered, [&painted] { ++painted; });
    QObject::connect(view, &widgets::Viewport::renderError, [bench](const QString& message) {
        std::fprintf(stderr, "%s: render error: %s\n", bench, qPrintable(message));
    });
    return view;
}

// paintGL now (through the event loop when the window cannot paint synchronously yet), then
// waits until the GL work is done (llvmpipe renders on the CPU). `painted` counts the view's
// frameRendered signals; false when no frame was painted.
inline bool redraw(widgets::Viewport* v, const int& painted) {
    const int before = painted;
    v->repaint();
    if (painted == before) {
        v->update();
        for (int i = 0; i < 50 && painted == before; ++i) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    }
    v->makeCurrent();
    v->context()->functions()->glFinish();
    v->doneCurrent();
    return painted != before;
}

}  // namespace sw::bench
