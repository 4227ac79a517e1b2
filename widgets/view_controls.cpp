#include "widgets/view_controls.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QToolButton>

#include "widgets/viewport.h"

namespace sw::widgets {

namespace {
int coreCountOf(const Viewport* viewport) {
    const auto model = viewport->splatModel();
    return model ? static_cast<int>(model->core.size()) : 0;
}
}  // namespace

ViewControls::ViewControls(Viewport* viewport, QWidget* parent) : QWidget(parent), m_viewport(viewport) {
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(2, 0, 2, 0);
    m_content = addToggle(row, tr("Mesh"), tr("Splats"), "viewContent");
    // The same names as View ▸ Orbit Camera / Game Camera and Grey / Black Background.
    m_camera = addToggle(row, tr("Orbit Camera"), tr("Game Camera"), "viewCamera");
    m_background = addToggle(row, tr("Grey Background"), tr("Black Background"), "viewBackground");
    connect(m_content, &QButtonGroup::idClicked, this, [this](int id) {
        m_viewport->setContent(id == 1 ? Viewport::Content::Splats : Viewport::Content::Mesh);
        emit changed();
    });
    connect(m_camera, &QButtonGroup::idClicked, this, [this](int id) {
        m_viewport->setCameraMode(id == 1 ? Viewport::CameraMode::Turntable : Viewport::CameraMode::Orbit);
        emit changed();
    });
    connect(m_background, &QButtonGroup::idClicked, this, [this](int id) {
        m_viewport->setBackground(id == 1 ? Viewport::Background::Black : Viewport::Background::Grey);
        emit changed();
    });

    m_overlay = new QComboBox;
    m_overlay->setObjectName("viewOverlay");
    m_overlay->setToolTip(tr("Colour the splats by one channel instead of their look"));
    const std::pair<QString, render::SplatOverlay> overlays[] = {
        {tr("None"), render::SplatOverlay::None},         {tr("Part"), render::SplatOverlay::Part},
        {tr("Material"), render::SplatOverlay::Material}, {tr("Chunk"), render::SplatOverlay::Chunk},
        {tr("AO"), render::SplatOverlay::Ao},             {tr("Emission"), render::SplatOverlay::Emission},
        {tr("Shape"), render::SplatOverlay::Shape},       {tr("Floaters"), render::SplatOverlay::Floater}};
    for (const auto& [text, overlay] : overlays) m_overlay->addItem(text, int(overlay));
    connect(m_overlay, &QComboBox::currentIndexChanged, this, [this] {
        m_viewport->setSplatOverlay(render::SplatOverlay(m_overlay->currentData().toInt()));
        emit changed();
    });
    row->addWidget(new QLabel(tr("Overlay")));
    row->addWidget(m_overlay);

    addPassesAndLod(row);
    sync();
}

void ViewControls::addPassesAndLod(QHBoxLayout* row) {
    m_core = new QCheckBox(tr("Core"));
    m_core->setObjectName("viewCore");
    m_core->setChecked(true);
    m_core->setToolTip(tr("Draw the opaque core splats"));
    m_shell = new QCheckBox(tr("Shell"));
    m_shell->setObjectName("viewShell");
    m_shell->setChecked(true);
    m_shell->setToolTip(tr("Draw the blended shell splats"));
    connect(m_core, &QCheckBox::toggled, this, [this](bool on) {
        m_viewport->setDrawCore(on);
        emit changed();
    });
    connect(m_shell, &QCheckBox::toggled, this, [this](bool on) {
        m_viewport->setDrawShell(on);
        emit changed();
    });
    row->addWidget(m_core);
    row->addWidget(m_shell);

    m_lod = new QSlider(Qt::Horizontal);
    m_lod->setObjectName("viewLod");
    m_lod->setMinimumWidth(120);
    m_lod->setToolTip(tr("LOD: draw only the first k core splats (importance order)"));
    connect(m_lod, &QSlider::valueChanged, this, [this](int k) {
        m_viewport->setLodCoreCount(k >= m_coreTotal ? -1 : k);
        updateLodLabel();
        emit changed();
    });
    m_lodLabel = new QLabel;
    m_lodLabel->setObjectName("viewLodLabel");
    row->addWidget(new QLabel(tr("LOD")));
    row->addWidget(m_lod, 1);
    row->addWidget(m_lodLabel);
}

QButtonGroup* ViewControls::addToggle(QHBoxLayout* row, const QString& a, const QString& b, const char* name) {
    auto* group = new QButtonGroup(this);
    group->setObjectName(QString::fromLatin1(name));
    int id = 0;
    for (const QString& text : {a, b}) {
        auto* button = new QToolButton;
        button->setText(text);
        button->setCheckable(true);
        button->setAutoRaise(true);
        button->setObjectName(QString::fromLatin1(name) + QString::number(id));
        group->addButton(button, id++);
        row->addWidget(button);
    }
    row->addSpacing(8);
    return group;
}

void ViewControls::sync() {
    m_content->button(m_viewport->content() == Viewport::Content::Splats ? 1 : 0)->setChecked(true);
    m_camera->button(m_viewport->cameraMode() == Viewport::CameraMode::Turntable ? 1 : 0)->setChecked(true);
    m_background->button(m_viewport->background() == Viewport::Background::Black ? 1 : 0)->setChecked(true);
    const int total = coreCountOf(m_viewport);
    if (total != m_coreTotal) {
        m_coreTotal = total;
        const QSignalBlocker block(m_lod);
        m_lod->setRange(0, total);
        m_lod->setValue(total);
        m_lod->setPageStep(std::max(1, total / 20));
        m_viewport->setLodCoreCount(-1);
    }
    const bool splats = m_viewport->splatModel() != nullptr;
    for (QWidget* w : std::initializer_list<QWidget*>{m_overlay, m_core, m_shell, m_lod}) w->setEnabled(splats);
    m_content->button(1)->setEnabled(splats || m_viewport->content() == Viewport::Content::Splats);
    updateLodLabel();
}

void ViewControls::setLod(int k) { m_lod->setValue(std::clamp(k, 0, std::max(m_coreTotal, 0))); }

int ViewControls::lod() const { return m_lod->value(); }

void ViewControls::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) updateLodLabel();
    QWidget::changeEvent(event);
}

// "1124 / 1124" on a 2,000-splat cloud read as a miscount: the count is of the core splats only.
void ViewControls::updateLodLabel() {
    const int total = std::max(m_coreTotal, 0);
    const auto model = m_viewport->splatModel();
    const int shell = model ? int(model->shell.size()) : 0;
    m_lodLabel->setText(tr("core %1 / %2").arg(m_lod->value()).arg(total));
    // As wide as the whole count, so the row does not shift while the slider moves.
    m_lodLabel->setMinimumWidth(m_lodLabel->fontMetrics().horizontalAdvance(tr("core %1 / %2").arg(total).arg(total)));
    const QString tip = tr("Level of detail: draws the first %1 of the model's %2 core (opaque) splats, most important "
                           "first. The %3 shell (blended) splats are not counted here and always draw.")
                            .arg(m_lod->value())
                            .arg(total)
                            .arg(shell);
    m_lodLabel->setToolTip(tip);
    m_lod->setToolTip(tip);
}

}  // namespace sw::widgets
