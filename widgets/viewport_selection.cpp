// Viewport's selection tools (issue 16 build item 1): gestures turn into screen shapes tested
// by core/splat/selection over the centres projected once at the press; the selection is
// drawn as magenta points with a black rim (two gizmo point sets without the depth test), the
// gesture's outline with QPainter over the GL frame.
#include <QKeyEvent>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>
#include <QPainter>
#include <QPainterPath>
#include <cmath>

#include "widgets/viewport.h"
#include "widgets/viewport_impl.h"

namespace sw::widgets {

namespace {
constexpr float kClickPx = 6.f;       // a centre this close to a click is picked
constexpr float kRimPx = 9.f, kFillPx = 5.f;
// Above this many selected splats the rim is left out and the dots shrink (llvmpipe fills every
// point's pixels: 50k rimmed dots cost ~0.4 s a frame, bare 4 px dots ~60 ms).
constexpr std::size_t kRimmedMax = 20000;
constexpr float kDensePx = 4.f;
const render::GizmoColor kSelectFill(1.f, 0.f, 1.f, 1.f);   // magenta: in no overlay palette
const render::GizmoColor kSelectRim(0.f, 0.f, 0.f, 1.f);
constexpr float kFrameMargin = 1.6f;  // frame the selection's bounds grown by this

splat::SelectOp opFor(Qt::KeyboardModifiers m) {
    if (m & Qt::ShiftModifier) return splat::SelectOp::Add;
    if (m & Qt::ControlModifier) return splat::SelectOp::Subtract;
    return splat::SelectOp::Replace;
}

Eigen::Vector2f vec(QPointF p) { return {float(p.x()), float(p.y())}; }
}  // namespace

void Viewport::setSelectTool(SelectTool tool) {
    m_impl->tool = tool;
    m_impl->gesture.active = false;
    setCursor(tool == SelectTool::None ? Qt::ArrowCursor : Qt::CrossCursor);
    update();
}

Viewport::SelectTool Viewport::selectTool() const { return m_impl->tool; }
void Viewport::setDepthAware(bool on) { m_impl->depthAware = on; }
bool Viewport::depthAware() const { return m_impl->depthAware; }
void Viewport::setBrushRadius(float px) { m_impl->brushPx = std::max(px, 1.f); }
float Viewport::brushRadius() const { return m_impl->brushPx; }

bool Viewport::setSelection(std::vector<std::uint8_t> mask) {
    if (!mask.empty() && mask.size() != m_impl->splatCount()) return false;
    if (!mask.empty() && !m_impl->hidden.empty())
        for (std::size_t i = 0; i < mask.size(); ++i) mask[i] = std::uint8_t(mask[i] && !m_impl->hidden[i]);
    m_impl->selection = std::move(mask);
    selectionEdited();
    return true;
}

const std::vector<std::uint8_t>& Viewport::selection() const { return m_impl->selection; }
std::size_t Viewport::selectedCount() const { return splat::maskCount(m_impl->selection); }

void Viewport::selectAll() {
    std::vector<std::uint8_t> all(m_impl->splatCount(), 1);
    setSelection(std::move(all));
}

void Viewport::clearSelection() { setSelection({}); }

void Viewport::invertSelection() {
    if (m_impl->selection.size() != m_impl->splatCount()) m_impl->selection.assign(m_impl->splatCount(), 0);
    splat::invertSelection(m_impl->selection, m_impl->hidden);
    selectionEdited();
}

void Viewport::growSelection(float radius) {
    if (m_impl->selection.empty()) return;
    splat::growSelection(splatCentres(), m_impl->selection, radius, m_impl->hidden);
    selectionEdited();
}

void Viewport::shrinkSelection(float radius) {
    if (m_impl->selection.empty()) return;
    splat::shrinkSelection(splatCentres(), m_impl->selection, radius, m_impl->hidden);
    selectionEdited();
}

bool Viewport::setHidden(std::vector<std::uint8_t> mask) {
    if (!mask.empty() && mask.size() != m_impl->splatCount()) return false;
    if (splat::maskCount(mask) == 0) mask.clear();
    if (mask == m_impl->hidden) return true;
    m_impl->hidden = std::move(mask);
    m_impl->splatDirty = true;  // re-upload without the hidden splats
    if (!m_impl->hidden.empty() && !m_impl->selection.empty()) {
        for (std::size_t i = 0; i < m_impl->selection.size(); ++i)
            if (m_impl->hidden[i]) m_impl->selection[i] = 0;
    }
    selectionEdited();
    return true;
}

const std::vector<std::uint8_t>& Viewport::hidden() const { return m_impl->hidden; }

std::vector<Eigen::Vector3f> Viewport::splatCentres() const {
    std::vector<Eigen::Vector3f> out;
    if (!m_impl->splatModel) return out;
    out.reserve(m_impl->splatCount());
    out.insert(out.end(), m_impl->splatModel->core.pos.begin(), m_impl->splatModel->core.pos.end());
    out.insert(out.end(), m_impl->splatModel->shell.pos.begin(), m_impl->splatModel->shell.pos.end());
    return out;
}

std::size_t Viewport::splatCount() const { return m_impl->splatCount(); }

splat::ProjectedCentres Viewport::projectedCentres() const {
    const render::Camera& c = m_impl->camera;
    const int w = std::max(width(), 1), h = std::max(height(), 1);
    return splat::projectCentres(splatCentres(), c.view(), c.projection(float(w) / float(h)), w, h);
}

bool Viewport::frameSelection() {
    if (splat::maskCount(m_impl->selection) == 0) return false;
    Eigen::Vector3f lo, hi;
    splat::maskBounds(splatCentres(), m_impl->selection, lo, hi);
    return frameBounds(lo, hi);
}

bool Viewport::framePoints(const std::vector<Eigen::Vector3f>& points) {
    if (points.empty()) return false;
    Eigen::Vector3f lo = points.front(), hi = points.front();
    for (const Eigen::Vector3f& p : points) {
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
    }
    return frameBounds(lo, hi);
}

bool Viewport::frameBounds(const Eigen::Vector3f& lo, const Eigen::Vector3f& hi) {
    const Eigen::Vector3f mid = 0.5f * (lo + hi);
    const Eigen::Vector3f half = (0.5f * (hi - lo)).cwiseMax(Eigen::Vector3f::Constant(0.02f)) * kFrameMargin;
    const float aspect = height() > 0 ? float(width()) / float(height()) : 1.f;
    m_impl->camera.frame(geometry::Bounds{mid - half, mid + half}, aspect);
    update();
    return true;
}

void Viewport::selectionEdited() {
    m_impl->selectionDirty = true;
    update();
    emit selectionChanged(selectedCount());
}

bool Viewport::selectPress(QMouseEvent* event) {
    Impl& d = *m_impl;
    if (showsScans()) return scanSelectPress(event);
    if (d.tool == SelectTool::None || !d.drawsSplats() || !d.splatModel || event->button() != Qt::LeftButton ||
        (event->modifiers() & Qt::AltModifier))
        return false;
    Impl::Gesture& g = d.gesture;
    g = {};
    g.active = true;
    g.op = opFor(event->modifiers());
    g.projected = projectedCentres();
    g.path = {vec(event->position()), vec(event->position())};
    g.before = d.selection.size() == d.splatCount() ? d.selection : std::vector<std::uint8_t>(d.splatCount(), 0);
    if (d.tool == SelectTool::Brush) {
        g.hits.assign(d.splatCount(), 0);
        selectMove(event);
    } else if (d.tool == SelectTool::Sphere) {
        g.sphereCentre = splat::nearestCentre(g.projected, vec(event->position()), kClickPx, d.hidden);
    }
    event->accept();
    return true;
}

bool Viewport::selectMove(QMouseEvent* event) {
    Impl& d = *m_impl;
    if (d.scanGesture.active) return scanSelectMove(event);
    Impl::Gesture& g = d.gesture;
    if (!g.active) return false;
    const Eigen::Vector2f p = vec(event->position());
    if (d.tool == SelectTool::Lasso) g.path.push_back(p);
    else g.path.back() = p;
    if (d.tool == SelectTool::Brush) {
        const splat::Mask circle = splat::insideCircle(g.projected, p, d.brushPx);
        for (std::size_t i = 0; i < circle.size(); ++i) g.hits[i] = std::uint8_t(g.hits[i] | circle[i]);
        splat::Mask hits = g.hits;
        if (d.depthAware) splat::keepFrontMost(g.projected, hits, d.hidden);
        d.selection = g.before;
        splat::applySelection(d.selection, hits, g.op, d.hidden);
        selectionEdited();
    } else if (d.tool == SelectTool::Sphere && g.sphereCentre >= 0) {
        // The drag length in pixels at the centre's depth, in model units.
        const std::size_t c = std::size_t(g.sphereCentre);
        const float depth = g.projected.depth[c];
        const float focal = 0.5f * float(std::max(height(), 1)) / std::tan(0.5f * m_impl->camera.fovYDeg * 3.14159265f / 180.f);
        g.sphereRadius = (p - Eigen::Vector2f(g.projected.x[c], g.projected.y[c])).norm() * depth / focal;
    }
    event->accept();
    update();
    return true;
}

bool Viewport::selectRelease(QMouseEvent* event) {
    Impl& d = *m_impl;
    if (d.scanGesture.active) return scanSelectRelease(event);
    Impl::Gesture& g = d.gesture;
    if (!g.active || event->button() != Qt::LeftButton) return false;
    g.active = false;
    const Eigen::Vector2f p = vec(event->position());
    splat::Mask hits;
    switch (d.tool) {
        case SelectTool::Click: {
            hits.assign(d.splatCount(), 0);
            const int i = splat::nearestCentre(g.projected, p, kClickPx, d.hidden);
            if (i >= 0) hits[std::size_t(i)] = 1;
            break;
        }
        case SelectTool::Box: hits = splat::insideBox(g.projected, g.path.front(), p); break;
        case SelectTool::Lasso: hits = splat::insideLasso(g.projected, g.path); break;
        case SelectTool::Sphere:
            if (g.sphereCentre >= 0)
                hits = splat::insideSphere(splatCentres(), d.centre(std::size_t(g.sphereCentre)), g.sphereRadius);
            else hits.assign(d.splatCount(), 0);
            break;
        case SelectTool::Brush:  // applied while dragging
        case SelectTool::None: break;
    }
    if (!hits.empty()) {
        if (d.depthAware && d.tool != SelectTool::Sphere && d.tool != SelectTool::Click)
            splat::keepFrontMost(g.projected, hits, d.hidden);
        d.selection = g.before;
        splat::applySelection(d.selection, hits, g.op, d.hidden);
    }
    g.projected = {};
    selectionEdited();
    event->accept();
    return true;
}

void Viewport::keyPressEvent(QKeyEvent* event) {
    if (flyKey(event)) return;
    switch (event->key()) {
        case Qt::Key_F:
            if (event->modifiers() == Qt::NoModifier && frameSelection()) return event->accept();
            break;
        case Qt::Key_Delete:
        case Qt::Key_Backspace:
            if (selectedCount() > 0) {
                emit deleteRequested();
                return event->accept();
            }
            break;
        case Qt::Key_Escape:
            if (!m_impl->selection.empty()) {
                clearSelection();
                return event->accept();
            }
            break;
        default: break;
    }
    QOpenGLWidget::keyPressEvent(event);
}

namespace {
// Copies the colour of one framebuffer into another of the same size and sample count.
bool blitColour(QOpenGLContext* ctx, unsigned from, unsigned to, int width, int height) {
    QOpenGLExtraFunctions* gl = ctx->extraFunctions();
    while (gl->glGetError() != GL_NO_ERROR) {}
    gl->glBindFramebuffer(GL_READ_FRAMEBUFFER, from);
    gl->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, to);
    gl->glBlitFramebuffer(0, 0, width, height, 0, 0, width, height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    const bool ok = gl->glGetError() == GL_NO_ERROR;
    gl->glBindFramebuffer(GL_FRAMEBUFFER, to);
    return ok;
}
}  // namespace

bool Viewport::reuseSplatFrame(int width, int height) {
    Impl& d = *m_impl;
    const float aspect = float(width) / float(height);
    if (!d.frameCache || d.frameCacheBroken || d.frameHook || d.splatDirty || d.cachedGeneration != d.sceneGeneration ||
        d.frameCache->width() != width || d.frameCache->height() != height || d.cachedView != d.camera.view() ||
        d.cachedProjection != d.camera.projection(aspect))
        return false;
    if (blitColour(context(), d.frameCache->handle(), defaultFramebufferObject(), width, height)) return true;
    d.frameCacheBroken = true;
    return false;
}

void Viewport::cacheSplatFrame(int width, int height) {
    Impl& d = *m_impl;
    if (d.frameCacheBroken || d.frameHook) return;
    if (!d.frameCache || d.frameCache->width() != width || d.frameCache->height() != height) {
        QOpenGLFramebufferObjectFormat format;
        format.setSamples(this->format().samples() > 1 ? this->format().samples() : 0);
        format.setInternalTextureFormat(GL_RGBA8);
        d.frameCache = std::make_unique<QOpenGLFramebufferObject>(width, height, format);
    }
    if (!d.frameCache->isValid() || !blitColour(context(), defaultFramebufferObject(), d.frameCache->handle(), width, height)) {
        d.frameCacheBroken = true;
        d.frameCache.reset();
        return;
    }
    d.cachedGeneration = d.sceneGeneration;
    d.cachedView = d.camera.view();
    d.cachedProjection = d.camera.projection(float(width) / float(height));
}

void Viewport::drawSelection(int width, int height) {
    Impl& d = *m_impl;
    const float aspect = float(width) / float(height);
    if (d.selectionRim && d.selectionFill) {
        if (d.selectionDirty) {
            d.selectionDirty = false;
            std::vector<render::GizmoVertex> rim, fill;
            const bool dense = splat::maskCount(d.selection) > kRimmedMax;
            for (std::size_t i = 0; i < d.selection.size() && i < d.splatCount(); ++i) {
                if (!d.selection[i]) continue;
                if (!dense) rim.push_back({d.centre(i), kSelectRim});
                fill.push_back({d.centre(i), kSelectFill});
            }
            const float dpr = float(devicePixelRatioF());
            d.selectionRim->setPoints(std::move(rim), kRimPx * dpr);
            d.selectionFill->setPoints(std::move(fill), (dense ? kDensePx : kFillPx) * dpr);
        }
        if (d.selectionFill->pointCount() > 0) {
            for (render::GizmoRenderer* g : {d.selectionRim.get(), d.selectionFill.get()}) {
                if (g->pointCount() == 0) continue;
                if (Status s = g->draw(d.camera.view(), d.camera.projection(aspect), width, height, defaultFramebufferObject()); !s)
                    emit renderError(QString::fromStdString(s.error().toString()));
            }
        }
    }
    const Impl::Gesture& g = d.gesture;
    if (!g.active) return;
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(QColor(255, 0, 255), 1.5, Qt::DashLine));
    const QPointF a(g.path.front().x(), g.path.front().y()), b(g.path.back().x(), g.path.back().y());
    switch (d.tool) {
        case SelectTool::Box: painter.drawRect(QRectF(a, b).normalized()); break;
        case SelectTool::Lasso: {
            QPolygonF poly;
            for (const Eigen::Vector2f& p : g.path) poly << QPointF(p.x(), p.y());
            painter.drawPolygon(poly);
            break;
        }
        case SelectTool::Brush: painter.drawEllipse(b, d.brushPx, d.brushPx); break;
        case SelectTool::Sphere:
            if (g.sphereCentre >= 0) {
                const std::size_t c = std::size_t(g.sphereCentre);
                const QPointF centre(g.projected.x[c], g.projected.y[c]);
                const double r = QLineF(centre, b).length();
                painter.drawEllipse(centre, r, r);
            }
            break;
        case SelectTool::Click:
        case SelectTool::None: break;
    }
}

}  // namespace sw::widgets
