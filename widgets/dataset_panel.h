#pragma once
// The Dataset dock: schema-generated forms for the camera belt and the dataset stage, the
// per-material HSV table, the output folder and the Render Dataset button. The panel holds
// settings only; the editor's DatasetController runs the job and shows the frames (FrameBrowser).
#include <QString>
#include <QWidget>
#include <vector>

#include "core/dataset/belt.h"
#include "core/dataset/dataset_stage.h"
#include "core/dataset/lighting.h"
#include "core/geometry/mesh.h"
#include "widgets/frame_browser.h"

class QLabel;
class QLineEdit;
class QPushButton;

namespace sw::widgets {

class HsvTable;
class ParamPanel;

class DatasetPanel : public QWidget {
    Q_OBJECT
public:
    explicit DatasetPanel(QWidget* parent = nullptr);

    ParamPanel* beltPanel() const { return m_belt; }
    ParamPanel* datasetPanel() const { return m_dataset; }
    HsvTable* hsvTable() const { return m_hsv; }
    QPushButton* renderButton() const { return m_render; }

    sw::dataset::BeltSettings belt() const;
    sw::dataset::DatasetSettings settings() const;
    std::vector<sw::dataset::HsvAdjust> materialHsv() const;  // [materials]
    void setBelt(const sw::dataset::BeltSettings& belt);
    void setSettings(const sw::dataset::DatasetSettings& settings);
    // One HSV row per material of `mesh`, with `hsv` values where given.
    void setMaterials(const sw::geometry::Mesh& mesh, const std::vector<sw::dataset::HsvAdjust>& hsv = {});
    void setMaterialHsv(const std::vector<sw::dataset::HsvAdjust>& hsv);

    QString outputFolder() const;
    void setOutputFolder(const QString& folder);
    void setBusy(bool busy);
    // A settings error in red under the forms, with Render off until the settings are valid
    // again; an empty text clears it.
    void showSettingsError(const QString& text);
    QString settingsError() const;
    // Checks what the schema cannot (Lowest elevation ≤ Highest elevation) and says it in plain
    // words on the line under the field, with Render off and its tooltip saying why; returns the
    // text (empty when the belt can be posed).
    QString checkBelt();

signals:
    void renderRequested();
    void beltChanged();
    void hsvChanged();

private:
    ParamPanel* m_belt;
    ParamPanel* m_dataset;
    HsvTable* m_hsv;
    QLineEdit* m_folder;
    QPushButton* m_render;
    QLabel* m_error;
    QStringList m_materialNames;
    QString m_beltError;
    bool m_busy = false;
    void updateRender();  // enabled and its tooltip: why it is off
};

// The frames of a rendered dataset folder (transforms_{train,val,test}.json), with each camera's
// elevation and azimuth; an error names the file when a transforms file is unreadable.
sw::Result<std::vector<FrameEntry>> loadDatasetFrames(const QString& folder);

}  // namespace sw::widgets
