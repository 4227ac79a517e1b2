// Box-selection benchmark (issue 16): the viewport with a splat cloud of N splats (demo drone
// surface samples, seed 3, as a preview model), a box dragged over it with real mouse events.
// Prints medians over the repeats of
//   full frame   a redraw (paintGL + glFinish) that draws the splats;
//   frame        a redraw that only copies the cached splat frame (nothing changed);
//   drag frame   one mouse move of the box gesture and its redraw (the rubber band only);
//   select       the release: centres projected, box test, selection applied;
//   highlight    the first redraw after it (the selected centres uploaded as points), then a
//                steady redraw with the selection shown;
//   brush move   one brush move (circle test over all centres, selection applied) and redraw;
//   depth-aware  the release with the front-most filter on.
// Usage: bench_selection [--splats N] [--repeats R] [--size WxH]. Needs an X display (Xvfb).
#include <QApplication>
#include <QMainWindow>
#include <QMouseEvent>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "core/bake/surface_sample.h"
#include "core/demo/demo_drone.h"
#include "core/render/cloud_preview.h"
#include "bench/bench_view.h"
#include "widgets/viewport.h"

using sw::widgets::Viewport;
using Clock = std::chrono::steady_clock;

namespace {

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

double timeMs(const std::function<void()>& f) {
    const auto start = Clock::now();
    f();
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

void send(Viewport* v, QEvent::Type type, QPointF at, Qt::MouseButtons buttons) {
    QMouseEvent e(type, at, v->mapToGlobal(at), type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton, buttons,
                  Qt::NoModifier);
    QCoreApplication::sendEvent(v, &e);
}

int g_frames = 0;     // frameRendered count
bool g_missed = false; // a redraw that painted nothing (the window not exposed)

void redraw(Viewport* v) {
    if (!sw::bench::redraw(v, g_frames)) g_missed = true;
}

}  // namespace

int main(int argc, char** argv) {
    int splats = 100000, repeats = 15, width = 1280, height = 800;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--splats")) splats = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--repeats")) repeats = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--size")) std::sscanf(argv[i + 1], "%dx%d", &width, &height);
    }
    if (splats < 1 || repeats < 1 || width < 64 || height < 64) {
        std::fprintf(stderr, "bench_selection: error: usage: bench_selection [--splats N] [--repeats R] [--size WxH]\n");
        return 1;
    }
    if (!sw::bench::haveDisplay("bench_selection")) return 1;
    QApplication app(argc, argv);
    auto drone = sw::demo::generateDemoDrone(sw::demo::DemoSettings{});
    if (!drone) {
        std::fprintf(stderr, "bench_selection: error: %s\n", drone.error().toString().c_str());
        return 1;
    }
    sw::bake::SurfaceSampleSettings sample;
    sample.count = splats;
    sample.seed = 3;
    auto model = std::make_shared<const sw::formats::Spl2Model>(
        sw::render::previewModelFromCloud(sw::bake::sampleSurface(drone->mesh, sample)));

    QMainWindow window;
    Viewport* view = sw::bench::openViewport(window, width, height, g_frames, "bench_selection");
    if (!view) return 1;
    view->setSplatModel(model);
    view->setContent(Viewport::Content::Splats);
    view->setSelectTool(Viewport::SelectTool::Box);
    for (int i = 0; i < 3; ++i) redraw(view);  // upload and warm up

    const QPointF a(view->width() * 0.42, view->height() * 0.3), b(view->width() * 0.58, view->height() * 0.7);
    std::vector<double> full, frame, drag, select, firstHighlight, highlight, brush, depth;
    std::size_t selected = 0;
    for (int r = 0; r < repeats; ++r) {
        view->clearSelection();
        view->setBackground(view->background());  // the splats drawn again, not the cached frame
        full.push_back(timeMs([&] { redraw(view); }));
        frame.push_back(timeMs([&] { redraw(view); }));
        send(view, QEvent::MouseButtonPress, a, Qt::LeftButton);
        for (int k = 1; k <= 8; ++k) {
            const QPointF p = a + (b - a) * (k / 8.0);
            drag.push_back(timeMs([&] {
                send(view, QEvent::MouseMove, p, Qt::LeftButton);
                redraw(view);
            }));
        }
        select.push_back(timeMs([&] { send(view, QEvent::MouseButtonRelease, b, Qt::NoButton); }));
        selected = view->selectedCount();
        firstHighlight.push_back(timeMs([&] { redraw(view); }));
        highlight.push_back(timeMs([&] { redraw(view); }));

        view->setSelectTool(Viewport::SelectTool::Brush);
        view->setBrushRadius(30.f);
        send(view, QEvent::MouseButtonPress, a, Qt::LeftButton);
        for (int k = 1; k <= 8; ++k) {
            const QPointF p = a + (b - a) * (k / 8.0);
            brush.push_back(timeMs([&] {
                send(view, QEvent::MouseMove, p, Qt::LeftButton);
                redraw(view);
            }));
        }
        send(view, QEvent::MouseButtonRelease, b, Qt::NoButton);
        view->setSelectTool(Viewport::SelectTool::Box);

        view->setDepthAware(true);
        send(view, QEvent::MouseButtonPress, a, Qt::LeftButton);
        send(view, QEvent::MouseMove, b, Qt::LeftButton);
        depth.push_back(timeMs([&] { send(view, QEvent::MouseButtonRelease, b, Qt::NoButton); }));
        view->setDepthAware(false);
    }
    if (g_missed) {
        std::fprintf(stderr, "bench_selection: error: a redraw painted no frame (is the window exposed?)\n");
        return 1;
    }
    std::printf("bench_selection: %zu splats, viewport %d x %d, %d repeats, box selects %zu\n",
                view->splatCount(), view->width(), view->height(), repeats, selected);
    std::printf("  full frame (splats drawn)     %8.2f ms\n", median(full));
    std::printf("  frame from the cached splats  %8.2f ms\n", median(frame));
    std::printf("  drag frame (move + redraw)    %8.2f ms\n", median(drag));
    std::printf("  select (release: box test)    %8.2f ms\n", median(select));
    std::printf("  highlight, first redraw       %8.2f ms\n", median(firstHighlight));
    std::printf("  highlight, steady redraw      %8.2f ms\n", median(highlight));
    std::printf("  brush move (test + redraw)    %8.2f ms\n", median(brush));
    std::printf("  depth-aware select (release)  %8.2f ms\n", median(depth));
    return 0;
}
