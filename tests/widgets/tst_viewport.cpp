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
#include "widgets/viewport.h"

using sw::widgets::Viewport;

namespace {

// Pixels whose colour differs from `bg` (grey level) by more than 8 in any channel.
long countNonBackground(const QImage& image, int bg) {
    const QImage im = image.convertToFormat(QImage::Format_RGBA8888);
    long n = 0;
    for (int y = 0; y < im.height(); ++y) {
        const uchar* row = im.constScanLine(y);
        for (int x = 0; x < im.width(); ++x) {
            const uchar* p = row + 4 * x;
            n += (std::abs(p[0] - bg) > 8 || std::abs(p[1] - bg) > 8 || std::abs(p[2] - bg) > 8) ? 1 : 0;
        }
    }
    return n;
}

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
    std::unique_ptr<QMainWindow> m_window;
    QDockWidget* m_dockA = nullptr;
    QDockWidget* m_dockB = nullptr;
    Viewport* m_viewport = nullptr;
    std::unique_ptr<QSignalSpy> m_errors;
    QStringList m_warnings;  // sw::log warnings, e.g. "MeshRenderer destroyed without release()"
    int m_sink = -1;
};

void TestViewport::init() {
    m_warnings.clear();
    m_sink = sw::log::addSink([this](sw::log::Level level, std::string_view message) {
        if (level >= sw::log::Level::Warning) m_warnings << QString::fromUtf8(message.data(), qsizetype(message.size()));
    });
    m_window = std::make_unique<QMainWindow>();
    m_window->setCentralWidget(new QWidget);
    m_dockA = new QDockWidget("A", m_window.get());
    m_dockB = new QDockWidget("B", m_window.get());
    m_viewport = new Viewport;
    m_viewport->setMinimumSize(320, 240);
    m_dockA->setWidget(m_viewport);
    m_dockB->setWidget(new QWidget);
    m_window->addDockWidget(Qt::LeftDockWidgetArea, m_dockA);
    m_window->addDockWidget(Qt::RightDockWidgetArea, m_dockB);
    m_window->resize(1000, 600);
    m_errors = std::make_unique<QSignalSpy>(m_viewport, &Viewport::renderError);
    m_viewport->setMesh(std::make_shared<const sw::geometry::Mesh>(sw::test::makeBoxAndPlate()));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestViewport::cleanup() {
    QVERIFY2(m_errors->isEmpty(), m_errors->isEmpty() ? "" : qPrintable(m_errors->first().first().toString()));
    m_errors.reset();
    m_window.reset();  // destroys the viewport with a live context: frees GL in the destructor
    sw::log::removeSink(m_sink);
    QVERIFY2(m_warnings.isEmpty(), qPrintable(m_warnings.join("\n")));
}

void TestViewport::showsMeshOnBothBackgrounds() {
    QSignalSpy frames(m_viewport, &Viewport::frameRendered);
    m_viewport->update();
    QVERIFY(frames.wait(5000));
    QCOMPARE(m_viewport->background(), Viewport::Background::Grey);
    const QImage grey = m_viewport->renderToImage();
    QVERIFY(!grey.isNull());
    QCOMPARE(grey.size(), m_viewport->size() * m_viewport->devicePixelRatio());
    QCOMPARE(grey.pixelColor(0, 0), QColor(128, 128, 128));
    const double total = double(grey.width()) * grey.height();
    const double share = countNonBackground(grey, 128) / total;
    QVERIFY2(share > 0.15 && share < 0.7, qPrintable(QString("mesh covers %1 of the frame").arg(share)));

    m_viewport->setBackground(Viewport::Background::Black);
    QCOMPARE(m_viewport->background(), Viewport::Background::Black);
    const QImage black = m_viewport->renderToImage();
    QCOMPARE(black.pixelColor(0, 0), QColor(0, 0, 0));
    QVERIFY(std::abs(countNonBackground(black, 0) / total - share) < 0.01);
}

void TestViewport::turntableDragOnlyYaws() {
    m_viewport->setCameraMode(Viewport::CameraMode::Turntable);
    QCOMPARE(m_viewport->cameraMode(), Viewport::CameraMode::Turntable);
    const QImage before = m_viewport->renderToImage();
    drag(m_viewport, {100, 100}, {100, 160}, Qt::LeftButton);  // vertical: tilt is fixed
    QCOMPARE(m_viewport->renderToImage(), before);
    drag(m_viewport, {100, 100}, {160, 100}, Qt::LeftButton);  // horizontal: yaw
    QVERIFY(m_viewport->renderToImage() != before);

    m_viewport->setCameraMode(Viewport::CameraMode::Orbit);
    const QImage orbit = m_viewport->renderToImage();
    drag(m_viewport, {100, 100}, {100, 160}, Qt::LeftButton);
    QVERIFY(m_viewport->renderToImage() != orbit);
    m_viewport->resetView();
    const QImage reset = m_viewport->renderToImage();
    QWheelEvent wheel(QPointF(50, 50), m_viewport->mapToGlobal(QPointF(50, 50)), QPoint(), QPoint(0, 240),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(m_viewport, &wheel);  // zoom in: the mesh grows
    QVERIFY(countNonBackground(m_viewport->renderToImage(), 128) > countNonBackground(reset, 128));
}

void TestViewport::survivesRedockAndFloat() {
    QSignalSpy frames(m_viewport, &Viewport::frameRendered);
    const long initial = countNonBackground(m_viewport->renderToImage(), 128);
    QVERIFY(initial > 1000);

    // Move into the other dock: re-parented (Qt 6.4 keeps the context while the top-level window
    // stays the same). Every context that ends must see the viewport free its GL objects first
    // (checked in cleanup: no "destroyed without release()" warning, no renderError).
    m_dockB->setWidget(m_viewport);
    m_dockB->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_dockB));
    m_viewport->update();
    QVERIFY(frames.wait(5000));
    QVERIFY(countNonBackground(m_viewport->renderToImage(), 128) > 1000);

    // Float it (a new top-level window: the context is recreated), then dock it back (again).
    QSignalSpy secondContextEnds(m_viewport->context(), &QOpenGLContext::aboutToBeDestroyed);
    m_dockB->setFloating(true);
    QVERIFY(QTest::qWaitForWindowExposed(m_dockB));
    frames.clear();
    m_viewport->update();
    QVERIFY(frames.wait(5000));
    QCOMPARE(secondContextEnds.count(), 1);
    QVERIFY(countNonBackground(m_viewport->renderToImage(), 128) > 1000);
    QSignalSpy thirdContextEnds(m_viewport->context(), &QOpenGLContext::aboutToBeDestroyed);
    m_dockB->setFloating(false);
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    frames.clear();
    m_viewport->update();
    QVERIFY(frames.wait(5000));
    QCOMPARE(thirdContextEnds.count(), 1);
    m_viewport->setBackground(Viewport::Background::Black);
    QVERIFY(countNonBackground(m_viewport->renderToImage(), 0) > 1000);
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
