// The first-use walkthrough (issue 33): the three ways an artist lost work, repeated end to end
// in separate editor processes with the real dialogs, buttons and keys, and screenshots of each
// step. Usage: walkthrough <out-dir> <splatwright binary> [<foreign splat file>]
// The driver runs each phase as a child process of itself (phase name as the first argument)
// under a HOME of its own in <out-dir>, so settings, caches and recovery files are those of a
// fresh user; the saved project is reopened by the editor binary itself for a screenshot.
//   1  open a model (File ▸ Open, no project), train, bake, crop, File ▸ Save Project As, quit;
//      a new process opens the project: the cloud, loss chart and crop are back.
//   2  open the project, delete part of the cloud (Box tool + Delete), wait for the File ▸
//      Autosave timer (every minute), then SIGKILL; a new process answers Restore: the deletion
//      is back, and the recovery's cloud edits were not written over before the answer.
//   3  with a model open, File ▸ Open Splat Cloud on another tool's capture: it opens on its own
//      (no floater scan against the mesh, its own title, framed).
// While each file dialog is open the screen is grabbed: the viewport behind it is not blank.
// Exit 0 when every check holds; each failure prints one line naming the step.
#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLabel>
#include <QJsonObject>
#include <QLineEdit>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QScreen>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>
#include <QTimer>
#include <cstdio>
#include <functional>

#include "app/editor/autosave.h"
#include "app/editor/bake_controller.h"
#include "app/editor/demo_asset.h"
#include "app/editor/editor_document.h"
#include "app/editor/job_runner.h"
#include "app/editor/main_window.h"
#include "app/editor/training_dock.h"
#include "core/splat/splat_cloud.h"
#include "widgets/dataset_panel.h"
#include "widgets/loss_chart.h"
#include "widgets/training_panel.h"
#include "widgets/viewport.h"

using sw::editor::MainWindow;

namespace {

QString g_out;  // the walkthrough's folder

[[noreturn]] void fail(const QString& step, const QString& what) {
    std::fprintf(stderr, "walkthrough: step %s: %s\n", qPrintable(step), qPrintable(what));
    std::fflush(stderr);
    std::_Exit(1);
}

void check(bool ok, const QString& step, const QString& what) {
    if (!ok) fail(step, what);
}

void say(const QString& line) {
    std::printf("%s\n", qPrintable(line));
    std::fflush(stdout);
}

void wait(const std::function<bool()>& done, int ms, const QString& step, const QString& what) {
    check(QTest::qWaitFor(done, ms), step, "timed out waiting for " + what);
}

void shoot(QWidget& window, const QString& name) {
    window.grab().save(g_out + "/" + name);
    say("screenshot " + name);
}

// Share of pixels of `rect` outside `skip` that differ from the rect's first pixel by more than 8.
double busyShare(const QImage& image, const QRect& rect, const QRect& skip = {}) {
    const QRgb first = image.pixel(rect.topLeft());
    int busy = 0, total = 0;
    for (int y = rect.top(); y <= rect.bottom(); y += 4)
        for (int x = rect.left(); x <= rect.right(); x += 4) {
            if (skip.contains(x, y)) continue;
            ++total;
            const QRgb p = image.pixel(x, y);
            busy += std::abs(qRed(p) - qRed(first)) + std::abs(qGreen(p) - qGreen(first)) + std::abs(qBlue(p) - qBlue(first)) > 8;
        }
    return total ? double(busy) / total : 0;
}

// Mean absolute RGB difference (0..255) of two screen grabs over `rect`, leaving out `skip`.
double meanDifference(const QImage& a, const QImage& b, const QRect& rect, const QRect& skip) {
    double sum = 0;
    int n = 0;
    for (int y = rect.top(); y <= rect.bottom(); y += 2)
        for (int x = rect.left(); x <= rect.right(); x += 2) {
            if (skip.contains(x, y)) continue;
            const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
            sum += (std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) + std::abs(qBlue(p) - qBlue(q))) / 3.0;
            ++n;
        }
    return n ? sum / n : 0;
}

// Answers the next file dialog with `path`, typed into its name field. While it is open the screen
// is grabbed (`shot`): where the dialog does not cover the viewport, the viewport shows what it
// showed before the dialog opened (a blank or black viewport behind a dialog fails).
void answerFileDialog(MainWindow& window, const QString& path, const QString& shot, const QString& step) {
    check(QTest::qWaitForWindowExposed(&window), step, "the window is not shown");
    QTest::qWait(500);  // drawn and settled
    const QImage before = QApplication::primaryScreen()->grabWindow(0).toImage();
    auto* timer = new QTimer(&window);
    timer->setInterval(100);
    QObject::connect(timer, &QTimer::timeout, &window, [&window, timer, path, shot, step, before] {
        auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
        if (!dialog || !dialog->isVisible()) return;
        timer->stop();
        timer->deleteLater();
        QTest::qWait(300);  // the dialog drawn, the window repainted behind it
        const QImage screen = QApplication::primaryScreen()->grabWindow(0).toImage();
        screen.save(g_out + "/" + shot);
        sw::widgets::Viewport* view = window.viewport();
        const QRect area = QRect(view->mapToGlobal(QPoint(0, 0)), view->size()).intersected(screen.rect());
        const double diff = meanDifference(before, screen, area, dialog->frameGeometry());
        check(diff < 3.0, step, QString("the viewport changed behind the file dialog (mean difference %1 of 255; %2)").arg(diff).arg(shot));
        auto* name = dialog->findChild<QLineEdit*>("fileNameEdit");
        check(name != nullptr, step, "the file dialog has no file name field");
        name->clear();
        QTest::keyClicks(name, path);
        QTest::keyClick(name, Qt::Key_Return);
    });
    timer->start();
}

QAction* action(MainWindow& window, const char* name) {
    auto* a = window.findChild<QAction*>(name);
    check(a != nullptr, "setup", QString("no action ") + name);
    return a;
}

QAbstractButton* button(QWidget& window, const char* name) {
    auto* b = window.findChild<QAbstractButton*>(name);
    check(b != nullptr, "setup", QString("no button ") + name);
    return b;
}

QMessageBox* visibleBox(QWidget& window, const char* name) {
    for (QMessageBox* box : window.findChildren<QMessageBox*>(name))
        if (box->isVisible()) return box;
    return nullptr;
}

// A small, fast stage setup: 8 + 1 views at 96 px; 200 steps of 1,000 splats.
void smallStages(MainWindow& window) {
    auto belt = window.datasetPanel()->belt();
    belt.trainViews = 8;
    belt.valViews = 1;
    belt.testViewsPerRing = 0;
    window.datasetPanel()->setBelt(belt);
    auto settings = window.datasetPanel()->settings();
    settings.resolution = 96;
    window.datasetPanel()->setSettings(settings);
    auto s = window.trainingDock()->panel()->settings();
    s.budget = 1000;
    s.steps = 200;
    s.resolution = 96;
    s.seed = 3;
    s.evalEvery = 50;
    s.checkpointEvery = 50;
    s.refineStart = 50;
    s.refineEvery = 50;
    s.refineStopBeforeEnd = 50;
    window.trainingDock()->panel()->setSettings(s);
}

// Drags a box over the viewport's [x0, x1] share of its width with the Box tool.
void boxSelect(MainWindow& window, double x0, double x1) {
    button(window, "selectBox")->click();
    sw::widgets::Viewport* view = window.viewport();
    const int w = view->width(), h = view->height();
    const QPoint a(int(x0 * w), 2), b(int(x1 * w), h - 3);
    QTest::mousePress(view, Qt::LeftButton, {}, a);
    for (int k = 1; k <= 8; ++k) QTest::mouseMove(view, a + (b - a) * k / 8);
    QTest::mouseRelease(view, Qt::LeftButton, {}, b);
}

void writeFacts(const QString& name, const QJsonObject& facts) {
    QFile f(g_out + "/" + name);
    check(f.open(QIODevice::WriteOnly) && f.write(QJsonDocument(facts).toJson()) > 0, "setup", "cannot write " + name);
}

QJsonObject readFacts(const QString& name) {
    QFile f(g_out + "/" + name);
    check(f.open(QIODevice::ReadOnly), "setup", "cannot read " + name);
    return QJsonDocument::fromJson(f.readAll()).object();
}

std::size_t cloudSize(MainWindow& window) {
    return window.document()->cloud() ? window.document()->cloud()->size() : 0;
}

// 1: model → train → bake → crop → Save Project As → quit.
int trainAndSave() {
    const QString step = "1 (save after training)";
    auto demo = sw::editor::extractDemoAsset();
    check(demo.ok(), step, "no demo asset");
    const QString model = g_out + "/drone.glb", project = g_out + "/drone.splatproj";
    QFile::remove(model);
    check(QFile::copy(*demo, model), step, "cannot copy the demo model");
    MainWindow window;
    window.show();
    QSignalSpy shown(&window, &MainWindow::modelShown);
    answerFileDialog(window, model, "1-open-dialog.png", step);
    QTimer::singleShot(0, &window, [&window] { action(window, "actionOpen")->trigger(); });
    wait([&] { return shown.count() == 1; }, 120000, step, "the model");
    smallStages(window);
    QSignalSpy trained(window.trainingDock(), &sw::editor::TrainingDock::trained);
    button(window, "startTraining")->click();
    wait([&] { return trained.count() == 1; }, 600000, step, "training");
    QSignalSpy baked(window.bakeController(), &sw::editor::BakeController::bakeFinished);
    button(window, "bakeButton")->click();
    wait([&] { return baked.count() == 1; }, 300000, step, "the bake");
    check(baked.first().first().toBool(), step, "the bake failed");
    const std::size_t before = cloudSize(window);
    boxSelect(window, 0.0, 0.55);
    button(window, "selectCrop")->click();
    wait([&] { return cloudSize(window) < before && !window.bakeController()->runner()->busy(); }, 300000, step,
         "the crop and its re-bake");
    shoot(window, "1-trained-baked-cropped.png");
    QJsonObject facts{{"splats", qint64(cloudSize(window))},
                      {"trained", qint64(before)},
                      {"loss_points", window.trainingDock()->panel()->chart()->lossPoints().size()}};
    writeFacts("step1.json", facts);
    answerFileDialog(window, project, "1-save-dialog.png", step);
    QTimer::singleShot(0, &window, [&window] { action(window, "actionSaveProjectAs")->trigger(); });
    wait([&] { return QFileInfo::exists(project) && !window.document()->isModified(); }, 120000, step, "the save");
    check(QFileInfo::exists(g_out + "/drone.cache/training/cloud.ply"), step, "the run did not come into drone.cache");
    action(window, "actionQuit")->trigger();
    wait([&] { return !window.isVisible(); }, 30000, step, "the quit (a question was asked after a save)");
    return 0;
}

// Opens the project as the editor does at start-up and waits for its cloud.
void openProject(MainWindow& window, const QString& step) {
    QSignalSpy shown(&window, &MainWindow::modelShown);
    check(window.openProject(g_out + "/drone.splatproj"), step, "the project does not open");
    wait([&] { return shown.count() >= 1 && cloudSize(window) > 0 && !window.bakeController()->runner()->busy(); },
         300000, step, "the project's cloud");
}

// 1, reopened: the cloud, its loss chart and the crop are back.
int reopen() {
    const QString step = "1 (reopen)";
    const QJsonObject facts = readFacts("step1.json");
    MainWindow window;
    window.show();
    openProject(window, step);
    check(qint64(cloudSize(window)) == facts["splats"].toInteger(), step,
          QString("the cloud has %1 splats, %2 when saved").arg(cloudSize(window)).arg(facts["splats"].toInteger()));
    wait([&] { return window.trainingDock()->panel()->chart()->lossPoints().size() == facts["loss_points"].toInteger(); },
         30000, step, "the loss chart");
    shoot(window, "1-reopened.png");
    return 0;
}

// 2: delete part of the cloud, wait for the autosave timer, then the parent kills this process.
int editUntilKilled() {
    const QString step = "2 (edit, autosave)";
    MainWindow window;
    window.show();
    openProject(window, step);
    action(window, "autosave1")->trigger();  // File ▸ Autosave ▸ every minute
    const std::size_t before = cloudSize(window);
    boxSelect(window, 0.0, 0.5);
    QTest::keyClick(window.viewport(), Qt::Key_Delete);
    wait([&] { return cloudSize(window) < before; }, 60000, step, "the deletion");
    wait([&] { return !window.bakeController()->runner()->busy(); }, 300000, step, "the re-bake after the deletion");
    QSignalSpy autosaved(window.autosave(), &sw::editor::AutosaveController::autosaved);
    wait([&] { return autosaved.count() >= 1; }, 90000, step, "the autosave");
    int seen = 0;  // settled: no further autosave for 2 s
    while (seen != autosaved.count()) {
        seen = int(autosaved.count());
        QTest::qWait(2000);
    }
    const QString edits = sw::editor::AutosaveController::cloudEditsOf(autosaved.last().first().toString());
    QFile::remove(g_out + "/step2-edits.json");
    check(QFile::copy(edits, g_out + "/step2-edits.json"), step, "the autosave wrote no cloud edits beside " + edits);
    writeFacts("step2.json", {{"splats", qint64(cloudSize(window))}, {"before", qint64(before)}, {"edits", edits}});
    shoot(window, "2-edited.png");
    say("autosaved");
    return QApplication::exec();  // until killed
}

// 2, after the crash: Restore brings the deletion back.
int restore() {
    const QString step = "2 (restore)";
    const QJsonObject facts = readFacts("step2.json");
    MainWindow window;
    window.show();
    window.autosave()->offerRecovery();  // as the editor does at start-up
    openProject(window, step);
    QMessageBox* box = nullptr;
    wait([&] { return (box = visibleBox(window, "restoreRecovery")) != nullptr; }, 60000, step, "the recovery question");
    const QString edits = facts["edits"].toString();
    const auto bytes = [](const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    check(!bytes(edits).isEmpty() && bytes(edits) == bytes(g_out + "/step2-edits.json"), step,
          "the recovery's cloud edits were written over before the answer: " + edits);
    shoot(window, "2-recovery-question.png");
    box->button(QMessageBox::Yes)->click();
    wait([&] { return qint64(cloudSize(window)) == facts["splats"].toInteger(); }, 300000, step,
         QString("the restored deletion (%1 splats; %2 shown)").arg(facts["splats"].toInteger()).arg(cloudSize(window)));
    shoot(window, "2-restored.png");
    return 0;
}

// 3: another tool's splats, opened with a model open, open on their own.
int foreignCloud(const QString& capture) {
    const QString step = "3 (another tool's splats)";
    MainWindow window;
    window.show();
    QSignalSpy shown(&window, &MainWindow::modelShown);
    window.openModel(g_out + "/drone.glb");
    wait([&] { return shown.count() == 1; }, 120000, step, "the model");
    answerFileDialog(window, capture, "3-open-cloud-dialog.png", step);
    QTimer::singleShot(0, &window, [&window] { action(window, "actionOpenCloud")->trigger(); });
    QMessageBox* box = nullptr;
    wait([&] { return (box = visibleBox(window, "foreignCloud")) != nullptr; }, 120000, step, "the question: on its own?");
    box->button(QMessageBox::Open)->click();
    wait([&] { return window.document()->cloud() != nullptr; }, 120000, step, "the cloud");
    check(!window.document()->model(), step, "the model's mesh is still open beside the capture");
    check(!window.bakeController()->floaterScan(), step, "the capture was scanned for floaters against the model");
    for (QLabel* label : window.statusBar()->findChildren<QLabel*>())
        check(!label->text().contains("drone.glb"), step, "the status bar still names the closed model: " + label->text());
    const QString name = QFileInfo(capture).fileName();
    check(window.windowTitle().contains(name), step, "the title is \"" + window.windowTitle() + "\", not the capture's");
    wait([&] { return window.viewport()->content() == sw::widgets::Viewport::Content::Splats && window.viewport()->splatModel(); },
         120000, step, "the capture in the viewport");
    QTest::qWait(500);
    shoot(window, "3-capture-on-its-own.png");
    const QImage frame = window.viewport()->grabFramebuffer();
    check(busyShare(frame, frame.rect().adjusted(0, 0, -1, -1)) > 0.05, step, "the capture is not framed (the view is empty)");
    return 0;
}

// The driver: each phase in a process of its own, the editor binary for a screenshot.
int drive(const QString& self, const QString& editor, const QString& capture) {
    const QString home = g_out + "/home";
    QDir(home).removeRecursively();
    QDir().mkpath(home);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("HOME", home);
    env.insert("XDG_CONFIG_HOME", home + "/config");
    env.insert("XDG_CACHE_HOME", home + "/cache");
    env.insert("XDG_DATA_HOME", home + "/data");
    const auto run = [&](const QString& program, const QStringList& args, int ms) {
        QProcess p;
        p.setProcessEnvironment(env);
        p.setProcessChannelMode(QProcess::ForwardedChannels);
        p.start(program, args);
        const bool done = p.waitForFinished(ms);
        if (!done) p.kill();
        return done && p.exitStatus() == QProcess::NormalExit ? p.exitCode() : 1;
    };
    for (const QString& f : {"step1.json", "step2.json", "drone.splatproj"}) QFile::remove(g_out + "/" + f);
    QDir(g_out + "/drone.cache").removeRecursively();
    if (run(self, {"train-save", g_out}, 900000) != 0) return 1;
    if (run(editor, {g_out + "/drone.splatproj", "--screenshot", g_out + "/1-reopened-by-the-editor.png"}, 300000) != 0)
        fail("1 (reopen)", "the editor binary did not open the saved project");
    if (run(self, {"reopen", g_out}, 600000) != 0) return 1;

    QProcess editing;
    editing.setProcessEnvironment(env);
    editing.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    editing.start(self, {"edit", g_out});
    QByteArray out;
    check(QTest::qWaitFor([&] {
              editing.waitForReadyRead(200);
              out += editing.readAllStandardOutput();
              return out.contains("autosaved\n") || editing.state() == QProcess::NotRunning;
          }, 600000) && out.contains("autosaved\n"),
          "2 (edit, autosave)", "the editing process ended before its autosave");
    editing.kill();  // SIGKILL: the crash
    editing.waitForFinished(10000);
    say("killed the editing process (SIGKILL)");
    if (run(self, {"restore", g_out}, 600000) != 0) return 1;
    if (run(self, {"foreign", g_out, capture}, 600000) != 0) return 1;
    say("walkthrough: steps 1-3 hold; screenshots in " + g_out);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const QStringList phases{"train-save", "reopen", "edit", "restore", "foreign"};
    const bool phase = argc >= 3 && phases.contains(QString::fromLocal8Bit(argv[1]));
    if (!phase) {
        QCoreApplication app(argc, argv);
        if (argc < 3) {
            std::fprintf(stderr, "usage: walkthrough <out-dir> <splatwright binary> [<foreign splat file>]\n");
            return 2;
        }
        g_out = QDir(QString::fromLocal8Bit(argv[1])).absolutePath();
        QDir().mkpath(g_out);
        const QString capture = argc >= 4 ? QFileInfo(QString::fromLocal8Bit(argv[3])).absoluteFilePath() : QString();
        check(!capture.isEmpty() && QFileInfo::exists(capture), "setup", "no foreign splat file: " + capture);
        return drive(QCoreApplication::applicationFilePath(), QFileInfo(QString::fromLocal8Bit(argv[2])).absoluteFilePath(),
                     capture);
    }
    QApplication::setOrganizationName("Splatwright");  // as the editor: the same settings and caches
    QApplication::setApplicationName("splatwright");
    QApplication app(argc, argv);
    const QString name = QString::fromLocal8Bit(argv[1]);
    g_out = QString::fromLocal8Bit(argv[2]);
    if (name == "train-save") return trainAndSave();
    if (name == "reopen") return reopen();
    if (name == "edit") return editUntilKilled();
    if (name == "restore") return restore();
    return foreignCloud(QString::fromLocal8Bit(argc >= 4 ? argv[3] : ""));
}
