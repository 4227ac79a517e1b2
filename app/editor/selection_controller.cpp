#include "app/editor/selection_controller.h"

#include <QLabel>
#include <cmath>
#include <limits>

#include "app/editor/bake_controller.h"
#include "app/editor/editor_document.h"
#include "core/formats/spl2.h"
#include "core/geometry/ray_query.h"
#include "core/foundation/log.h"
#include "core/splat/selection.h"
#include "widgets/selection_panel.h"
#include "widgets/viewport.h"

namespace sw::editor {

using widgets::SelectionPanel;

SelectionController::SelectionController(EditorDocument* document, BakeController* bake, widgets::Viewport* viewport,
                                         SelectionPanel* panel, QLabel* statusLabel, QObject* parent)
    : QObject(parent), m_document(document), m_bake(bake), m_viewport(viewport), m_panel(panel), m_status(statusLabel) {
    connect(viewport, &widgets::Viewport::deleteRequested, this, &SelectionController::deleteSelection);
    connect(viewport, &widgets::Viewport::selectionChanged, this, &SelectionController::updateStatus);
    connect(viewport, &widgets::Viewport::splatModelChanged, this, [this] {
        syncHidden();
        updateStatus();
    });
    connect(bake, &BakeController::hiddenChanged, this, &SelectionController::syncHidden);
    connect(panel, &SelectionPanel::deleteRequested, this, &SelectionController::deleteSelection);
    connect(panel, &SelectionPanel::hideRequested, this, &SelectionController::hideSelection);
    connect(panel, &SelectionPanel::showAllRequested, this, &SelectionController::showAll);
    connect(panel, &SelectionPanel::cropRequested, this, &SelectionController::cropToSelection);
    connect(panel, &SelectionPanel::attributeRequested, this, &SelectionController::supplyAttribute);
    updateStatus();
}

std::vector<int> SelectionController::selectedCloudSplats() const {
    const std::vector<int> index = m_bake->viewIndexOfCloud();
    const std::vector<std::uint8_t>& selection = m_viewport->selection();
    std::vector<int> out;
    if (selection.empty()) return out;
    for (std::size_t i = 0; i < index.size(); ++i)
        if (index[i] >= 0 && std::size_t(index[i]) < selection.size() && selection[std::size_t(index[i])]) out.push_back(int(i));
    return out;
}

void SelectionController::deleteSelection() {
    const std::vector<int> splats = selectedCloudSplats();
    if (splats.empty()) {
        if (m_viewport->selectedCount() > 0) SW_LOG_WARN("Delete: the view shows no splat cloud of this model to delete from");
        return;
    }
    m_viewport->clearSelection();
    m_bake->deleteSplats(splats);  // on a baked model: its splats' rows of the cloud (the bake is void)
}

void SelectionController::hideSelection() {
    const std::vector<int> splats = selectedCloudSplats();
    m_viewport->clearSelection();
    m_bake->hideSplats(splats, true);
}

void SelectionController::showAll() {
    std::vector<int> hidden;
    const auto& mask = m_bake->hiddenMask();
    for (std::size_t i = 0; i < mask.size(); ++i)
        if (mask[i]) hidden.push_back(int(i));
    m_bake->hideSplats(hidden, false);
}

void SelectionController::cropToSelection() {
    if (m_viewport->cropBoxVisible()) {  // the box the artist dragged in the viewport
        const auto [lo, hi] = m_viewport->cropBox();
        m_viewport->clearSelection();
        m_bake->cropSplats(lo, hi);
        return;
    }
    if (m_viewport->selectedCount() == 0) return;
    Eigen::Vector3f lo, hi;
    splat::maskBounds(m_viewport->splatCentres(), m_viewport->selection(), lo, hi);
    m_viewport->clearSelection();
    m_bake->cropSplats(lo, hi);
}

void SelectionController::syncHidden() {
    const std::vector<int> index = m_bake->viewIndexOfCloud();
    const auto& hidden = m_bake->hiddenMask();
    std::vector<std::uint8_t> mask;
    if (!index.empty() && hidden.size() == index.size()) {
        mask.assign(m_viewport->splatCount(), 0);
        for (std::size_t i = 0; i < hidden.size(); ++i)
            if (hidden[i] && index[i] >= 0 && std::size_t(index[i]) < mask.size()) mask[std::size_t(index[i])] = 1;
    }
    // A baked model waiting for its re-bake: the splats deleted from the cloud are not shown.
    const std::vector<std::uint8_t> gone = m_bake->bakedSplatsGone();
    if (!gone.empty() && gone.size() == m_viewport->splatCount()) {
        if (mask.empty()) mask.assign(gone.size(), 0);
        for (std::size_t k = 0; k < gone.size(); ++k) mask[k] = std::uint8_t(mask[k] | gone[k]);
    }
    m_viewport->setHidden(std::move(mask));
}

void SelectionController::supplyAttribute() {
    const auto model = m_viewport->splatModel();
    if (!model) return m_panel->setAttributeValues({});
    const std::size_t nCore = model->core.size(), n = nCore + model->shell.size();
    const auto part = [&](std::size_t i) -> const formats::Spl2Part& { return i < nCore ? model->core : model->shell; };
    const auto local = [&](std::size_t i) { return i < nCore ? i : i - nCore; };
    std::vector<float> values(n, std::numeric_limits<float>::quiet_NaN());
    switch (m_panel->attribute()) {
        case SelectionPanel::Attribute::Opacity:
            for (std::size_t i = 0; i < n; ++i) values[i] = part(i).opacity[local(i)];
            break;
        case SelectionPanel::Attribute::Size:  // the disc's larger half-extent
            for (std::size_t i = 0; i < n; ++i) values[i] = std::max(part(i).ax0[local(i)].norm(), part(i).ax1[local(i)].norm());
            break;
        case SelectionPanel::Attribute::MeshDistance: {
            const ModelPtr mesh = m_document->model();
            if (!mesh) break;
            auto query = geometry::RayQuery::build(mesh->mesh);
            if (!query) {
                SW_LOG_WARN("Select by distance: " << query.error().toString());
                break;
            }
            for (std::size_t i = 0; i < n; ++i) values[i] = (*query)->closestPoint(part(i).pos[local(i)]).distance;
            break;
        }
        case SelectionPanel::Attribute::FloaterSigns: {
            const bake::FloaterScan* scan = m_bake->floaterScan();
            const std::vector<int> index = m_bake->viewIndexOfCloud();
            if (!scan || index.size() != scan->floaters.far.size()) break;
            const bake::FloaterResult& f = scan->floaters;
            for (std::size_t c = 0; c < index.size(); ++c)
                if (index[c] >= 0 && std::size_t(index[c]) < n)
                    values[std::size_t(index[c])] = float(f.far[c] + f.detached[c] + f.silhouette[c] + f.dataset[c]);
            break;
        }
    }
    m_panel->setAttributeValues(std::move(values));
}

void SelectionController::updateStatus() {
    if (!m_status) return;
    const std::size_t n = m_viewport->selectedCount();
    m_status->setText(n ? tr("Selected: %1 of %2 splats").arg(n).arg(m_viewport->splatCount()) : QString());
}

}  // namespace sw::editor
