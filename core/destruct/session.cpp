#include "core/destruct/session.h"

#include <algorithm>
#include <cmath>

#include "core/foundation/check.h"

namespace sw::destruct {
namespace {
constexpr double kEps = 1e-6;

// Simulated seconds per unit of a Steps or Volley action, and how many units it holds.
double unitSeconds(const SessionAction& a) {
    return a.kind == SessionAction::Kind::Steps ? double(a.dt) : double(a.volley.interval);
}
int units(const SessionAction& a) { return a.kind == SessionAction::Kind::Steps ? a.steps : a.volley.shots; }
bool timed(const SessionAction& a) {
    return a.kind == SessionAction::Kind::Steps || a.kind == SessionAction::Kind::Volley;
}
// The units of a timed action that started at `t` taken by `until` (a volley's shot is taken at
// its start, a step at its end).
int unitsBy(const SessionAction& a, double t, double until) {
    const double dt = unitSeconds(a);
    const int total = units(a);
    if (dt <= 0.0) return total;
    const int n = int(std::floor((until - t) / dt + kEps)) + (a.kind == SessionAction::Kind::Volley ? 1 : 0);
    return std::clamp(n, 0, total);
}
}  // namespace

double SessionAction::duration() const { return timed(*this) ? unitSeconds(*this) * double(units(*this)) : 0.0; }

Result<Session> Session::create(std::shared_ptr<const formats::Spl2Model> model, const SimSettings& settings,
                                std::string what) {
    SW_REQUIRE(model != nullptr, "a session needs a model");
    auto sim = Simulation::create(*model, settings, what);
    if (!sim) return sim.error();
    Session s;
    s.m_model = std::move(model);
    s.m_what = std::move(what);
    s.m_settings = settings;
    s.m_seedInUse = settings.seed;
    s.m_sim = std::make_unique<Simulation>(std::move(*sim));
    return s;
}

void Session::rebuild(const SimSettings& settings) {
    auto sim = Simulation::create(*m_model, settings, m_what);
    // The model was accepted with these settings' schema ranges before (setSettings is given
    // schema-checked values): a failure here is a caller bug.
    SW_REQUIRE(sim.ok(), sim.ok() ? std::string() : sim.error().toString());
    m_sim = std::make_unique<Simulation>(std::move(*sim));
    m_seedInUse = settings.seed;
    ++m_generation;
}

SessionRecord Session::saved() const {
    SessionRecord r{m_settings, m_actions};
    r.settings.seed = m_seedInUse;
    return r;
}

double Session::recordedTime() const {
    double t = 0.0;
    for (const SessionAction& a : m_actions) t += a.duration();
    return t;
}

void Session::apply(const SessionAction& a, int count, std::vector<HitReport>* hits) {
    switch (a.kind) {
    case SessionAction::Kind::Shot: {
        m_sim->setProfile(a.profile);
        HitReport r = m_sim->fire(a.origin, a.direction);
        if (hits) hits->push_back(std::move(r));
        break;
    }
    case SessionAction::Kind::Volley:
        m_sim->setProfile(a.profile);
        for (int k = 0; k < count; ++k) {  // destruct::fireVolley's order, up to `count` shots
            const auto [o, d] = volleyAim(a.volley, k, a.profile.kind);
            HitReport r = m_sim->fire(o, d);
            if (hits) hits->push_back(std::move(r));
            m_sim->step(a.volley.interval);
        }
        break;
    case SessionAction::Kind::Steps:
        for (int k = 0; k < count; ++k) m_sim->step(a.dt);
        break;
    case SessionAction::Kind::Heal: m_sim->heal(a.amount); break;
    }
}

Session::Cursor Session::cursorAt(double until) const {
    double t = 0.0;
    for (std::size_t i = 0; i < m_actions.size(); ++i) {
        const SessionAction& a = m_actions[i];
        if (t > until + kEps) return {i, 0};
        if (!timed(a)) continue;
        const int n = unitsBy(a, t, until);
        if (n < units(a)) return {i, n};
        t += unitSeconds(a) * double(n);
    }
    return end();
}

void Session::replayTo(Cursor cursor) {
    SimSettings s = m_settings;
    s.seed = m_seedInUse;
    rebuild(s);
    double t = 0.0;
    for (std::size_t i = 0; i < cursor.action && i < m_actions.size(); ++i) {
        const SessionAction& a = m_actions[i];
        apply(a, timed(a) ? units(a) : 1, nullptr);
        t += a.duration();
    }
    if (cursor.action < m_actions.size() && cursor.units > 0) {
        const SessionAction& a = m_actions[cursor.action];
        apply(a, cursor.units, nullptr);
        t += unitSeconds(a) * double(cursor.units);
    }
    m_cursor = cursor;
    m_time = t;
    if (m_pendingHeal > 0.f) m_sim->heal(m_pendingHeal);
}

void Session::truncateToCursor() {
    if (m_cursor.action >= m_actions.size()) return;
    const std::size_t keep = m_cursor.action + (m_cursor.units > 0 ? 1 : 0);
    if (m_cursor.units > 0) {
        SessionAction& partial = m_actions[m_cursor.action];
        (partial.kind == SessionAction::Kind::Steps ? partial.steps : partial.volley.shots) = m_cursor.units;
    }
    m_actions.resize(keep);
    m_cursor = end();
}

void Session::commitHeal() {
    if (m_pendingHeal <= 0.f) return;
    SessionAction h;
    h.kind = SessionAction::Kind::Heal;
    h.amount = m_pendingHeal;
    m_actions.push_back(h);  // the simulation has it already
    m_pendingHeal = 0.f;
}

void Session::record(SessionAction a) {
    truncateToCursor();
    commitHeal();
    if (a.kind == SessionAction::Kind::Steps && !m_actions.empty() && m_actions.back().kind == SessionAction::Kind::Steps &&
        m_actions.back().dt == a.dt) {
        m_actions.back().steps += a.steps;
    } else {
        m_actions.push_back(std::move(a));
    }
    m_cursor = end();
}

HitReport Session::shoot(const WeaponProfile& profile, const Eigen::Vector3f& origin, const Eigen::Vector3f& direction) {
    SessionAction a;
    a.kind = SessionAction::Kind::Shot;
    a.profile = profile;
    a.origin = origin;
    a.direction = direction;
    record(a);
    std::vector<HitReport> hits;
    apply(a, 1, &hits);
    return hits.front();
}

std::vector<HitReport> Session::fireVolley(const WeaponProfile& profile, const Volley& volley) {
    SessionAction a;
    a.kind = SessionAction::Kind::Volley;
    a.profile = profile;
    a.volley = volley;
    record(a);
    std::vector<HitReport> hits;
    apply(a, volley.shots, &hits);
    m_time = recordedTime();
    return hits;
}

void Session::step(int steps, float dt) {
    if (steps < 1) return;
    SessionAction a;
    a.kind = SessionAction::Kind::Steps;
    a.steps = steps;
    a.dt = dt;
    record(a);
    apply(a, steps, nullptr);
    m_time = recordedTime();
}

void Session::heal(float amount) {
    SessionAction a;
    a.kind = SessionAction::Kind::Heal;
    a.amount = std::clamp(amount, 0.f, 1.f);
    record(a);
    apply(a, 1, nullptr);
}

std::vector<HitReport> Session::play(const std::vector<SessionAction>& actions) {
    std::vector<HitReport> hits;
    for (const SessionAction& a : actions) {
        record(a);
        apply(a, timed(a) ? units(a) : 1, &hits);
        m_time = recordedTime();
    }
    return hits;
}

void Session::setPendingHeal(float share) {
    m_pendingHeal = std::clamp(share, 0.f, 1.f);
    replayTo(m_cursor);
}

void Session::scrubTo(double seconds) { replayTo(cursorAt(std::clamp(seconds, 0.0, recordedTime()))); }

void Session::setSettings(const SimSettings& settings) {
    m_settings = settings;
    if (m_actions.empty()) {
        reset();
        return;
    }
    replayTo(m_cursor);
}

void Session::reset() { reset(m_settings); }

void Session::reset(const SimSettings& settings) {
    m_settings = settings;
    m_actions.clear();
    m_cursor = end();
    m_pendingHeal = 0.f;
    m_time = 0.0;
    rebuild(settings);
}

}  // namespace sw::destruct
