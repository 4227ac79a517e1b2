#pragma once
// Weapon profiles (PIPELINE §7, issue 15): how one weapon breaks a hull, as data. A profile is a
// schema-described settings struct, saved as a JSON preset ({"stage": "weapon", "params": {...}},
// docs/formats.md) next to the exported asset and in the project. Built-ins:
//   cannon  SHOT: narrow crater, cracks the chunk it hits; cascade: a cracked chunk tears off first
//           on the next shot.
//   mortar  EPICENTER: everything within the radius of the epicentre, nearest first (radial), tears
//           the chunks there and throws them up and outward.
//   railgun PIERCE: spall at the entry, a crack channel along the bolt, a chunk torn at the exit.
//   grenade BLAST: wide, shallow, more debris.   hammer MELEE: a dent, nothing flies.
#include <optional>
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/schema.h"

namespace sw::destruct {

enum class HitKind : int {
    Shot = 0,       // narrow band on the struck side (projection on that side's normal)
    Blast = 1,      // wide band
    Epicenter = 2,  // radial from the epicentre (mine under the belly, lobbed shell): tears the top
    Melee = 3,      // dent: pushed in by less than a layer, nothing flies
    Pierce = 4,     // spall at entry, crack channel along the bolt, chunk at exit
};
const char* hitKindName(HitKind kind);

struct WeaponProfile {
    std::string name = "cannon";
    HitKind kind = HitKind::Shot;
    float damage = 40.f;          // slot layers knocked out per hit (the crater's size in splats)
    float radius = 0.12f;         // model units: footprint radius around the impact
    float band = 0.08f;           // model units: depth band on the struck side (SHOT/BLAST/MELEE)
    int chunkBudget = 1;          // chunks torn off per hit at most
    float crackShare = 0.05f;     // share of a chunk's plating knocked out that cracks it
    float tearShare = 0.6f;       // share that tears it off whole
    bool cascade = true;          // a cracked chunk tears off first on the next hit
    float cascadeRadius = 0.6f;   // model units: cracked chunks this close to the impact cascade
    float debrisShare = 0.3f;     // share of knocked-out splats that also fly as white-hot debris
    float debrisSpeed = 1.2f;     // model units / s
    float chunkSpeed = 0.7f;      // model units / s, torn chunks
    float chunkSpin = 4.f;        // rad / s at most
    float cooling = 1.2f;         // 1 / s: heat(t) = heat0 · exp(−cooling · t) (black-body ramp)
    float spallRadius = 0.06f;    // PIERCE: crater radius at the entry
    float channelRadius = 0.03f;  // PIERCE: slots this close to the bolt line crack
};
const SettingsSchema<WeaponProfile>& weaponSchema();

// The built-in profiles in the order above.
std::vector<WeaponProfile> builtinProfiles();
// A built-in by name, else a JSON preset file at that path. Errors: Io/Parse naming the file,
// InvalidInput for a value out of its range or an unknown name that is not a file.
Result<WeaponProfile> loadProfile(const std::string& nameOrPath);
Result<WeaponProfile> profileFromJson(const std::string& text, const std::string& path = {});
std::string profileToJson(const WeaponProfile& profile);
Status saveProfile(const std::string& path, const WeaponProfile& profile);  // atomic

// The profile named `name`: a model's own (tuned in the Destruction dock, saved in its project)
// first, then a built-in; nullopt when neither has that name. The one look-up rule of the dock,
// the CLI and export.
std::optional<WeaponProfile> findProfile(const std::vector<WeaponProfile>& own, const std::string& name);
// Keeps `edited` among a model's own profiles under its name (replacing one of that name); a
// built-in edited back to its own values drops out instead. The Destruction dock's edit rule.
void keepEdited(std::vector<WeaponProfile>& own, const WeaponProfile& edited);
// findProfile, else a JSON preset file at that path (loadProfile's errors).
Result<WeaponProfile> resolveProfile(const std::vector<WeaponProfile>& own, const std::string& nameOrPath);

}  // namespace sw::destruct
