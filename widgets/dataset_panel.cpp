#include "widgets/dataset_panel.h"

#include <QDir>
#include <QFileDialog>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>
#include <cmath>

#include "core/dataset/transforms.h"
#include "widgets/hsv_table.h"
#include "widgets/param_panel.h"

namespace sw::widgets {

DatasetPanel::DatasetPanel(QWidget* parent)
    : QWidget(parent), m_belt(new ParamPanel(dataset::beltSchema().schema())),
      m_dataset(new ParamPanel(dataset::datasetSchema().schema())), m_hsv(new HsvTable),
      m_folder(new QLineEdit), m_render(new QPushButton), m_error(new QLabel) {
    setObjectName("datasetPanel");
    m_belt->setObjectName("beltPanel");
    m_dataset->setObjectName("datasetParams");
    m_folder->setObjectName("datasetFolder");
    m_folder->setPlaceholderText(tr("The project's cache folder"));
    m_render->setObjectName("renderDataset");
    m_render->setText(tr("Render Dataset"));
    m_error->setObjectName("datasetSettingsError");
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #d04040;"));
    m_error->hide();

    auto* hsvBox = new QGroupBox(tr("Material colours (HSV)"));
    auto* hsvLayout = new QVBoxLayout(hsvBox);
    hsvLayout->addWidget(m_hsv);

    auto* choose = new QPushButton(tr("Choose…"));
    choose->setObjectName("chooseDatasetFolder");
    connect(choose, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Dataset Folder"), outputFolder());
        if (!dir.isEmpty()) setOutputFolder(QDir(dir).filePath(QStringLiteral("dataset")));
    });
    auto* folderBox = new QGroupBox(tr("Output"));
    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(choose);
    auto* folderLayout = new QVBoxLayout(folderBox);
    folderLayout->addLayout(folderRow);
    folderLayout->addWidget(m_render);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_belt);
    layout->addWidget(m_dataset);
    layout->addWidget(m_error);
    layout->addWidget(hsvBox);
    layout->addWidget(folderBox);
    layout->addStretch(1);

    updateRender();
    connect(m_render, &QPushButton::clicked, this, &DatasetPanel::renderRequested);
    connect(m_belt, &ParamPanel::changed, this, &DatasetPanel::beltChanged);
    connect(m_hsv, &HsvTable::changed, this, &DatasetPanel::hsvChanged);
}

dataset::BeltSettings DatasetPanel::belt() const { return dataset::beltSchema().fromParams(m_belt->params()); }

dataset::DatasetSettings DatasetPanel::settings() const {
    return dataset::datasetSchema().fromParams(m_dataset->params());
}

std::vector<dataset::HsvAdjust> DatasetPanel::materialHsv() const {
    std::vector<dataset::HsvAdjust> out;
    for (const HsvValues& v : m_hsv->values())
        out.push_back({float(v.hueShift), float(v.saturation), float(v.value)});
    return out;
}

void DatasetPanel::setBelt(const dataset::BeltSettings& belt) {
    m_belt->setParams(dataset::beltSchema().toParams(belt));
    emit beltChanged();
}

void DatasetPanel::setSettings(const dataset::DatasetSettings& settings) {
    m_dataset->setParams(dataset::datasetSchema().toParams(settings));
}

void DatasetPanel::setMaterials(const geometry::Mesh& mesh, const std::vector<dataset::HsvAdjust>& hsv) {
    m_materialNames.clear();
    for (const geometry::Material& m : mesh.materials) m_materialNames << QString::fromStdString(m.name);
    setMaterialHsv(hsv);
}

void DatasetPanel::setMaterialHsv(const std::vector<dataset::HsvAdjust>& hsv) {
    std::vector<HsvValues> values;
    for (const dataset::HsvAdjust& h : hsv) values.push_back({h.hueShift, h.saturation, h.value});
    m_hsv->setMaterials(m_materialNames, values);
}

QString DatasetPanel::outputFolder() const { return m_folder->text().trimmed(); }

void DatasetPanel::setOutputFolder(const QString& folder) { m_folder->setText(QDir::toNativeSeparators(folder)); }

void DatasetPanel::setBusy(bool busy) {
    m_busy = busy;
    updateRender();
}

void DatasetPanel::showSettingsError(const QString& text) {
    m_error->setText(text);
    m_error->setVisible(!text.isEmpty());
    updateRender();
}

QString DatasetPanel::checkBelt() {
    const dataset::BeltSettings b = belt();
    const ParamSchema& schema = dataset::beltSchema().schema();
    const ParamSpec* lo = schema.find("elevation-min");
    const ParamSpec* hi = schema.find("elevation-max");
    const auto value = [this](double v, const ParamSpec* spec) {
        return locale().toString(v, 'g', 6) + QLatin1Char(' ') + ParamPanel::trSchema(spec->unit);
    };
    m_beltError = lo && hi && b.elevationMin > b.elevationMax
                      ? tr("Above %1 (%2 > %3): lower this or raise %1.")
                            .arg(ParamPanel::trSchema(hi->label), value(b.elevationMin, lo), value(b.elevationMax, hi))
                      : QString();
    m_belt->setFieldError(QStringLiteral("elevation-min"), m_beltError);
    updateRender();
    return m_beltError;
}

void DatasetPanel::updateRender() {
    const bool invalid = !m_beltError.isEmpty() || !m_error->isHidden();
    m_render->setEnabled(!m_busy && !invalid);
    m_render->setToolTip(m_busy    ? tr("A dataset is being rendered: wait for it or cancel it.")
                         : invalid ? tr("Fix the setting marked in red first.")
                                   : tr("Render the training, validation and test views of the open model into the "
                                        "output folder."));
}

QString DatasetPanel::settingsError() const { return m_error->isHidden() ? QString() : m_error->text(); }

namespace {

// A split rendered with zero views has a valid file with no frames (readTransforms rejects it).
bool splitIsEmpty(const QString& jsonPath) {
    QFile file(jsonPath);
    if (!file.open(QIODevice::ReadOnly)) return false;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll());
    return doc.isObject() && doc.object().value("frames").isArray() && doc.object().value("frames").toArray().isEmpty();
}

}  // namespace

Result<std::vector<FrameEntry>> loadDatasetFrames(const QString& folder) {
    std::vector<FrameEntry> frames;
    for (const char* split : {"train", "val", "test"}) {
        const QString json = QDir(folder).filePath(QStringLiteral("transforms_%1.json").arg(QLatin1String(split)));
        if (!QFileInfo::exists(json) || splitIsEmpty(json)) continue;
        auto parsed = dataset::readTransforms(json.toStdString());
        if (!parsed) return parsed.error();
        int index = 0;
        for (const dataset::DatasetFrame& f : parsed->frames) {
            const Eigen::Vector3d p = f.cameraToWorld.block<3, 1>(0, 3);
            const double r = std::max(p.norm(), 1e-12);
            frames.push_back({QString::fromStdString(f.imagePath), QString::fromLatin1(split), index++,
                              std::asin(std::clamp(p.z() / r, -1.0, 1.0)) * 180.0 / M_PI,
                              std::atan2(p.y(), p.x()) * 180.0 / M_PI});
        }
    }
    if (frames.empty()) return makeError(ErrorCode::Io, "no transforms_*.json with frames", folder.toStdString());
    return frames;
}

}  // namespace sw::widgets
