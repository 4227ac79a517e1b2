#pragma once
// The Scan dock (issue 36 item 5): the open scans (a list), Open Scan…, Build LOD… and Close
// Scans, and the scans' settings as forms generated from core/lod's schemas: the selection
// (selectionSchema: the quality presets low / medium / high, τ, the splat budget) and the
// streaming (streamSchema: memory budget, loader threads). Edits are live: settingsChanged()
// after each, and the viewport uses them from its next frame. The panel only shows and edits;
// whoever owns the scans applies the settings (the main window: lod::ScanSet::setSettings) and
// reports a refusal with setSettingsError. Below the list, cutting an asset out of the scans:
// Crop Box (shows the viewport's crop box on the scans), Extract to Cloud and Export Extract…
// (enabled by setExtractEnabled: while a scan is open, the box shows and no extraction runs).
#include <QStringList>
#include <QWidget>

#include "core/lod/extract.h"
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

    void setExtractEnabled(bool enabled);
    lod::ExtractSettings extractSettings() const;  // the cut's form (extractSchema)
    void setCropBoxChecked(bool checked);  // without emitting cropBoxToggled
    QPushButton* cropBoxButton() const { return m_cropBox; }

    ParamPanel* qualityPanel() const { return m_quality; }
    ParamPanel* streamingPanel() const { return m_streaming; }

signals:
    void settingsChanged();
    void openRequested();
    void buildRequested();
    void closeRequested();
    void cropBoxToggled(bool shown);
    void extractRequested();
    void exportExtractRequested();

private:
    ParamPanel* m_quality;
    ParamPanel* m_streaming;
    QListWidget* m_list;
    QPushButton* m_close;
    QPushButton* m_cropBox;
    QPushButton* m_extract;
    QPushButton* m_exportExtract;
    ParamPanel* m_extractForm;
    QLabel* m_error;
    QStringList m_paths;
};

}  // namespace sw::widgets
