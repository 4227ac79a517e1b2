#include "widgets/scan_panel.h"

#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
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
}

void ScanPanel::setSettingsError(const QString& text) {
    m_error->setText(text);
    m_error->setVisible(!text.isEmpty());
}

QString ScanPanel::settingsError() const { return m_error->text(); }

}  // namespace sw::widgets
