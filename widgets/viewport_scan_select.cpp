// Viewport: the rect, lasso and brush selection tools over open scans (issue 36 item 5). A scan's
// splats stream in and out by level of detail, so a gesture is not a mask over them: it is
// recorded as a screen-shape region (lod::Region) with the camera at the press, which Extract to
// Cloud cuts out of every finest chunk it meets (the same shape tests as the tools use on a cloud,
// core/splat/selection.h). Its outline stays drawn over the scans while the view is the
// gesture's. A new gesture replaces the last (no add or subtract yet); a click clears it.
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include "widgets/viewport.h"
#include "widgets/viewport_impl.h"

namespace sw::widgets {

namespace {
const QColor kRegionColour(255, 64, 200);  // the selection's magenta
Eigen::Vector2f vec2(QPointF p) { return {float(p.x()), float(p.y())}; }
}  // namespace

const lod::Region* Viewport::scanSelection() const { return m_impl->scanRegion ? &*m_impl->scanRegion : nullptr; }

void Viewport::clearScanSelection() {
    if (!m_impl->scanRegion && !m_impl->scanGesture.active) return;
    m_impl->scanRegion.reset();
    m_impl->scanGesture = {};
    update();
    emit scanSelectionChanged();
}

bool Viewport::scanSelectPress(QMouseEvent* event) {
    Impl& d = *m_impl;
    if ((d.tool != SelectTool::Box && d.tool != SelectTool::Lasso && d.tool != SelectTool::Brush) ||
        event->button() != Qt::LeftButton || (event->modifiers() & Qt::AltModifier))
        return false;
    Impl::ScanGesture& g = d.scanGesture;
    g = {};
    g.active = true;
    g.width = std::max(width(), 1);
    g.height = std::max(height(), 1);
    g.view = d.camera.view();
    g.projection = d.camera.projection(float(g.width) / float(g.height));
    g.path = {vec2(event->position())};
    if (d.tool == SelectTool::Box) g.path.push_back(vec2(event->position()));
    event->accept();
    update();
    return true;
}

bool Viewport::scanSelectMove(QMouseEvent* event) {
    Impl& d = *m_impl;
    Impl::ScanGesture& g = d.scanGesture;
    const Eigen::Vector2f p = vec2(event->position());
    if (d.tool == SelectTool::Box) g.path.back() = p;
    else if ((p - g.path.back()).norm() >= (d.tool == SelectTool::Brush ? 0.25f * d.brushPx : 2.f)) g.path.push_back(p);
    event->accept();
    update();
    return true;
}

bool Viewport::scanSelectRelease(QMouseEvent* event) {
    Impl& d = *m_impl;
    Impl::ScanGesture& g = d.scanGesture;
    if (event->button() != Qt::LeftButton) return false;
    scanSelectMove(event);
    g.active = false;
    std::optional<lod::Region> region;
    if (d.tool == SelectTool::Box && (g.path[1] - g.path[0]).cwiseAbs().minCoeff() >= 2.f)
        region = lod::Region::screenRect(g.view, g.projection, g.width, g.height, g.path[0], g.path[1]);
    else if (d.tool == SelectTool::Lasso && g.path.size() >= 3)
        region = lod::Region::screenLasso(g.view, g.projection, g.width, g.height, g.path);
    else if (d.tool == SelectTool::Brush)
        region = lod::Region::screenBrush(g.view, g.projection, g.width, g.height, g.path, d.brushPx);
    d.scanRegion = region;  // a click or a line too thin to hold anything clears it
    update();
    emit scanSelectionChanged();
    event->accept();
    return true;
}

void Viewport::drawScanSelection() {
    const Impl& d = *m_impl;
    const Impl::ScanGesture& g = d.scanGesture;
    const lod::Region* r = d.scanRegion ? &*d.scanRegion : nullptr;
    if (!g.active && (!r || !r->view.isApprox(d.camera.view()) || r->width != width() || r->height != height())) return;
    const std::vector<Eigen::Vector2f>& points = g.active ? g.path : r->points;
    if (points.empty()) return;
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    QColor fill = kRegionColour;
    fill.setAlpha(40);
    painter.setPen(QPen(kRegionColour, 1.5, Qt::DashLine));
    painter.setBrush(fill);
    const auto at = [](const Eigen::Vector2f& p) { return QPointF(p.x(), p.y()); };
    using Kind = lod::Region::Kind;
    const Kind kind = !g.active ? r->kind
                      : d.tool == SelectTool::Box ? Kind::ScreenRect
                      : d.tool == SelectTool::Lasso ? Kind::ScreenLasso : Kind::ScreenBrush;
    if (kind == Kind::ScreenBrush) {
        painter.setPen(Qt::NoPen);
        QPainterPath path;
        const float radius = g.active ? d.brushPx : r->radius;
        for (const Eigen::Vector2f& p : points) path.addEllipse(at(p), radius, radius);
        painter.drawPath(path.simplified());
    } else if (kind == Kind::ScreenRect && points.size() == 2) {
        painter.drawRect(QRectF(at(points[0]), at(points[1])).normalized());
    } else {
        QPolygonF polygon;
        for (const Eigen::Vector2f& p : points) polygon << at(p);
        painter.drawPolygon(polygon, Qt::OddEvenFill);
    }
}

}  // namespace sw::widgets
