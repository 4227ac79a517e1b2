#pragma once
// Shared helpers of the editor tests (tst_editor*, QtTest).
#include <QCoreApplication>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include "app/editor/editor_document.h"
#include "app/editor/job_runner.h"
#include "app/editor/main_window.h"

namespace sw::test {

// Cache and settings in Qt's test locations under the organisation "SplatwrightTest" and this
// test's name, starting empty (call from initTestCase).
inline void isolateEditorSettings(const char* testName) {
    QCoreApplication::setOrganizationName("SplatwrightTest");
    QCoreApplication::setApplicationName(testName);
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
}

// Opens the embedded demo drone and waits (up to 60 s) until it is shown.
inline bool openDemo(sw::editor::MainWindow& window) {
    QSignalSpy shown(&window, &sw::editor::MainWindow::modelShown);
    window.openDemo();
    return QTest::qWaitFor([&] { return shown.count() == 1; }, 60000) && window.document()->model();
}

}  // namespace sw::test
