// Viewport's crop box (issue 16 build item 1): an axis-aligned box in model space drawn over
// the splats with QPainter (its twelve edges, a square handle at each face's centre and a round
// one at its centre). Dragging a face handle moves that face along its axis by the drag's
// length along the axis as it appears on screen; dragging the centre handle moves the box in
// the view plane at its depth. The editor crops to the box (Selection dock ▸ Crop). Over open
// scans the box shows and drags the same way (the editor fits it to the scans' bounds first) and
// cuts assets out of them (Scan dock ▸ Extract to Cloud).
#include <QMouseEvent>
#include <QPainter>
#include <array>
#include <cmath>

#include "widgets/viewport.h"
#include "widgets/viewport_impl.h"

namespace sw::widgets {

namespace {
constexpr float kHandlePx = 9.f;      // a press this close to a handle takes it
constexpr float kMinEdge = 1e-3f;     // a face never passes the opposite one
constexpr float kBoundsMargin = 1.02f;  // the first box: the splats' bounds grown a little
const QColor kBoxColour(255, 200, 0);   // amber: not the selection's magenta, no overlay palette's

Eigen::Vector3f faceCentre(int handle, const Eigen::Vector3f& lo, const Eigen::Vector3f& hi) {
    Eigen::Vector3f c = 0.5f * (lo + hi);
    if (handle < 6) c[handle / 2] = handle % 2 ? hi[handle / 2] : lo[handle / 2];
    return c;
}
}  // namespace

void Viewport::setCropBoxVisible(bool visible) {
    Impl& d = *m_impl;
    if (visible && !d.cropSet && d.splatModel && d.splatCount() > 0) {
        Eigen::Vector3f lo = Eigen::Vector3f::Constant(1e30f), hi = Eigen::Vector3f::Constant(-1e30f);
        for (const Eigen::Vector3f& p : splatCentres()) lo = lo.cwiseMin(p), hi = hi.cwiseMax(p);
        const Eigen::Vector3f mid = 0.5f * (lo + hi);
        const Eigen::Vector3f half = (0.5f * (hi - lo) * kBoundsMargin).cwiseMax(Eigen::Vector3f::Constant(kMinEdge));
        setCropBox(mid - half, mid + half);
    }
    d.cropVisible = visible;
    d.cropDrag = -1;
    update();
}

bool Viewport::cropBoxVisible() const { return m_impl->cropVisible; }

void Viewport::setCropBox(const Eigen::Vector3f& min, const Eigen::Vector3f& max) {
    Impl& d = *m_impl;
    d.cropMin = min.cwiseMin(max);
    d.cropMax = max.cwiseMax(min + Eigen::Vector3f::Constant(kMinEdge));
    d.cropSet = true;
    update();
    emit cropBoxChanged(d.cropMin, d.cropMax);
}

std::pair<Eigen::Vector3f, Eigen::Vector3f> Viewport::cropBox() const { return {m_impl->cropMin, m_impl->cropMax}; }

QPointF Viewport::cropHandlePosition(int handle) const {
    return projectToWidget(faceCentre(std::clamp(handle, 0, 6), m_impl->cropMin, m_impl->cropMax));
}

int Viewport::cropHandleAt(QPointF position) const {
    int best = -1;
    double bestDistance = kHandlePx;
    for (int h = 0; h <= 6; ++h) {
        const double dist = QLineF(cropHandlePosition(h), position).length();
        if (dist <= bestDistance) best = h, bestDistance = dist;
    }
    return best;
}

bool Viewport::cropPress(QMouseEvent* event) {
    Impl& d = *m_impl;
    if (!d.cropVisible || !(d.drawsSplats() || showsScans()) || event->button() != Qt::LeftButton ||
        (event->modifiers() & Qt::AltModifier))
        return false;
    const int handle = cropHandleAt(event->position());
    if (handle < 0) return false;
    d.cropDrag = handle;
    d.cropPress = event->position();
    d.cropStartMin = d.cropMin;
    d.cropStartMax = d.cropMax;
    event->accept();
    return true;
}

bool Viewport::cropMove(QMouseEvent* event) {
    Impl& d = *m_impl;
    if (d.cropDrag < 0) return false;
    const QPointF drag = event->position() - d.cropPress;
    Eigen::Vector3f lo = d.cropStartMin, hi = d.cropStartMax;
    if (d.cropDrag < 6) {
        // The axis as it shows on screen at the face: pixels per model unit along it.
        const int axis = d.cropDrag / 2;
        const Eigen::Vector3f at = faceCentre(d.cropDrag, lo, hi);
        const float unit = std::max((hi - lo).norm() * 0.25f, 0.05f);
        const QPointF a = projectToWidget(at), b = projectToWidget(at + Eigen::Vector3f::Unit(axis) * unit);
        const QPointF perUnit = (b - a) / double(unit);
        const double len2 = QPointF::dotProduct(perUnit, perUnit);
        if (len2 > 1e-6) {
            const float moved = float(QPointF::dotProduct(drag, perUnit) / len2);
            if (d.cropDrag % 2) hi[axis] = std::max(d.cropStartMax[axis] + moved, lo[axis] + kMinEdge);
            else lo[axis] = std::min(d.cropStartMin[axis] + moved, hi[axis] - kMinEdge);
        }
    } else {
        // The centre: in the view plane at the box's depth (model units per pixel there).
        const Eigen::Matrix4f view = d.camera.view();
        const Eigen::Vector3f right = view.block<1, 3>(0, 0).transpose(), up = view.block<1, 3>(1, 0).transpose();
        const Eigen::Vector3f centre = 0.5f * (lo + hi);
        const float depth = std::max(-(view * centre.homogeneous()).z(), 1e-3f);
        const float perPx = 2.f * depth * std::tan(0.5f * d.camera.fovYDeg * 3.14159265f / 180.f) / float(std::max(height(), 1));
        const Eigen::Vector3f move = (right * float(drag.x()) - up * float(drag.y())) * perPx;
        lo += move, hi += move;
    }
    d.cropMin = lo;
    d.cropMax = hi;
    update();
    emit cropBoxChanged(lo, hi);
    event->accept();
    return true;
}

bool Viewport::cropRelease(QMouseEvent* event) {
    Impl& d = *m_impl;
    if (d.cropDrag < 0 || event->button() != Qt::LeftButton) return false;
    d.cropDrag = -1;
    event->accept();
    return true;
}

void Viewport::drawCropBox() {
    const Impl& d = *m_impl;
    if (!d.cropVisible || !d.cropSet) return;
    std::array<QPointF, 8> corner;
    for (int k = 0; k < 8; ++k)
        corner[std::size_t(k)] = projectToWidget({k & 1 ? d.cropMax.x() : d.cropMin.x(), k & 2 ? d.cropMax.y() : d.cropMin.y(),
                                                  k & 4 ? d.cropMax.z() : d.cropMin.z()});
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(kBoxColour, 1.5));
    for (int k = 0; k < 8; ++k)
        for (int bit : {1, 2, 4})
            if (!(k & bit)) painter.drawLine(corner[std::size_t(k)], corner[std::size_t(k | bit)]);
    painter.setPen(QPen(Qt::black, 1));
    for (int h = 0; h <= 6; ++h) {
        painter.setBrush(h == d.cropDrag ? QColor(Qt::white) : kBoxColour);
        const QPointF p = cropHandlePosition(h);
        const QRectF r(p.x() - 4.5, p.y() - 4.5, 9, 9);
        if (h < 6) painter.drawRect(r);
        else painter.drawEllipse(r);
    }
}

}  // namespace sw::widgets
