#include "widgets/floater_panel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStringList>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace sw::widgets {

namespace {

enum Column { kIndex, kSigns, kDistance, kKept, kColumns };

QString signNames(const bake::FloaterResult& f, std::size_t i) {
    QStringList names;
    if (f.far[i]) names << FloaterPanel::tr("far");
    if (f.detached[i]) names << FloaterPanel::tr("detached");
    if (f.silhouette[i]) names << FloaterPanel::tr("silhouette");
    if (f.dataset[i]) names << FloaterPanel::tr("dataset");
    return names.join(QStringLiteral(", "));
}

QTableWidgetItem* cell(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    return item;
}

}  // namespace

FloaterPanel::FloaterPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    m_counts = new QLabel(tr("No scan yet: open a splat cloud and its model."));
    m_counts->setObjectName("floaterCounts");
    m_counts->setWordWrap(true);
    layout->addWidget(m_counts);
    m_table = new QTableWidget(0, kColumns);
    m_table->setObjectName("floaterTable");
    m_table->setHorizontalHeaderLabels({tr("Splat ID"), tr("Signs"), tr("Distance"), tr("Kept")});
    m_table->installEventFilter(this);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(kSigns, QHeaderView::Stretch);
    layout->addWidget(m_table, 1);
    auto* buttons = new QHBoxLayout;
    m_rerun = new QPushButton(tr("Re-run"));
    m_rerun->setObjectName("floaterRerun");
    m_rerun->setToolTip(tr("Scan the current cloud again with the Bake panel's floater settings"));
    m_delete = new QPushButton(tr("Delete"));
    m_delete->setObjectName("floaterDelete");
    m_delete->setToolTip(tr("Remove the selected splats (or all listed ones) from the cloud, never the kept ones; undoable (Delete)"));
    m_keep = new QPushButton(tr("Keep"));
    m_keep->setObjectName("floaterKeep");
    m_keep->setToolTip(tr("Unflag the selected splats (or all listed ones) so the bake keeps them; undoable"));
    m_frame = new QPushButton(tr("Frame"));
    m_frame->setObjectName("floaterFrame");
    m_frame->setToolTip(tr("Move the camera to the selected splats (F)"));
    for (QPushButton* b : {m_rerun, m_delete, m_keep, m_frame}) buttons->addWidget(b);
    layout->addLayout(buttons);
    connect(m_rerun, &QPushButton::clicked, this, &FloaterPanel::rerunRequested);
    connect(m_delete, &QPushButton::clicked, this, [this] {
        if (const std::vector<int> splats = deleteTargets(); !splats.empty()) emit deleteRequested(splats);
    });
    connect(m_frame, &QPushButton::clicked, this, [this] {
        if (const std::vector<int> splats = selectedSplats(); !splats.empty()) emit frameRequested(splats);
    });
    connect(m_keep, &QPushButton::clicked, this, [this] { emit keepRequested(targetSplats()); });
    connect(m_table, &QTableWidget::itemSelectionChanged, this, [this] {
        updateButtons();
        emit highlightChanged(targetSplats());
    });
    updateButtons();
}

QString FloaterPanel::floaterReasons(const bake::FloaterReport& r) {
    QStringList why;
    if (r.far > 0) why << tr("%n far from the surface", nullptr, r.far);
    if (r.detached > 0) why << tr("%n detached from the body", nullptr, r.detached);
    if (r.silhouette > 0) why << tr("%n outside the model's silhouette", nullptr, r.silhouette);
    if (r.datasetSkipped) why << tr("none checked against the dataset's views (no dataset)");
    else if (r.dataset > 0) why << tr("%n over background in the dataset's views", nullptr, r.dataset);
    return why.isEmpty() ? QString() : QStringLiteral(" (") + why.join(QStringLiteral(", ")) + QLatin1Char(')');
}

FloaterPanel::Counts FloaterPanel::countRows(const bake::FloaterResult& f, std::span<const std::uint8_t> keep) {
    Counts c;
    c.report.datasetSkipped = f.report.datasetSkipped;
    for (std::size_t i = 0; i < f.far.size(); ++i) {
        const bool flagged = f.far[i] || f.detached[i] || f.silhouette[i] || f.dataset[i];
        if (!flagged) continue;
        ++c.listed;
        if (i < keep.size() && keep[i]) {
            ++c.kept;
            continue;
        }
        ++c.flagged;
        // Once each, under its first sign: the parts add up to the whole.
        int& sign = f.far[i] ? c.report.far : f.detached[i] ? c.report.detached : f.silhouette[i] ? c.report.silhouette : c.report.dataset;
        ++sign;
    }
    c.report.removed = c.flagged;
    c.report.kept = c.kept;
    return c;
}

void FloaterPanel::setScan(const bake::FloaterResult& f, std::span<const float> distance,
                           std::span<const std::uint8_t> keep, std::span<const std::uint32_t> ids, Source source) {
    // Every count is of the listed rows, so they add up: flagged + kept = rows, the signs' parts
    // = flagged (a splat with several signs counts under the first; the Signs column lists all).
    if (&f != &m_shown.floaters) {
        m_shown = {f, {distance.begin(), distance.end()}, {keep.begin(), keep.end()}, {ids.begin(), ids.end()}, source, true};
    }
    const Counts c = countRows(f, keep);
    const QString reasons = floaterReasons(c.report);
    const QString keptText = c.kept > 0 ? QStringLiteral("; ") + tr("%n kept (marked Keep)", nullptr, c.kept) : QString();
    if (source == Source::Bake)
        m_counts->setText(tr("The last bake removed %n floater(s)", nullptr, c.flagged) + reasons + keptText + QStringLiteral(". ") +
                          tr("Re-run scans the cloud again."));
    else
        m_counts->setText(tr("%n splat(s) flagged as floaters", nullptr, c.flagged) + reasons + keptText + QLatin1Char('.'));
    m_counts->setToolTip(tr("Each splat is counted once, under the first of its signs (far, detached, outside the "
                            "silhouette, over background); the Signs column lists all of them."));
    m_splats.clear();
    m_kept.clear();
    for (std::size_t i = 0; i < f.far.size(); ++i) {
        if (!(f.far[i] || f.detached[i] || f.silhouette[i] || f.dataset[i])) continue;
        m_splats.push_back(int(i));
        m_kept.push_back(i < keep.size() ? keep[i] : 0);
    }
    const QSignalBlocker block(m_table);
    m_table->clearContents();
    m_table->setRowCount(int(m_splats.size()));
    for (int row = 0; row < int(m_splats.size()); ++row) {
        const auto i = std::size_t(m_splats[std::size_t(row)]);
        m_table->setItem(row, kIndex, cell(QString::number(i < ids.size() ? ids[i] : i)));
        m_table->setItem(row, kSigns, cell(signNames(f, i)));
        const bool known = i < distance.size() && std::isfinite(distance[i]);
        m_table->setItem(row, kDistance, cell(known ? locale().toString(double(distance[i]), 'f', 4) : QStringLiteral("—")));
        m_table->setItem(row, kKept, cell(m_kept[std::size_t(row)] ? tr("kept") : QString()));
    }
    updateButtons();
    emit highlightChanged(targetSplats());
}

void FloaterPanel::clearScan(const QString& message) {
    m_shown = {};
    m_counts->setText(message);
    m_splats.clear();
    m_kept.clear();
    const QSignalBlocker block(m_table);
    m_table->setRowCount(0);
    updateButtons();
}

void FloaterPanel::setBusy(bool busy) {
    m_busy = busy;
    updateButtons();
}

int FloaterPanel::rowCount() const { return int(m_splats.size()); }

int FloaterPanel::rowSplat(int row) const { return m_splats.at(std::size_t(row)); }

QString FloaterPanel::rowId(int row) const { return m_table->item(row, kIndex)->text(); }

void FloaterPanel::selectSplats(const std::vector<int>& splats) {
    m_table->clearSelection();
    for (int row = 0; row < rowCount(); ++row)
        if (std::find(splats.begin(), splats.end(), m_splats[std::size_t(row)]) != splats.end())
            m_table->selectionModel()->select(m_table->model()->index(row, 0),
                                              QItemSelectionModel::Select | QItemSelectionModel::Rows);
}

std::vector<int> FloaterPanel::selectedSplats() const {
    std::vector<int> out;
    for (const QModelIndex& index : m_table->selectionModel()->selectedRows()) out.push_back(m_splats[std::size_t(index.row())]);
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<int> FloaterPanel::targetSplats() const {
    std::vector<int> out = selectedSplats();
    if (!out.empty()) return out;
    for (std::size_t row = 0; row < m_splats.size(); ++row)
        if (!m_kept[row]) out.push_back(m_splats[row]);
    return out;
}

std::vector<int> FloaterPanel::deleteTargets() const {
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty()) return targetSplats();  // already without the kept ones
    std::vector<int> out;
    for (const QModelIndex& index : rows)
        if (!m_kept[std::size_t(index.row())]) out.push_back(m_splats[std::size_t(index.row())]);
    std::sort(out.begin(), out.end());
    return out;
}

bool FloaterPanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_table && event->type() == QEvent::KeyPress && !m_busy) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if ((key == Qt::Key_Delete || key == Qt::Key_Backspace) && !selectedSplats().empty()) {
            if (const std::vector<int> splats = deleteTargets(); !splats.empty()) emit deleteRequested(splats);
            return true;  // a selection of kept splats only: nothing to delete
        }
        if (key == Qt::Key_F && !selectedSplats().empty()) {
            emit frameRequested(selectedSplats());
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void FloaterPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange && m_shown.any) {
        const std::vector<int> selected = selectedSplats();
        const QSignalBlocker quiet(this);  // the same rows: nothing for the view to redo
        setScan(m_shown.floaters, m_shown.distance, m_shown.keep, m_shown.ids, m_shown.source);
        selectSplats(selected);
    }
    QWidget::changeEvent(event);
}

QString FloaterPanel::countsText() const { return m_counts->text(); }

void FloaterPanel::updateButtons() {
    const bool any = !targetSplats().empty();
    m_rerun->setEnabled(!m_busy);
    m_delete->setEnabled(!m_busy && !deleteTargets().empty());
    m_keep->setEnabled(!m_busy && any);
    m_frame->setEnabled(!selectedSplats().empty());
}

}  // namespace sw::widgets
