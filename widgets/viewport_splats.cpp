// Viewport's splat side: the SPL2 model drawn by core/render/SplatRenderer (overlays, LOD,
// passes, effects), splat picking and the game-scale sheet. The renderer lives and dies with
// the widget's GL context next to the mesh renderer (viewport.cpp: initializeGL/releaseGl).
#include <QOpenGLContext>
#include <cmath>
#include <limits>

#include "core/render/game_scale.h"
#include "widgets/viewport.h"
#include "widgets/viewport_impl.h"

namespace sw::widgets {

namespace {
constexpr float kSplatPickPx = 6.f;  // a splat centre this close to the click (logical px) is hit
}  // namespace

void Viewport::createSplatRenderer() {
    QOpenGLContext* ctx = context();
    auto splats = render::SplatRenderer::create(
        [ctx](const char* name) { return reinterpret_cast<void*>(ctx->getProcAddress(name)); });
    if (!splats) {
        emit renderError(QString::fromStdString(splats.error().toString()));
        return;
    }
    m_impl->splats = std::move(*splats);
    m_impl->splatDirty = true;
}

bool Viewport::ensureSplats() {
    if (!m_impl->splats) return false;
    if (m_impl->splatDirty) {
        m_impl->splatDirty = false;
        m_impl->hookFresh = true;
        uploadSplatModel();
    }
    if (m_impl->frameHook && m_impl->splatModel && m_impl->splats->hasModel()) {
        const bool fresh = m_impl->hookFresh;
        m_impl->hookFresh = false;
        if (Status s = m_impl->frameHook(*m_impl->splats, fresh); !s) emit renderError(QString::fromStdString(s.error().toString()));
    }
    return true;
}

void Viewport::setSplatFrameHook(SplatFrameHook hook) {
    m_impl->frameHook = std::move(hook);
    m_impl->hookFresh = true;
    sceneChanged();
}

void Viewport::uploadSplatModel() {
    if (!m_impl->splatModel) return;  // drawn as background only (splatSettings)
    const formats::Spl2Model& model = *m_impl->splatModel;
    const bool maskFits = m_impl->floaterMask.empty() ||
                          m_impl->floaterMask.size() == model.core.size() + model.shell.size();
    if (!maskFits) {
        emit renderError(tr("The floater mask has %1 flags for %2 splats; it is ignored.")
                             .arg(m_impl->floaterMask.size())
                             .arg(model.core.size() + model.shell.size()));
    }
    const std::span<const std::uint8_t> mask = maskFits ? std::span<const std::uint8_t>(m_impl->floaterMask)
                                                        : std::span<const std::uint8_t>();
    const formats::Spl2Model* shown = &model;
    if (m_impl->hidden.size() == m_impl->splatCount()) {
        // Hidden splats collapse to nothing (zero axes, opacity 0); indices stay as they are.
        m_impl->shownModel = model;
        const std::size_t nCore = model.core.size();
        for (std::size_t i = 0; i < m_impl->hidden.size(); ++i) {
            if (!m_impl->hidden[i]) continue;
            formats::Spl2Part& part = i < nCore ? m_impl->shownModel.core : m_impl->shownModel.shell;
            const std::size_t k = i < nCore ? i : i - nCore;
            part.ax0[k] = part.ax1[k] = Eigen::Vector3f::Zero();
            part.opacity[k] = 0.f;
        }
        shown = &m_impl->shownModel;
    } else {
        m_impl->shownModel = {};
    }
    if (Status s = m_impl->splats->setModel(*shown, mask); !s) {
        emit renderError(QString::fromStdString(s.error().toString()));
    }
}

void Viewport::setContent(Content c) {
    m_impl->content = c;
    sceneChanged();
}

Viewport::Content Viewport::content() const { return m_impl->content; }

void Viewport::setSplatModel(std::shared_ptr<const formats::Spl2Model> model, std::vector<std::uint8_t> floaterMask) {
    const std::size_t before = m_impl->splatCount();
    m_impl->splatModel = std::move(model);
    if (m_impl->splatCount() != before || !m_impl->splatModel) {
        // Another model: the selection and the hidden splats were of the old one.
        m_impl->hidden.clear();
        m_impl->gesture.active = false;
        m_impl->cropSet = false;  // the crop box starts again from the new splats' bounds
        m_impl->cropDrag = -1;
        if (!m_impl->selection.empty()) {
            m_impl->selection.clear();
            emit selectionChanged(0);
        }
    }
    m_impl->selectionDirty = true;
    m_impl->floaterMask = m_impl->splatModel ? std::move(floaterMask) : std::vector<std::uint8_t>();
    m_impl->splatDirty = true;
    if (!m_impl->mesh) resetView();  // the mesh frames the shared model space when there is one
    sceneChanged();
    if (m_impl->cropVisible && !m_impl->cropSet) setCropBoxVisible(true);
    emit splatModelChanged();
}

std::shared_ptr<const formats::Spl2Model> Viewport::splatModel() const { return m_impl->splatModel; }

void Viewport::setFloaterMask(std::vector<std::uint8_t> floaterMask) {
    m_impl->floaterMask = std::move(floaterMask);
    m_impl->splatDirty = true;
    sceneChanged();
}

void Viewport::setSplatOverlay(render::SplatOverlay overlay) {
    m_impl->look.overlay = overlay;
    sceneChanged();
}

render::SplatOverlay Viewport::splatOverlay() const { return m_impl->look.overlay; }

void Viewport::setLodCoreCount(int k) {
    m_impl->look.coreCount = k < 0 ? -1 : k;
    sceneChanged();
}

int Viewport::lodCoreCount() const { return m_impl->look.coreCount; }

void Viewport::setDrawCore(bool on) {
    m_impl->look.drawCore = on;
    sceneChanged();
}

void Viewport::setDrawShell(bool on) {
    m_impl->look.drawShell = on;
    sceneChanged();
}

void Viewport::setRoundSplats(bool on) {
    m_impl->look.roundSplats = on;
    sceneChanged();
}

bool Viewport::roundSplats() const { return m_impl->look.roundSplats; }

void Viewport::setEffects(const render::EffectParams& effects) {
    m_impl->look.effects = effects;
    sceneChanged();
}

const render::EffectParams& Viewport::effects() const { return m_impl->look.effects; }

render::SplatRenderSettings Viewport::splatLook() const {
    render::SplatRenderSettings s = m_impl->look;
    s.width = s.height = 0;
    return s;
}

const render::SplatDrawStats& Viewport::lastSplatStats() const { return m_impl->splatStats; }

int Viewport::pickSplat(QPointF position, Eigen::Vector3f* modelPoint) {
    const auto [origin, direction] = rayThrough(position);
    int best = -1;
    float bestDepth = std::numeric_limits<float>::max();
    Eigen::Vector3f bestPoint = Eigen::Vector3f::Zero();
    if (m_impl->splatModel && width() > 0 && height() > 0) {
        const render::Camera& c = m_impl->camera;
        const Eigen::Matrix4f view = c.view();
        const Eigen::Matrix4f viewProj = c.projection(float(width()) / float(height())) * view;
        const formats::Spl2Model& model = *m_impl->splatModel;
        const int nCore = static_cast<int>(model.core.size());
        const int n = nCore + static_cast<int>(model.shell.size());
        for (int i = 0; i < n; ++i) {
            const Eigen::Vector3f& p = i < nCore ? model.core.pos[std::size_t(i)] : model.shell.pos[std::size_t(i - nCore)];
            const Eigen::Vector4f clip = viewProj * p.homogeneous();
            if (clip.w() <= 0.f) continue;  // behind the camera
            const float sx = (clip.x() / clip.w() * 0.5f + 0.5f) * float(width());
            const float sy = (0.5f - clip.y() / clip.w() * 0.5f) * float(height());
            if (std::hypot(sx - float(position.x()), sy - float(position.y())) > kSplatPickPx) continue;
            const float depth = -(view * p.homogeneous()).z();  // distance along the view axis
            if (depth < bestDepth) bestDepth = depth, best = i, bestPoint = p;
        }
    }
    if (best < 0) {
        // The ground plane z = 0 (the model is centred at the origin); else the closest ray point.
        const float t = std::abs(direction.z()) > 1e-6f ? -origin.z() / direction.z() : -1.f;
        bestPoint = t > 0.f ? Eigen::Vector3f(origin + t * direction)
                            : Eigen::Vector3f(origin + std::max(0.f, -origin.dot(direction)) * direction);
    }
    if (modelPoint) *modelPoint = bestPoint;
    return best;
}

QImage Viewport::renderGameScale(const render::GameScaleSettings& settings, std::vector<render::GameScaleTile>* tiles) {
    if (foliageAtGameScale()) {
        makeCurrent();
        QImage result = renderFoliageGameScale(settings, tiles);
        doneCurrent();
        return result;
    }
    if (!m_impl->splatModel) {
        emit renderError(tr("There is no splat model to show at game scale."));
        return {};
    }
    makeCurrent();
    QImage result;
    const bool haveMesh = ensureRenderer() && m_impl->mesh;  // uploads a changed mesh
    if (ensureSplats()) {
        auto sheet = render::renderGameScaleSheet(*m_impl->splats, haveMesh ? m_impl->renderer.get() : nullptr, settings);
        if (sheet) {
            result = toQImage(sheet->image);
            if (tiles) *tiles = std::move(sheet->tiles);
        } else {
            emit renderError(QString::fromStdString(sheet.error().toString()));
        }
    } else {
        emit renderError(tr("OpenGL is not available for the game-scale view."));
    }
    doneCurrent();
    return result;
}

QImage Viewport::renderGameScaleOf(std::shared_ptr<const formats::Spl2Model> model,
                                   const render::GameScaleSettings& settings, std::vector<render::GameScaleTile>* tiles) {
    if (!model) return {};
    if (model == m_impl->splatModel) return renderGameScale(settings, tiles);
    makeCurrent();
    QImage result;
    QOpenGLContext* ctx = context();
    const bool haveMesh = ensureRenderer() && m_impl->mesh;  // uploads a changed mesh
    auto splats = ctx ? render::SplatRenderer::create(
                            [ctx](const char* name) { return reinterpret_cast<void*>(ctx->getProcAddress(name)); })
                      : Result<std::unique_ptr<render::SplatRenderer>>(makeError(ErrorCode::Gpu, "no GL context"));
    if (!splats) {
        emit renderError(QString::fromStdString(splats.error().toString()));
    } else {
        Status uploaded = (*splats)->setModel(*model);
        auto sheet = uploaded ? render::renderGameScaleSheet(**splats, haveMesh ? m_impl->renderer.get() : nullptr, settings)
                              : Result<render::GameScaleSheet>(uploaded.error());
        if (sheet) {
            result = toQImage(sheet->image);
            if (tiles) *tiles = std::move(sheet->tiles);
        } else {
            emit renderError(QString::fromStdString(sheet.error().toString()));
        }
        (*splats)->release();
    }
    doneCurrent();
    return result;
}

}  // namespace sw::widgets
