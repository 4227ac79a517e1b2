// The Foliage dock's benders (issue 35 §4, §6): dragged capsules and scripted paths, added,
// loaded, removed and dragged as undoable steps on the settings' stack, and kept by the project
// (keptBenders / setBenders). An entry keeps a key that survives undo; its id in the BenderSet
// is new each time undo or redo brings it back.
#include <QComboBox>
#include <QFileInfo>
#include <QPushButton>
#include <QUndoCommand>
#include <QUndoStack>
#include <algorithm>

#include "widgets/foliage_panel.h"

namespace sw::widgets {

namespace {
constexpr int kTickMs = 33;                 // the panel's play tick
constexpr double kMinDragDt = 1.0 / 240.0;  // s: two drag events closer than this count as this far apart
constexpr double kMaxDragDt = 0.5;          // s: a drag resumed after a pause starts from rest
constexpr double kRestDt = 1000.0;          // s: the step that moves a bender without velocity

// One undo step made of two functions; the first redo (on push) is the caller's.
class BenderStep : public QUndoCommand {
public:
    BenderStep(const QString& text, std::function<void()> redo, std::function<void()> undo)
        : QUndoCommand(text), m_redo(std::move(redo)), m_undo(std::move(undo)) {}
    void redo() override { m_redo(); }
    void undo() override { m_undo(); }

private:
    std::function<void()> m_redo, m_undo;
};
}  // namespace

void FoliagePanel::pushBenderStep(const QString& text, std::function<void()> redo, std::function<void()> undo) {
    if (m_stack) m_stack->push(new BenderStep(text, std::move(redo), std::move(undo)));  // push runs redo
    else redo();
}

Eigen::Vector3f FoliagePanel::positionOf(int id) const {
    for (const foliage::Bender& b : m_benders.benders())
        if (b.id == id) return b.position;
    return Eigen::Vector3f::Zero();
}

FoliagePanel::Placed FoliagePanel::placedOf(std::size_t row) const {
    const Entry& e = m_entries[row];
    Placed p{e.key, e.number, int(row), e.kept};
    if (!e.kept.path) {
        const Eigen::Vector3f at = positionOf(e.id);
        p.kept.x = at.x(), p.kept.y = at.y(), p.kept.z = at.z();
    }
    return p;
}

void FoliagePanel::insertEntries(const std::vector<Placed>& placed) {
    const float touchRadius = settings().touch.radius;
    for (const Placed& p : placed) {
        Entry e;
        e.key = p.key;
        e.number = p.number;
        e.kept = p.kept;
        const float radius = p.kept.path ? p.kept.path->radius : p.kept.radius > 0.f ? p.kept.radius : touchRadius;
        e.id = m_benders.add(p.kept.path ? foliage::pathPosition(*p.kept.path, float(m_time)) : p.kept.position(), radius);
        m_benders.setHeight(e.id, p.kept.height);
        const auto at = m_entries.begin() + std::clamp<std::ptrdiff_t>(p.row, 0, std::ptrdiff_t(m_entries.size()));
        m_entries.insert(at, std::move(e));
    }
    refreshBenderBox();
    if (!placed.empty()) m_benderBox->setCurrentIndex(std::min(placed.back().row, m_benderBox->count() - 1));
    emitView();
}

void FoliagePanel::eraseEntries(const std::vector<Placed>& placed) {
    for (const Placed& p : placed) {
        const auto it = std::find_if(m_entries.begin(), m_entries.end(), [&p](const Entry& e) { return e.key == p.key; });
        if (it == m_entries.end()) continue;
        m_benders.remove(it->id);
        m_entries.erase(it);
    }
    refreshBenderBox();
    emitView();
}

void FoliagePanel::placeEntry(int key, const Eigen::Vector3f& position) {
    for (Entry& e : m_entries)
        if (e.key == key) {
            m_benders.move(e.id, position, float(kRestDt));  // at rest where it is put
            m_benders.move(e.id, position, float(kRestDt));
            e.dragging = false;
        }
    emitView();
}

void FoliagePanel::advanceBenders(double dt) {
    if (dt <= 0.0) return;
    const float step = float(std::clamp(dt, kMinDragDt, 1.0));
    for (const Entry& e : m_entries) {
        if (e.kept.path) {
            m_benders.move(e.id, foliage::pathPosition(*e.kept.path, float(m_time)), step);
            continue;
        }
        // A dragged bender the mouse no longer moves settles: its smoothed velocity decays.
        if (e.lastMove.isValid() && e.lastMove.elapsed() < 2 * kTickMs) continue;
        m_benders.move(e.id, positionOf(e.id), step);
    }
}

void FoliagePanel::rebuildBenders() {
    foliage::BenderSet fresh(settings().touch);
    const float touchRadius = settings().touch.radius;
    for (Entry& e : m_entries) {
        const float radius = e.kept.path ? e.kept.path->radius : e.kept.radius > 0.f ? e.kept.radius : touchRadius;
        const Eigen::Vector3f position = positionOf(e.id);
        e.id = fresh.add(position, radius);
        fresh.setHeight(e.id, e.kept.height);
    }
    m_benders = std::move(fresh);
}

int FoliagePanel::addBender() {
    Placed p{m_nextKey++, m_nextNumber++, int(m_entries.size()), {}};
    pushBenderStep(tr("Add bender"), [this, p] { insertEntries({p}); }, [this, p] { eraseEntries({p}); });
    return m_entries.empty() ? -1 : m_entries.back().id;
}

void FoliagePanel::moveBender(int id, const Eigen::Vector3f& position) {
    for (Entry& e : m_entries) {
        if (e.id != id || e.kept.path) continue;
        if (!e.dragging) {
            e.dragging = true;
            e.dragStart = positionOf(id);
        }
        const bool resumed = !e.lastMove.isValid() || e.lastMove.elapsed() >= qint64(kMaxDragDt * 1000.0);
        const double dt = resumed ? 0.0 : double(e.lastMove.restart()) / 1000.0;
        if (resumed) e.lastMove.start();
        // A drag resumed after a pause starts from rest: over a long step the raw velocity is ~0
        // and the smoothing takes it whole.
        m_benders.move(e.id, position, resumed ? float(kRestDt) : float(std::max(dt, kMinDragDt)));
        emitView();
        return;
    }
}

void FoliagePanel::finishBenderDrag(int id) {
    for (Entry& e : m_entries) {
        if (e.id != id || !e.dragging) continue;
        e.dragging = false;
        const Eigen::Vector3f from = e.dragStart, to = positionOf(id);
        if (from == to) return;
        const int key = e.key;
        // The bender is there already (with the drag's velocity): the first redo leaves it.
        auto first = std::make_shared<bool>(true);
        pushBenderStep(
            tr("Move bender"),
            [this, key, to, first] {
                if (!*first) placeEntry(key, to);
                *first = false;
            },
            [this, key, from] { placeEntry(key, from); });
        return;
    }
}

bool FoliagePanel::removeBender(int id) {
    const auto it = std::find_if(m_entries.begin(), m_entries.end(), [id](const Entry& e) { return e.id == id; });
    if (it == m_entries.end()) return false;
    const Placed p = placedOf(std::size_t(it - m_entries.begin()));
    pushBenderStep(tr("Remove bender"), [this, p] { eraseEntries({p}); }, [this, p] { insertEntries({p}); });
    return true;
}

Status FoliagePanel::loadBenderPaths(const QString& path) {
    auto paths = foliage::loadBenderPaths(path.toStdString());
    if (!paths) return paths.error();
    std::vector<Placed> placed;
    for (foliage::BenderPath& walk : *paths) {
        Placed p{m_nextKey++, m_nextPathNumber++, int(m_entries.size() + placed.size()), {}};
        p.kept.radius = walk.radius;
        p.kept.file = QFileInfo(path).fileName().toStdString();
        p.kept.path = std::move(walk);
        placed.push_back(std::move(p));
    }
    pushBenderStep(tr("Load bender path"), [this, placed] { insertEntries(placed); },
                   [this, placed] { eraseEntries(placed); });
    return {};
}

std::vector<foliage::KeptBender> FoliagePanel::keptBenders() const {
    std::vector<foliage::KeptBender> out;
    for (std::size_t row = 0; row < m_entries.size(); ++row) out.push_back(placedOf(row).kept);
    return out;
}

void FoliagePanel::setBenders(const std::vector<foliage::KeptBender>& benders) {
    for (const Entry& e : m_entries) m_benders.remove(e.id);
    m_entries.clear();
    m_nextNumber = m_nextPathNumber = 1;
    std::vector<Placed> placed;
    for (const foliage::KeptBender& b : benders)
        placed.push_back({m_nextKey++, b.path ? m_nextPathNumber++ : m_nextNumber++, int(placed.size()), b});
    insertEntries(placed);  // refreshes the list and emits the view
}

std::vector<int> FoliagePanel::benderIds() const {
    std::vector<int> ids;
    for (const Entry& e : m_entries) ids.push_back(e.id);
    return ids;
}

int FoliagePanel::currentBender() const {
    const int row = m_benderBox->currentIndex();
    return row >= 0 && row < int(m_entries.size()) ? m_entries[std::size_t(row)].id : -1;
}

void FoliagePanel::refreshBenderBox() {
    const int row = m_benderBox->currentIndex();
    const QSignalBlocker block(m_benderBox);
    m_benderBox->clear();
    for (const Entry& e : m_entries)
        m_benderBox->addItem(e.kept.path ? tr("Path %1 (%2)").arg(e.number).arg(QString::fromStdString(e.kept.file))
                                         : tr("Bender %1").arg(e.number));
    if (m_entries.empty()) m_benderBox->addItem(tr("No benders"));
    m_benderBox->setCurrentIndex(std::clamp(row, 0, std::max(0, m_benderBox->count() - 1)));
    m_benderBox->setEnabled(!m_entries.empty());
    m_remove->setEnabled(!m_entries.empty());
}

}  // namespace sw::widgets
