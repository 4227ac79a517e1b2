// libFuzzer target: weapon profile JSON presets (core/destruct, {"stage": "weapon", ...}).
// A profile that parses saves and parses again.
#include <cstdint>
#include <string>

#include "core/destruct/weapon_profile.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    sw::fuzz::seedsRequested(*argc, *argv, [](const std::filesystem::path& dir) {
        for (const sw::destruct::WeaponProfile& p : sw::destruct::builtinProfiles())
            sw::fuzz::writeSeed(dir / (p.name + ".json"), sw::destruct::profileToJson(p));
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = "fuzz.json";
    auto profile = sw::destruct::profileFromJson(std::string(reinterpret_cast<const char*>(data), size), path);
    if (!sw::fuzz::accepted(profile, path)) return 0;
    auto again = sw::destruct::profileFromJson(sw::destruct::profileToJson(*profile), path);
    if (!again) sw::fuzz::broken("saved profile does not load", again.error().toString());
    return 0;
}
