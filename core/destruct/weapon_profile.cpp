#include "core/destruct/weapon_profile.h"

#include <algorithm>
#include <filesystem>

#include "core/foundation/file_io.h"

namespace sw::destruct {

const char* hitKindName(HitKind kind) {
    switch (kind) {
    case HitKind::Shot: return "shot";
    case HitKind::Blast: return "blast";
    case HitKind::Epicenter: return "epicenter";
    case HitKind::Melee: return "melee";
    case HitKind::Pierce: return "pierce";
    }
    return "shot";
}

const SettingsSchema<WeaponProfile>& weaponSchema() {
    static const SettingsSchema<WeaponProfile> schema = [] {
        SettingsSchema<WeaponProfile> s("weapon", "Weapon profile");
        using W = WeaponProfile;
        const std::string g = "Weapon", c = "Chunks", f = "Debris and heat", p = "Railgun";
        s.add(&W::name, "name", "Name").group(g);
        s.addChoice(&W::kind, "kind", "Hit kind",
                    {{HitKind::Shot, "shot"}, {HitKind::Blast, "blast"}, {HitKind::Epicenter, "epicenter"},
                     {HitKind::Melee, "melee"}, {HitKind::Pierce, "pierce"}})
            .group(g).tooltip("shot: narrow band on the struck side; blast: wide; epicenter: radial, tears the top; "
                              "melee: dent; pierce: spall, channel, exit chunk");
        s.add(&W::damage, "damage", "Damage").range(0, 100000).unit("splat layers").group(g)
            .tooltip("Slot layers knocked out per hit");
        s.add(&W::radius, "radius", "Radius").range(0.001, 2).unit("model units").group(g);
        s.add(&W::band, "band", "Side band").range(0.001, 2).unit("model units").group(g)
            .tooltip("Depth band on the struck side (projection on the side's normal)");
        s.add(&W::chunkBudget, "chunk-budget", "Chunk budget").range(0, 256).group(c).tooltip("Chunks torn off per hit at most");
        s.add(&W::crackShare, "crack-share", "Crack share").range(0, 1).group(c);
        s.add(&W::tearShare, "tear-share", "Tear share").range(0, 1).group(c);
        s.add(&W::cascade, "cascade", "Cascade").group(c).tooltip("A cracked chunk tears off first on the next hit");
        s.add(&W::cascadeRadius, "cascade-radius", "Cascade radius").range(0, 4).unit("model units").group(c);
        s.add(&W::chunkSpeed, "chunk-speed", "Chunk speed").range(0, 20).unit("model units/s").group(c);
        s.add(&W::chunkSpin, "chunk-spin", "Chunk spin").range(0, 60).unit("rad/s").group(c);
        s.add(&W::debrisShare, "debris-share", "Debris share").range(0, 1).group(f);
        s.add(&W::debrisSpeed, "debris-speed", "Debris speed").range(0, 20).unit("model units/s").group(f);
        s.add(&W::cooling, "cooling", "Cooling").range(0.01, 100).unit("1/s").group(f)
            .tooltip("Black-body cooling: heat(t) = exp(-cooling t)");
        s.add(&W::spallRadius, "spall-radius", "Spall radius").range(0.001, 2).unit("model units").group(p);
        s.add(&W::channelRadius, "channel-radius", "Channel radius").range(0.001, 1).unit("model units").group(p);
        return s;
    }();
    return schema;
}

std::vector<WeaponProfile> builtinProfiles() {
    WeaponProfile cannon;
    WeaponProfile mortar;
    mortar.name = "mortar";
    mortar.kind = HitKind::Epicenter;
    mortar.damage = 90.f;
    mortar.radius = 0.2f;
    mortar.chunkBudget = 3;
    mortar.crackShare = 0.05f;
    mortar.tearShare = 0.3f;
    mortar.cascade = false;
    mortar.debrisShare = 0.4f;
    mortar.chunkSpeed = 1.0f;
    WeaponProfile railgun;
    railgun.name = "railgun";
    railgun.kind = HitKind::Pierce;
    railgun.damage = 24.f;
    railgun.radius = 0.06f;
    railgun.chunkBudget = 1;
    railgun.cascade = false;
    railgun.debrisShare = 0.7f;
    railgun.debrisSpeed = 1.8f;
    railgun.chunkSpeed = 1.4f;
    railgun.cooling = 0.8f;
    WeaponProfile grenade;
    grenade.name = "grenade";
    grenade.kind = HitKind::Blast;
    grenade.damage = 120.f;
    grenade.radius = 0.3f;
    grenade.band = 0.15f;
    grenade.chunkBudget = 2;
    grenade.cascade = false;
    grenade.debrisShare = 0.5f;
    WeaponProfile hammer;
    hammer.name = "hammer";
    hammer.kind = HitKind::Melee;
    hammer.damage = 60.f;
    hammer.radius = 0.1f;
    hammer.chunkBudget = 0;
    hammer.cascade = false;
    hammer.debrisShare = 0.f;
    return {cannon, mortar, railgun, grenade, hammer};
}

Result<WeaponProfile> profileFromJson(const std::string& text, const std::string& path) {
    ParamSet params(weaponSchema().schema());
    SW_TRY(params.fromJson(text, path));
    return weaponSchema().fromParams(params);
}

std::string profileToJson(const WeaponProfile& profile) { return weaponSchema().toParams(profile).toJson(); }

Status saveProfile(const std::string& path, const WeaponProfile& profile) {
    return writeFileAtomic(path, profileToJson(profile));
}

std::optional<WeaponProfile> findProfile(const std::vector<WeaponProfile>& own, const std::string& name) {
    for (const WeaponProfile& p : own)
        if (p.name == name) return p;
    for (const WeaponProfile& p : builtinProfiles())
        if (p.name == name) return p;
    return std::nullopt;
}

void keepEdited(std::vector<WeaponProfile>& own, const WeaponProfile& edited) {
    if (edited.name.empty()) return;
    const auto same = std::find_if(own.begin(), own.end(), [&](const WeaponProfile& w) { return w.name == edited.name; });
    const std::optional<WeaponProfile> builtin = findProfile({}, edited.name);
    if (builtin && profileToJson(*builtin) == profileToJson(edited)) {  // back to the built-in: nothing to keep
        if (same != own.end()) own.erase(same);
    } else if (same != own.end()) {
        *same = edited;
    } else {
        own.push_back(edited);
    }
}

Result<WeaponProfile> resolveProfile(const std::vector<WeaponProfile>& own, const std::string& nameOrPath) {
    if (auto p = findProfile(own, nameOrPath)) return *p;
    return loadProfile(nameOrPath);
}

Result<WeaponProfile> loadProfile(const std::string& nameOrPath) {
    if (auto p = findProfile({}, nameOrPath)) return *p;
    std::error_code ec;
    if (!std::filesystem::exists(nameOrPath, ec)) {
        std::string names;
        for (const WeaponProfile& p : builtinProfiles()) names += (names.empty() ? "" : ", ") + p.name;
        return makeError(ErrorCode::InvalidInput,
                         "unknown weapon profile '" + nameOrPath + "' (built-ins: " + names + "; or a .json file)");
    }
    ParamSet params(weaponSchema().schema());
    SW_TRY(params.loadPreset(nameOrPath));  // a preset file: it names its stage
    return weaponSchema().fromParams(params);
}

}  // namespace sw::destruct
