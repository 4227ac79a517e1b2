// BakeController's cloud edits (issue 16 item 6 and build item 2): deletes, crops, keeps and
// hides as undo commands that store only what changed. A delete keeps the indices and the
// removed rows of the cloud and of every per-splat array riding along (floater signs,
// distances, keep list, stable IDs, hidden flags); its undo puts them back where they were, so
// the cloud is bit-identical. Also the inspector's highlight and framing in the viewport.
#include <QDir>
#include <QFileInfo>
#include <QUndoStack>
#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

#include "app/editor/bake_controller.h"
#include "app/editor/cloud_edits.h"
#include "app/editor/editor_document.h"
#include "app/editor/job_runner.h"
#include "core/formats/spl2.h"
#include "core/foundation/log.h"
#include "core/render/cloud_preview.h"
#include "core/splat/cloud_edit.h"
#include "core/splat/selection.h"
#include "widgets/floater_panel.h"
#include "widgets/viewport.h"

namespace sw::editor {

// Removes (redo) or restores (undo) rows of the cloud and its per-splat arrays.
class BakeController::RowsCommand : public QUndoCommand {
public:
    RowsCommand(BakeController* owner, const QString& text, std::vector<std::uint32_t> indices)
        : QUndoCommand(text), m_owner(owner), m_indices(std::move(indices)) {}
    void redo() override { edit(true); }
    void undo() override { edit(false); }

private:
    template <class T>
    void step(std::vector<T>& values, std::vector<T>& store, bool remove, std::size_t stride = 1) {
        if (remove) store = splat::removeEntries(values, m_indices, stride);
        else splat::restoreEntries(values, m_indices, store, stride), store.clear();
    }
    void edit(bool remove);

    BakeController* m_owner;
    std::vector<std::uint32_t> m_indices;  // ascending, in the cloud before the removal
    splat::CloudRows m_rows;               // the removed splats (while removed)
    std::vector<std::uint8_t> m_far, m_detached, m_silhouette, m_dataset, m_removed, m_keep, m_hidden;
    std::vector<float> m_distance;
    std::vector<std::uint32_t> m_ids;
};

void BakeController::RowsCommand::edit(bool remove) {
    CloudState next = m_owner->m_state;
    auto cloud = std::make_shared<splat::SplatCloud>(*next.cloud);  // transient: the command keeps only rows
    if (remove) m_rows = splat::removeRows(*cloud, m_indices);
    else splat::restoreRows(*cloud, m_rows), m_rows = {};
    next.cloud = cloud;
    if (next.scan) {
        auto scan = std::make_shared<bake::FloaterScan>(*next.scan);
        bake::FloaterResult& f = scan->floaters;
        step(f.far, m_far, remove);
        step(f.detached, m_detached, remove);
        step(f.silhouette, m_silhouette, remove);
        step(f.dataset, m_dataset, remove);
        step(f.removed, m_removed, remove);
        step(scan->distance, m_distance, remove);
        const auto ones = [](const std::vector<std::uint8_t>& v) { return int(std::count(v.begin(), v.end(), 1)); };
        f.report.far = ones(f.far), f.report.detached = ones(f.detached), f.report.silhouette = ones(f.silhouette);
        f.report.dataset = ones(f.dataset), f.report.removed = ones(f.removed);
        next.scan = scan;
    }
    step(next.keep, m_keep, remove);
    step(next.ids, m_ids, remove);
    step(next.hidden, m_hidden, remove);
    m_owner->applyState(next, true);
    emit m_owner->hiddenChanged();
}

// Sets the keep or hidden flag of `indices` to a value (redo) and back (undo).
class BakeController::FlagCommand : public QUndoCommand {
public:
    FlagCommand(BakeController* owner, const QString& text, bool keep, std::vector<std::uint32_t> indices, std::uint8_t value)
        : QUndoCommand(text), m_owner(owner), m_keep(keep), m_indices(std::move(indices)), m_value(value) {}
    void redo() override { m_owner->setFlags(m_keep, m_indices, m_value); }
    void undo() override { m_owner->setFlags(m_keep, m_indices, std::uint8_t(1 - m_value)); }

private:
    BakeController* m_owner;
    bool m_keep;                           // the keep list, else the hidden flags
    std::vector<std::uint32_t> m_indices;  // the splats whose flag this command flips
    std::uint8_t m_value;
};

namespace {

std::vector<std::uint32_t> validIndices(const std::vector<int>& splats, std::size_t n) {
    std::vector<std::uint32_t> out;
    for (int i : splats)
        if (i >= 0) out.push_back(std::uint32_t(i));
    return splat::normaliseIndices(out, n);
}

std::uint8_t flagOf(const std::vector<std::uint8_t>& flags, std::uint32_t i) { return i < flags.size() ? flags[i] : 0; }

}  // namespace

bool BakeController::saveCloudEdits() { return saveCloudEditsTo({}); }

bool BakeController::saveCloudEditsTo(const QString& file) {
    // A restored autosave's edits are not applied yet: the cloud shown is not the state to keep,
    // and the recovery's own companion must not be written over before they are.
    if (!m_editsOverride.isEmpty()) {
        if (!file.isEmpty()) SW_LOG_INFO("Autosave: the restored cloud edits are not applied yet; kept as they were");
        return false;
    }
    const QString source = QFileInfo(m_document->cloudSource()).absoluteFilePath();
    const QString cache = m_document->cacheFolder();
    if (!m_state.cloud || m_document->cloudSource().isEmpty() || cache.isEmpty() ||
        !source.startsWith(QDir(cache).absolutePath() + QLatin1Char('/')) || !QFileInfo::exists(source))
        return file.isEmpty();  // not a cloud of this project's cache: nothing to keep beside it
    CloudEdits edits;
    std::vector<std::uint8_t> present(m_openedSize, 0);
    for (std::uint32_t id : m_state.ids)
        if (id < present.size()) present[id] = 1;
    for (std::size_t id = 0; id < present.size(); ++id)
        if (!present[id]) edits.deleted.push_back(std::uint32_t(id));
    for (std::size_t i = 0; i < m_state.ids.size(); ++i) {
        if (flagOf(m_state.keep, std::uint32_t(i))) edits.kept.push_back(m_state.ids[i]);
        if (flagOf(m_state.hidden, std::uint32_t(i))) edits.hidden.push_back(m_state.ids[i]);
    }
    std::sort(edits.kept.begin(), edits.kept.end());
    std::sort(edits.hidden.begin(), edits.hidden.end());
    edits.baked = m_baked != nullptr;
    Status saved;
    if (auto identity = cloudIdentity(source)) {
        edits.cloudBytes = identity->first;
        edits.cloudHash = identity->second;
        // An autosave's companion is written even when there are no edits: restoring it must
        // then apply none, not the project's saved edits beside the cloud.
        saved = editor::saveCloudEdits(file.isEmpty() ? cloudEditsPath(source) : file, edits, !file.isEmpty());
    } else {
        saved = identity.error();
    }
    if (!saved) {
        SW_LOG_ERROR("Cloud edits not saved: " << saved.error().toString());
        return false;
    }
    if (!edits.empty() && file.isEmpty())
        SW_LOG_INFO("Cloud edits saved beside " << source.toStdString() << ": " << edits.deleted.size() << " deleted, "
                                                << edits.kept.size() << " kept, " << edits.hidden.size() << " hidden");
    return true;
}

void BakeController::restoreCloudEdits(const QString& cloudPath) {
    QString file = cloudEditsPath(cloudPath);
    if (!m_editsOverride.isEmpty() && QFileInfo::exists(m_editsOverride)) file = m_editsOverride;
    m_editsOverride.clear();
    auto edits = loadCloudEdits(file, cloudPath);
    if (!edits) {
        SW_LOG_WARN("Cloud edits: " << edits.error().toString());
        return;
    }
    if (edits->empty() || !m_state.cloud) return;
    // Stable IDs are the rows of the file as opened: the edits apply as the opened state, not
    // as undo steps.
    CloudState next = m_state;
    const std::size_t n = next.cloud->size();
    const auto flags = [n](const std::vector<std::uint32_t>& ids) {
        std::vector<std::uint8_t> out;
        for (std::uint32_t id : ids)
            if (id < n) {
                if (out.empty()) out.assign(n, 0);
                out[id] = 1;
            }
        return out;
    };
    next.keep = flags(edits->kept);
    next.hidden = flags(edits->hidden);
    std::vector<std::uint32_t> drop;
    for (std::uint32_t id : edits->deleted)
        if (id < n && !flagOf(next.keep, id)) drop.push_back(id);
    auto cloud = std::make_shared<splat::SplatCloud>(*next.cloud);
    (void)splat::removeRows(*cloud, drop);
    next.cloud = cloud;
    (void)splat::removeEntries(next.ids, drop);
    if (!next.keep.empty()) (void)splat::removeEntries(next.keep, drop);
    if (!next.hidden.empty()) (void)splat::removeEntries(next.hidden, drop);
    applyState(next, true);
    emit hiddenChanged();
    m_bakeWhenIdle = edits->baked;
    SW_LOG_INFO("Cloud edits restored: " << drop.size() << " deleted, " << edits->kept.size() << " kept, "
                                         << edits->hidden.size() << " hidden" << (edits->baked ? "; baking again" : ""));
}

void BakeController::obsoleteCloudEdits() {
    for (int i = 0; i < undoStack()->count(); ++i) {
        auto* edit = const_cast<QUndoCommand*>(undoStack()->command(i));
        if (dynamic_cast<RowsCommand*>(edit) || dynamic_cast<FlagCommand*>(edit)) edit->setObsolete(true);
    }
}

void BakeController::pushRows(const QString& text, std::vector<std::uint32_t> indices) {
    undoStack()->push(new RowsCommand(this, text, std::move(indices)));
}

void BakeController::deleteSplats(const std::vector<int>& splats) {
    if (!m_state.cloud || splats.empty() || m_runner->busy()) return;
    std::vector<std::uint32_t> drop = validIndices(splats, m_state.cloud->size());
    const std::size_t asked = drop.size();
    // Kept splats are never deleted (the inspector's Keep is the artist's word).
    std::erase_if(drop, [this](std::uint32_t i) { return flagOf(m_state.keep, i) != 0; });
    if (drop.size() < asked) SW_LOG_INFO("Delete: " << asked - drop.size() << " kept splats were left in the cloud");
    if (drop.empty()) return;
    if (drop.size() >= m_state.cloud->size()) {
        SW_LOG_WARN("Delete: refusing to delete every splat");
        return;
    }
    SW_LOG_INFO("Deleted " << drop.size() << " splats");
    const QString text = tr("Delete %n splat(s)", nullptr, int(drop.size()));  // before drop is moved from
    pushRows(text, std::move(drop));
}

void BakeController::cropSplats(const Eigen::Vector3f& min, const Eigen::Vector3f& max) {
    if (!m_state.cloud || m_runner->busy()) return;
    const splat::Mask inside = splat::insideAabb(m_state.cloud->positions, min, max);
    std::vector<std::uint32_t> drop;
    for (std::size_t i = 0; i < inside.size(); ++i)
        if (!inside[i] && !flagOf(m_state.keep, std::uint32_t(i))) drop.push_back(std::uint32_t(i));
    if (drop.empty()) return;
    if (drop.size() >= m_state.cloud->size()) {
        SW_LOG_WARN("Crop: the box holds no splat; nothing cropped");
        return;
    }
    SW_LOG_INFO("Crop: removed " << drop.size() << " splats outside the box");
    const QString text = tr("Crop to box (%n splat(s) removed)", nullptr, int(drop.size()));
    pushRows(text, std::move(drop));
}

void BakeController::keepSplats(const std::vector<int>& splats) {
    if (!m_state.cloud || splats.empty() || m_runner->busy()) return;
    std::vector<std::uint32_t> flip = validIndices(splats, m_state.cloud->size());
    std::erase_if(flip, [this](std::uint32_t i) { return flagOf(m_state.keep, i) != 0; });
    if (flip.empty()) return;
    SW_LOG_INFO("Floaters: keeping " << flip.size() << " splats in the bake");
    const int n = int(flip.size());
    undoStack()->push(new FlagCommand(this, tr("Keep %n splat(s)", nullptr, n), true, std::move(flip), 1));
}

void BakeController::hideSplats(const std::vector<int>& splats, bool hide) {
    if (!m_state.cloud || splats.empty()) return;
    std::vector<std::uint32_t> flip = validIndices(splats, m_state.cloud->size());
    std::erase_if(flip, [this, hide](std::uint32_t i) { return (flagOf(m_state.hidden, i) != 0) == hide; });
    if (flip.empty()) return;
    const int n = int(flip.size());
    undoStack()->push(new FlagCommand(this, hide ? tr("Hide %n splat(s)", nullptr, n) : tr("Show %n splat(s)", nullptr, n),
                                      false, std::move(flip), hide ? 1 : 0));
}

void BakeController::setFlags(bool keep, const std::vector<std::uint32_t>& indices, std::uint8_t value) {
    if (!m_state.cloud) return;
    std::vector<std::uint8_t>& flags = keep ? m_state.keep : m_state.hidden;
    if (flags.empty()) flags.assign(m_state.cloud->size(), 0);
    for (std::uint32_t i : indices)
        if (i < flags.size()) flags[i] = value;
    if (keep) {
        // Baked with another keep list: a baked model on show stays there and is baked again (as
        // after a delete or a crop), anything else is dropped.
        if (m_baked && m_panels.viewport->splatModel().get() == &m_baked->spl2) {
            m_bakeStale = true;
            rebakeSoon();
        } else {
            m_baked.reset();
            m_bakeStale = false;
        }
        refreshFloaterPanel();
    } else {
        emit hiddenChanged();
    }
}

std::vector<int> BakeController::viewIndexOfCloud() const {
    const auto shown = m_panels.viewport->splatModel();
    if (!shown || !m_state.cloud) return {};
    const std::size_t n = m_state.cloud->size();
    if (m_baked && shown.get() == &m_baked->spl2) {
        // Through the stable IDs: still right after a delete, before the re-bake.
        std::unordered_map<std::uint32_t, int> viewOfId;
        for (std::size_t k = 0; k < m_bakedIds.size(); ++k) viewOfId.emplace(m_bakedIds[k], int(k));
        std::vector<int> out(n, -1);
        for (std::size_t i = 0; i < n && i < m_state.ids.size(); ++i)
            if (auto it = viewOfId.find(m_state.ids[i]); it != viewOfId.end()) out[i] = it->second;
        return out;
    }
    if (shown != m_document->spl2() && shown->core.size() + shown->shell.size() == n)
        return m_preview && m_previewIndex.size() == n ? m_previewIndex : render::previewIndexFromCloud(*m_state.cloud);
    return {};
}

std::vector<std::uint8_t> BakeController::bakedSplatsGone() const {
    if (!m_bakeStale || !m_baked || m_panels.viewport->splatModel().get() != &m_baked->spl2) return {};
    std::vector<std::uint8_t> gone(m_bakedIds.size(), 1);
    for (int k : viewIndexOfCloud())
        if (k >= 0 && std::size_t(k) < gone.size()) gone[std::size_t(k)] = 0;
    return gone;
}

void BakeController::selectInView(const std::vector<int>& splats) {
    widgets::Viewport* view = m_panels.viewport;
    const std::vector<int> index = viewIndexOfCloud();
    const auto shown = view->splatModel();
    if (index.empty() || !shown) return;
    std::vector<std::uint8_t> mask(shown->core.size() + shown->shell.size(), 0);
    bool any = false;
    for (int i : splats)
        if (i >= 0 && std::size_t(i) < index.size() && index[std::size_t(i)] >= 0)
            mask[std::size_t(index[std::size_t(i)])] = 1, any = true;
    view->setSelection(any ? std::move(mask) : std::vector<std::uint8_t>());
}

void BakeController::frameSplats(const std::vector<int>& splats) {
    selectInView(splats);
    if (m_panels.viewport->frameSelection()) return;
    // Splats the view does not draw (the bake removed them): the camera goes to where they were.
    std::vector<Eigen::Vector3f> where;
    if (m_state.cloud)
        for (int i : splats)
            if (i >= 0 && std::size_t(i) < m_state.cloud->size()) where.push_back(m_state.cloud->positions[std::size_t(i)]);
    if (m_panels.viewport->framePoints(where))
        emit statusMessage(tr("The bake removed the selected splats: the view shows where they were"), 5000);
    else
        emit statusMessage(tr("The selected splats are not in the view"), 5000);
}

void BakeController::highlight(const std::vector<int>& splats) {
    if (!m_state.cloud) return;
    widgets::Viewport* view = m_panels.viewport;
    const bool bakedShown = m_baked && view->splatModel().get() == &m_baked->spl2;
    if (!bakedShown) {
        // The cloud preview with the listed floaters red in the Floater overlay.
        if (!m_preview) {
            m_preview = std::make_shared<const formats::Spl2Model>(
                render::previewModelFromCloud(*m_state.cloud, 0.9f, 40.f, &m_previewIndex));
        }
        m_mask.assign(m_preview->core.size() + m_preview->shell.size(), 0);
        for (int i : splats)
            if (i >= 0 && std::size_t(i) < m_previewIndex.size()) m_mask[std::size_t(m_previewIndex[std::size_t(i)])] = 1;
        m_highlighting = true;
        if (showsCloudPreview()) view->setFloaterMask(m_mask);
        else view->setSplatModel(m_preview, m_mask);
        m_highlighted = view->splatModel().get();
        view->setContent(widgets::Viewport::Content::Splats);
        setOverlay(render::SplatOverlay::Floater);
        m_actions.grey->trigger();
    }
    // The rows the artist picked: the selection highlight (magenta), in whichever model shows.
    selectInView(m_panels.floaters->selectedSplats());
}

void BakeController::showBakeRemovals() {
    const std::size_t n = m_state.cloud ? m_state.cloud->size() : 0;
    if (!m_baked || n == 0) return;
    auto scan = std::make_shared<bake::FloaterScan>();
    bake::FloaterResult& f = scan->floaters;
    for (auto* flags : {&f.far, &f.detached, &f.silhouette, &f.dataset, &f.removed}) flags->assign(n, 0);
    scan->distance.assign(n, std::numeric_limits<float>::quiet_NaN());
    using S = bake::DroppedSplat;
    for (const bake::DroppedSplat& d : m_baked->dropped) {
        const auto i = std::size_t(d.source);
        if (i >= n || !(d.signs & (S::Far | S::Detached | S::Silhouette | S::Dataset))) continue;  // belly, dead
        f.far[i] = std::uint8_t((d.signs & S::Far) != 0);
        f.detached[i] = std::uint8_t((d.signs & S::Detached) != 0);
        f.silhouette[i] = std::uint8_t((d.signs & S::Silhouette) != 0);
        f.dataset[i] = std::uint8_t((d.signs & S::Dataset) != 0);
        f.removed[i] = 1;
        scan->distance[i] = d.distance;
    }
    f.report = m_baked->report.floaters;
    m_state.scan = scan;
    m_state.scanFromBake = true;
    refreshFloaterPanel();
}

}  // namespace sw::editor
