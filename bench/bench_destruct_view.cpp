// The editor's destruction preview under fire (issue 15): the Viewport at 1280 × 800 (default; its
// own framing of the model, as the editor opens it) with the Destruction dock's panel, the baked
// demo drone (≈ 6,000 core splats) shot with bench_destruct's 100-hit volley (cannon, mortar,
// railgun in turn, eight headings, one 1/60 s step after each hit). Prints
//   stepped frames  a panel step (simulation step, stats, labels) and a redraw (paintGL + glFinish)
//                   in a loop, paused: the cost of one frame of the preview (mean, median, best);
//   playback        the panel running on its own (wall-clock steps, the 60 Hz timer) for a few
//                   seconds through the event loop, the window composed and flushed to the X
//                   server as a user sees it: frames painted per second and the playback speed.
// Usage: bench_destruct_view [--size WxH] [--frames N] [--seconds S] [--png prefix]. Needs an X display (Xvfb).
#include <QApplication>
#include <QElapsedTimer>
#include <QMainWindow>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bench/bench_view.h"
#include "core/destruct/bench/bench_boss.h"
#include "widgets/destruct_panel.h"
#include "widgets/viewport.h"

using sw::widgets::DestructPanel;
using sw::widgets::Viewport;
using Clock = std::chrono::steady_clock;

namespace {

int g_frames = 0;  // frameRendered count

bool redraw(Viewport* v) { return sw::bench::redraw(v, g_frames); }

}  // namespace

int main(int argc, char** argv) {
    int width = 1280, height = 800, frames = 30;
    double seconds = 3.0;
    std::string png;  // --png prefix: the view before and after the volley
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--size")) std::sscanf(argv[i + 1], "%dx%d", &width, &height);
        else if (!std::strcmp(argv[i], "--frames")) frames = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--seconds")) seconds = std::atof(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--png")) png = argv[i + 1];
    }
    if (width < 64 || height < 64 || frames < 1 || !(seconds > 0.0)) {
        std::fprintf(stderr, "bench_destruct_view: error: usage: bench_destruct_view [--size WxH] [--frames N] [--seconds S] [--png prefix]\n");
        return 1;
    }
    if (!sw::bench::haveDisplay("bench_destruct_view")) return 1;
    QApplication app(argc, argv);
    auto boss = sw::destruct::bench::bakedDrone(6800);
    if (!boss) {
        std::fprintf(stderr, "bench_destruct_view: error: %s\n", boss.error().toString().c_str());
        return 1;
    }
    auto model = std::make_shared<const sw::formats::Spl2Model>(std::move(*boss));

    QMainWindow window;
    Viewport* view = sw::bench::openViewport(window, width, height, g_frames, "bench_destruct_view");
    if (!view) return 1;
    DestructPanel panel(view);
    panel.show();
    view->setSplatModel(model);
    view->setContent(Viewport::Content::Splats);
    if (sw::Status s = panel.setModel(model); !s) {
        std::fprintf(stderr, "bench_destruct_view: error: %s\n", s.error().toString().c_str());
        return 1;
    }
    panel.setPaused(true);
    for (int i = 0; i < 3; ++i)
        if (!redraw(view)) return std::fprintf(stderr, "bench_destruct_view: error: the viewport painted nothing\n"), 1;

    // Frames in turn with the polygon fans (the default look) and the round coverage splats (the
    // view's Round toggle), so a drifting load falls on both alike.
    struct Looks {
        std::vector<double> fans, round;
    };
    const auto frameMs = [&](int count) {
        Looks ms;
        for (int f = 0; f < 2 * count; ++f) {
            const bool round = f % 2 == 1;
            view->setRoundSplats(round);
            const auto t = Clock::now();
            panel.stepFrame();
            redraw(view);
            (round ? ms.round : ms.fans).push_back(std::chrono::duration<double, std::milli>(Clock::now() - t).count());
        }
        view->setRoundSplats(false);
        return ms;
    };
    const auto print = [](const char* what, std::vector<double> ms) {
        double mean = 0;
        for (double x : ms) mean += x / double(ms.size());
        std::sort(ms.begin(), ms.end());
        std::printf("  %-30s mean %6.2f ms (%5.1f fps), median %6.2f ms, best %6.2f ms\n", what, mean, 1000.0 / mean, ms[ms.size() / 2],
                    ms.front());
    };
    std::printf("bench_destruct_view: viewport %dx%d (device pixels %dx%d), %zu core + %zu shell splats\n", view->width(), view->height(),
                int(view->width() * view->devicePixelRatioF()), int(view->height() * view->devicePixelRatioF()), model->core.size(),
                model->shell.size());
    // The frame's fixed part: the clear, Qt's resolve of the widget's 4× MSAA frame, the
    // composition of the window and its flush to the X server, with no pass drawn.
    std::vector<double> empty;
    view->setDrawCore(false);
    view->setDrawShell(false);
    for (int f = 0; f < frames; ++f) {
        const auto t = Clock::now();
        redraw(view);
        empty.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t).count());
    }
    view->setDrawCore(true);
    view->setDrawShell(true);
    if (!png.empty()) view->renderToImage().save(QString::fromStdString(png + "-intact.png"));
    const Looks intact = frameMs(frames);
    for (int k = 0; k < 100; ++k) {
        panel.selectProfile(sw::destruct::bench::volleyProfile(k));
        const auto [origin, direction] = sw::destruct::bench::aim(k, panel.profile().kind);
        panel.shoot(origin, direction);
        panel.stepFrame();
    }
    const sw::destruct::SimStats st = panel.simulation()->stats();
    std::printf("volley: 100 hits, %d slots damaged, %d chunks torn, %d islands, %d bodies and %d debris in flight\n", st.damaged,
                st.chunksTorn, st.islandsTorn, st.bodiesAlive, st.debrisAlive);
    std::printf("stepped frames (panel step + paintGL + glFinish, paused):\n");
    if (!png.empty()) view->renderToImage().save(QString::fromStdString(png + "-fire.png"));
    const int bodies0 = panel.simulation()->stats().bodiesAlive;
    const Looks fire = frameMs(frames);
    print("nothing drawn (clear, Qt)", empty);
    print("intact, polygon fans", intact.fans);
    print("intact, round (coverage)", intact.round);
    print("under fire, polygon fans", fire.fans);
    print("under fire, round (coverage)", fire.round);
    std::printf("  bodies in flight: %d before the frames under fire, %d after\n", bodies0, panel.simulation()->stats().bodiesAlive);

    // Playback as a user sees it: the panel's timer steps by the wall clock, Qt paints and composes.
    // Each look plays the same recorded volley from its end (scrubbed back there first).
    const double volleyEnd = panel.recordedTime() - double(2 * frames) * double(DestructPanel::kFrameSeconds);
    for (const bool round : {false, true}) {
        view->setRoundSplats(round);
        panel.scrubTo(volleyEnd);
        const int painted0 = g_frames;
        const double sim0 = panel.simulation()->time();
        QElapsedTimer clock;
        clock.start();
        panel.setPaused(false);
        while (clock.elapsed() < qint64(seconds * 1000.0)) QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        panel.setPaused(true);
        const double wall = double(clock.elapsed()) / 1000.0;
        std::printf("playback, %s (running, %.1f s of wall time): %.1f frames painted per second, simulation at %.2fx real time, %d bodies in flight at the end\n",
                    round ? "round (coverage)" : "polygon fans", wall, double(g_frames - painted0) / wall,
                    (double(panel.simulation()->time()) - sim0) / wall, panel.simulation()->stats().bodiesAlive);
    }
    return 0;
}
