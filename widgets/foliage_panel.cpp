#include "widgets/foliage_panel.h"

#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSlider>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "core/foundation/output_file.h"
#include "widgets/param_panel.h"

namespace sw::widgets {

namespace {
constexpr int kTickMs = 33;            // ~30 fps while playing
constexpr int kSliderSteps = 1200;     // scrub resolution over the loop
constexpr double kLoopSeconds = 60.0;  // the wind has no period: the loop is only the scrub range
}  // namespace

FoliagePanel::FoliagePanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    m_preview = new ParamPanel(foliage::previewSchema().schema());
    m_preview->setObjectName("foliagePreview");
    layout->addWidget(m_preview);
    buildTimeRow(layout);
    m_wind = new ParamPanel(foliage::windSchema().schema());
    m_wind->setObjectName("foliageWind");
    layout->addWidget(m_wind);
    buildBenderRow(layout);
    m_touch = new ParamPanel(foliage::touchSchema().schema());
    m_touch->setObjectName("foliageTouch");
    layout->addWidget(m_touch);
    m_look = new ParamPanel(foliage::lookSchema().schema());
    m_look->setObjectName("foliageLook");
    layout->addWidget(m_look);

    auto* exportRow = new QHBoxLayout;
    m_export = new QPushButton;
    m_export->setObjectName("foliageExport");
    connect(m_export, &QPushButton::clicked, this, &FoliagePanel::askExport);
    exportRow->addWidget(m_export);
    m_exportLabel = new QLabel;
    m_exportLabel->setObjectName("foliageExportLabel");
    m_exportLabel->setWordWrap(true);
    exportRow->addWidget(m_exportLabel, 1);
    layout->addLayout(exportRow);
    m_trim = new QPushButton;
    m_trim->setObjectName("foliageTrim");
    connect(m_trim, &QPushButton::clicked, this, &FoliagePanel::trimRequested);
    layout->addWidget(m_trim, 0, Qt::AlignLeft);
    layout->addStretch(1);

    m_timer = new QTimer(this);
    m_timer->setInterval(kTickMs);
    connect(m_timer, &QTimer::timeout, this, &FoliagePanel::onTick);
    for (ParamPanel* panel : {m_preview, m_wind, m_look})
        connect(panel, &ParamPanel::changed, this, [this] {
            emit settingsEdited();
            emitView();
        });
    connect(m_touch, &ParamPanel::changed, this, [this] {
        rebuildBenders();
        emit settingsEdited();
        emitView();
    });
    m_benders = foliage::BenderSet(settings().touch);
    setLabels();
    refreshBenderBox();
}

FoliagePanel::~FoliagePanel() = default;

void FoliagePanel::buildTimeRow(QVBoxLayout* layout) {
    auto* row = new QHBoxLayout;
    m_play = new QPushButton;
    m_play->setObjectName("foliagePlay");
    m_play->setCheckable(true);
    connect(m_play, &QPushButton::toggled, this, [this](bool on) { on ? play() : pause(); });
    m_slider = new QSlider(Qt::Horizontal);
    m_slider->setObjectName("foliageTimeSlider");
    m_slider->setRange(0, kSliderSteps);
    m_slider->setPageStep(kSliderSteps / 10);
    connect(m_slider, &QSlider::valueChanged, this,
            [this](int v) { setTime(kLoopSeconds * std::min(double(v) / kSliderSteps, 1.0 - 1e-9)); });
    m_timeLabel = new QLabel;
    m_timeLabel->setObjectName("foliageTimeLabel");
    row->addWidget(m_play);
    row->addWidget(m_slider, 1);
    row->addWidget(m_timeLabel);
    layout->addLayout(row);
}

void FoliagePanel::buildBenderRow(QVBoxLayout* layout) {
    auto* row = new QHBoxLayout;
    m_benderBox = new QComboBox;
    m_benderBox->setObjectName("foliageBenders");
    m_add = new QPushButton;
    m_add->setObjectName("foliageAddBender");
    connect(m_add, &QPushButton::clicked, this, [this] { addBender(); });
    m_loadPath = new QPushButton;
    m_loadPath->setObjectName("foliageLoadBenderPath");
    connect(m_loadPath, &QPushButton::clicked, this, &FoliagePanel::askLoadPaths);
    m_remove = new QPushButton;
    m_remove->setObjectName("foliageRemoveBender");
    connect(m_remove, &QPushButton::clicked, this, [this] { removeBender(currentBender()); });
    row->addWidget(m_benderBox, 1);
    row->addWidget(m_add);
    row->addWidget(m_loadPath);
    row->addWidget(m_remove);
    layout->addLayout(row);
}

void FoliagePanel::setLabels() {
    m_play->setText(isPlaying() ? tr("Pause") : tr("Play"));
    m_play->setToolTip(tr("Play or pause the wind's time"));
    m_slider->setToolTip(tr("Scrub the wind's time: the same time gives the same frame"));
    m_timeLabel->setText(tr("%1 s").arg(m_time, 0, 'f', 2));
    m_benderBox->setToolTip(tr("The benders: capsules that push the plants aside"));
    m_add->setText(tr("Add bender"));
    m_add->setToolTip(tr("A bender at the centre of the copies: drag its capsule in the viewport"));
    m_loadPath->setText(tr("Load bender path…"));
    m_loadPath->setToolTip(tr("Scripted benders walked along their paths in the wind's time (the JSON the foliage command reads)"));
    m_remove->setText(tr("Remove"));
    m_remove->setToolTip(tr("Remove the bender chosen in the list"));
    m_export->setText(tr("Export"));
    m_export->setToolTip(tr("Write the settings beside the asset as the game's scene JSON (<name>.foliage.json)"));
    m_export->setEnabled(!m_assetPath.isEmpty());
    m_trim->setText(tr("Trim Cards…"));
    const QString suffix = QFileInfo(m_assetPath).suffix().toLower();
    const bool model = suffix == QLatin1String("glb") || suffix == QLatin1String("gltf");
    m_trim->setEnabled(model);
    m_trim->setToolTip(model ? tr("Write a copy of the model whose alpha-masked cards are cut to their opaque texels "
                                  "(fewer fragments, the same picture); the model itself is not changed")
                             : tr("Open a glTF model with alpha-masked cards to trim them"));
    if (!m_lastExport.isEmpty()) m_exportLabel->setText(tr("Wrote %1").arg(QFileInfo(m_lastExport).fileName()));
    else if (m_assetPath.isEmpty()) m_exportLabel->setText(tr("Open a model to export its foliage settings"));
    else m_exportLabel->clear();
}

void FoliagePanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        setLabels();
        refreshBenderBox();
    }
    QWidget::changeEvent(event);
}

void FoliagePanel::setUndoStack(QUndoStack* stack) {
    m_stack = stack;
    for (ParamPanel* panel : {m_preview, m_wind, m_look, m_touch}) panel->setUndoStack(stack);
}

void FoliagePanel::setSettings(const foliage::FoliageSettings& s, const foliage::FoliagePreviewSettings& preview) {
    m_wind->setParams(foliage::windSchema().toParams(s.wind));
    m_look->setParams(foliage::lookSchema().toParams(s.look));
    m_touch->setParams(foliage::touchSchema().toParams(s.touch));
    m_preview->setParams(foliage::previewSchema().toParams(preview));
    rebuildBenders();
    emitView();
}

foliage::FoliageSettings FoliagePanel::settings() const {
    foliage::FoliageSettings s;
    s.wind = foliage::windSchema().fromParams(m_wind->params());
    s.look = foliage::lookSchema().fromParams(m_look->params());
    s.touch = foliage::touchSchema().fromParams(m_touch->params());
    return s;
}

foliage::FoliagePreviewSettings FoliagePanel::preview() const {
    return foliage::previewSchema().fromParams(m_preview->params());
}

void FoliagePanel::setAssetPath(const QString& path) {
    m_assetPath = path;
    m_lastExport.clear();
    setLabels();
}

QString FoliagePanel::exportPath() const {
    if (m_assetPath.isEmpty()) return {};
    const QFileInfo asset(m_assetPath);
    return asset.absoluteDir().filePath(asset.completeBaseName() + QStringLiteral(".foliage.json"));
}

Status FoliagePanel::exportJson(bool overwrite) {
    if (m_assetPath.isEmpty()) return makeError(ErrorCode::InvalidInput, "no asset is open to export foliage settings for");
    const std::string out = exportPath().toStdString();
    OutputFileRule rule;
    rule.inputs = {m_assetPath.toStdString()};
    rule.overwrite = overwrite;
    SW_TRY(checkOutputFile(out, rule));
    const foliage::FoliageNode node{QFileInfo(m_assetPath).completeBaseName().toStdString(), preview().fade()};
    SW_TRY(foliage::saveSceneJson(out, settings(), {node}));
    SW_TRY(recordOutputFile(out));
    m_lastExport = exportPath();
    setLabels();
    return {};
}

void FoliagePanel::askExport() {
    Status s = exportJson(false);
    if (!s && QFileInfo::exists(exportPath()) && !QFileInfo(exportPath()).isSymLink() &&
        QFileInfo(exportPath()) != QFileInfo(m_assetPath)) {
        // Most likely a file the program did not write: replace it only when the user agrees.
        const auto answer = QMessageBox::question(
            this, tr("Export foliage settings"),
            tr("%1 exists and was not written by Splatwright. Replace it?").arg(exportPath()));
        if (answer != QMessageBox::Yes) return;
        s = exportJson(true);
    }
    if (!s) QMessageBox::warning(this, tr("Export foliage settings"), QString::fromStdString(s.error().toString()));
}

void FoliagePanel::play() {
    if (m_timer->isActive()) return;
    m_clock.start();
    m_timer->start();
    const QSignalBlocker block(m_play);
    m_play->setChecked(true);
    setLabels();
}

void FoliagePanel::pause() {
    m_timer->stop();
    const QSignalBlocker block(m_play);
    m_play->setChecked(false);
    setLabels();
}

bool FoliagePanel::isPlaying() const { return m_timer->isActive(); }

double FoliagePanel::loopSeconds() const { return kLoopSeconds; }

double FoliagePanel::time() const { return m_time; }

void FoliagePanel::setTime(double seconds) {
    double t = std::fmod(std::isfinite(seconds) ? seconds : 0.0, kLoopSeconds);
    if (t < 0) t += kLoopSeconds;
    const double dt = t - m_time;
    m_time = t;
    advanceBenders(std::abs(dt));
    {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(int(std::lround(m_time / kLoopSeconds * kSliderSteps)));
    }
    setLabels();
    emitView();
}

void FoliagePanel::onTick() {
    const double elapsed = double(m_clock.restart()) / 1000.0;
    setTime(m_time + std::clamp(elapsed, 0.0, 0.25));
}

void FoliagePanel::askLoadPaths() {
    const QString file = QFileDialog::getOpenFileName(this, tr("Load bender path"), QFileInfo(m_assetPath).absolutePath(),
                                                      tr("Bender paths (*.json)"));
    if (file.isEmpty()) return;
    if (Status s = loadBenderPaths(file); !s)
        QMessageBox::warning(this, tr("Load bender path"), QString::fromStdString(s.error().toString()));
}

FoliageView FoliagePanel::view() const {
    FoliageView v;
    v.settings = settings();
    v.preview = preview();
    v.time = float(m_time);
    v.benders = m_benders;
    v.unitsScale = foliage::resolvedUnitsScale(v.preview.unitsScale, m_recordedUnits);
    return v;
}

void FoliagePanel::setRecordedUnits(float metresPerUnit) {
    m_recordedUnits = metresPerUnit;
    emitView();
}

void FoliagePanel::emitView() { emit viewChanged(view()); }

}  // namespace sw::widgets
