#include "widgets/destruct_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QSignalBlocker>
#include <QDoubleSpinBox>
#include <QFileDialog>
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

#include "core/foundation/file_io.h"
#include "core/foundation/log.h"
#include "core/foundation/output_file.h"
#include "core/pipeline/destruct_job.h"
#include "core/render/game_scale.h"
#include "widgets/param_panel.h"
#include "widgets/viewport.h"

namespace sw::widgets {

DestructPanel::DestructPanel(Viewport* viewport, QWidget* parent) : QWidget(parent), m_viewport(viewport) {
    buildUi();
    m_timer = new QTimer(this);
    m_timer->setTimerType(Qt::PreciseTimer);
    m_timer->setInterval(int(std::floor(1000.0 * double(kFrameSeconds))));
    connect(m_timer, &QTimer::timeout, this, &DestructPanel::tick);
    connect(m_viewport, &Viewport::splatClicked, this, [this](QPointF p) {
        if (m_clickShoots->isChecked() && isVisible() && m_session) shootAt(p);
    });
    m_viewport->setSplatFrameHook([this](render::SplatRenderer& r, bool fresh) -> Status {
        // Only the baked model this panel shoots gets the damage (the viewport may show a cloud
        // preview or another model meanwhile).
        if (!m_session || m_viewport->splatModel() != m_model) {
            if (r.damageEnabled()) r.disableDamage();
            m_needAttach = true;
            return {};
        }
        if (fresh || m_needAttach || m_attachedGeneration != m_session->generation()) {
            m_needAttach = false;
            m_attachedGeneration = m_session->generation();
            const Status s = m_sync.attach(r, m_session->simulation());
            m_attachFailed = !s;
            if (!s && r.damageEnabled()) r.disableDamage();
            return s;
        }
        if (m_attachFailed) return {};  // reported once
        return m_sync.sync(r, m_session->simulation());
    });
    (void)setModel(nullptr);
}

DestructPanel::~DestructPanel() {
    if (m_viewport) m_viewport->setSplatFrameHook({});  // QPointer: null when the viewport went first
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
    const std::optional<destruct::WeaponProfile> p = destruct::findProfile(m_weapons, name.toStdString());
    if (!p) return;
    m_profilePanel->setParams(destruct::weaponSchema().toParams(*p));
    if (m_preset->currentText() != name) m_preset->setCurrentText(name);
}

void DestructPanel::keepEditedProfile() {
    destruct::keepEdited(m_weapons, profile());
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
    if (!m_session) return;
    m_session->setSettings(simSettings());
    afterChange(true);
}

void DestructPanel::setActionsEnabled(bool on) {
    for (QWidget* w : std::initializer_list<QWidget*>{m_volleyButton, m_heal, m_scrub, m_pause, m_step, m_reset,
                                                      m_saveSession, m_loadSession})
        w->setEnabled(on);
}

Status DestructPanel::setModel(std::shared_ptr<const formats::Spl2Model> model) {
    m_model = std::move(model);
    m_eventsLogged = 0;
    m_session.reset();
    m_sheet = QImage();
    m_sheetView->clear();
    Status status;
    if (m_model) {
        auto session = destruct::Session::create(m_model, simSettings(), "baked model");
        if (session) m_session = std::make_shared<destruct::Session>(std::move(*session));
        else status = session.error();
    }
    m_needAttach = true;
    const bool on = m_session != nullptr;
    setActionsEnabled(on);
    setRunning(on && !m_pause->isChecked());
    afterChange(on);
    if (!status) m_stats->setText(tr("No destruction: %1").arg(QString::fromStdString(status.error().toString())));
    else if (!on) m_stats->setText(tr("Bake a model (or open an export) to shoot it."));
    return status;
}

void DestructPanel::setPartNames(const QStringList& names) {
    m_partNames = names;
    updateStats();
}

double DestructPanel::recordedTime() const { return m_session ? m_session->recordedTime() : 0.0; }

bool DestructPanel::shootAt(QPointF viewportPosition) {
    const auto [origin, direction] = m_viewport->viewRay(viewportPosition);
    return shoot(origin, direction);
}

bool DestructPanel::shoot(const Eigen::Vector3f& origin, const Eigen::Vector3f& direction) {
    if (!m_session) return false;
    const destruct::HitReport r = m_session->shoot(profile(), origin, direction);
    afterChange(true);
    return !r.missed;
}

void DestructPanel::setVolley(int shots, std::uint32_t seed, float headingDeg) {
    m_shots->setValue(shots);
    m_seed->setValue(int(seed));
    m_heading->setValue(double(headingDeg));
}

int DestructPanel::fireVolley() {
    if (!m_session) return 0;
    destruct::Volley v;
    v.shots = m_shots->value();
    v.seed = std::uint32_t(m_seed->value());
    v.headingDeg = float(m_heading->value());
    const std::vector<destruct::HitReport> hits = m_session->fireVolley(profile(), v);
    afterChange(true);
    return int(std::count_if(hits.begin(), hits.end(), [](const destruct::HitReport& r) { return !r.missed; }));
}

void DestructPanel::setHeal(double share) { m_heal->setValue(int(std::lround(std::clamp(share, 0.0, 1.0) * 100.0))); }

double DestructPanel::heal() const { return double(m_heal->value()) / 100.0; }

double DestructPanel::recordedHeal() const {
    if (!m_session || m_session->time() < m_session->recordedTime() - 1e-9) return 0.0;  // scrubbed back
    double left = 1.0;
    const auto& actions = m_session->actions();
    for (auto a = actions.rbegin(); a != actions.rend(); ++a) {
        if (a->kind == destruct::SessionAction::Kind::Shot || a->kind == destruct::SessionAction::Kind::Volley) break;
        if (a->kind == destruct::SessionAction::Kind::Heal) left *= 1.0 - double(a->amount);
    }
    return 1.0 - left;
}

void DestructPanel::healSliderMoved(int percent) {
    m_healLabel->setText(QStringLiteral("%1 %").arg(percent));
    if (m_replaying || !m_session) return;
    const double recorded = recordedHeal(), wanted = double(percent) / 100.0;
    const double pending = recorded >= 1.0 ? 0.0 : std::max(0.0, (wanted - recorded) / (1.0 - recorded));
    m_session->setPendingHeal(float(pending));
    afterChange(true);  // shows recorded + pending (back to the recorded share when moved below it)
}

void DestructPanel::setPaused(bool paused) {
    if (m_pause->isChecked() != paused) m_pause->setChecked(paused);  // re-enters through toggled
    setRunning(!paused && m_session);
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
    if (!m_session || steps < 1) return;
    m_session->step(steps, kFrameSeconds);
    afterChange(false);
}

void DestructPanel::tick() {
    if (!m_session || paused()) return;
    if (m_session->actions().empty()) {  // nothing fired yet: the pristine model has no time to play
        m_clock.restart();
        return;
    }
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
    if (!m_session) return;
    setPaused(true);
    m_session->scrubTo(seconds);
    afterChange(true);
}

void DestructPanel::reset() {
    if (!m_session) return;
    m_session->reset(simSettings());
    m_eventsLogged = 0;
    afterChange(true);
}

Status DestructPanel::saveSession(const QString& path) const {
    if (!m_session) return makeError(ErrorCode::InvalidInput, "no model to save a destruction session of", path.toStdString());
    // The one output rule (the file dialog asked before replacing a file; never through a link).
    SW_TRY(checkOutputFile(path.toStdString(), {{}, true}));
    SW_TRY(writeFileAtomic(path.toStdString(), destruct::sessionToJson(m_session->saved())));
    return recordOutputFile(path.toStdString());
}

Status DestructPanel::loadSession(const QString& path) {
    if (!m_session) return makeError(ErrorCode::InvalidInput, "bake a model before loading a destruction session", path.toStdString());
    auto record = destruct::loadSession(path.toStdString());
    if (!record) return record.error();
    setPaused(true);  // the loaded state stays on screen
    {  // the session's settings and seed show in the fields (without replaying on each)
        const QSignalBlocker settings(m_settingsPanel), seed(m_seed);
        m_settingsPanel->setParams(destruct::simSchema().toParams(record->settings));
        m_seed->setValue(int(record->settings.seed));
    }
    if (record->actions.empty()) {
        m_session->reset(record->settings);
    } else {  // played by the CLI's job (`destruct --replay`): the same state, then driven here
        pipeline::DestructRequest request;
        request.input.model = m_model;
        request.input.what = path.toStdString();
        request.settings = record->settings;
        request.replay = std::move(record->actions);
        auto played = pipeline::runDestruct(request);
        if (!played) return played.error();
        m_session = played->session;
        m_needAttach = true;  // another simulation for the renderer
    }
    m_eventsLogged = 0;
    afterChange(true);
    return {};
}

void DestructPanel::saveSessionDialog() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Destruction Session"), QString(), tr("Destruction session (*.json)"));
    if (path.isEmpty()) return;
    if (const Status s = saveSession(path); !s) SW_LOG_ERROR("destruction: " << s.error().toString());
    else SW_LOG_INFO("destruction: session saved to " << path.toStdString());
}

void DestructPanel::loadSessionDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Load Destruction Session"), QString(), tr("Destruction session (*.json)"));
    if (path.isEmpty()) return;
    if (const Status s = loadSession(path); !s) SW_LOG_ERROR("destruction: " << s.error().toString());
}

void DestructPanel::logNewEvents() {
    if (!m_session) return;
    const auto& events = m_session->simulation().events();
    for (std::size_t k = m_eventsLogged; k < events.size(); ++k)
        if (events[k].type != destruct::EventType::Settled) SW_LOG_INFO("destruction: hit " << events[k].hit << ": " << events[k].text);
    m_eventsLogged = events.size();
}

QString DestructPanel::statsText() const {
    if (!m_session) return {};
    const destruct::Simulation& sim = m_session->simulation();
    const destruct::SimStats s = sim.stats();
    return tr("Hits %1, time %2 s\nDead slots (knocked out at least once) %3 of %4\nSlots per layer 1–4: %5, %6, %7, %8\n"
              "Chunks cracked %9, torn %10; islands torn %11\nIn flight: %12 pieces, %13 debris (pool %14)")
        .arg(s.hits)
        .arg(double(sim.time()), 0, 'f', 2)
        .arg(s.damaged)
        .arg(sim.size())
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
    const destruct::Simulation* sim = simulation();
    const std::size_t parts = sim ? std::size_t(sim->partCount()) : 0;
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
    if (!sim) return;
    const destruct::SimStats s = sim->stats();
    const float silenced = 1.f - sim->settings().partThreshold;
    for (std::size_t p = 0; p < parts; ++p) {
        const float h = p < s.partHealth.size() ? s.partHealth[p] : 1.f;
        m_bars[p]->setValue(int(std::lround(100.f * h)));
        const QString name = p < std::size_t(m_partNames.size()) && !m_partNames[int(p)].isEmpty() ? m_partNames[int(p)]
                                                                                                 : tr("part %1").arg(p);
        m_bars[p]->setFormat(name + QStringLiteral(": %p%") + (h <= silenced + 1e-6f ? tr(" (silenced)") : QString()));
    }
}

bool DestructPanel::refreshGameScale() {
    if (!m_session) return false;
    render::GameScaleSettings gs;
    gs.heightPx = 100;
    gs.headingDeg = float(m_heading->value());
    gs.look = m_viewport->splatLook();
    gs.look.effects.time = m_session->simulation().time();
    m_sheet = m_viewport->renderGameScale(gs);
    if (m_sheet.isNull()) return false;
    m_sheetView->setPixmap(QPixmap::fromImage(m_sheet));
    m_sheetView->resize(m_sheet.size());
    return true;
}

void DestructPanel::afterChange(bool sheet) {
    logNewEvents();
    updateStats();
    const double total = recordedTime(), now = m_session ? m_session->time() : 0.0;
    m_replaying = true;
    m_scrub->setRange(0, int(std::lround(total / double(kFrameSeconds))));
    m_scrub->setValue(int(std::lround(now / double(kFrameSeconds))));
    const double recorded = recordedHeal();
    const double pending = m_session ? double(m_session->pendingHeal()) : 0.0;
    m_heal->setValue(int(std::lround((recorded + (1.0 - recorded) * pending) * 100.0)));
    m_replaying = false;
    m_timeLabel->setText(QStringLiteral("%1 / %2 s").arg(now, 0, 'f', 2).arg(total, 0, 'f', 2));
    m_healLabel->setText(QStringLiteral("%1 %").arg(m_heal->value()));
    if (m_session) {
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
