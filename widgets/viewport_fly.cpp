// Viewport's fly camera (issue 36 item 5), beside the orbit and game (turntable) cameras: for
// walking through a large scan. W/S move the eye forward/back along the view direction, A/D
// left/right, Q/E down/up (model +Z); a right (or left) drag turns the view around the eye; the
// wheel sets the speed. The camera stays render::Camera (orbit maths): the eye is target +
// distance · direction, so a move shifts the target and a turn moves the target around the eye.
#include <QKeyEvent>
#include <QMouseEvent>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "widgets/viewport.h"
#include "widgets/viewport_impl.h"

namespace sw::widgets {

namespace {
constexpr float kLookDegreesPerPixel = 0.25f;
constexpr float kSpeedPerNotch = 1.25f;
constexpr float kSpeedOfRadius = 0.02f;  // the speed on entering fly mode, × the framed radius
}  // namespace

const render::Camera& Viewport::camera() const { return m_impl->camera; }

float Viewport::flySpeed() const { return m_impl->flySpeed; }

void Viewport::setFlySpeed(float unitsPerStep) {
    if (unitsPerStep > 0.f && std::isfinite(unitsPerStep)) m_impl->flySpeed = unitsPerStep;
}

void Viewport::setCameraMode(CameraMode mode) {
    render::Camera& c = m_impl->camera;
    if (mode == CameraMode::Fly && !m_impl->fly) {
        if (c.mode == render::CameraMode::Turntable) c.elevationDeg = c.tiltDeg;  // keep the look
        m_impl->flySpeed = kSpeedOfRadius * std::max(c.sceneRadius, 1e-4f);
    }
    m_impl->fly = mode == CameraMode::Fly;
    c.mode = mode == CameraMode::Turntable ? render::CameraMode::Turntable : render::CameraMode::Orbit;
    update();
}

Viewport::CameraMode Viewport::cameraMode() const {
    if (m_impl->fly) return CameraMode::Fly;
    return m_impl->camera.mode == render::CameraMode::Turntable ? CameraMode::Turntable : CameraMode::Orbit;
}

bool Viewport::flyKey(QKeyEvent* event) {
    if (!m_impl->fly || (event->modifiers() & ~Qt::KeypadModifier) != Qt::NoModifier) return false;
    render::Camera& c = m_impl->camera;
    const Eigen::Vector3f forward = (c.target - c.eye()).normalized();
    const Eigen::Vector3f right = forward.cross(Eigen::Vector3f::UnitZ()).normalized();
    Eigen::Vector3f step;
    switch (event->key()) {
        case Qt::Key_W: step = forward; break;
        case Qt::Key_S: step = -forward; break;
        case Qt::Key_D: step = right; break;
        case Qt::Key_A: step = -right; break;
        case Qt::Key_E: step = Eigen::Vector3f::UnitZ(); break;
        case Qt::Key_Q: step = -Eigen::Vector3f::UnitZ(); break;
        default: return false;
    }
    c.target += m_impl->flySpeed * step;
    event->accept();
    update();
    return true;
}

bool Viewport::flyDrag(QMouseEvent* event, QPoint delta) {
    if (!m_impl->fly || !(event->buttons() & (Qt::RightButton | Qt::LeftButton))) return false;
    render::Camera& c = m_impl->camera;
    const Eigen::Vector3f eye = c.eye();
    // Drag right looks right, drag down looks down; the eye stays where it is.
    c.rotate(-kLookDegreesPerPixel * float(delta.x()), kLookDegreesPerPixel * float(delta.y()));
    c.target += eye - c.eye();
    event->accept();
    update();
    return true;
}

bool Viewport::flyWheel(QWheelEvent* event) {
    if (!m_impl->fly) return false;
    const float notches = float(event->angleDelta().y()) / 120.f;
    if (notches != 0.f) setFlySpeed(m_impl->flySpeed * std::pow(kSpeedPerNotch, notches));
    event->accept();
    return true;
}

}  // namespace sw::widgets
