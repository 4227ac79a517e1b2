#pragma once
// The Effects panel (issue #6.3): choose a splat effect, set its knobs (forms generated from
// core/render/effects_schema), and play, pause or scrub a loop in which the chosen effect's
// amount goes 0 → 1 → 0 (animateEffect) while its other knobs come from the form. Clicks on the
// model (Viewport::splatPicked, forwarded to pickPoint) set the hit point, the centre or the
// shot direction. The panel only computes EffectParams; whoever shows them connects
// effectsChanged (the main window: Viewport::setEffects).
#include <QWidget>
#include <memory>

#include "core/render/effects_schema.h"

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;
class QTimer;
class QVBoxLayout;

namespace sw::widgets {

class ParamPanel;

class EffectsPanel : public QWidget {
    Q_OBJECT
public:
    enum class ClickTarget { HitPoint, Center, ShotDirection };

    explicit EffectsPanel(QWidget* parent = nullptr);
    ~EffectsPanel() override;

    // The model the effects act on: part pivots for part_xform (nullptr: pivots at the origin).
    void setModel(std::shared_ptr<const sw::formats::Spl2Model> model);

    void setEffect(sw::render::EffectKind effect);
    sw::render::EffectKind effect() const;
    void play();   // advances the clock from a ~30 fps timer, looping
    void pause();
    bool isPlaying() const;
    // Scrubs to a time in seconds (wrapped into the loop); emits effectsChanged.
    void setTime(double seconds);
    double time() const;       // s, in [0, loop)
    double loopSeconds() const;
    double progress() const;   // the driven amount's wave 0..1 at time()
    // The effect parameters for the current time and knobs.
    sw::render::EffectParams effectParams() const;
    // What a click on the model sets.
    void setClickTarget(ClickTarget target);
    // A clicked model point: sets the hit point, the centre, or the shot direction (from the
    // point through the model's centre), then emits effectsChanged.
    void pickPoint(const Eigen::Vector3f& modelPoint);

    ParamPanel* knobsPanel() const { return m_knobs; }
    ParamPanel* timelinePanel() const { return m_timeline; }

signals:
    void effectsChanged(const sw::render::EffectParams& effects);

protected:
    void changeEvent(QEvent* event) override;

private:
    void setLabels();  // the time and vector lines in the current language
    void buildTimelineRow(QVBoxLayout* layout);
    void showEffectKnobs();
    void onTick();
    void refresh();  // labels, slider, emit effectsChanged

    ParamPanel* m_timeline = nullptr;
    ParamPanel* m_knobs = nullptr;
    QPushButton* m_play = nullptr;
    QSlider* m_slider = nullptr;
    QLabel* m_timeLabel = nullptr;
    QComboBox* m_clickTarget = nullptr;
    QLabel* m_vectors = nullptr;
    QTimer* m_timer = nullptr;
    struct State;
    std::unique_ptr<State> m_state;
};

}  // namespace sw::widgets
