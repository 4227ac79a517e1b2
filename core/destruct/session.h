#pragma once
// A destruction bench session (docs/destruction.md): the simulation of one baked model plus the
// record of what was done to it — shots, volleys, time steps and heals — so that any earlier time
// can be replayed exactly (the simulation is deterministic: same seed, same actions, same state).
// The editor's Destruction dock and `splatwright-cli destruct` (through pipeline::runDestruct)
// drive the same Session, and a record saved by one replays in the other to identical state bytes.
//
// Scrubbing back replays the record from the pristine model up to that time; an action taken
// while scrubbed back drops what followed. A pending heal (the dock's slider) is applied on top of
// the replayed state and becomes a recorded Heal action when the next action is taken.
#include <Eigen/Core>
#include <memory>
#include <string>
#include <vector>

#include "core/destruct/simulation.h"
#include "core/destruct/volley.h"
#include "core/destruct/weapon_profile.h"
#include "core/formats/spl2.h"
#include "core/foundation/error.h"

namespace sw::destruct {

// One step of a running bench (the dock plays in steps of this length, at the display's rate).
inline constexpr float kFrameSeconds = 1.f / 60.f;

struct SessionAction {
    enum class Kind { Shot, Volley, Steps, Heal } kind = Kind::Shot;
    WeaponProfile profile;                                   // Shot, Volley
    Eigen::Vector3f origin = Eigen::Vector3f::Zero();        // Shot: model space
    Eigen::Vector3f direction = Eigen::Vector3f::UnitY();    // Shot: unit
    Volley volley;                                           // Volley
    int steps = 0;                                           // Steps: this many steps …
    float dt = kFrameSeconds;                                // … of dt seconds
    float amount = 0.f;                                      // Heal: share 0..1 of the damage
    // Simulated seconds the action advances (a shot and a heal take none).
    double duration() const;
};

// A saved session: the simulation's settings it ran with (its seed included) and its actions.
struct SessionRecord {
    SimSettings settings;
    std::vector<SessionAction> actions;
};
// The record as JSON ({"stage": "destruct-session", "version": 1, "settings": {...}, "actions":
// [...]}) and back; errors name `path` and what is wrong (a bad kind, a NaN, a profile the weapon
// schema refuses, settings outside the simulation's schema).
std::string sessionToJson(const SessionRecord& record);
Result<SessionRecord> sessionFromJson(const std::string& text, const std::string& path);
Result<SessionRecord> loadSession(const std::string& path);

class Session {
public:
    // The pristine simulation of `model` with `settings` (errors as Simulation::create, naming `what`).
    static Result<Session> create(std::shared_ptr<const formats::Spl2Model> model, const SimSettings& settings,
                                  std::string what = "baked model");

    // Actions; each is recorded (after dropping what followed a scrubbed-back time and committing
    // a pending heal) and applied at once.
    HitReport shoot(const WeaponProfile& profile, const Eigen::Vector3f& origin, const Eigen::Vector3f& direction);
    std::vector<HitReport> fireVolley(const WeaponProfile& profile, const Volley& volley);
    void step(int steps, float dt = kFrameSeconds);  // consecutive steps of one dt merge into one action
    void heal(float amount);                          // recorded at once
    // Applies every action of a record in order (as recorded); hits of its shots and volleys.
    std::vector<HitReport> play(const std::vector<SessionAction>& actions);

    // The heal slider: `share` (0..1) of the damage at the current time, exact (replayed); it is
    // recorded as a Heal when the next action is taken.
    void setPendingHeal(float share);
    float pendingHeal() const { return m_pendingHeal; }
    // Replays the record up to `seconds` (clamped to 0..recordedTime()).
    void scrubTo(double seconds);
    // New settings. While nothing is recorded they apply whole; after that the record is replayed
    // with them, keeping the seed in use until reset().
    void setSettings(const SimSettings& settings);
    // Back to the pristine model with the current settings (their seed too), or with `settings`;
    // the record and the pending heal are cleared.
    void reset();
    void reset(const SimSettings& settings);

    double time() const { return m_time; }  // the time shown (≤ recordedTime() while scrubbed back)
    double recordedTime() const;
    const std::vector<SessionAction>& actions() const { return m_actions; }
    const Simulation& simulation() const { return *m_sim; }
    Simulation& simulation() { return *m_sim; }
    const SimSettings& settings() const { return m_settings; }
    // The settings the simulation runs with (the seed in use) and the actions: what to save.
    SessionRecord saved() const;
    const std::shared_ptr<const formats::Spl2Model>& model() const { return m_model; }
    // Bumped whenever the simulation was recreated (a replay or reset): a renderer attached to the
    // old one must attach again.
    std::uint64_t generation() const { return m_generation; }

private:
    Session() = default;
    // Where a replay stopped: actions [0, action) whole, then `units` shots or steps of action
    // `action` (a time scrubbed back); action == actions().size() is the end of the record.
    struct Cursor {
        std::size_t action = 0;
        int units = 0;
    };
    Cursor cursorAt(double until) const;
    Cursor end() const { return {m_actions.size(), 0}; }
    void rebuild(const SimSettings& settings);
    void replayTo(Cursor cursor);  // from the pristine model, then the pending heal
    void apply(const SessionAction& action, int count, std::vector<HitReport>* hits);
    void record(SessionAction action);
    void truncateToCursor();  // drops what follows the scrubbed-back cursor
    void commitHeal();

    std::shared_ptr<const formats::Spl2Model> m_model;
    std::string m_what;
    SimSettings m_settings;
    std::uint32_t m_seedInUse = 1;
    std::unique_ptr<Simulation> m_sim;
    std::vector<SessionAction> m_actions;
    Cursor m_cursor;            // what the simulation shows (end() unless scrubbed back)
    double m_time = 0.0;
    float m_pendingHeal = 0.f;
    std::uint64_t m_generation = 0;
};

}  // namespace sw::destruct
