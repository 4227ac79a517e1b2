#include "widgets/scan_panel.h"

#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include "widgets/param_panel.h"

namespace sw::widgets {

ScanPanel::ScanPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_list = new QListWidget;
    m_list->setObjectName("scanList");
    m_list->setMaximumHeight(90);
    layout->addWidget(m_list);
    auto* buttons = new QHBoxLayout;
    auto* open = new QPushButton(tr("Open Scan…"));
    open->setObjectName("scanOpen");
    auto* build = new QPushButton(tr("Build LOD…"));
    build->setObjectName("scanBuild");
    m_close = new QPushButton(tr("Close Scans"));
    m_close->setObjectName("scanClose");
    m_close->setEnabled(false);
    for (QPushButton* b : {open, build, m_close}) buttons->addWidget(b);
    layout->addLayout(buttons);
    auto* cut = new QHBoxLayout;
    m_cropBox = new QPushButton(tr("Crop Box"));
    m_cropBox->setObjectName("scanCropBox");
    m_cropBox->setCheckable(true);
    m_cropBox->setToolTip(tr("Shows the crop box on the scans: drag its handles around the asset to cut out"));
    m_extract = new QPushButton(tr("Extract to Cloud"));
    m_extract->setObjectName("scanExtract");
    m_extract->setToolTip(tr("Cuts the splats inside the crop box (or, with the box hidden, the last rect, lasso or "
                             "brush selection) out of the scans at full detail and opens them as the splat cloud, "
                             "the start of a game asset"));
    m_exportExtract = new QPushButton(tr("Export Extract…"));
    m_exportExtract->setObjectName("scanExportExtract");
    m_exportExtract->setToolTip(tr("Writes the splats inside the crop box (or the last selection) at full detail to a "
                                   "PLY, SPZ, .splat, SOG or glTF file"));
    for (QPushButton* b : {m_cropBox, m_extract, m_exportExtract}) {
        b->setEnabled(false);
        cut->addWidget(b);
    }
    layout->addLayout(cut);
    m_extractForm = new ParamPanel(lod::extractSchema().schema());
    m_extractForm->setObjectName("scanExtractSettings");
    layout->addWidget(m_extractForm);
    m_quality = new ParamPanel(lod::selectionSchema().schema());
    m_quality->setObjectName("scanQuality");
    m_streaming = new ParamPanel(lod::streamSchema().schema());
    m_streaming->setObjectName("scanStreaming");
    layout->addWidget(m_quality);
    layout->addWidget(m_streaming);
    m_error = new QLabel;
    m_error->setObjectName("scanSettingsError");
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_error->hide();
    layout->addWidget(m_error);
    layout->addStretch(1);
    for (ParamPanel* panel : {m_quality, m_streaming})
        connect(panel, &ParamPanel::changed, this, &ScanPanel::settingsChanged);
    connect(open, &QPushButton::clicked, this, &ScanPanel::openRequested);
    connect(build, &QPushButton::clicked, this, &ScanPanel::buildRequested);
    connect(m_close, &QPushButton::clicked, this, &ScanPanel::closeRequested);
    connect(m_cropBox, &QPushButton::toggled, this, &ScanPanel::cropBoxToggled);
    connect(m_extract, &QPushButton::clicked, this, &ScanPanel::extractRequested);
    connect(m_exportExtract, &QPushButton::clicked, this, &ScanPanel::exportExtractRequested);
}

lod::ExtractSettings ScanPanel::extractSettings() const { return lod::extractSchema().fromParams(m_extractForm->params()); }

void ScanPanel::setExtractEnabled(bool enabled) {
    m_extract->setEnabled(enabled);
    m_exportExtract->setEnabled(enabled);
}

void ScanPanel::setCropBoxChecked(bool checked) {
    const QSignalBlocker block(m_cropBox);
    m_cropBox->setChecked(checked);
}

lod::ScanSettings ScanPanel::settings() const {
    return {lod::selectionSchema().fromParams(m_quality->params()), lod::streamSchema().fromParams(m_streaming->params())};
}

void ScanPanel::setSettings(const lod::ScanSettings& settings) {
    m_quality->setParams(lod::selectionSchema().toParams(settings.selection));
    m_streaming->setParams(lod::streamSchema().toParams(settings.stream));
}

void ScanPanel::setScans(const QStringList& paths) {
    m_paths = paths;
    m_list->clear();
    for (const QString& path : paths) {
        // A manifest (lod.json, lod-meta.json, meta.json) is known by its folder's name.
        const QFileInfo info(path);
        const QString name = info.suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0
                                 ? info.dir().dirName() + QLatin1Char('/') + info.fileName()
                                 : info.fileName();
        auto* item = new QListWidgetItem(name, m_list);
        item->setToolTip(path);
    }
    m_close->setEnabled(!paths.isEmpty());
    m_cropBox->setEnabled(!paths.isEmpty());
}

void ScanPanel::setSettingsError(const QString& text) {
    m_error->setText(text);
    m_error->setVisible(!text.isEmpty());
}

QString ScanPanel::settingsError() const { return m_error->text(); }

}  // namespace sw::widgets
