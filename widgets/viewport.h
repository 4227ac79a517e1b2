#pragma once
// Dockable OpenGL viewport. Owns no rendering logic: it hands its context's GL functions to
// core/render and draws what the renderers draw: the mesh (MeshRenderer + gizmos) or a splat
// model (SplatRenderer: overlays, LOD, effects), chosen by Content. Survives floating/re-docking (context
// recreation) by freeing GL objects on QOpenGLContext::aboutToBeDestroyed.
#include <QImage>
#include <QOpenGLWidget>
#include <QPoint>
#include <QPointF>
#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "core/render/gizmo_renderer.h"
#include "core/render/splat_renderer.h"
#include "core/splat/selection.h"
#include "widgets/foliage_view.h"

namespace sw::geometry {
struct Mesh;
}

namespace sw::lod {
class ScanSet;
struct Region;
}

namespace sw::render {
struct FoliageDrawStats;
struct GameScaleSettings;
struct GameScaleTile;
}

namespace sw::widgets {

class Viewport : public QOpenGLWidget {
    Q_OBJECT
public:
    // turntable: fixed tilt, yaw only (game camera); fly: WASD/QE move the eye, a drag turns the
    // view around the eye, the wheel sets the speed (widgets/viewport_fly.cpp)
    enum class CameraMode { Orbit, Turntable, Fly };
    enum class Background { Grey, Black };
    enum class Content { Mesh, Splats };  // what the viewport draws

    explicit Viewport(QWidget* parent = nullptr);
    ~Viewport() override;

    // The mesh to show (nullptr clears). Shared, never modified by the viewport.
    void setMesh(std::shared_ptr<const sw::geometry::Mesh> mesh);
    void setCameraMode(CameraMode mode);
    CameraMode cameraMode() const;
    void setBackground(Background background);
    Background background() const;
    void resetView();
    // The camera the view is drawn with (model space).
    const sw::render::Camera& camera() const;
    // Fly camera: model units one key press (or auto-repeat) moves the eye; the wheel multiplies
    // it by 1.25 a notch. Entering fly mode sets it to 2 % of the framed content's radius.
    float flySpeed() const;
    void setFlySpeed(float unitsPerStep);
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

    // --- Splats (widgets/viewport_splats.cpp) ---
    void setContent(Content c);
    Content content() const;
    // The splat model to draw (nullptr clears); floaterMask [n_core + n_shell] 0/1 or empty.
    // Shared, never modified. Without a mesh the view is framed on the splats.
    void setSplatModel(std::shared_ptr<const sw::formats::Spl2Model> model, std::vector<std::uint8_t> floaterMask = {});
    std::shared_ptr<const sw::formats::Spl2Model> splatModel() const;
    void setFloaterMask(std::vector<std::uint8_t> floaterMask);
    void setSplatOverlay(sw::render::SplatOverlay overlay);  // None, Part, Material, Chunk, Ao, Emission, Shape, Floater
    sw::render::SplatOverlay splatOverlay() const;
    void setLodCoreCount(int k);  // < 0: all core splats
    int lodCoreCount() const;
    void setDrawCore(bool on);    // the opaque core pass
    void setDrawShell(bool on);   // the blended shell pass
    // The game's optional alpha-to-coverage core splats (SplatRenderSettings::roundSplats)
    // instead of the polygon fans; the game-scale views follow (splatLook).
    void setRoundSplats(bool on);
    bool roundSplats() const;
    void setEffects(const sw::render::EffectParams& effects);  // redraws
    const sw::render::EffectParams& effects() const;
    // The look the splats are drawn with now (overlay, LOD, passes, effects; size 0 × 0).
    sw::render::SplatRenderSettings splatLook() const;
    // Stats of the last splat frame (paint or renderToImage).
    const sw::render::SplatDrawStats& lastSplatStats() const;
    // The splat whose centre projects nearest to a widget position (logical pixels), within a
    // few pixels, front-most; -1 when none. modelPoint receives its centre, or where the ray
    // meets the ground plane z = 0 when none is hit. Effects are not applied to the centres.
    int pickSplat(QPointF position, Eigen::Vector3f* modelPoint);
    // The game-scale sheet (core/render/game_scale) of the splat model next to the mesh (when
    // one is set), rendered with this widget's context. Null image (renderError) on failure or
    // without a splat model. `tiles` (optional) receives where each tile is (for captions).
    QImage renderGameScale(const sw::render::GameScaleSettings& settings,
                           std::vector<sw::render::GameScaleTile>* tiles = nullptr);
    // The same sheet of another model (an A/B compare), drawn by a renderer made for it in this
    // widget's context and freed afterwards; the viewport's own model, selection and view stay.
    QImage renderGameScaleOf(std::shared_ptr<const sw::formats::Spl2Model> model,
                             const sw::render::GameScaleSettings& settings,
                             std::vector<sw::render::GameScaleTile>* tiles = nullptr);
    // Run with the context current before every splat frame, game-scale sheet and read-back,
    // after the model is uploaded: a dock that keeps per-slot state in the renderer (the
    // Destruction dock's damage path) uploads it here. fresh = true when the renderer is new
    // (first use, a re-docked widget's new context) or got its model again, so everything must
    // be uploaded; an error is shown as renderError. An empty hook removes it.
    using SplatFrameHook = std::function<sw::Status(sw::render::SplatRenderer& renderer, bool fresh)>;
    void setSplatFrameHook(SplatFrameHook hook);
    // The view ray through a widget position (logical pixels): origin at the near plane and
    // unit direction, model space.
    std::pair<Eigen::Vector3f, Eigen::Vector3f> viewRay(QPointF position) const { return rayThrough(position); }

    // --- Selection (widgets/viewport_selection.cpp; maths in core/splat/selection) ---
    // The splat model's splats are selected by index (core i, then n_core + shell j). With a
    // tool other than None the left button selects instead of turning the camera (Alt + left
    // still turns it): Click picks the front-most centre near the cursor, Box and Lasso the
    // centres inside the dragged shape, Brush those the circle passes over, Sphere those within
    // the model-space ball around the clicked splat whose radius follows the drag. Shift adds,
    // Ctrl subtracts, else the gesture replaces the selection. depthAware keeps only splats at
    // the front of what the camera sees. Keys: F frames the selection, Delete/Backspace asks for
    // its deletion (deleteRequested), Escape clears it. The selection is drawn as magenta points
    // with a black rim on top of the splats (a colour no overlay palette uses).
    enum class SelectTool { None, Click, Box, Lasso, Brush, Sphere };
    void setSelectTool(SelectTool tool);
    SelectTool selectTool() const;
    void setDepthAware(bool on);
    bool depthAware() const;
    void setBrushRadius(float px);  // logical pixels
    float brushRadius() const;
    // [n_core + n_shell] 0/1; empty = nothing selected. A mask of another size is refused
    // (false). A new splat model of another size clears the selection and the hidden splats.
    bool setSelection(std::vector<std::uint8_t> mask);
    const std::vector<std::uint8_t>& selection() const;
    std::size_t selectedCount() const;
    void selectAll();
    void clearSelection();
    void invertSelection();
    void growSelection(float radius);    // model units
    void shrinkSelection(float radius);  // model units
    // Hidden splats are not drawn and never selected ([n_core + n_shell] 0/1; empty = none).
    bool setHidden(std::vector<std::uint8_t> mask);
    const std::vector<std::uint8_t>& hidden() const;
    // The model's splat centres in selection order (core, then shell); empty without a model.
    std::vector<Eigen::Vector3f> splatCentres() const;
    std::size_t splatCount() const;  // n_core + n_shell, 0 without a model
    // Moves the camera to look at the selection's bounds (false when nothing is selected).
    bool frameSelection();
    // Moves the camera to look at the bounds of `points` (model space; false when empty).
    bool framePoints(const std::vector<Eigen::Vector3f>& points);
    // The centres projected for the current camera and widget size (what the tools test).
    sw::splat::ProjectedCentres projectedCentres() const;
    // Over open scans (viewport_scan_select.cpp) the rect, lasso and brush tools record their
    // gesture as a screen-shape region with the camera at the press (lod::Region, what Extract
    // to Cloud cuts out), its outline drawn while the view is the gesture's; null when none.
    const sw::lod::Region* scanSelection() const;
    void clearScanSelection();

    // --- Crop box (widgets/viewport_crop.cpp) ---
    // An axis-aligned model-space box drawn over the splats while shown: its edges, a square
    // handle at the centre of each face and a round one at its centre. Dragging a face handle
    // moves that face along its axis (the opposite face stays), dragging the centre handle moves
    // the box in the view plane; a handle takes the left button before any selection tool
    // (elsewhere the tools and the camera work as usual). Shown the first time: the splats'
    // bounds. The editor crops to it (Selection dock ▸ Crop while the box shows).
    void setCropBoxVisible(bool visible);
    bool cropBoxVisible() const;
    void setCropBox(const Eigen::Vector3f& min, const Eigen::Vector3f& max);
    std::pair<Eigen::Vector3f, Eigen::Vector3f> cropBox() const;  // min, max
    // Where a handle shows (logical pixels): 0..5 the faces −X, +X, −Y, +Y, −Z, +Z; 6 the centre.
    QPointF cropHandlePosition(int handle) const;

    // --- Foliage preview (widgets/viewport_foliage.cpp) ---
    // While view.preview.enabled, the open model (Mesh content) or the splat cloud set by
    // setFoliageCloud (Splats content) is drawn as scattered foliage copies by FoliageRenderer,
    // in the wind at view.time and pushed by view.benders, instead of the plain model; each
    // bender is drawn as a capsule outline. A left drag that starts on a bender moves it on its
    // ground plane (benderDragged) instead of turning the camera. Turning the preview on frames
    // the copies' square.
    void setFoliageView(const FoliageView& view);  // redraws
    const FoliageView& foliageView() const;
    void setFoliageCloud(std::shared_ptr<const sw::splat::SplatCloud> cloud);
    bool showsFoliage() const;  // the preview is on and has an asset to draw
    // Where a bender's centre appears in the widget (logical pixels); (-1, -1) for an unknown id.
    QPointF benderPosition(int id) const;
    // Stats of the last foliage frame.
    const sw::render::FoliageDrawStats& lastFoliageStats() const;
    // While the preview is on, the game-scale sheet (renderGameScale) shows the foliage: one copy
    // of the cloud (when set) and of the mesh (when set) standing at the origin, each in its
    // column, in the view's wind, time, look and benders (the fade is left out: the copy is the
    // one the player looks at).
    bool foliageAtGameScale() const;

    // --- Scans (widgets/viewport_scan.cpp) ---
    // While `scans` holds a scan, the viewport draws the scans instead of the mesh or the splat
    // model, through the GPU scan renderer (core/render/scan_renderer.h) made in the viewport's
    // context with a pool of the stream budget's bytes (capped at the context's largest storage
    // block; the resident pool then gets no more, and the Log says so once). Each frame, for the
    // view: the ScanSet plans the frame (selectLevels, then the pool's update), the renderer
    // syncs with the pool (uploads with a fence, the fences that have landed) and draws the draw
    // list (cull, sort, draw on the GPU). While chunks are still streaming in, frames keep
    // coming. The scans are shared with the editor's Scan dock, which changes their settings
    // (call scansChanged()).
    struct ScanStats {
        std::uint64_t residentBytes = 0;   // the pool's resident bytes
        std::uint64_t budgetBytes = 0;     // its memory budget (capped as above)
        std::size_t drawableChunks = 0;    // of the chunks the view wants, drawable now
        std::size_t pendingChunks = 0;     // wanted but not drawable yet (queued, loading, uploading)
        std::uint64_t splatsSelected = 0;  // splats of the levels the selection chose
        std::uint64_t splatsDrawn = 0;     // splats of the chunks drawn, submitted before the cull
        std::int64_t splatsVisible = -1;   // left after the GPU's cull (−1: not yet), read back
                                           // every 16th frame and on a new draw list
        std::vector<std::uint64_t> levelSplats;  // [level] splats of the draw list at each level
        std::uint64_t gpuUsedBytes = 0;    // the GPU pool's slots in use
        std::uint64_t gpuCapacityBytes = 0;  // its fixed size
        bool overBudget = false;           // the coarsest levels alone exceed the splat budget
        std::size_t failedChunks = 0;      // chunks that could not be read (ResidentPool::failures)
        double frameMs = 0.0;              // the last scan frame on the CPU (wall time), plan and draw
        std::uint64_t frames = 0;          // scan frames drawn since setScans
    };
    void setScans(std::shared_ptr<sw::lod::ScanSet> scans);  // nullptr: none
    bool showsScans() const;  // a scan is open
    // The scans or their settings changed: redraw (the first scan frames the view).
    void scansChanged();
    const ScanStats& scanStats() const;
    // Each chunk drawn in a colour of its level (render::scanLevelColor: level 0, the finest,
    // white; then red, orange, yellow, green, cyan, blue, magenta).
    void setLodFalseColour(bool on);
    bool lodFalseColour() const;
    // The heads-up display over the scans: resident MB / budget, chunks drawable / pending,
    // splats submitted and after the cull, GPU pool use, frame ms (a label named "scanHud").
    void setHudVisible(bool on);
    bool hudVisible() const;
    QString hudText() const;

signals:
    // A bender dragged with the mouse to `position` (scene metres).
    void benderDragged(int id, Eigen::Vector3f position);
    // The drag of bender `id` ended (the mouse button was released).
    void benderReleased(int id);
    // The crop box moved or was resized (a drag, setCropBox, the first show).
    void cropBoxChanged(Eigen::Vector3f min, Eigen::Vector3f max);
    // A selection gesture over the scans finished, or the scans' selection was cleared.
    void scanSelectionChanged();
    // A left click without drag on the splat model (Splats content); splatIndex is the core
    // index, n_core + shell index for a shell splat, or -1 (modelPoint on the ground plane).
    void splatPicked(Eigen::Vector3f modelPoint, int splatIndex);
    // The same click on the splat view: where it was (logical pixels), for view-ray tools.
    void splatClicked(QPointF position);
    void frameRendered(double milliseconds);
    void renderError(const QString& message);
    // A left click (press and release without dragging) on a face of the model.
    void facePicked(int face);
    // The selection changed (a gesture, a set*, a new model); count = selectedCount().
    void selectionChanged(std::size_t count);
    // Delete or Backspace with a selection.
    void deleteRequested();
    // setSplatModel was called (the model, or nullptr).
    void splatModelChanged();

protected:
    void initializeGL() override;
    void paintGL() override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    bool frameBounds(const Eigen::Vector3f& lo, const Eigen::Vector3f& hi);  // the camera onto a box (margin, minimum size)
    // What the splats look like changed: the cached splat frame is stale; repaint.
    void sceneChanged();
    // Frees the renderer's GL objects with the context current; connected to the context's
    // aboutToBeDestroyed (floating/re-docking recreates the context) and run by the destructor.
    void releaseGl();
    // Creates nothing: uploads a changed mesh; false when there is no renderer (GL failed).
    bool ensureRenderer();
    // The same for the splat model, then runs the frame hook.
    bool ensureSplats();
    void uploadSplatModel();
    // Creates the splat renderer for the current context (initializeGL).
    void createSplatRenderer();
    // Selection gestures (viewport_selection.cpp): true when the event was one.
    bool selectPress(QMouseEvent* event);
    bool selectMove(QMouseEvent* event);
    bool selectRelease(QMouseEvent* event);
    void drawSelection(int width, int height);  // the highlight points and the gesture outline
    // Crop box handles (viewport_crop.cpp): true when the event was one.
    bool cropPress(QMouseEvent* event);
    bool cropMove(QMouseEvent* event);
    bool cropRelease(QMouseEvent* event);
    int cropHandleAt(QPointF position) const;  // -1: none within reach
    void drawCropBox();
    // Selection gestures over the open scans (viewport_scan_select.cpp).
    bool scanSelectPress(QMouseEvent* event);
    bool scanSelectMove(QMouseEvent* event);
    bool scanSelectRelease(QMouseEvent* event);
    void drawScanSelection();
    void selectionEdited();                      // highlight dirty, signal, redraw
    // The splat frame cache: true when the cached frame is current and was copied in.
    bool reuseSplatFrame(int width, int height);
    void cacheSplatFrame(int width, int height);
    // A ray from the camera through a widget position: origin and unit direction, model space.
    std::pair<Eigen::Vector3f, Eigen::Vector3f> rayThrough(QPointF position) const;

    // Foliage (viewport_foliage.cpp): the renderer and the scene for the current context and
    // view (false: nothing to draw, or GL failed and was reported); the frame; bender drags.
    bool ensureFoliage();
    sw::Status drawFoliageInto(unsigned framebuffer, int width, int height);
    void releaseFoliage();  // context current
    QImage renderFoliageGameScale(const sw::render::GameScaleSettings& settings,
                                  std::vector<sw::render::GameScaleTile>* tiles);  // context current
    bool benderPress(QMouseEvent* event);
    bool benderMove(QMouseEvent* event);
    bool benderRelease(QMouseEvent* event);
    // Scans (viewport_scan.cpp): one frame into `framebuffer` (context current); the framing
    // of every open scan; GL objects freed (context current).
    sw::Status drawScansInto(unsigned framebuffer, int width, int height);
    bool frameScans();
    void releaseScans();
    // Fly camera (viewport_fly.cpp): true when the event was one.
    bool flyKey(QKeyEvent* event);
    bool flyDrag(QMouseEvent* event, QPoint delta);
    bool flyWheel(QWheelEvent* event);
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

}  // namespace sw::widgets
