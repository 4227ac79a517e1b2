#pragma once
// The Foliage dock (issue 35 §6): the wind (with the presets calm / breeze / storm), the look,
// the touch and the preview's copies as forms generated from core/foliage's schemas, edited
// live; play, pause and scrub of the wind's time; bender tools (Add bender, then drag its
// capsule in the viewport; Load bender path… for the JSON the CLI reads; Remove); and Export,
// which writes the settings beside the asset as seed 004's scene JSON (<stem>.foliage.json,
// atomically, never over a file the program did not write unless the user agrees). The panel
// only computes a FoliageView; whoever shows it connects viewChanged (the main window:
// Viewport::setFoliageView) and forwards the viewport's drags to moveBender and their ends to
// finishBenderDrag. Adding, loading and removing benders and a finished drag are undoable (one
// step each, on the settings' stack); the benders are kept (keptBenders / setBenders) by the
// project. The bender code is in widgets/foliage_benders.cpp.
#include <QElapsedTimer>
#include <QString>
#include <QWidget>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/foliage/kept_bender.h"
#include "core/foundation/error.h"
#include "widgets/foliage_view.h"

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;
class QTimer;
class QUndoStack;
class QVBoxLayout;

namespace sw::widgets {

class ParamPanel;

class FoliagePanel : public QWidget {
    Q_OBJECT
public:
    explicit FoliagePanel(QWidget* parent = nullptr);
    ~FoliagePanel() override;

    // Settings edits go on `stack` (nullptr: not undoable).
    void setUndoStack(QUndoStack* stack);
    // The settings (a project's); shown, no undo entry; emits viewChanged.
    void setSettings(const foliage::FoliageSettings& settings, const foliage::FoliagePreviewSettings& preview);
    foliage::FoliageSettings settings() const;
    foliage::FoliagePreviewSettings preview() const;

    // The asset the settings belong to (the open model or cloud): Export writes beside it.
    void setAssetPath(const QString& path);
    QString exportPath() const;  // <folder>/<stem>.foliage.json; empty without an asset
    // Writes exportPath(): Ok, or the error (naming the file). An existing file the program did
    // not write is replaced only with `overwrite`.
    Status exportJson(bool overwrite = false);

    void play();   // advances the time from a ~30 fps timer, looping
    void pause();
    bool isPlaying() const;
    void setTime(double seconds);  // wrapped into the loop; emits viewChanged
    double time() const;
    double loopSeconds() const;

    // A bender at the centre of the copies' square (radius from the touch settings); its id.
    // Undoable (one step).
    int addBender();
    // A drag moved bender `id` to `position` (scene metres); its velocity from the time since
    // its last move, smoothed per TouchSettings::smoothing.
    void moveBender(int id, const Eigen::Vector3f& position);
    // The drag of bender `id` ended: from where it started to where it is now is one undo step.
    void finishBenderDrag(int id);
    bool removeBender(int id);  // false for an unknown id; undoable
    // Adds the scripted benders of a {"benders": [...]} file, walked along their paths in the
    // dock's time (one undo step); the error names the file and the key.
    Status loadBenderPaths(const QString& path);
    std::vector<int> benderIds() const;  // in the list's order; ids change when undo brings one back
    int currentBender() const;  // the one the bender box shows, or -1
    // The benders as the project keeps them (dragged ones where they stand now), and setting
    // them (a project's; no undo entry, emits viewChanged).
    std::vector<foliage::KeptBender> keptBenders() const;
    void setBenders(const std::vector<foliage::KeptBender>& benders);

    // Metres per unit the project records for the asset (1 / the model's normalisation scale; 1
    // without one): what the view's units scale is when the preview's is 0 (auto).
    void setRecordedUnits(float metresPerUnit);
    float recordedUnits() const { return m_recordedUnits; }

    FoliageView view() const;

    ParamPanel* windPanel() const { return m_wind; }
    ParamPanel* lookPanel() const { return m_look; }
    ParamPanel* touchPanel() const { return m_touch; }
    ParamPanel* previewPanel() const { return m_preview; }
    QPushButton* trimButton() const { return m_trim; }

signals:
    void viewChanged(const sw::widgets::FoliageView& view);
    void settingsEdited();  // a form changed (an edit, an undo, a preset)
    void trimRequested();   // Trim Cards… on a model asset (the editor asks where and runs it)

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Entry {
        int key = -1;                  // stable across undo (ids are not)
        int id = -1;                   // in m_benders
        int number = 0;                // "Bender n" / "Path n"
        foliage::KeptBender kept;      // path, file, radius, height; a dragged one's place when added
        QElapsedTimer lastMove;
        bool dragging = false;         // moved since the last finished drag
        Eigen::Vector3f dragStart = Eigen::Vector3f::Zero();
    };
    struct Placed {  // an entry as an undo command re-creates it
        int key = -1;
        int number = 0;
        int row = 0;
        foliage::KeptBender kept;
    };
    void buildTimeRow(QVBoxLayout* layout);
    void buildBenderRow(QVBoxLayout* layout);
    void onTick();
    void advanceBenders(double dt);  // scripted ones to the time, dragged ones settle
    void rebuildBenders();           // after a touch edit: the same benders, the new settings
    // Without undo: entries in and out of the list (rows ascending), a dragged one to a place.
    void insertEntries(const std::vector<Placed>& placed);
    void eraseEntries(const std::vector<Placed>& placed);
    void placeEntry(int key, const Eigen::Vector3f& position);
    Placed placedOf(std::size_t row) const;
    Eigen::Vector3f positionOf(int id) const;
    // Runs `redo` and puts it with `undo` on the stack as one step named `text` (no stack: runs it).
    void pushBenderStep(const QString& text, std::function<void()> redo, std::function<void()> undo);
    void refreshBenderBox();
    void setLabels();
    void emitView();
    void askExport();
    void askLoadPaths();

    ParamPanel* m_wind = nullptr;
    ParamPanel* m_look = nullptr;
    ParamPanel* m_touch = nullptr;
    ParamPanel* m_preview = nullptr;
    QPushButton* m_play = nullptr;
    QSlider* m_slider = nullptr;
    QLabel* m_timeLabel = nullptr;
    QComboBox* m_benderBox = nullptr;
    QPushButton* m_add = nullptr;
    QPushButton* m_loadPath = nullptr;
    QPushButton* m_remove = nullptr;
    QPushButton* m_export = nullptr;
    QLabel* m_exportLabel = nullptr;
    QPushButton* m_trim = nullptr;
    QTimer* m_timer = nullptr;
    QElapsedTimer m_clock;
    double m_time = 0.0;
    QString m_assetPath;
    QString m_lastExport;  // the file the last export wrote
    foliage::BenderSet m_benders;
    std::vector<Entry> m_entries;
    QUndoStack* m_stack = nullptr;
    float m_recordedUnits = 1.f;
    int m_nextKey = 1;
    int m_nextNumber = 1;
    int m_nextPathNumber = 1;
};

}  // namespace sw::widgets
