#pragma once
// Dockable OpenGL viewport. Owns no rendering logic: it hands its context's GL functions to
// core/render and draws what the renderer draws. Survives floating/re-docking (context
// recreation) by freeing GL objects on QOpenGLContext::aboutToBeDestroyed.
#include <QImage>
#include <QOpenGLWidget>
#include <QPointF>
#include <memory>
#include <vector>

#include "core/render/gizmo_renderer.h"

namespace sw::geometry {
struct Mesh;
}

namespace sw::widgets {

class Viewport : public QOpenGLWidget {
    Q_OBJECT
public:
    enum class CameraMode { Orbit, Turntable };  // turntable: fixed tilt, yaw only (game camera)
    enum class Background { Grey, Black };

    explicit Viewport(QWidget* parent = nullptr);
    ~Viewport() override;

    // The mesh to show (nullptr clears). Shared, never modified by the viewport.
    void setMesh(std::shared_ptr<const sw::geometry::Mesh> mesh);
    void setCameraMode(CameraMode mode);
    CameraMode cameraMode() const;
    void setBackground(Background background);
    Background background() const;
    void resetView();
    // Looks at the origin from a distance where a sphere of `radius` fits (e.g. the camera belt).
    void frameSphere(float radius);
    // Renders the current view offscreen at the widget size and returns it.
    QImage renderToImage();

    // Camera markers (a small frustum spanning fovXDeg and a dot per camera), drawn after the
    // mesh while visible: the dataset belt around the model.
    void setCameraMarkers(std::vector<sw::render::CameraMarker> markers, float fovXDeg);
    std::size_t cameraMarkerCount() const;
    void setCameraMarkersVisible(bool visible);
    bool cameraMarkersVisible() const;
    // [F] straight-RGBA colour per face of the current mesh blended over it (alpha 0 = none);
    // empty turns the overlay off. Ignored when the size does not match the mesh.
    void setFaceColors(std::vector<sw::render::GizmoColor> perFace);
    // The face under a widget position (logical pixels), or -1: a ray from the camera through
    // that pixel against the mesh (core/geometry RayQuery, built on the first pick).
    int pickFace(QPointF position);
    // Where a model-space point appears in the widget (logical pixels).
    QPointF projectToWidget(const Eigen::Vector3f& point) const;

signals:
    void frameRendered(double milliseconds);
    void renderError(const QString& message);
    // A left click (press and release without dragging) on a face of the model.
    void facePicked(int face);

protected:
    void initializeGL() override;
    void paintGL() override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    // Frees the renderer's GL objects with the context current; connected to the context's
    // aboutToBeDestroyed (floating/re-docking recreates the context) and run by the destructor.
    void releaseGl();
    // Creates nothing: uploads a changed mesh; false when there is no renderer (GL failed).
    bool ensureRenderer();

    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

}  // namespace sw::widgets
