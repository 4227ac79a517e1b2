#pragma once
// Private state of sw::widgets::Viewport, shared by viewport.cpp (mesh, camera, GL lifetime)
// and viewport_splats.cpp (splat model, overlays, effects, picking). Not a public header.
#include <QImage>
#include <QMetaObject>
#include <QOpenGLFramebufferObject>
#include <QPoint>
#include <QPointF>
#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

#include "core/geometry/ray_query.h"
#include "core/lod/extract.h"
#include "core/render/camera.h"
#include "core/render/foliage_renderer.h"
#include "core/render/gizmo_renderer.h"
#include "core/render/mesh_renderer.h"
#include "core/render/splat_renderer.h"
#include "widgets/viewport.h"

namespace sw::widgets {

// An owning QImage copy of a renderer image (rows top to bottom).
QImage toQImage(const Rgba8Image& image);

class ScanHud;
struct ScanView;  // viewport_scan.cpp

struct Viewport::Impl {
    std::shared_ptr<const geometry::Mesh> mesh;
    std::unique_ptr<render::MeshRenderer> renderer;
    render::Camera camera;
    Background background = Background::Grey;
    bool meshDirty = false;  // mesh changed (or context recreated) since the last upload
    QMetaObject::Connection contextConnection;
    QPoint lastMouse;
    QPoint pressMouse;
    std::unique_ptr<render::GizmoRenderer> gizmo;
    std::vector<render::CameraMarker> markers;
    float markerFovX = 40.f;
    bool markersVisible = true;
    std::vector<render::GizmoColor> faceColors;  // [F] or empty
    bool gizmoDirty = true;
    std::unique_ptr<geometry::RayQuery> rayQuery;  // built on the first pick of a mesh

    // Splats
    Content content = Content::Mesh;
    std::shared_ptr<const formats::Spl2Model> splatModel;
    std::vector<std::uint8_t> floaterMask;  // [n_core + n_shell] 0/1 or empty
    std::unique_ptr<render::SplatRenderer> splats;
    bool splatDirty = true;  // model/mask changed (or context recreated) since the last upload
    render::SplatRenderSettings look;  // overlay, LOD, passes, effects; size/background per frame
    render::SplatDrawStats splatStats;
    Viewport::SplatFrameHook frameHook;  // setSplatFrameHook
    bool hookFresh = true;               // the renderer or its model is new since the hook last ran

    // Selection (viewport_selection.cpp)
    SelectTool tool = SelectTool::None;
    bool depthAware = false;
    float brushPx = 24.f;
    std::vector<std::uint8_t> selection;  // [n_core + n_shell] or empty
    std::vector<std::uint8_t> hidden;     // [n_core + n_shell] or empty
    std::unique_ptr<render::GizmoRenderer> selectionRim, selectionFill;  // no depth test
    bool selectionDirty = true;
    bool hiddenDirty = false;  // the drawn model must leave out other splats (re-upload)
    formats::Spl2Model shownModel;  // the model with hidden splats collapsed (when any are hidden)
    // The last splat frame (colour, same samples as the widget's framebuffer), redrawn from
    // while only the selection or a gesture changes: a 100k-splat frame costs seconds on
    // llvmpipe, the copy a few milliseconds.
    std::unique_ptr<QOpenGLFramebufferObject> frameCache;
    bool frameCacheBroken = false;  // the blit failed once (formats differ): always redraw
    unsigned sceneGeneration = 0;   // bumped by every change of what the splats look like
    unsigned cachedGeneration = ~0u;
    Eigen::Matrix4f cachedView = Eigen::Matrix4f::Zero(), cachedProjection = Eigen::Matrix4f::Zero();
    struct Gesture {
        bool active = false;
        splat::SelectOp op = splat::SelectOp::Replace;
        splat::ProjectedCentres projected;
        std::vector<Eigen::Vector2f> path;  // lasso points, or [press, current] for box / sphere
        std::vector<std::uint8_t> hits;     // brush: accumulated circle hits
        std::vector<std::uint8_t> before;   // the selection at the press
        int sphereCentre = -1;              // sphere: the clicked splat
        float sphereRadius = 0.f;           // model units
    } gesture;
    // A rect / lasso / brush gesture over the open scans (viewport_scan_select.cpp): its screen
    // path, the camera at the press, and the last one finished as a screen-shape region.
    struct ScanGesture {
        bool active = false;
        std::vector<Eigen::Vector2f> path;  // box: [press, current]; lasso: its points; brush: the dabs
        Eigen::Matrix4f view = Eigen::Matrix4f::Identity(), projection = Eigen::Matrix4f::Identity();
        int width = 0, height = 0;
    } scanGesture;
    std::optional<lod::Region> scanRegion;

    // Crop box (viewport_crop.cpp)
    bool cropVisible = false;
    bool cropSet = false;  // set once (the splats' bounds when first shown)
    Eigen::Vector3f cropMin = Eigen::Vector3f::Constant(-0.5f), cropMax = Eigen::Vector3f::Constant(0.5f);
    int cropDrag = -1;     // the handle being dragged
    QPointF cropPress;
    Eigen::Vector3f cropStartMin, cropStartMax;

    std::size_t splatCount() const { return splatModel ? splatModel->core.size() + splatModel->shell.size() : 0; }
    const Eigen::Vector3f& centre(std::size_t i) const {
        const std::size_t nCore = splatModel->core.size();
        return i < nCore ? splatModel->core.pos[i] : splatModel->shell.pos[i - nCore];
    }

    void uploadGizmos();

    render::RenderSettings settings(int width, int height) const {
        render::RenderSettings s;
        s.width = std::max(width, 1);
        s.height = std::max(height, 1);
        s.background = background == Background::Grey ? render::Background::Grey : render::Background::Black;
        return s;
    }

    render::SplatRenderSettings splatSettings(int width, int height) const {
        render::SplatRenderSettings s = look;
        s.width = std::max(width, 1);
        s.height = std::max(height, 1);
        s.background = background == Background::Grey ? render::Background::Grey : render::Background::Black;
        if (!splatModel) s.drawCore = s.drawShell = false;  // a cleared model: background only
        return s;
    }

    // Foliage preview (viewport_foliage.cpp)
    FoliageView foliageView;
    std::shared_ptr<const splat::SplatCloud> foliageCloud;
    std::unique_ptr<render::FoliageRenderer> foliage;
    std::unique_ptr<render::GizmoRenderer> benderLines;  // no depth test
    bool foliageBroken = false;       // the renderer failed for this context (reported once)
    const void* foliageAsset = nullptr;  // the mesh or cloud the scene was built from
    foliage::FoliagePreviewSettings foliageBuilt;  // the copies and fade it was built with
    bool foliageSplats = false;
    float foliageUnits = 1.f;         // the metres per unit it was built with
    render::FoliageDrawStats foliageStats;
    // The game-scale sheet's foliage: one renderer per asset, one copy standing at the origin.
    struct GameFoliage {
        std::unique_ptr<render::FoliageRenderer> renderer;
        const void* asset = nullptr;
        float unitsScale = 1.f;
        std::vector<Eigen::Vector3f> points;  // scene positions of the copy at rest (framing)
    };
    GameFoliage gameFoliage[2];       // the cloud, the mesh
    int benderDrag = -1;              // the bender being dragged
    float benderDragZ = 0.f;          // its ground plane
    bool drawsSplats() const { return content == Content::Splats; }

    // Scans (viewport_scan.cpp) and the fly camera (viewport_fly.cpp)
    std::shared_ptr<ScanView> scan;  // made by setScans
    ScanStats scanStats;
    bool lodFalseColour = false;
    bool hudVisible = true;
    ScanHud* hud = nullptr;  // a child label, made with the first scan
    bool fly = false;
    float flySpeed = 0.05f;  // model units per key press
};

}  // namespace sw::widgets
