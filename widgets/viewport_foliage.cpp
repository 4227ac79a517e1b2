// Viewport's foliage preview (issue 35 §6): the open model, or the splat cloud beside it, drawn
// as scattered foliage copies by core/render's FoliageRenderer in the Foliage dock's wind and
// time, with the dock's benders drawn as capsule outlines and dragged with the mouse. The
// renderer lives in the widget's context: made on the first foliage frame with the context
// current, freed by releaseGl (aboutToBeDestroyed when the dock floats or re-docks, and the
// destructor) and made again in the new context.
#include <QMouseEvent>
#include <QOpenGLContext>
#include <algorithm>
#include <cmath>

#include "core/foliage/wind_field.h"
#include "widgets/viewport.h"
#include "widgets/viewport_impl.h"

namespace sw::widgets {

namespace {
constexpr float kBenderGrabPx = 14.f;  // a press this close to a bender's centre takes it
constexpr int kCapsuleSegments = 24;   // per ring of a bender's outline
const render::GizmoColor kBenderColour(1.f, 0.55f, 0.1f, 1.f);  // orange: no overlay palette's

bool sameScene(const foliage::FoliagePreviewSettings& a, const foliage::FoliagePreviewSettings& b) {
    return a.count == b.count && a.seed == b.seed && a.area == b.area && a.fadeStart == b.fadeStart &&
           a.fadeEnd == b.fadeEnd;
}

// A capsule of radius r and height h standing on `base`: two rings and four vertical lines.
void appendCapsule(std::vector<render::GizmoVertex>& lines, const Eigen::Vector3f& base, float r, float h) {
    const float kCapsuleHeight = std::max(h, 2.f * r);
    for (int k = 0; k < kCapsuleSegments; ++k) {
        const float a0 = 2.f * float(M_PI) * float(k) / kCapsuleSegments;
        const float a1 = 2.f * float(M_PI) * float(k + 1) / kCapsuleSegments;
        for (float z : {r, kCapsuleHeight - r}) {
            lines.push_back({base + Eigen::Vector3f(r * std::cos(a0), r * std::sin(a0), z), kBenderColour});
            lines.push_back({base + Eigen::Vector3f(r * std::cos(a1), r * std::sin(a1), z), kBenderColour});
        }
    }
    for (int k = 0; k < 4; ++k) {
        const float a = 0.5f * float(M_PI) * float(k);
        const Eigen::Vector3f side(r * std::cos(a), r * std::sin(a), 0.f);
        lines.push_back({base + side + Eigen::Vector3f(0.f, 0.f, r), kBenderColour});
        lines.push_back({base + side + Eigen::Vector3f(0.f, 0.f, kCapsuleHeight - r), kBenderColour});
    }
}
// The open mesh or cloud in metres (× unitsScale) added to `r` with its plants; lo/hi its bounds
// and `points` its positions, metres.
Result<int> addPreviewAsset(render::FoliageRenderer& r, const geometry::Mesh* mesh, const splat::SplatCloud* cloud,
                            float unitsScale, const foliage::FadeRange& fade, Eigen::Vector3f& lo, Eigen::Vector3f& hi,
                            std::vector<Eigen::Vector3f>& points) {
    std::optional<geometry::Mesh> m;
    std::optional<splat::SplatCloud> c;
    if (cloud) c = foliage::scaledCloud(*cloud, unitsScale);
    else m = foliage::scaledMesh(*mesh, unitsScale);
    points = c ? c->positions : m->positions;
    auto plants = foliage::previewPlants(m ? &*m : nullptr, points, "the open model");
    if (!plants) return plants.error();
    lo = hi = points[0];
    for (const Eigen::Vector3f& p : points) lo = lo.cwiseMin(p), hi = hi.cwiseMax(p);
    return c ? r.addSplatAsset(*c, *plants, fade) : r.addMeshAsset(*m, *plants, fade);
}

}  // namespace

void Viewport::setFoliageView(const FoliageView& view) {
    const bool turnedOn = view.preview.enabled && !m_impl->foliageView.preview.enabled;
    const bool areaChanged = view.preview.area != m_impl->foliageView.preview.area;
    m_impl->foliageView = view;
    if (view.preview.enabled && (turnedOn || areaChanged)) {
        const float h = 0.5f * view.preview.area;
        frameBounds(Eigen::Vector3f(-h, -h, 0.f), Eigen::Vector3f(h, h, 0.25f * view.preview.area));
    }
    update();
}

const FoliageView& Viewport::foliageView() const { return m_impl->foliageView; }

void Viewport::setFoliageCloud(std::shared_ptr<const splat::SplatCloud> cloud) {
    m_impl->foliageCloud = std::move(cloud);
    update();
}

bool Viewport::showsFoliage() const {
    const Impl& d = *m_impl;
    if (!d.foliageView.preview.enabled) return false;
    return d.drawsSplats() ? d.foliageCloud && !d.foliageCloud->empty() : d.mesh && d.mesh->vertexCount() > 0;
}

const render::FoliageDrawStats& Viewport::lastFoliageStats() const { return m_impl->foliageStats; }

QPointF Viewport::benderPosition(int id) const {
    for (const foliage::Bender& b : m_impl->foliageView.benders.benders())
        if (b.id == id) return projectToWidget(b.position);
    return {-1., -1.};
}

bool Viewport::ensureFoliage() {
    Impl& d = *m_impl;
    if (d.foliageBroken || !context()) return false;
    const bool splats = d.drawsSplats();
    const void* asset = splats ? static_cast<const void*>(d.foliageCloud.get()) : static_cast<const void*>(d.mesh.get());
    if (d.foliage && asset == d.foliageAsset && splats == d.foliageSplats && sameScene(d.foliageBuilt, d.foliageView.preview) &&
        d.foliageUnits == d.foliageView.unitsScale)
        return true;
    // A new asset or other copies: a fresh renderer (assets are only ever added to one).
    releaseFoliage();
    QOpenGLContext* ctx = context();
    const render::GlProcLoader loader = [ctx](const char* name) { return reinterpret_cast<void*>(ctx->getProcAddress(name)); };
    const auto fail = [this, &d](const Error& e) {
        releaseFoliage();
        d.foliageBroken = true;
        emit renderError(QString::fromStdString(e.toString()));
        return false;
    };
    auto renderer = render::FoliageRenderer::create(loader);
    if (!renderer) return fail(renderer.error());
    d.foliage = std::move(*renderer);
    if (auto lines = render::GizmoRenderer::create(loader)) {
        (*lines)->setDepthTest(false);
        d.benderLines = std::move(*lines);
    }
    const foliage::FoliagePreviewSettings& preview = d.foliageView.preview;
    Eigen::Vector3f lo, hi;
    std::vector<Eigen::Vector3f> points;
    auto id = addPreviewAsset(*d.foliage, splats ? nullptr : d.mesh.get(), splats ? d.foliageCloud.get() : nullptr,
                              d.foliageView.unitsScale, preview.fade(), lo, hi, points);
    if (!id) return fail(id.error());
    auto copies = foliage::previewCopies(preview, lo.z(), std::max(hi.x() - lo.x(), hi.y() - lo.y()));
    if (!copies) return fail(copies.error());
    if (Status s = d.foliage->setCopies(*id, *copies); !s) return fail(s.error());
    d.foliageAsset = asset;
    d.foliageSplats = splats;
    d.foliageBuilt = preview;
    d.foliageUnits = d.foliageView.unitsScale;
    return true;
}

Status Viewport::drawFoliageInto(unsigned framebuffer, int width, int height) {
    Impl& d = *m_impl;
    const FoliageView& v = d.foliageView;
    const float aspect = float(width) / float(height);
    const Eigen::Matrix4f view = d.camera.view(), projection = d.camera.projection(aspect);
    const foliage::WindField wind(v.settings.wind);
    render::FoliageFrame frame;
    frame.wind = &wind;
    frame.camera = d.camera.eye();
    frame.frame.t = v.time;
    frame.frame.look = v.settings.look;
    frame.frame.acting = v.benders.acting(frame.camera);
    render::FoliageRenderSettings settings;
    settings.width = width;
    settings.height = height;
    settings.background = d.background == Background::Grey ? render::Background::Grey : render::Background::Black;
    SW_TRY(d.foliage->draw(view, projection, frame, settings, framebuffer));
    d.foliageStats = d.foliage->lastDrawStats();
    if (!d.benderLines || v.benders.benders().empty()) return {};
    std::vector<render::GizmoVertex> lines;
    for (const foliage::Bender& b : v.benders.benders()) appendCapsule(lines, b.position, b.radius, b.height);
    d.benderLines->setLines(std::move(lines));
    return d.benderLines->draw(view, projection, width, height, framebuffer);
}

void Viewport::releaseFoliage() {
    Impl& d = *m_impl;
    for (Impl::GameFoliage& g : d.gameFoliage) {
        if (g.renderer) g.renderer->release();
        g = {};
    }
    if (d.foliage) d.foliage->release();
    d.foliage.reset();
    if (d.benderLines) d.benderLines->release();
    d.benderLines.reset();
    d.foliageAsset = nullptr;
}

bool Viewport::benderPress(QMouseEvent* event) {
    Impl& d = *m_impl;
    if (event->button() != Qt::LeftButton || !showsFoliage()) return false;
    float best = kBenderGrabPx;
    d.benderDrag = -1;
    for (const foliage::Bender& b : d.foliageView.benders.benders()) {
        const QPointF p = projectToWidget(b.position) - event->position();
        const float distance = float(std::hypot(p.x(), p.y()));
        if (distance <= best) {
            best = distance;
            d.benderDrag = b.id;
            d.benderDragZ = b.position.z();
        }
    }
    if (d.benderDrag < 0) return false;
    event->accept();
    return true;
}

bool Viewport::benderMove(QMouseEvent* event) {
    Impl& d = *m_impl;
    if (d.benderDrag < 0) return false;
    // Where the view ray meets the bender's ground plane z = benderDragZ.
    const auto [origin, direction] = rayThrough(event->position());
    if (std::abs(direction.z()) > 1e-6f) {
        const float s = (d.benderDragZ - origin.z()) / direction.z();
        if (s > 0.f) emit benderDragged(d.benderDrag, origin + s * direction);
    }
    event->accept();
    return true;
}

bool Viewport::benderRelease(QMouseEvent* event) {
    if (m_impl->benderDrag < 0) return false;
    const int id = m_impl->benderDrag;
    m_impl->benderDrag = -1;
    event->accept();
    emit benderReleased(id);
    return true;
}

}  // namespace sw::widgets
