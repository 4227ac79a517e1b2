#include "widgets/effects_panel.h"

#include <QEvent>

#include <QComboBox>
#include <QElapsedTimer>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPushButton>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>
#include <functional>
#include <map>

#include "widgets/param_panel.h"

namespace sw::widgets {

namespace {
constexpr int kTickMs = 33;           // ~30 fps while playing
constexpr int kSliderSteps = 1000;    // timeline slider resolution per loop

// Shows the rows of `panel` for which shown(index) holds and hides group boxes left empty.
void showParams(ParamPanel* panel, const std::vector<ParamSpec>& specs, const std::function<bool(std::size_t)>& shown) {
    std::map<QWidget*, bool> boxShown;
    for (std::size_t i = 0; i < specs.size(); ++i) {
        const QString name = QString::fromStdString(specs[i].name);
        panel->setParamVisible(name, shown(i));
        if (QWidget* editor = panel->editorFor(name)) boxShown[editor->parentWidget()] |= shown(i);
    }
    for (const auto& [box, visible] : boxShown)
        if (box && box != panel) box->setVisible(visible);
}

// The loop's scrub bar: a click on the groove puts the handle (and the time) where it was clicked,
// not a page further; the keys scrub (arrows 1 %, Page Up/Down 10 %, Home/End the loop's ends)
// and Space plays or pauses.
class ScrubSlider : public QSlider {
public:
    explicit ScrubSlider(std::function<void()> togglePlay) : QSlider(Qt::Horizontal), m_togglePlay(std::move(togglePlay)) {
        setFocusPolicy(Qt::StrongFocus);
    }

protected:
    void mousePressEvent(QMouseEvent* event) override {
        if (event->button() == Qt::LeftButton) {
            QStyleOptionSlider opt;
            initStyleOption(&opt);
            const QRect handle = style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderHandle, this);
            if (!handle.contains(event->position().toPoint())) {
                const QRect groove = style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderGroove, this);
                const int span = groove.width() - handle.width();
                const int x = int(event->position().x()) - groove.x() - handle.width() / 2;
                setValue(QStyle::sliderValueFromPosition(minimum(), maximum(), x, std::max(span, 1), opt.upsideDown));
            }
        }
        QSlider::mousePressEvent(event);  // the handle is under the mouse now: dragging goes on
    }
    void keyPressEvent(QKeyEvent* event) override {
        if (event->key() == Qt::Key_Space) {
            m_togglePlay();
            event->accept();
            return;
        }
        QSlider::keyPressEvent(event);
    }

private:
    std::function<void()> m_togglePlay;
};

QString vectorText(const Eigen::Vector3f& v) {
    return QStringLiteral("(%1, %2, %3)").arg(double(v.x()), 0, 'f', 2).arg(double(v.y()), 0, 'f', 2).arg(double(v.z()), 0, 'f', 2);
}
}  // namespace

struct EffectsPanel::State {
    double time = 0.0;  // s, in [0, loop)
    QElapsedTimer clock;
    std::shared_ptr<const formats::Spl2Model> model;
    std::array<Eigen::Vector3f, render::kEffectParts> pivots{};
    Eigen::Vector3f modelCentre = Eigen::Vector3f::Zero();
    Eigen::Vector3f center = Eigen::Vector3f::Zero();
    Eigen::Vector3f hitPoint = Eigen::Vector3f::Zero();
    Eigen::Vector3f shotDirection = Eigen::Vector3f(0.f, 1.f, 0.f);
};

EffectsPanel::EffectsPanel(QWidget* parent) : QWidget(parent), m_state(std::make_unique<State>()) {
    m_state->pivots.fill(Eigen::Vector3f::Zero());
    auto* layout = new QVBoxLayout(this);
    m_timeline = new ParamPanel(render::effectTimelineSchema().schema());
    m_timeline->setObjectName("effectTimeline");
    layout->addWidget(m_timeline);
    buildTimelineRow(layout);
    m_knobs = new ParamPanel(render::effectsSchema().schema());
    m_knobs->setObjectName("effectKnobs");
    layout->insertWidget(layout->count() - 1, m_knobs);  // above the click-target row
    layout->addStretch(1);

    m_timer = new QTimer(this);
    m_timer->setInterval(kTickMs);
    connect(m_timer, &QTimer::timeout, this, &EffectsPanel::onTick);
    connect(m_timeline, &ParamPanel::changed, this, [this](const QString& name) {
        if (name.isEmpty() || name == QLatin1String("effect")) showEffectKnobs();
        setTime(m_state->time);  // re-wrap into a changed loop, emit
    });
    connect(m_knobs, &ParamPanel::changed, this, &EffectsPanel::refresh);
    showEffectKnobs();
    refresh();
}

EffectsPanel::~EffectsPanel() = default;

void EffectsPanel::buildTimelineRow(QVBoxLayout* layout) {
    auto* row = new QHBoxLayout;
    m_play = new QPushButton(tr("Play"));
    m_play->setObjectName("effectPlay");
    m_play->setCheckable(true);
    m_play->setToolTip(tr("Play or pause the effect loop"));
    connect(m_play, &QPushButton::toggled, this, [this](bool on) { on ? play() : pause(); });
    m_slider = new ScrubSlider([this] { isPlaying() ? pause() : play(); });
    m_slider->setObjectName("effectTimelineSlider");
    m_slider->setRange(0, kSliderSteps);
    m_slider->setSingleStep(kSliderSteps / 100);
    m_slider->setPageStep(kSliderSteps / 10);
    m_slider->setToolTip(tr("Scrub through the loop: click or drag; arrows, Page Up/Down, Home/End; Space plays or pauses"));
    // Every change of the slider (drag, click on the groove, keys) sets the time; refresh() sets
    // the slider back with its signals blocked. The end (End key) is just before the loop wraps.
    connect(m_slider, &QSlider::valueChanged, this, [this](int v) {
        setTime(loopSeconds() * std::min(double(v) / double(kSliderSteps), 1.0 - 1e-9));
    });
    row->addWidget(m_play);
    row->addWidget(m_slider, 1);
    layout->addLayout(row);
    m_timeLabel = new QLabel;
    m_timeLabel->setObjectName("effectTimeLabel");
    layout->addWidget(m_timeLabel);

    auto* form = new QFormLayout;
    m_clickTarget = new QComboBox;
    m_clickTarget->setObjectName("effectClickTarget");
    m_clickTarget->addItems({tr("Hit point"), tr("Centre"), tr("Shot direction")});
    m_clickTarget->setToolTip(tr("What a click on the splat model in the viewport sets"));
    form->addRow(tr("Click sets"), m_clickTarget);
    m_vectors = new QLabel;
    m_vectors->setObjectName("effectVectors");
    m_vectors->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(tr("Vectors"), m_vectors);
    layout->addLayout(form);
}

void EffectsPanel::setModel(std::shared_ptr<const formats::Spl2Model> model) {
    m_state->model = std::move(model);
    if (m_state->model) {
        m_state->pivots = render::effectPartPivots(*m_state->model);
        Eigen::Vector3f sum = Eigen::Vector3f::Zero();
        for (const Eigen::Vector3f& p : m_state->model->core.pos) sum += p;
        m_state->modelCentre = m_state->model->core.size() ? Eigen::Vector3f(sum / float(m_state->model->core.size()))
                                                           : Eigen::Vector3f::Zero();
    } else {
        m_state->pivots.fill(Eigen::Vector3f::Zero());
        m_state->modelCentre = Eigen::Vector3f::Zero();
    }
    refresh();
}

void EffectsPanel::setEffect(render::EffectKind effect) {
    ParamSet params = m_timeline->params();
    const std::string name = render::effectGroup(effect);
    if (Status s = params.set("effect", name); !s) return;
    m_timeline->setParams(params);
    showEffectKnobs();
    refresh();
}

render::EffectKind EffectsPanel::effect() const {
    return render::effectTimelineSchema().fromParams(m_timeline->params()).effect;
}

void EffectsPanel::showEffectKnobs() {
    // Only the chosen effect's knobs. Its amount (each group's first knob, effects_schema.h) is
    // driven by the timeline, so it is hidden.
    const std::string group = render::effectGroup(effect());
    const auto& knobs = render::effectsSchema().schema().params();
    std::size_t amount = knobs.size();
    for (std::size_t i = 0; i < knobs.size() && amount == knobs.size(); ++i)
        if (knobs[i].group == group) amount = i;
    showParams(m_knobs, knobs, [&](std::size_t i) { return knobs[i].group == group && i != amount; });
    const auto& timeline = render::effectTimelineSchema().schema().params();
    showParams(m_timeline, timeline,
               [&](std::size_t i) { return timeline[i].group == "Timeline" || timeline[i].group == group; });
}

void EffectsPanel::play() {
    if (m_timer->isActive()) return;
    m_state->clock.start();
    m_timer->start();
    const QSignalBlocker block(m_play);
    m_play->setChecked(true);
    m_play->setText(tr("Pause"));
}

void EffectsPanel::pause() {
    m_timer->stop();
    const QSignalBlocker block(m_play);
    m_play->setChecked(false);
    m_play->setText(tr("Play"));
}

bool EffectsPanel::isPlaying() const { return m_timer->isActive(); }

void EffectsPanel::onTick() {
    const double dt = double(m_state->clock.restart()) / 1000.0;
    setTime(m_state->time + dt);
}

void EffectsPanel::setTime(double seconds) {
    const double loop = loopSeconds();
    m_state->time = seconds - loop * std::floor(seconds / loop);
    if (m_state->time >= loop) m_state->time = 0.0;
    refresh();
}

double EffectsPanel::time() const { return m_state->time; }

double EffectsPanel::loopSeconds() const {
    return std::max(0.2, m_timeline->params().getFloat("loop-seconds"));
}

double EffectsPanel::progress() const { return double(render::loopWave(float(m_state->time), float(loopSeconds()))); }

render::EffectParams EffectsPanel::effectParams() const {
    render::EffectParams knobs = render::effectsSchema().fromParams(m_knobs->params());
    knobs.center = m_state->center;
    knobs.hitPoint = m_state->hitPoint;
    knobs.shotDirection = m_state->shotDirection;
    const render::EffectTimeline timeline = render::effectTimelineSchema().fromParams(m_timeline->params());
    return render::animateEffect(knobs, timeline, float(m_state->time), m_state->pivots);
}

void EffectsPanel::setClickTarget(ClickTarget target) { m_clickTarget->setCurrentIndex(int(target)); }

void EffectsPanel::pickPoint(const Eigen::Vector3f& modelPoint) {
    switch (ClickTarget(m_clickTarget->currentIndex())) {
        case ClickTarget::HitPoint: m_state->hitPoint = modelPoint; break;
        case ClickTarget::Center: m_state->center = modelPoint; break;
        case ClickTarget::ShotDirection: {
            // The shot enters at the clicked point and travels through the model's centre.
            const Eigen::Vector3f d = m_state->modelCentre - modelPoint;
            if (d.norm() > 1e-5f) m_state->shotDirection = d.normalized();
            break;
        }
    }
    refresh();
}

void EffectsPanel::refresh() {
    const double loop = loopSeconds();
    if (!m_slider->isSliderDown()) {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(int(std::lround(m_state->time / loop * kSliderSteps)));
    }
    setLabels();
    emit effectsChanged(effectParams());
}

void EffectsPanel::setLabels() {
    m_timeLabel->setText(tr("t = %1 s of %2 s, amount %3")
                             .arg(m_state->time, 0, 'f', 2)
                             .arg(loopSeconds(), 0, 'f', 2)
                             .arg(progress(), 0, 'f', 2));
    m_vectors->setText(tr("hit %1, centre %2, shot %3")
                           .arg(vectorText(m_state->hitPoint), vectorText(m_state->center),
                                vectorText(m_state->shotDirection)));
}

void EffectsPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) setLabels();  // a live language switch
    QWidget::changeEvent(event);
}

}  // namespace sw::widgets
