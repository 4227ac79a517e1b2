#pragma once
// The Scan dock (issue 36 item 5): the open scans (a list), Open Scan…, Build LOD… and Close
// Scans, and the scans' settings as forms generated from core/lod's schemas: the selection
// (selectionSchema: the quality presets low / medium / high, τ, the splat budget) and the
// streaming (streamSchema: memory budget, loader threads). Edits are live: settingsChanged()
// after each, and the viewport uses them from its next frame. The panel only shows and edits;
// whoever owns the scans applies the settings (the main window: lod::ScanSet::setSettings) and
// reports a refusal with setSettingsError.
#include <QStringList>
#include <QWidget>

#include "core/lod/scan_set.h"

class QLabel;
class QListWidget;
class QPushButton;

namespace sw::widgets {

class ParamPanel;

class ScanPanel : public QWidget {
    Q_OBJECT
public:
    explicit ScanPanel(QWidget* parent = nullptr);

    lod::ScanSettings settings() const;
    // Shown without emitting settingsChanged.
    void setSettings(const lod::ScanSettings& settings);
    // The open scans' paths (the list shows their file names, the path as tooltip).
    void setScans(const QStringList& paths);
    QStringList scans() const { return m_paths; }
    // A refused setting in one line under the forms; empty clears it.
    void setSettingsError(const QString& text);
    QString settingsError() const;

    ParamPanel* qualityPanel() const { return m_quality; }
    ParamPanel* streamingPanel() const { return m_streaming; }

signals:
    void settingsChanged();
    void openRequested();
    void buildRequested();
    void closeRequested();

private:
    ParamPanel* m_quality;
    ParamPanel* m_streaming;
    QListWidget* m_list;
    QPushButton* m_close;
    QLabel* m_error;
    QStringList m_paths;
};

}  // namespace sw::widgets
