#pragma once
// The Floater inspector (issue #5, issue 16 item 6): counts per sign (far from the mesh,
// detached, outside the silhouette, background-only in the train views), the flagged splats as
// a list (stable splat ID, signs, distance to the surface, kept), and Re-run, Delete, Keep and
// Frame buttons. After a bake without a scan it lists what the bake removed. The panel only
// shows and asks: the editor runs the scan (core/bake scanFloaters), deletes, keeps, frames and
// highlights. Delete (button or key) never takes a kept splat.
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
    // Why splats were flagged, in plain words with plurals: " (3 far from the surface, 1
    // detached from the body, …)", or empty when no sign flagged any. The bake report says it alike.
    static QString floaterReasons(const sw::bake::FloaterReport& report);
    explicit FloaterPanel(QWidget* parent = nullptr);
    // The counts the panel shows, all of the listed rows (a splat flagged by any sign): listed =
    // flagged + kept; report's far + detached + silhouette + dataset = flagged, each splat under
    // the first of its signs.
    struct Counts {
        int listed = 0, flagged = 0, kept = 0;
        sw::bake::FloaterReport report;
    };
    static Counts countRows(const sw::bake::FloaterResult& floaters, std::span<const std::uint8_t> keep);

    // Where the list comes from: a scan of the current cloud, or the last bake's removals.
    enum class Source { Scan, Bake };
    // floaters: the scan of the current cloud; distance: [N] centre to surface, model units
    // (NaN: unknown, shown as —); keep: [N] 0/1 (1 = kept by the user) or empty; ids: [N] the
    // splats' stable IDs (their index in the cloud as opened; they survive deletes) or empty
    // (then the index). Lists every splat flagged by any sign.
    void setScan(const sw::bake::FloaterResult& floaters, std::span<const float> distance,
                 std::span<const std::uint8_t> keep, std::span<const std::uint32_t> ids = {},
                 Source source = Source::Scan);
    // No scan (no cloud, no model, or the scan failed): shows `message` instead.
    void clearScan(const QString& message);
    void setBusy(bool busy);

    int rowCount() const;
    int rowSplat(int row) const;  // cloud index of a listed row
    QString rowId(int row) const; // the ID shown for a row
    void selectSplats(const std::vector<int>& splats);
    std::vector<int> selectedSplats() const;  // cloud indices of the selected rows, ascending
    // What Keep acts on and the overlay shows: the selection, else every listed splat that is
    // not kept. deleteTargets(): the same without the kept ones (never deleted).
    std::vector<int> targetSplats() const;
    std::vector<int> deleteTargets() const;
    QString countsText() const;

signals:
    void rerunRequested();
    void deleteRequested(const std::vector<int>& splats);
    void keepRequested(const std::vector<int>& splats);
    // The highlighted splats changed (targetSplats()).
    void highlightChanged(const std::vector<int>& splats);
    // Frame (button) with a selection: show the selected splats (cloud indices).
    void frameRequested(const std::vector<int>& splats);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;  // Delete / F on the list
    void changeEvent(QEvent* event) override;  // the summary and sign names in the new language

private:
    void updateButtons();

    QLabel* m_counts;
    QTableWidget* m_table;
    QPushButton* m_rerun;
    QPushButton* m_delete;
    QPushButton* m_keep;
    QPushButton* m_frame;
    struct Shown {  // what setScan was given, to write it again in another language
        sw::bake::FloaterResult floaters;
        std::vector<float> distance;
        std::vector<std::uint8_t> keep;
        std::vector<std::uint32_t> ids;
        Source source = Source::Scan;
        bool any = false;
    } m_shown;
    std::vector<int> m_splats;          // [rows] cloud index
    std::vector<std::uint8_t> m_kept;   // [rows]
    bool m_busy = false;
};

}  // namespace sw::widgets
