#pragma once
// Scripted volleys (issue 15): N shots from a heading at aim points spread by a seed, the
// simulation advanced between shots. The CLI's `destruct` command and the editor's Destruction
// dock fire the same volleys through these functions.
#include <Eigen/Core>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/destruct/simulation.h"

namespace sw::destruct {

struct Volley {
    int shots = 5;
    std::uint32_t seed = 1;
    float headingDeg = 0.f;  // the side the shots come from (camera convention: 0 = from −Y)
    float spread = 0.35f;    // aim spread around the model's middle, model units
    float interval = 0.1f;   // simulated seconds between shots
};

// Shot k of a volley: origin and unit direction, model space. From the heading's side, aimed at a
// point of the model's middle spread by the seed; an epicenter profile lobs from above.
std::pair<Eigen::Vector3f, Eigen::Vector3f> volleyAim(const Volley& volley, int k, HitKind kind);

// Fires the volley with the simulation's profile (each shot followed by step(interval)).
std::vector<HitReport> fireVolley(Simulation& sim, const Volley& volley);

}  // namespace sw::destruct
