#pragma once
// Private state of sw::widgets::Viewport, shared by viewport.cpp (mesh, camera, GL lifetime)
// and viewport_splats.cpp (splat model, overlays, effects, picking). Not a public header.
#include <QImage>
#include <QMetaObject>
#include <QPoint>
#include <algorithm>
#include <memory>
#include <vector>

#include "core/geometry/ray_query.h"
#include "core/render/camera.h"
#include "core/render/gizmo_renderer.h"
#include "core/render/mesh_renderer.h"
#include "core/render/splat_renderer.h"
#include "widgets/viewport.h"

namespace sw::widgets {

// An owning QImage copy of a renderer image (rows top to bottom).
QImage toQImage(const Rgba8Image& image);

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

    bool drawsSplats() const { return content == Content::Splats; }
};

}  // namespace sw::widgets
