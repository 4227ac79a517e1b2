// The Splatwright editor: `splatwright [model|project.splatproj] [--lang en|ru] [--screenshot <png>]
// [--quit-after-load] [--show dataset|parts|training|bake|game-scale|log|foliage]`. With no model it opens
// the demo drone embedded in the binary. `--show dataset` raises the Dataset panel and frame
// browser and renders a small dataset (48 views at 160²) into a temporary folder;
// --screenshot/--quit-after-load then wait for it. The other workspaces raise their dock.
#include <QApplication>
#include <QCommandLineParser>
#include <QPainter>
#include <QSurfaceFormat>
#include <QTemporaryDir>
#include <QTimer>
#include <cstdio>

#include "app/editor/autosave.h"
#include "app/editor/dataset_controller.h"
#include "app/editor/main_window.h"
#include "app/editor/translations.h"
#include "core/render/host_tuning.h"
#include "core/foundation/log.h"
#include "widgets/dataset_panel.h"
#include "widgets/viewport.h"

namespace {

constexpr int LOAD_TIMEOUT_MS = 120000;  // smoke runs never hang a test

// The window with the viewport's GL frame painted in (QWidget::grab may miss GL content).
QImage grabWindow(sw::editor::MainWindow& window) {
    QImage shot = window.grab().toImage();
    sw::widgets::Viewport* viewport = window.viewport();
    if (viewport->isVisible() && !viewport->isWindow()) {
        QPainter painter(&shot);
        painter.drawImage(QRect(viewport->mapTo(&window, QPoint(0, 0)), viewport->size()),
                          viewport->grabFramebuffer());
    }
    return shot;
}

// --quit-after-load / --screenshot: exit 0 once the model is shown (after saving the PNG of
// the first frame that shows it), 1 when loading fails, 3 when nothing happens in time.
void armAutoExit(sw::editor::MainWindow& window, const QString& shotPath, bool waitForDataset) {
    sw::log::addSink(sw::log::stderrSink());  // smoke runs show why they failed
    QObject::connect(&window, &sw::editor::MainWindow::loadFailed, qApp, [] { QApplication::exit(1); });
    QObject::connect(&window, &sw::editor::MainWindow::datasetFailed, qApp, [] { QApplication::exit(1); });
    QObject::connect(&window, waitForDataset ? &sw::editor::MainWindow::datasetRendered
                                             : &sw::editor::MainWindow::modelShown, qApp, [&window, shotPath] {
        if (shotPath.isEmpty()) {
            QApplication::exit(0);
            return;
        }
        QObject::connect(window.viewport(), &sw::widgets::Viewport::frameRendered, qApp, [&window, shotPath] {
            QTimer::singleShot(600, qApp, [&window, shotPath] {  // let the layout and thumbnails settle
                const bool saved = grabWindow(window).save(shotPath, "PNG");
                std::fprintf(saved ? stdout : stderr, "splatwright: %s %s\n",
                             saved ? "screenshot" : "error: cannot write", qPrintable(shotPath));
                QApplication::exit(saved ? 0 : 1);
            });
        }, Qt::SingleShotConnection);
        window.viewport()->update();
    });
    QTimer::singleShot(LOAD_TIMEOUT_MS, qApp, [] {
        std::fprintf(stderr, "splatwright: error: the model (or dataset) did not load within %d s\n", LOAD_TIMEOUT_MS / 1000);
        QApplication::exit(3);
    });
}

}  // namespace

int main(int argc, char** argv) {
    sw::render::keepFreedHeapForRendering();  // the viewport may draw with llvmpipe
    QApplication app(argc, argv);
    QApplication::setOrganizationName("Splatwright");
    QApplication::setApplicationName("splatwright");
    QApplication::setApplicationVersion(QStringLiteral(SPLATWRIGHT_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription("Splatwright: textured game models to Gaussian-splat assets");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("model", "Model to open (GLB, glTF, FBX, OBJ); default: the demo drone");
    QCommandLineOption langOpt("lang", "User interface language: en or ru (default: system)", "lang");
    QCommandLineOption shotOpt("screenshot", "Save a PNG of the window once the model is shown, then quit", "png");
    QCommandLineOption quitOpt("quit-after-load", "Quit once the model is loaded (exit 0) or failed (exit 1)");
    QCommandLineOption showOpt("show", "Raise a workspace: dataset (renders a small dataset), parts, or the dock training, bake, game-scale, log or foliage", "workspace");
    parser.addOptions({langOpt, shotOpt, quitOpt, showOpt});
    parser.process(app);
    // --lang, else the language chosen in View ▸ Language, else the system's.
    const QString lang = parser.isSet(langOpt) ? parser.value(langOpt) : sw::editor::MainWindow::savedLanguage();
    if (!sw::editor::installTranslations(app, lang)) {
        std::fprintf(stderr, "splatwright: error: unknown language '%s' (use en or ru)\n",
                     qPrintable(lang));
        return 1;
    }

    const QString show = parser.value(showOpt);
    const QStringList workspaces{"dataset", "parts", "training", "bake", "game-scale", "log", "foliage"};
    if (!show.isEmpty() && !workspaces.contains(show)) {
        std::fprintf(stderr, "splatwright: error: unknown workspace '%s' (use %s)\n", qPrintable(show),
                     qPrintable(workspaces.join(QStringLiteral(", "))));
        return 1;
    }
    sw::editor::MainWindow window;
    const bool smoke = parser.isSet(quitOpt) || parser.isSet(shotOpt);
    if (!smoke) window.restoreLayout();  // the last run's window and docks (screenshots: the default layout)
    window.show();
    const bool demoDataset = show == QLatin1String("dataset");
    if (smoke) armAutoExit(window, parser.value(shotOpt), demoDataset);
    else window.autosave()->offerRecovery();  // after a crash: restore the autosaved changes?
    QTemporaryDir datasetDir;
    if (!show.isEmpty()) {
        QObject::connect(&window, &sw::editor::MainWindow::modelShown, &window, [&window, &datasetDir, show, demoDataset] {
            window.showWorkspace(show);
            if (!demoDataset) return;
            sw::dataset::BeltSettings belt = window.datasetPanel()->belt();
            belt.trainViews = 48;
            window.datasetPanel()->setBelt(belt);
            sw::dataset::DatasetSettings settings = window.datasetPanel()->settings();
            settings.resolution = 160;
            window.datasetPanel()->setSettings(settings);
            window.dataset()->render(datasetDir.filePath(QStringLiteral("dataset")));
        }, Qt::SingleShotConnection);
    }
    const QStringList args = parser.positionalArguments();
    if (args.isEmpty()) window.openDemo();
    else if (args.first().endsWith(QLatin1String(".splatproj"))) window.openProject(args.first());
    else window.openModel(args.first());
    return app.exec();
}
