#include "widgets/destruct_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QSignalBlocker>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPixmap>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "core/foundation/log.h"
#include "core/render/game_scale.h"
#include "widgets/param_panel.h"
#include "widgets/viewport.h"

namespace sw::widgets {

namespace {
constexpr double kEps = 1e-6;

// The profile of that name in `list`, or nullptr.
const destruct::WeaponProfile* named(const std::vector<destruct::WeaponProfile>& list, const std::string& name) {
    const auto it = std::find_if(list.begin(), list.end(), [&](const destruct::WeaponProfile& w) { return w.name == name; });
    return it == list.end() ? nullptr : &*it;
}
}  // namespace

DestructPanel::DestructPanel(Viewport* viewport, QWidget* parent) : QWidget(parent), m_viewport(viewport) {
    buildUi();
    m_timer = new QTimer(this);
    m_timer->setTimerType(Qt::PreciseTimer);
    m_timer->setInterval(int(std::floor(1000.0 * double(kFrameSeconds))));
    connect(m_timer, &QTimer::timeout, this, &DestructPanel::tick);
    connect(m_viewport, &Viewport::splatClicked, this, [this](QPointF p) {
        if (m_clickShoots->isChecked() && isVisible() && m_sim) shootAt(p);
    });
    m_viewport->setSplatFrameHook([this](render::SplatRenderer& r, bool fresh) -> Status {
        // Only the baked model this panel shoots gets the damage (the viewport may show a cloud
        // preview or another model meanwhile).
        if (!m_sim || m_viewport->splatModel() != m_model) {
            if (r.damageEnabled()) r.disableDamage();
            m_needAttach = true;
            return {};
        }
        if (fresh || m_needAttach) {
            m_needAttach = false;
            const Status s = m_sync.attach(r, *m_sim);
            m_attachFailed = !s;
            if (!s && r.damageEnabled()) r.disableDamage();
            return s;
        }
        if (m_attachFailed) return {};  // reported once
        return m_sync.sync(r, *m_sim);
    });
    (void)setModel(nullptr);
}

DestructPanel::~DestructPanel() {
    if (m_viewport) m_viewport->setSplatFrameHook({});  // QPointer: null when the viewport went first
}

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
        if (m_model && m_record.empty()) (void)setModel(m_model);
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
    connect(m_heal, &QSlider::valueChanged, this, [this](int) {
        m_healLabel->setText(QStringLiteral("%1 %").arg(m_heal->value()));
        if (!m_replaying && m_sim) replay(m_time), afterChange(true);
    });
    connect(m_scrub, &QSlider::valueChanged, this, [this](int v) {
        if (!m_replaying && m_sim) scrubTo(double(v) * double(kFrameSeconds));
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
    layout->addWidget(statsBox);

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

destruct::SimSettings DestructPanel::simSettings() const {
    destruct::SimSettings s = destruct::simSchema().fromParams(m_settingsPanel->params());
    s.seed = std::uint32_t(m_seed->value());
    return s;
}

destruct::WeaponProfile DestructPanel::profile() const {
    return destruct::weaponSchema().fromParams(m_profilePanel->params());
}

void DestructPanel::selectProfile(const QString& name) {
    const std::string wanted = name.toStdString();
    const std::vector<destruct::WeaponProfile> builtins = destruct::builtinProfiles();
    const destruct::WeaponProfile* p = named(m_weapons, wanted);
    if (!p) p = named(builtins, wanted);
    if (!p) return;
    m_profilePanel->setParams(destruct::weaponSchema().toParams(*p));
    if (m_preset->currentText() != name) m_preset->setCurrentText(name);
}

void DestructPanel::keepEditedProfile() {
    const destruct::WeaponProfile edited = profile();
    if (edited.name.empty()) return;
    const std::vector<destruct::WeaponProfile> builtins = destruct::builtinProfiles();
    const destruct::WeaponProfile* builtin = named(builtins, edited.name);
    const auto same = std::find_if(m_weapons.begin(), m_weapons.end(), [&](const destruct::WeaponProfile& w) { return w.name == edited.name; });
    if (builtin && destruct::profileToJson(*builtin) == destruct::profileToJson(edited)) {  // back to the built-in: nothing to keep
        if (same != m_weapons.end()) m_weapons.erase(same);
    } else if (same != m_weapons.end()) {
        *same = edited;
    } else {
        m_weapons.push_back(edited);
    }
    refreshProfileBox();
}

void DestructPanel::refreshProfileBox() {
    const QString current = QString::fromStdString(profile().name);
    QStringList names;
    for (const destruct::WeaponProfile& p : destruct::builtinProfiles()) names << QString::fromStdString(p.name);
    for (const destruct::WeaponProfile& w : m_weapons)
        if (!names.contains(QString::fromStdString(w.name))) names << QString::fromStdString(w.name);
    QStringList shown;
    for (int i = 0; i < m_preset->count(); ++i) shown << m_preset->itemText(i);
    const QSignalBlocker block(m_preset);
    if (shown != names) {
        m_preset->clear();
        m_preset->addItems(names);
    }
    if (names.contains(current)) m_preset->setCurrentText(current);
}

void DestructPanel::setWeapons(std::vector<destruct::WeaponProfile> weapons) {
    m_weapons = std::move(weapons);
    refreshProfileBox();
    selectProfile(m_preset->currentText());  // the fields show this model's profile of that name
}

void DestructPanel::setSimSettings(const destruct::SimSettings& settings) {
    m_settingsPanel->setParams(destruct::simSchema().toParams(settings));
    applySimSettings();
}

void DestructPanel::applySimSettings() {
    if (!m_model) return;
    if (m_record.empty()) {
        (void)setModel(m_model);
        return;
    }
    replay(m_time);
    afterChange(true);
}

Status DestructPanel::setModel(std::shared_ptr<const formats::Spl2Model> model) {
    m_model = std::move(model);
    m_record.clear();
    m_time = 0.0;
    m_eventsLogged = 0;
    m_sim.reset();
    m_sheet = QImage();
    m_sheetView->clear();
    Status status;
    if (m_model) {
        auto sim = destruct::Simulation::create(*m_model, simSettings(), "baked model");
        if (sim) m_sim = std::make_unique<destruct::Simulation>(std::move(*sim));
        else status = sim.error();
    }
    m_needAttach = true;
    const bool on = m_sim != nullptr;
    for (QWidget* w : std::initializer_list<QWidget*>{m_volleyButton, m_heal, m_scrub, m_pause, m_step, m_reset}) w->setEnabled(on);
    setRunning(on && !m_pause->isChecked());
    m_replaying = true;
    m_heal->setValue(0);
    m_replaying = false;
    afterChange(on);
    if (!status) m_stats->setText(tr("No destruction: %1").arg(QString::fromStdString(status.error().toString())));
    else if (!on) m_stats->setText(tr("Bake a model (or open an export) to shoot it."));
    return status;
}

double DestructPanel::recordedTime() const {
    double t = 0.0;
    for (const Action& a : m_record) {
        if (a.kind == Action::Kind::Volley) t += double(a.volley.shots) * double(a.volley.interval);
        if (a.kind == Action::Kind::Steps) t += double(a.steps) * double(kFrameSeconds);
    }
    return t;
}

void DestructPanel::apply(const Action& a, int steps) {
    switch (a.kind) {
    case Action::Kind::Shot:
        m_sim->setProfile(a.profile);
        m_sim->fire(a.origin, a.direction);
        break;
    case Action::Kind::Volley:
        m_sim->setProfile(a.profile);
        if (steps >= a.volley.shots) {
            destruct::fireVolley(*m_sim, a.volley);
        } else {  // the shots of the volley up to the scrubbed time
            for (int k = 0; k < steps; ++k) {
                const auto [o, d] = destruct::volleyAim(a.volley, k, a.profile.kind);
                m_sim->fire(o, d);
                m_sim->step(a.volley.interval);
            }
        }
        break;
    case Action::Kind::Steps:
        for (int k = 0; k < steps; ++k) m_sim->step(kFrameSeconds);
        break;
    case Action::Kind::Heal: m_sim->heal(a.amount); break;
    }
}

void DestructPanel::replay(double until) {
    if (!m_model) return;
    destruct::SimSettings s = simSettings();
    if (m_sim) s.seed = m_sim->settings().seed;  // a new seed takes effect on Reset
    auto sim = destruct::Simulation::create(*m_model, s, "baked model");
    if (!sim) return;
    m_sim = std::make_unique<destruct::Simulation>(std::move(*sim));
    double t = 0.0;
    for (const Action& a : m_record) {
        if (until >= 0.0 && t > until + kEps) break;
        int n = 1;
        if (a.kind == Action::Kind::Steps || a.kind == Action::Kind::Volley) {
            const double dt = a.kind == Action::Kind::Steps ? double(kFrameSeconds) : double(a.volley.interval);
            const int total = a.kind == Action::Kind::Steps ? a.steps : a.volley.shots;
            n = total;
            if (until >= 0.0 && dt > 0.0) n = std::min(total, int(std::floor((until - t) / dt + kEps)) + (a.kind == Action::Kind::Volley ? 1 : 0));
            n = std::clamp(n, 0, total);
            apply(a, n);
            t += dt * double(n);
            if (n < total) break;
            continue;
        }
        apply(a, n);
    }
    m_time = t;
    if (m_heal->value() > 0) m_sim->heal(float(m_heal->value()) / 100.f);
    m_eventsLogged = std::min(m_eventsLogged, m_sim->events().size());
    m_needAttach = true;
}

void DestructPanel::truncateToScrub() {
    if (m_time >= recordedTime() - kEps) return;
    std::vector<Action> kept;
    double t = 0.0;
    for (const Action& a : m_record) {
        if (t > m_time + kEps) break;
        if (a.kind == Action::Kind::Steps || a.kind == Action::Kind::Volley) {
            const double dt = a.kind == Action::Kind::Steps ? double(kFrameSeconds) : double(a.volley.interval);
            const int total = a.kind == Action::Kind::Steps ? a.steps : a.volley.shots;
            int n = dt > 0.0 ? std::clamp(int(std::floor((m_time - t) / dt + kEps)) + (a.kind == Action::Kind::Volley ? 1 : 0), 0, total) : total;
            Action b = a;
            if (a.kind == Action::Kind::Steps) b.steps = n;
            else b.volley.shots = n;
            if (n > 0) kept.push_back(b);
            t += dt * double(n);
            if (n < total) break;
            continue;
        }
        kept.push_back(a);
    }
    m_record = std::move(kept);
}

void DestructPanel::commitHeal() {
    if (m_heal->value() == 0) return;
    Action h;
    h.kind = Action::Kind::Heal;
    h.amount = float(m_heal->value()) / 100.f;
    m_record.push_back(h);
    m_replaying = true;
    m_heal->setValue(0);  // the heal is in the record now (the simulation has it already)
    m_replaying = false;
}

void DestructPanel::record(Action a) {
    truncateToScrub();
    commitHeal();
    if (a.kind == Action::Kind::Steps && !m_record.empty() && m_record.back().kind == Action::Kind::Steps) {
        m_record.back().steps += a.steps;
        return;
    }
    m_record.push_back(std::move(a));
}

bool DestructPanel::shootAt(QPointF viewportPosition) {
    const auto [origin, direction] = m_viewport->viewRay(viewportPosition);
    return shoot(origin, direction);
}

bool DestructPanel::shoot(const Eigen::Vector3f& origin, const Eigen::Vector3f& direction) {
    if (!m_sim) return false;
    Action a;
    a.kind = Action::Kind::Shot;
    a.profile = profile();
    a.origin = origin;
    a.direction = direction;
    record(a);
    m_sim->setProfile(a.profile);
    const destruct::HitReport r = m_sim->fire(origin, direction);
    afterChange(true);
    return !r.missed;
}

void DestructPanel::setVolley(int shots, std::uint32_t seed, float headingDeg) {
    m_shots->setValue(shots);
    m_seed->setValue(int(seed));
    m_heading->setValue(double(headingDeg));
}

int DestructPanel::fireVolley() {
    if (!m_sim) return 0;
    Action a;
    a.kind = Action::Kind::Volley;
    a.profile = profile();
    a.volley.shots = m_shots->value();
    a.volley.seed = std::uint32_t(m_seed->value());
    a.volley.headingDeg = float(m_heading->value());
    record(a);
    m_sim->setProfile(a.profile);
    const std::vector<destruct::HitReport> hits = destruct::fireVolley(*m_sim, a.volley);
    m_time = recordedTime();
    afterChange(true);
    return int(std::count_if(hits.begin(), hits.end(), [](const destruct::HitReport& r) { return !r.missed; }));
}

void DestructPanel::setHeal(double share) { m_heal->setValue(int(std::lround(std::clamp(share, 0.0, 1.0) * 100.0))); }

double DestructPanel::heal() const { return double(m_heal->value()) / 100.0; }

void DestructPanel::setPaused(bool paused) {
    if (m_pause->isChecked() != paused) m_pause->setChecked(paused);  // re-enters through toggled
    setRunning(!paused && m_sim);
}

void DestructPanel::setRunning(bool running) {
    if (!running) {
        m_timer->stop();
        return;
    }
    if (m_timer->isActive()) return;
    m_lag = 0.0;
    m_clock.start();
    m_timer->start();
}

bool DestructPanel::paused() const { return m_pause->isChecked(); }

void DestructPanel::stepFrame() { stepFrames(1); }

void DestructPanel::stepFrames(int steps) {
    if (!m_sim || steps < 1) return;
    Action a;
    a.kind = Action::Kind::Steps;
    a.steps = steps;
    record(a);
    for (int k = 0; k < steps; ++k) m_sim->step(kFrameSeconds);
    m_time = recordedTime();
    afterChange(false);
}

void DestructPanel::tick() {
    if (!m_sim || paused()) return;
    m_lag += double(m_clock.restart()) / 1000.0;
    int steps = int(std::floor(m_lag / double(kFrameSeconds)));
    if (steps < 1) return;
    if (steps > kMaxStepsPerTick) {
        steps = kMaxStepsPerTick;
        m_lag = 0.0;  // behind: slow down rather than pile up steps
    } else {
        m_lag -= double(steps) * double(kFrameSeconds);
    }
    stepFrames(steps);
}

void DestructPanel::scrubTo(double seconds) {
    if (!m_sim) return;
    setPaused(true);
    replay(std::clamp(seconds, 0.0, recordedTime()));
    afterChange(true);
}

void DestructPanel::reset() {
    const std::shared_ptr<const formats::Spl2Model> model = m_model;
    const bool wasPaused = paused();
    (void)setModel(model);  // the model was accepted before
    setPaused(wasPaused);
}

void DestructPanel::logNewEvents() {
    if (!m_sim) return;
    const auto& events = m_sim->events();
    for (std::size_t k = m_eventsLogged; k < events.size(); ++k)
        if (events[k].type != destruct::EventType::Settled) SW_LOG_INFO("destruction: hit " << events[k].hit << ": " << events[k].text);
    m_eventsLogged = events.size();
}

QString DestructPanel::statsText() const {
    if (!m_sim) return {};
    const destruct::SimStats s = m_sim->stats();
    return tr("Hits %1, time %2 s\nDead slots (knocked out at least once) %3 of %4\nSlots per layer 1–4: %5, %6, %7, %8\n"
              "Chunks cracked %9, torn %10; islands torn %11\nIn flight: %12 pieces, %13 debris (pool %14)")
        .arg(s.hits)
        .arg(double(m_sim->time()), 0, 'f', 2)
        .arg(s.damaged)
        .arg(m_sim->size())
        .arg(s.perLayer[1])
        .arg(s.perLayer[2])
        .arg(s.perLayer[3])
        .arg(s.perLayer[4])
        .arg(s.chunksCracked)
        .arg(s.chunksTorn)
        .arg(s.islandsTorn)
        .arg(s.bodiesAlive)
        .arg(s.debrisAlive)
        .arg(s.poolUsed);
}

void DestructPanel::updateStats() {
    m_stats->setText(statsText());
    const std::size_t parts = m_sim ? std::size_t(m_sim->partCount()) : 0;
    while (m_bars.size() > parts) {
        delete m_bars.back();
        m_bars.pop_back();
    }
    while (m_bars.size() < parts) {
        auto* bar = new QProgressBar;
        bar->setRange(0, 100);
        bar->setObjectName(QStringLiteral("partHealth%1").arg(m_bars.size()));
        m_partBars->addWidget(bar);
        m_bars.push_back(bar);
    }
    if (!m_sim) return;
    const destruct::SimStats s = m_sim->stats();
    const float silenced = 1.f - m_sim->settings().partThreshold;
    for (std::size_t p = 0; p < parts; ++p) {
        const float h = p < s.partHealth.size() ? s.partHealth[p] : 1.f;
        m_bars[p]->setValue(int(std::lround(100.f * h)));
        m_bars[p]->setFormat(tr("part %1").arg(p) + QStringLiteral(": %p%") + (h <= silenced + 1e-6f ? tr(" (silenced)") : QString()));
    }
}

bool DestructPanel::refreshGameScale() {
    if (!m_sim) return false;
    render::GameScaleSettings gs;
    gs.heightPx = 100;
    gs.headingDeg = float(m_heading->value());
    gs.look = m_viewport->splatLook();
    gs.look.effects.time = m_sim->time();
    m_sheet = m_viewport->renderGameScale(gs);
    if (m_sheet.isNull()) return false;
    m_sheetView->setPixmap(QPixmap::fromImage(m_sheet));
    m_sheetView->resize(m_sheet.size());
    return true;
}

void DestructPanel::afterChange(bool sheet) {
    logNewEvents();
    updateStats();
    const double total = recordedTime();
    m_replaying = true;
    m_scrub->setRange(0, int(std::lround(total / double(kFrameSeconds))));
    m_scrub->setValue(int(std::lround(m_time / double(kFrameSeconds))));
    m_replaying = false;
    m_timeLabel->setText(QStringLiteral("%1 / %2 s").arg(m_time, 0, 'f', 2).arg(total, 0, 'f', 2));
    m_healLabel->setText(QStringLiteral("%1 %").arg(m_heal->value()));
    if (m_sim) {
        // The sheet costs a render: after actions, and about every half second while running.
        if (sheet || --m_sheetCountdown <= 0) {
            m_sheetCountdown = 30;
            if (isVisible()) refreshGameScale();
        }
    }
    m_viewport->update();
    emit stateChanged();
}

}  // namespace sw::widgets
