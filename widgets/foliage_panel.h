#pragma once
// The Foliage dock (issue 35 §6): the wind (with the presets calm / breeze / storm), the look,
// the touch and the preview's copies as forms generated from core/foliage's schemas, edited
// live; play, pause and scrub of the wind's time; bender tools (Add bender, then drag its
// capsule in the viewport; Load bender path… for the JSON the CLI reads; Remove); and Export,
// which writes the settings beside the asset as seed 004's scene JSON (<stem>.foliage.json,
// atomically, never over a file the program did not write unless the user agrees). The panel
// only computes a FoliageView; whoever shows it connects viewChanged (the main window:
// Viewport::setFoliageView) and forwards the viewport's drags to moveBender.
#include <QElapsedTimer>
#include <QString>
#include <QWidget>
#include <memory>
#include <optional>
#include <vector>

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
    int addBender();
    // A drag moved bender `id` to `position` (scene metres); its velocity from the time since
    // its last move, smoothed per TouchSettings::smoothing.
    void moveBender(int id, const Eigen::Vector3f& position);
    bool removeBender(int id);  // false for an unknown id
    // Adds the scripted benders of a {"benders": [...]} file, walked along their paths in the
    // dock's time; the error names the file and the key.
    Status loadBenderPaths(const QString& path);
    std::vector<int> benderIds() const;
    int currentBender() const;  // the one the bender box shows, or -1

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
        int id = -1;                              // in m_benders
        int number = 0;                           // "Bender n" / "Path n"
        std::optional<foliage::BenderPath> path;  // scripted; else dragged
        QString file;                             // the path's file name
        QElapsedTimer lastMove;
    };
    void buildTimeRow(QVBoxLayout* layout);
    void buildBenderRow(QVBoxLayout* layout);
    void onTick();
    void advanceBenders(double dt);  // scripted ones to the time, dragged ones settle
    void rebuildBenders();           // after a touch edit: the same benders, the new settings
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
    int m_nextNumber = 1;
    int m_nextPathNumber = 1;
};

}  // namespace sw::widgets
