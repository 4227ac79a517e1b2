// Viewport widget: shows a mesh, renders images, switches background and camera mode, and
// keeps rendering without GL errors after being moved to another dock and floated (both
// recreate its GL context: BUILD-NOTES "re-dock trap").
#include <QApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QSignalSpy>
#include <QTest>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "core/foundation/log.h"
#include "tests/gl/fixture_mesh.h"
#include "tests/widgets/image_counts.h"
#include "tests/widgets/viewport_harness.h"
#include "widgets/viewport.h"

using sw::widgets::Viewport;

namespace {

using sw::test::countNonBackground;

void drag(QWidget* w, QPoint from, QPoint to, Qt::MouseButton button) {
    QMouseEvent press(QEvent::MouseButtonPress, from, w->mapToGlobal(from), button, button, Qt::NoModifier);
    QCoreApplication::sendEvent(w, &press);
    QMouseEvent move(QEvent::MouseMove, to, w->mapToGlobal(to), Qt::NoButton, button, Qt::NoModifier);
    QCoreApplication::sendEvent(w, &move);
    QMouseEvent release(QEvent::MouseButtonRelease, to, w->mapToGlobal(to), button, Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(w, &release);
}

}  // namespace

class TestViewport : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void showsMeshOnBothBackgrounds();
    void turntableDragOnlyYaws();
    void survivesRedockAndFloat();

private:
    sw::test::ViewportHarness m_h;
};

void TestViewport::init() {
    m_h.start(1000);
    m_h.viewport->setMesh(std::make_shared<const sw::geometry::Mesh>(sw::test::makeBoxAndPlate()));
    m_h.window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_h.window.get()));
}

void TestViewport::cleanup() {
    const QString problems = m_h.finish();
    QVERIFY2(problems.isEmpty(), qPrintable(problems));
}

void TestViewport::showsMeshOnBothBackgrounds() {
    QSignalSpy frames(m_h.viewport, &Viewport::frameRendered);
    m_h.viewport->update();
    QVERIFY(frames.wait(5000));
    QCOMPARE(m_h.viewport->background(), Viewport::Background::Grey);
    const QImage grey = m_h.viewport->renderToImage();
    QVERIFY(!grey.isNull());
    QCOMPARE(grey.size(), m_h.viewport->size() * m_h.viewport->devicePixelRatio());
    QCOMPARE(grey.pixelColor(0, 0), QColor(128, 128, 128));
    const double total = double(grey.width()) * grey.height();
    const double share = countNonBackground(grey, 128) / total;
    QVERIFY2(share > 0.15 && share < 0.7, qPrintable(QString("mesh covers %1 of the frame").arg(share)));

    m_h.viewport->setBackground(Viewport::Background::Black);
    QCOMPARE(m_h.viewport->background(), Viewport::Background::Black);
    const QImage black = m_h.viewport->renderToImage();
    QCOMPARE(black.pixelColor(0, 0), QColor(0, 0, 0));
    QVERIFY(std::abs(countNonBackground(black, 0) / total - share) < 0.01);
}

void TestViewport::turntableDragOnlyYaws() {
    m_h.viewport->setCameraMode(Viewport::CameraMode::Turntable);
    QCOMPARE(m_h.viewport->cameraMode(), Viewport::CameraMode::Turntable);
    const QImage before = m_h.viewport->renderToImage();
    drag(m_h.viewport, {100, 100}, {100, 160}, Qt::LeftButton);  // vertical: tilt is fixed
    QCOMPARE(m_h.viewport->renderToImage(), before);
    drag(m_h.viewport, {100, 100}, {160, 100}, Qt::LeftButton);  // horizontal: yaw
    QVERIFY(m_h.viewport->renderToImage() != before);

    m_h.viewport->setCameraMode(Viewport::CameraMode::Orbit);
    const QImage orbit = m_h.viewport->renderToImage();
    drag(m_h.viewport, {100, 100}, {100, 160}, Qt::LeftButton);
    QVERIFY(m_h.viewport->renderToImage() != orbit);
    m_h.viewport->resetView();
    const QImage reset = m_h.viewport->renderToImage();
    QWheelEvent wheel(QPointF(50, 50), m_h.viewport->mapToGlobal(QPointF(50, 50)), QPoint(), QPoint(0, 240),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(m_h.viewport, &wheel);  // zoom in: the mesh grows
    QVERIFY(countNonBackground(m_h.viewport->renderToImage(), 128) > countNonBackground(reset, 128));
}

void TestViewport::survivesRedockAndFloat() {
    QSignalSpy frames(m_h.viewport, &Viewport::frameRendered);
    const long initial = countNonBackground(m_h.viewport->renderToImage(), 128);
    QVERIFY(initial > 1000);

    // Move into the other dock: re-parented (Qt 6.4 keeps the context while the top-level window
    // stays the same). Every context that ends must see the viewport free its GL objects first
    // (checked in cleanup: no "destroyed without release()" warning, no renderError).
    m_h.dockB->setWidget(m_h.viewport);
    m_h.dockB->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_h.dockB));
    m_h.viewport->update();
    QVERIFY(frames.wait(5000));
    QVERIFY(countNonBackground(m_h.viewport->renderToImage(), 128) > 1000);

    // Float it (a new top-level window: the context is recreated), then dock it back (again).
    QSignalSpy secondContextEnds(m_h.viewport->context(), &QOpenGLContext::aboutToBeDestroyed);
    m_h.dockB->setFloating(true);
    QVERIFY(QTest::qWaitForWindowExposed(m_h.dockB));
    frames.clear();
    m_h.viewport->update();
    QVERIFY(frames.wait(5000));
    QCOMPARE(secondContextEnds.count(), 1);
    QVERIFY(countNonBackground(m_h.viewport->renderToImage(), 128) > 1000);
    QSignalSpy thirdContextEnds(m_h.viewport->context(), &QOpenGLContext::aboutToBeDestroyed);
    m_h.dockB->setFloating(false);
    QVERIFY(QTest::qWaitForWindowExposed(m_h.window.get()));
    frames.clear();
    m_h.viewport->update();
    QVERIFY(frames.wait(5000));
    QCOMPARE(thirdContextEnds.count(), 1);
    m_h.viewport->setBackground(Viewport::Background::Black);
    QVERIFY(countNonBackground(m_h.viewport->renderToImage(), 0) > 1000);
}

int main(int argc, char** argv) {
    if (qEnvironmentVariable("QT_QPA_PLATFORM") == "xcb" && qEnvironmentVariableIsEmpty("DISPLAY")) {
        std::printf("SKIP: no X display (run under xvfb-run, as ./scripts/test does)\n");
        return 77;
    }
    QApplication app(argc, argv);
    TestViewport test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_viewport.moc"
