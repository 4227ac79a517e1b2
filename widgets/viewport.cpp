#include "widgets/viewport.h"

#include <QMouseEvent>
#include <QOpenGLContext>
#include <QWheelEvent>
#include <chrono>
#include <cmath>

#include "core/geometry/mesh.h"
#include "widgets/viewport_impl.h"

namespace sw::widgets {

namespace {
constexpr float kDegreesPerPixel = 0.4f;  // drag sensitivity
constexpr float kZoomPerNotch = 0.88f;    // one wheel notch (120 units)
constexpr float kTurntableTiltDeg = 40.f; // game belt
constexpr int kClickSlopPx = 4;           // a press/release closer than this is a click, not a drag
constexpr float kMarkerDepth = 0.18f;     // model units: frustum marker length

geometry::Bounds splatBounds(const formats::Spl2Model& model) {
    geometry::Bounds b{Eigen::Vector3f::Constant(1e30f), Eigen::Vector3f::Constant(-1e30f)};
    for (const formats::Spl2Part* part : {&model.core, &model.shell}) {
        for (const Eigen::Vector3f& p : part->pos) {
            b.min = b.min.cwiseMin(p);
            b.max = b.max.cwiseMax(p);
        }
    }
    return b;
}

}  // namespace

QImage toQImage(const Rgba8Image& image) {
    return QImage(image.rgba.data(), image.width, image.height, image.width * 4, QImage::Format_RGBA8888)
        .copy();  // own the pixels
}

void Viewport::Impl::uploadGizmos() {
    gizmoDirty = false;
    if (!gizmo) return;
    std::vector<render::GizmoVertex> lines, points, triangles;
    if (markersVisible) {
        for (const render::CameraMarker& m : markers) {
            render::appendFrustumLines(lines, m, kMarkerDepth, markerFovX);
            points.push_back({m.cameraToWorld.block<3, 1>(0, 3), m.color});
        }
    }
    if (mesh && faceColors.size() == mesh->triangleCount()) {
        for (std::size_t f = 0; f < faceColors.size(); ++f) {
            if (faceColors[f].w() <= 0.f) continue;
            for (int k = 0; k < 3; ++k)
                triangles.push_back({mesh->positions[static_cast<std::size_t>(mesh->triangles[f][k])], faceColors[f]});
        }
    }
    gizmo->setLines(std::move(lines));
    gizmo->setPoints(std::move(points), 6.f);
    gizmo->setTriangles(std::move(triangles));
}

Viewport::Viewport(QWidget* parent) : QOpenGLWidget(parent), m_impl(std::make_unique<Impl>()) {
    m_impl->camera.tiltDeg = kTurntableTiltDeg;
    QSurfaceFormat format = QSurfaceFormat::defaultFormat();
    format.setVersion(4, 5);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setDepthBufferSize(24);
    format.setSamples(4);
    setFormat(format);
    // Every paintGL clears or overwrites the whole frame itself (the renderers' clears, the cached
    // frame's blit): without this, Qt would also clear colour, depth and stencil before each paint
    // on desktop GL (it has no framebuffer discard there), a second full clear of the 4× MSAA
    // frame every frame (≈ 1 ms at 1280 × 800 on llvmpipe).
    setUpdateBehavior(QOpenGLWidget::PartialUpdate);
    setMinimumSize(160, 120);
    setFocusPolicy(Qt::StrongFocus);
}

Viewport::~Viewport() {
    // The context may still be alive (normal close): free our GL objects while it is.
    releaseGl();
}

void Viewport::setMesh(std::shared_ptr<const geometry::Mesh> mesh) {
    m_impl->mesh = std::move(mesh);
    m_impl->meshDirty = true;
    m_impl->rayQuery.reset();
    m_impl->faceColors.clear();
    m_impl->gizmoDirty = true;
    resetView();
}

void Viewport::sceneChanged() {
    ++m_impl->sceneGeneration;  // the cached splat frame is stale
    update();
}

void Viewport::setBackground(Background background) {
    m_impl->background = background;
    sceneChanged();
}

Viewport::Background Viewport::background() const { return m_impl->background; }

void Viewport::resetView() {
    render::Camera& c = m_impl->camera;
    c.azimuthDeg = 30.f;
    c.elevationDeg = 20.f;
    const float aspect = height() > 0 ? float(width()) / float(height()) : 1.f;
    if (showsScans() && frameScans()) return;
    if (m_impl->mesh && m_impl->mesh->vertexCount() > 0) c.frame(geometry::computeBounds(*m_impl->mesh), aspect);
    else if (m_impl->splatModel && m_impl->splatModel->core.size() + m_impl->splatModel->shell.size() > 0)
        c.frame(splatBounds(*m_impl->splatModel), aspect);
    else c.frame(geometry::Bounds{Eigen::Vector3f::Constant(-0.8f), Eigen::Vector3f::Constant(0.8f)}, aspect);
    update();
}

void Viewport::frameSphere(float radius) {
    const float aspect = height() > 0 ? float(width()) / float(height()) : 1.f;
    m_impl->camera.frame(geometry::Bounds{Eigen::Vector3f::Constant(-radius), Eigen::Vector3f::Constant(radius)}, aspect);
    update();
}

QImage Viewport::renderToImage() {
    makeCurrent();
    QImage result;
    const qreal dpr = devicePixelRatioF();
    const int w = std::max(1, int(std::lround(width() * dpr)));
    const int h = std::max(1, int(std::lround(height() * dpr)));
    const bool splats = m_impl->drawsSplats();
    if (showsScans()) {
        QOpenGLFramebufferObjectFormat format;
        format.setAttachment(QOpenGLFramebufferObject::CombinedDepthStencil);
        QOpenGLFramebufferObject target(w, h, format);
        const Status s = drawScansInto(target.handle(), w, h);
        if (s) result = target.toImage().convertToFormat(QImage::Format_RGBA8888);
        else emit renderError(QString::fromStdString(s.error().toString()));
    } else if (showsFoliage()) {
        if (ensureFoliage()) {
            QOpenGLFramebufferObjectFormat format;
            format.setAttachment(QOpenGLFramebufferObject::CombinedDepthStencil);
            QOpenGLFramebufferObject target(w, h, format);
            const Status s = drawFoliageInto(target.handle(), w, h);
            if (s) result = target.toImage().convertToFormat(QImage::Format_RGBA8888);
            else emit renderError(QString::fromStdString(s.error().toString()));
        }
    } else if (splats ? ensureSplats() : ensureRenderer()) {  // else GL failed at initializeGL (reported)
        auto image = splats ? m_impl->splats->renderImage(m_impl->camera, m_impl->splatSettings(w, h))
                            : m_impl->renderer->renderImage(m_impl->camera, m_impl->settings(w, h));
        if (splats) m_impl->splatStats = m_impl->splats->lastDrawStats();
        if (image) result = toQImage(*image);
        else emit renderError(QString::fromStdString(image.error().toString()));
    }
    doneCurrent();
    return result;
}

void Viewport::initializeGL() {
    // A new context (first show, or the widget was floated/re-docked): start from scratch.
    m_impl->renderer.reset();
    QOpenGLContext* ctx = context();
    // A member-function connection: a lambda with Qt::UniqueConnection silently fails to connect.
    disconnect(m_impl->contextConnection);
    m_impl->contextConnection =
        connect(ctx, &QOpenGLContext::aboutToBeDestroyed, this, &Viewport::releaseGl, Qt::DirectConnection);
    auto renderer = render::MeshRenderer::create(
        [ctx](const char* name) { return reinterpret_cast<void*>(ctx->getProcAddress(name)); });
    if (!renderer) {
        emit renderError(QString::fromStdString(renderer.error().toString()));
        return;
    }
    m_impl->renderer = std::move(*renderer);
    m_impl->meshDirty = true;
    auto gizmo = render::GizmoRenderer::create(
        [ctx](const char* name) { return reinterpret_cast<void*>(ctx->getProcAddress(name)); });
    if (gizmo) m_impl->gizmo = std::move(*gizmo);
    else emit renderError(QString::fromStdString(gizmo.error().toString()));
    m_impl->gizmoDirty = true;
    for (auto* target : {&m_impl->selectionRim, &m_impl->selectionFill}) {
        auto points = render::GizmoRenderer::create(
            [ctx](const char* name) { return reinterpret_cast<void*>(ctx->getProcAddress(name)); });
        if (!points) continue;  // reported above for the first gizmo renderer
        (*points)->setDepthTest(false);
        *target = std::move(*points);
    }
    m_impl->selectionDirty = true;
    m_impl->foliageBroken = false;  // the foliage renderer is made on its first frame
    createSplatRenderer();
}

bool Viewport::ensureRenderer() {
    if (!m_impl->renderer) return false;
    if (m_impl->gizmoDirty) m_impl->uploadGizmos();
    if (!m_impl->meshDirty) return true;
    m_impl->meshDirty = false;
    if (!m_impl->mesh) {
        m_impl->renderer->clearMesh();
        return true;
    }
    if (Status s = m_impl->renderer->setMesh(*m_impl->mesh); !s) {
        emit renderError(QString::fromStdString(s.error().toString()));
    }
    return true;
}

void Viewport::paintGL() {
    if (showsScans()) {  // the open scans, instead of the model
        const qreal dpr = devicePixelRatioF();
        const Status s = drawScansInto(defaultFramebufferObject(), std::max(1, int(std::lround(width() * dpr))),
                                       std::max(1, int(std::lround(height() * dpr))));
        if (!s) emit renderError(QString::fromStdString(s.error().toString()));
        else drawScanSelection(), drawCropBox(), emit frameRendered(m_impl->scanStats.frameMs);  // they cut assets out of scans
        return;
    }
    if (showsFoliage()) {  // the open model as foliage copies, instead of the plain model
        const auto start = std::chrono::steady_clock::now();
        const qreal dpr = devicePixelRatioF();
        if (!ensureFoliage()) return;
        const Status s = drawFoliageInto(defaultFramebufferObject(), std::max(1, int(std::lround(width() * dpr))),
                                         std::max(1, int(std::lround(height() * dpr))));
        if (!s) emit renderError(QString::fromStdString(s.error().toString()));
        else emit frameRendered(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        return;
    }
    const bool splats = m_impl->drawsSplats();
    const bool cached = splats && m_impl->splats && !m_impl->splatDirty && !m_impl->frameHook;
    if (!cached && (splats ? !ensureSplats() : !ensureRenderer())) return;
    const auto start = std::chrono::steady_clock::now();
    const qreal dpr = devicePixelRatioF();
    const int w = std::max(1, int(std::lround(width() * dpr)));
    const int h = std::max(1, int(std::lround(height() * dpr)));
    Status s;
    if (splats && reuseSplatFrame(w, h)) {
        // Only the selection or a gesture changed: the cached splat frame, then the highlight.
    } else if (splats) {
        s = m_impl->splats->draw(m_impl->camera, m_impl->splatSettings(w, h), defaultFramebufferObject());
        m_impl->splatStats = m_impl->splats->lastDrawStats();
        if (s) cacheSplatFrame(w, h);
    } else {
        s = m_impl->renderer->draw(m_impl->camera, m_impl->settings(w, h), defaultFramebufferObject());
    }
    if (s && m_impl->gizmo && !splats) {
        const float aspect = float(w) / float(h);
        s = m_impl->gizmo->draw(m_impl->camera.view(), m_impl->camera.projection(aspect), w, h,
                                defaultFramebufferObject());
    }
    if (s && splats) drawSelection(w, h);
    if (s && splats) drawCropBox();
    if (!s) {
        emit renderError(QString::fromStdString(s.error().toString()));
        return;
    }
    emit frameRendered(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
}

void Viewport::releaseGl() {
    if (m_impl->renderer || m_impl->gizmo || m_impl->splats || m_impl->selectionRim || m_impl->selectionFill ||
        m_impl->foliage || m_impl->benderLines || m_impl->scan) {
        // Called from aboutToBeDestroyed or the destructor: the context still exists here.
        makeCurrent();
        if (m_impl->renderer) m_impl->renderer->release();
        m_impl->renderer.reset();
        if (m_impl->gizmo) m_impl->gizmo->release();
        m_impl->gizmo.reset();
        if (m_impl->splats) m_impl->splats->release();
        m_impl->splats.reset();
        for (auto* g : {&m_impl->selectionRim, &m_impl->selectionFill}) {
            if (*g) (*g)->release();
            g->reset();
        }
        m_impl->frameCache.reset();
        releaseFoliage();
        releaseScans();
        doneCurrent();
    }
    disconnect(m_impl->contextConnection);
    m_impl->contextConnection = {};
    m_impl->meshDirty = true;
    m_impl->splatDirty = true;
}

void Viewport::mousePressEvent(QMouseEvent* event) {
    setFocus(Qt::MouseFocusReason);  // F and Delete reach the view after a click in it
    if (benderPress(event) || cropPress(event) || selectPress(event)) return;
    m_impl->lastMouse = event->position().toPoint();
    m_impl->pressMouse = m_impl->lastMouse;
    event->accept();
}

void Viewport::mouseMoveEvent(QMouseEvent* event) {
    if (benderMove(event) || cropMove(event) || selectMove(event)) return;
    const QPoint pos = event->position().toPoint();
    const QPoint delta = pos - m_impl->lastMouse;
    m_impl->lastMouse = pos;
    if (flyDrag(event, delta)) return;
    if (event->buttons() & Qt::LeftButton) {
        // Drag right turns the model right (camera left); drag down looks from higher up.
        m_impl->camera.rotate(-kDegreesPerPixel * float(delta.x()), kDegreesPerPixel * float(delta.y()));
    } else if (event->buttons() & (Qt::RightButton | Qt::MiddleButton)) {
        const float h = float(std::max(height(), 1));
        m_impl->camera.pan(float(delta.x()) / h, -float(delta.y()) / h);
    } else {
        return;
    }
    event->accept();
    update();
}

void Viewport::mouseReleaseEvent(QMouseEvent* event) {
    if (benderRelease(event) || cropRelease(event) || selectRelease(event)) return;
    if (event->button() != Qt::LeftButton) return;
    if ((event->position().toPoint() - m_impl->pressMouse).manhattanLength() >= kClickSlopPx) return;
    if (m_impl->drawsSplats()) {
        Eigen::Vector3f point = Eigen::Vector3f::Zero();
        const int splat = pickSplat(event->position(), &point);
        emit splatPicked(point, splat);
        emit splatClicked(event->position());
        event->accept();
        return;
    }
    const int face = pickFace(event->position());
    if (face >= 0) emit facePicked(face);
    event->accept();
}

void Viewport::setCameraMarkers(std::vector<render::CameraMarker> markers, float fovXDeg) {
    m_impl->markers = std::move(markers);
    m_impl->markerFovX = fovXDeg;
    m_impl->gizmoDirty = true;
    update();
}

std::size_t Viewport::cameraMarkerCount() const { return m_impl->markers.size(); }

void Viewport::setCameraMarkersVisible(bool visible) {
    m_impl->markersVisible = visible;
    m_impl->gizmoDirty = true;
    update();
}

bool Viewport::cameraMarkersVisible() const { return m_impl->markersVisible; }

void Viewport::setFaceColors(std::vector<render::GizmoColor> perFace) {
    m_impl->faceColors = std::move(perFace);
    m_impl->gizmoDirty = true;
    update();
}

int Viewport::pickFace(QPointF position) {
    const geometry::Mesh* mesh = m_impl->mesh.get();
    if (!mesh || mesh->triangleCount() == 0 || width() <= 0 || height() <= 0) return -1;
    if (!m_impl->rayQuery) {
        auto query = geometry::RayQuery::build(*mesh);
        if (!query) {
            emit renderError(QString::fromStdString(query.error().toString()));
            return -1;
        }
        m_impl->rayQuery = std::move(*query);
    }
    const auto [origin, direction] = rayThrough(position);
    return m_impl->rayQuery->intersect(origin, direction).face;
}

std::pair<Eigen::Vector3f, Eigen::Vector3f> Viewport::rayThrough(QPointF position) const {
    // Unproject the pixel at the near and far planes (OpenGL clip space, y up).
    const render::Camera& c = m_impl->camera;
    const float w = float(std::max(width(), 1)), h = float(std::max(height(), 1));
    const Eigen::Matrix4f inverse = (c.projection(w / h) * c.view()).inverse();
    const float x = float(position.x()) * 2.f / w - 1.f, y = 1.f - float(position.y()) * 2.f / h;
    const Eigen::Vector4f nearH = inverse * Eigen::Vector4f(x, y, -1.f, 1.f);
    const Eigen::Vector4f farH = inverse * Eigen::Vector4f(x, y, 1.f, 1.f);
    const Eigen::Vector3f origin = nearH.head<3>() / nearH.w();
    return {origin, (farH.head<3>() / farH.w() - origin).normalized()};
}

QPointF Viewport::projectToWidget(const Eigen::Vector3f& point) const {
    const render::Camera& c = m_impl->camera;
    const float aspect = height() > 0 ? float(width()) / float(height()) : 1.f;
    const Eigen::Vector4f clip = c.projection(aspect) * c.view() * point.homogeneous();
    return {double(clip.x() / clip.w() * 0.5f + 0.5f) * width(), double(0.5f - clip.y() / clip.w() * 0.5f) * height()};
}

void Viewport::wheelEvent(QWheelEvent* event) {
    if (flyWheel(event)) return;
    const float notches = float(event->angleDelta().y()) / 120.f;
    if (notches != 0.f) {
        m_impl->camera.zoom(std::pow(kZoomPerNotch, notches));
        update();
    }
    event->accept();
}

}  // namespace sw::widgets
