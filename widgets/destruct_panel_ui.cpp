// The Destruction dock's widgets and their connections (the behaviour is in destruct_panel.cpp
// and core/destruct/session.h).
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include "widgets/destruct_panel.h"
#include "widgets/param_panel.h"

namespace sw::widgets {

void DestructPanel::buildUi() {
    auto* layout = new QVBoxLayout(this);

    auto* weapon = new QGroupBox(tr("Weapon"));
    auto* weaponLayout = new QVBoxLayout(weapon);
    m_preset = new QComboBox;
    m_preset->setObjectName("profilePreset");
    for (const destruct::WeaponProfile& p : destruct::builtinProfiles()) m_preset->addItem(QString::fromStdString(p.name));
    m_preset->setToolTip(tr("Loads a weapon profile into the fields below: a built-in, or one tuned for this model "
                            "(an edit keeps it under its name, saved in the project and exported beside the asset)"));
    weaponLayout->addWidget(m_preset);
    m_profilePanel = new ParamPanel(destruct::weaponSchema().schema());
    m_profilePanel->setObjectName("weaponProfilePanel");
    weaponLayout->addWidget(m_profilePanel);
    m_clickShoots = new QCheckBox(tr("Click the model to shoot"));
    m_clickShoots->setObjectName("clickShoots");
    m_clickShoots->setChecked(true);
    m_clickShoots->setToolTip(tr("A click on the splat view fires the profile along the view ray through that pixel"));
    weaponLayout->addWidget(m_clickShoots);
    layout->addWidget(weapon);
    connect(m_preset, &QComboBox::currentTextChanged, this, [this](const QString& name) { selectProfile(name); });
    connect(m_profilePanel, &ParamPanel::changed, this, [this] { keepEditedProfile(); });
    selectProfile("cannon");

    auto* volley = new QGroupBox(tr("Volley"));
    auto* volleyForm = new QFormLayout(volley);
    m_shots = new QSpinBox;
    m_shots->setObjectName("volleyShots");
    m_shots->setRange(1, 1000);
    m_shots->setValue(5);
    m_seed = new QSpinBox;
    m_seed->setObjectName("volleySeed");
    m_seed->setRange(0, 1000000);
    m_seed->setValue(1);
    m_seed->setToolTip(tr("Seed of the aim points and of the simulation (applied on Reset)"));
    m_heading = new QDoubleSpinBox;
    m_heading->setObjectName("volleyHeading");
    m_heading->setRange(-360.0, 360.0);
    m_heading->setSuffix(QStringLiteral("°"));
    m_heading->setToolTip(tr("The side the shots come from and the game-scale view looks from (0: from −Y)"));
    m_volleyButton = new QPushButton(tr("Fire volley"));
    m_volleyButton->setObjectName("fireVolley");
    volleyForm->addRow(tr("Shots"), m_shots);
    volleyForm->addRow(tr("Seed"), m_seed);
    volleyForm->addRow(tr("Heading"), m_heading);
    volleyForm->addRow(m_volleyButton);
    layout->addWidget(volley);
    connect(m_volleyButton, &QPushButton::clicked, this, [this] { fireVolley(); });
    // The seed is the simulation's too (as the CLI's --seed): it takes effect at once while
    // nothing was fired, else on Reset.
    connect(m_seed, &QSpinBox::valueChanged, this, [this] {
        if (m_session && m_session->actions().empty()) applySimSettings();
    });

    auto* settingsBox = new QGroupBox(tr("Simulation"));
    settingsBox->setCheckable(true);  // folded by default: the defaults fit most hulls
    settingsBox->setChecked(false);
    auto* settingsLayout = new QVBoxLayout(settingsBox);
    m_settingsPanel = new ParamPanel(destruct::simSchema().schema());
    m_settingsPanel->setObjectName("simSettingsPanel");
    m_settingsPanel->setParamVisible("seed", false);  // the Volley row's seed
    m_settingsPanel->setVisible(false);
    settingsLayout->addWidget(m_settingsPanel);
    layout->addWidget(settingsBox);
    connect(settingsBox, &QGroupBox::toggled, m_settingsPanel, &QWidget::setVisible);
    connect(m_settingsPanel, &ParamPanel::changed, this, [this] { applySimSettings(); });

    auto* timeBox = new QGroupBox(tr("Time and heal"));
    auto* timeLayout = new QVBoxLayout(timeBox);
    auto* healRow = new QHBoxLayout;
    m_heal = new QSlider(Qt::Horizontal);
    m_heal->setObjectName("healSlider");
    m_heal->setRange(0, 100);
    m_heal->setToolTip(tr("Heals this share of the damage so far (100 %: the pristine plating)"));
    m_healLabel = new QLabel;
    healRow->addWidget(new QLabel(tr("Heal")));
    healRow->addWidget(m_heal, 1);
    healRow->addWidget(m_healLabel);
    timeLayout->addLayout(healRow);
    auto* scrubRow = new QHBoxLayout;
    m_scrub = new QSlider(Qt::Horizontal);
    m_scrub->setObjectName("timeScrub");
    m_scrub->setRange(0, 0);
    m_scrub->setToolTip(tr("Replays the shots and steps up to this time (a shot from a scrubbed-back time drops what followed)"));
    m_timeLabel = new QLabel;
    scrubRow->addWidget(new QLabel(tr("Time")));
    scrubRow->addWidget(m_scrub, 1);
    scrubRow->addWidget(m_timeLabel);
    timeLayout->addLayout(scrubRow);
    auto* buttons = new QHBoxLayout;
    m_pause = new QPushButton(tr("Pause"));
    m_pause->setObjectName("pauseButton");
    m_pause->setCheckable(true);
    m_step = new QPushButton(tr("Step"));
    m_step->setObjectName("stepButton");
    m_reset = new QPushButton(tr("Reset"));
    m_reset->setObjectName("resetButton");
    buttons->addWidget(m_pause);
    buttons->addWidget(m_step);
    buttons->addWidget(m_reset);
    timeLayout->addLayout(buttons);
    layout->addWidget(timeBox);
    connect(m_heal, &QSlider::valueChanged, this, &DestructPanel::healSliderMoved);
    connect(m_scrub, &QSlider::valueChanged, this, [this](int v) {
        if (!m_replaying && m_session) scrubTo(double(v) * double(kFrameSeconds));
    });
    connect(m_pause, &QPushButton::toggled, this, [this](bool on) { setPaused(on); });
    connect(m_step, &QPushButton::clicked, this, [this] { stepFrame(); });
    connect(m_reset, &QPushButton::clicked, this, [this] { reset(); });

    auto* statsBox = new QGroupBox(tr("Stats"));
    auto* statsLayout = new QVBoxLayout(statsBox);
    m_stats = new QLabel;
    m_stats->setObjectName("destructStats");
    m_stats->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statsLayout->addWidget(m_stats);
    m_partBars = new QVBoxLayout;
    statsLayout->addLayout(m_partBars);
    auto* sessionRow = new QHBoxLayout;
    m_saveSession = new QPushButton(tr("Save Session…"));
    m_saveSession->setObjectName("saveSession");
    m_saveSession->setToolTip(tr("Writes every shot, volley, step and heal so far (JSON); "
                                 "splatwright-cli destruct --replay plays it to the same state"));
    m_loadSession = new QPushButton(tr("Load Session…"));
    m_loadSession->setObjectName("loadSession");
    m_loadSession->setToolTip(tr("Plays a saved session (from this dock or splatwright-cli destruct --save-session) "
                                 "on this model from the pristine state"));
    sessionRow->addWidget(m_saveSession);
    sessionRow->addWidget(m_loadSession);
    statsLayout->addLayout(sessionRow);
    layout->addWidget(statsBox);
    connect(m_saveSession, &QPushButton::clicked, this, [this] { saveSessionDialog(); });
    connect(m_loadSession, &QPushButton::clicked, this, [this] { loadSessionDialog(); });

    auto* sheetBox = new QGroupBox(tr("Game scale (×1, ×3)"));
    auto* sheetLayout = new QVBoxLayout(sheetBox);
    m_sheetView = new QLabel;
    m_sheetView->setObjectName("destructGameScale");
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_sheetView);
    scroll->setMinimumHeight(160);
    sheetLayout->addWidget(scroll);
    layout->addWidget(sheetBox);
    layout->addStretch(1);
}

}  // namespace sw::widgets
