#pragma once
// The Floater inspector (issue #5): counts per sign (far from the mesh, detached, outside the
// silhouette, background-only in the train views), the flagged splats as a list (index, signs,
// distance to the surface, kept), and Re-run, Delete and Keep buttons. The panel only shows
// and asks: the editor runs the scan (core/bake scanFloaters), deletes, keeps and highlights.
#include <QString>
#include <QWidget>
#include <cstdint>
#include <span>
#include <vector>

#include "core/bake/floaters.h"

class QLabel;
class QPushButton;
class QTableWidget;

namespace sw::widgets {

class FloaterPanel : public QWidget {
    Q_OBJECT
public:
    explicit FloaterPanel(QWidget* parent = nullptr);

    // floaters: the scan of the current cloud; distance: [N] centre to surface, model units;
    // keep: [N] 0/1 (1 = kept by the user) or empty. Lists every splat flagged by any sign.
    void setScan(const sw::bake::FloaterResult& floaters, std::span<const float> distance,
                 std::span<const std::uint8_t> keep);
    // No scan (no cloud, no model, or the scan failed): shows `message` instead.
    void clearScan(const QString& message);
    void setBusy(bool busy);

    int rowCount() const;
    int rowSplat(int row) const;  // cloud index of a listed row
    void selectSplats(const std::vector<int>& splats);
    std::vector<int> selectedSplats() const;  // cloud indices of the selected rows, ascending
    // What Delete/Keep act on and the overlay shows: the selection, else every listed splat
    // that is not kept.
    std::vector<int> targetSplats() const;
    QString countsText() const;

signals:
    void rerunRequested();
    void deleteRequested(const std::vector<int>& splats);
    void keepRequested(const std::vector<int>& splats);
    // The highlighted splats changed (targetSplats()).
    void highlightChanged(const std::vector<int>& splats);

private:
    void updateButtons();

    QLabel* m_counts;
    QTableWidget* m_table;
    QPushButton* m_rerun;
    QPushButton* m_delete;
    QPushButton* m_keep;
    std::vector<int> m_splats;          // [rows] cloud index
    std::vector<std::uint8_t> m_kept;   // [rows]
    bool m_busy = false;
};

}  // namespace sw::widgets
