#pragma once
// The Destruction dock (issue 15 item 8): the destruction test bench on the baked model the
// viewport shows. A weapon profile (a built-in, then edited in a panel generated from the weapon
// schema), a click on the model shoots along the view ray through that pixel, scripted volleys
// (N shots from a heading with a seed: core/destruct/volley, the CLI's `destruct` volley), a heal
// slider, a time scrub, pause/step, the stats (dead slots, slots per layer, chunks, debris, part
// health bars), reset, and the game-scale sheet (×1/×3 on grey and black) of the damaged model.
// The damage is drawn by the viewport's own renderer (its damage path, fed through the
// viewport's frame hook, so a re-docked viewport's new context gets it again).
//
// The panel only shows and edits: the bench itself is a destruct::Session (core/destruct/session.h),
// the same one `splatwright-cli destruct` plays. Every action is recorded; the time scrub and the
// heal slider replay the record from the pristine model (the simulation is deterministic: same
// seed, same shots, same state), so scrubbing back and healing less are exact. Shooting while
// scrubbed back drops what followed. Save Session writes the record (JSON) that the CLI's
// `destruct --replay` plays to the same state; Load Session plays a saved one here.
#include <QElapsedTimer>
#include <QImage>
#include <QPointer>
#include <QStringList>
#include <QWidget>
#include <memory>
#include <vector>

#include "core/destruct/render_sync.h"
#include "core/destruct/session.h"
#include "core/destruct/simulation.h"
#include "core/destruct/volley.h"
#include "core/destruct/weapon_profile.h"
#include "core/formats/spl2.h"
#include "widgets/viewport.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;
class QSpinBox;
class QTimer;
class QVBoxLayout;

namespace sw::widgets {

class ParamPanel;

class DestructPanel : public QWidget {
    Q_OBJECT
public:
    // One step of the running simulation. Running, the panel steps by the wall clock (a 60 Hz
    // timer; each tick takes the whole steps that elapsed, at most kMaxStepsPerTick, so a slow
    // frame slows the playback down instead of piling up steps) and the view repaints once per
    // tick: playback at the display's rate where the frame allows it, at real speed. The steps
    // are recorded, so a replay lands on the same state whatever the frame rate was.
    static constexpr float kFrameSeconds = sw::destruct::kFrameSeconds;
    static constexpr int kMaxStepsPerTick = 4;

    explicit DestructPanel(Viewport* viewport, QWidget* parent = nullptr);
    ~DestructPanel() override;

    // The baked model to shoot (the one the viewport shows); nullptr clears. A model the
    // simulation rejects is shown in the panel and returned.
    Status setModel(std::shared_ptr<const sw::formats::Spl2Model> model);
    const sw::destruct::Simulation* simulation() const { return m_session ? &m_session->simulation() : nullptr; }
    const sw::destruct::Session* session() const { return m_session.get(); }
    // The session's record as JSON (destruct::sessionToJson), written atomically; and a saved one
    // played from the pristine model (the current record is replaced). Errors name the file.
    Status saveSession(const QString& path) const;
    Status loadSession(const QString& path);

    // The weapon profile of the next shots (the schema panel's values).
    sw::destruct::WeaponProfile profile() const;
    // Loads a profile into the fields: this model's tuned one of that name if there is one, else
    // the built-in (cannon, mortar, railgun, grenade, hammer).
    void selectProfile(const QString& name);
    // The weapon profiles tuned for this model (saved in the project, exported beside the asset):
    // every edit of the fields keeps the edited profile here under its name (a built-in edited
    // back to its values drops out); the profile box lists the built-ins, then these.
    const std::vector<sw::destruct::WeaponProfile>& weapons() const { return m_weapons; }
    void setWeapons(std::vector<sw::destruct::WeaponProfile> weapons);  // a project's; names unique
    void setSimSettings(const sw::destruct::SimSettings& settings);    // a project's (seed: the Volley row)
    // The model's part names, shown on the part health bars (index = the baked part id).
    void setPartNames(const QStringList& names);
    ParamPanel* profilePanel() const { return m_profilePanel; }
    // The simulation's settings (the schema panel of SimSettings; its seed is the Volley row's).
    // An edit replays the record from the pristine model with the new settings (exact: the
    // simulation is deterministic), as the CLI's destruct flags would.
    sw::destruct::SimSettings simSettings() const;
    ParamPanel* settingsPanel() const { return m_settingsPanel; }

    // Actions (the dock's buttons and the viewport click call these). False: no model, or a miss.
    bool shootAt(QPointF viewportPosition);  // along the viewport's view ray through that pixel
    bool shoot(const Eigen::Vector3f& origin, const Eigen::Vector3f& direction);
    // The volley of the Volley row (shots, seed, heading); returns the hits that struck.
    int fireVolley();
    void setVolley(int shots, std::uint32_t seed, float headingDeg);
    // The heal slider: the share (0..1) of the damage since the last shot or volley that is
    // healed. It keeps showing a heal once it is recorded (the next frame while playing records
    // it); moving it further heals that share of the damage in all, moving it below what is
    // recorded puts it back (a recorded heal is undone by scrubbing back).
    void setHeal(double share);
    double heal() const;
    void setPaused(bool paused);
    bool paused() const;
    void stepFrame();              // one kFrameSeconds step
    void stepFrames(int steps);    // that many kFrameSeconds steps, one view update
    void scrubTo(double seconds);  // 0..recordedTime(), replayed
    double recordedTime() const;
    void reset();

    // The last game-scale sheet (null before a refresh or without a GL context).
    const QImage& gameScaleImage() const { return m_sheet; }
    bool refreshGameScale();
    QString statsText() const;

signals:
    void stateChanged();  // after every action and running step

private:
    void buildUi();
    void keepEditedProfile();   // the fields' profile into m_weapons (see weapons())
    void refreshProfileBox();   // built-ins, then m_weapons' own names
    // The settings panel's values into the session: a fresh simulation while nothing was fired,
    // else the record replayed with them (Session::setSettings).
    void applySimSettings();
    void saveSessionDialog();
    void loadSessionDialog();
    void setActionsEnabled(bool on);
    double recordedHeal() const;  // 1 − Π(1 − h) of the heals recorded since the last shot or volley
    void healSliderMoved(int percent);
    void afterChange(bool sheet);
    void updateStats();
    void logNewEvents();
    void tick();
    void setRunning(bool running);  // starts (wall clock from now) or stops the timer

    QPointer<Viewport> m_viewport;
    std::shared_ptr<const sw::formats::Spl2Model> m_model;
    std::shared_ptr<sw::destruct::Session> m_session;
    sw::destruct::DamageSync m_sync;
    bool m_needAttach = true;
    bool m_attachFailed = false;
    std::uint64_t m_attachedGeneration = 0;  // the session's simulation the renderer was attached to
    std::vector<sw::destruct::WeaponProfile> m_weapons;
    QStringList m_partNames;
    std::size_t m_eventsLogged = 0;

    QComboBox* m_preset = nullptr;
    ParamPanel* m_profilePanel = nullptr;
    ParamPanel* m_settingsPanel = nullptr;
    QCheckBox* m_clickShoots = nullptr;
    QSpinBox* m_shots = nullptr;
    QSpinBox* m_seed = nullptr;
    QDoubleSpinBox* m_heading = nullptr;
    QPushButton* m_volleyButton = nullptr;
    QSlider* m_heal = nullptr;
    QLabel* m_healLabel = nullptr;
    QSlider* m_scrub = nullptr;
    QLabel* m_timeLabel = nullptr;
    QPushButton* m_pause = nullptr;
    QPushButton* m_step = nullptr;
    QPushButton* m_reset = nullptr;
    QPushButton* m_saveSession = nullptr;
    QPushButton* m_loadSession = nullptr;
    QLabel* m_stats = nullptr;
    QVBoxLayout* m_partBars = nullptr;
    std::vector<QProgressBar*> m_bars;
    QLabel* m_sheetView = nullptr;
    QTimer* m_timer = nullptr;
    QElapsedTimer m_clock;  // wall time since the last tick's steps
    double m_lag = 0.0;     // wall seconds not yet stepped
    QImage m_sheet;
    bool m_replaying = false;
    int m_sheetCountdown = 0;
};

}  // namespace sw::widgets
