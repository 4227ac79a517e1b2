#pragma once
// Dockable OpenGL viewport. Owns no rendering logic: it hands its context's GL functions to
// core/render and draws what the renderer draws. Survives floating/re-docking (context
// recreation) by freeing GL objects on QOpenGLContext::aboutToBeDestroyed.
#include <QImage>
#include <QOpenGLWidget>
#include <memory>

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
    // Renders the current view offscreen at the widget size and returns it.
    QImage renderToImage();

signals:
    void frameRendered(double milliseconds);
    void renderError(const QString& message);

protected:
    void initializeGL() override;
    void paintGL() override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
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
