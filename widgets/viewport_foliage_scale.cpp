// Viewport's game-scale sheet of the foliage preview (issue 35 §5): while the preview is on, the
// sheet's columns are the splat cloud and the mesh as foliage, one copy of each standing at the
// origin (its lowest point on the ground, no yaw, in metres by the view's units scale), framed
// at the sheet's height at rest with half that height of room on each side for its lean, drawn by
// a FoliageRenderer of its own in the view's wind at the view's time, with its look and the
// benders that act in the viewport. The renderers live in the widget's context and are freed
// with the preview's (releaseFoliage).
#include <QOpenGLContext>
#include <algorithm>

#include "core/foliage/wind_field.h"
#include "core/render/game_scale.h"
#include "widgets/viewport.h"
#include "widgets/viewport_impl.h"

namespace sw::widgets {

bool Viewport::foliageAtGameScale() const {
    const Impl& d = *m_impl;
    if (!d.foliageView.preview.enabled) return false;
    return (d.foliageCloud && !d.foliageCloud->empty()) || (d.mesh && d.mesh->vertexCount() > 0);
}

QImage Viewport::renderFoliageGameScale(const render::GameScaleSettings& settings, std::vector<render::GameScaleTile>* tiles) {
    Impl& d = *m_impl;
    QOpenGLContext* ctx = context();
    if (!ctx) {
        emit renderError(tr("OpenGL is not available for the game-scale view."));
        return {};
    }
    const render::GlProcLoader loader = [ctx](const char* name) { return reinterpret_cast<void*>(ctx->getProcAddress(name)); };
    const FoliageView& v = d.foliageView;
    // Index 0: the cloud, 1: the mesh; each (re)built when its asset or units changed.
    const void* assets[2] = {d.foliageCloud && !d.foliageCloud->empty() ? d.foliageCloud.get() : nullptr,
                             d.mesh && d.mesh->vertexCount() > 0 ? d.mesh.get() : nullptr};
    std::vector<Eigen::Vector3f> points;
    std::vector<int> kinds;
    for (int k = 0; k < 2; ++k) {
        Impl::GameFoliage& g = d.gameFoliage[k];
        if (!assets[k]) continue;
        if (!g.renderer || g.asset != assets[k] || g.unitsScale != v.unitsScale) {
            if (g.renderer) g.renderer->release();
            g = {};
            auto renderer = render::FoliageRenderer::create(loader);
            if (!renderer) {
                emit renderError(QString::fromStdString(renderer.error().toString()));
                return {};
            }
            g.renderer = std::move(*renderer);
            const splat::SplatCloud* cloud = k == 0 ? d.foliageCloud.get() : nullptr;
            const geometry::Mesh* mesh = k == 1 ? d.mesh.get() : nullptr;
            std::optional<geometry::Mesh> m;
            std::optional<splat::SplatCloud> c;
            if (cloud) c = foliage::scaledCloud(*cloud, v.unitsScale);
            else m = foliage::scaledMesh(*mesh, v.unitsScale);
            const std::vector<Eigen::Vector3f>& at = c ? c->positions : m->positions;
            auto plants = foliage::previewPlants(m ? &*m : nullptr, at, "the open model");
            auto id = !plants ? Result<int>(plants.error())
                              : c ? g.renderer->addSplatAsset(*c, *plants, {}) : g.renderer->addMeshAsset(*m, *plants, {});
            float lowZ = at[0].z();
            for (const Eigen::Vector3f& p : at) lowZ = std::min(lowZ, p.z());
            foliage::FoliageInstance copy;
            copy.origin = Eigen::Vector3f(0.f, 0.f, -lowZ);  // standing on the ground, like the viewport's copies
            const Status placed = id ? g.renderer->setCopies(*id, {copy}) : Status(id.error());
            if (!placed) {
                g.renderer->release();
                g = {};
                emit renderError(QString::fromStdString(placed.error().toString()));
                return {};
            }
            g.asset = assets[k];
            g.unitsScale = v.unitsScale;
            g.points.clear();
            for (const Eigen::Vector3f& p : at) g.points.push_back(copy.toScene(p));
        }
        points.insert(points.end(), g.points.begin(), g.points.end());
        kinds.push_back(k);
    }
    const foliage::WindField wind(v.settings.wind);
    render::FoliageFrame frame;
    frame.wind = &wind;
    frame.frame.t = v.time;
    frame.frame.look = v.settings.look;
    frame.frame.acting = v.benders.acting(d.camera.eye());  // the viewport's acting benders
    std::vector<render::GameScaleColumn> columns;
    for (int k : kinds)
        columns.push_back({k == 1, [&, k](const render::GameScaleFraming& f, render::Background bg) {
                               render::FoliageFrame atTile = frame;
                               atTile.camera = (f.view.inverse() * Eigen::Vector4f(0.f, 0.f, 0.f, 1.f)).head<3>();
                               render::FoliageRenderSettings rs;
                               rs.width = f.width;
                               rs.height = f.height;
                               rs.background = bg;
                               return d.gameFoliage[k].renderer->renderImage(f.view, f.projection, atTile, rs);
                           }});
    // Room around the plant at rest for its lean in the wind: half its height on every side.
    render::GameScaleSettings framed = settings;
    framed.marginPx = std::max(settings.marginPx, settings.heightPx / 2);
    auto sheet = render::composeGameScaleSheet(points, columns, framed);
    if (!sheet) {
        emit renderError(QString::fromStdString(sheet.error().toString()));
        return {};
    }
    if (tiles) *tiles = std::move(sheet->tiles);
    return toQImage(sheet->image);
}

}  // namespace sw::widgets
