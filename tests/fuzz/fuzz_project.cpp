// libFuzzer target: the editor's project file (.splatproj JSON) parser, projectFromJson.
// A project that parses serialises and parses again.
#include <cstdint>
#include <string_view>

#include "core/project/project.h"
#include "tests/fuzz/fuzz_check.h"

namespace {
const std::string kPath = "/fuzz/drone.splatproj";
}

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    sw::fuzz::seedsRequested(*argc, *argv, [](const std::filesystem::path& dir) {
        sw::project::Project p;
        p.modelPath = "/fuzz/drone.glb";
        p.modelHash = 0x89abcdef01234567ull;
        p.materialHsv = {{10.0f, 1.5f, 0.75f}, {}};
        p.partNames = {"hull", "gun_left"};
        p.componentCount = 12;
        p.partOverrides = {{3, 1}, {7, 0}};
        p.cacheFolder = "/fuzz/drone.cache";
        sw::fuzz::writeSeed(dir / "drone.splatproj", sw::project::projectToJson(p, kPath));
        sw::project::Project defaults;
        defaults.modelPath = "/fuzz/sub/m.glb";
        sw::fuzz::writeSeed(dir / "defaults.splatproj", sw::project::projectToJson(defaults, kPath));
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string& path = kPath;
    auto project = sw::project::projectFromJson(std::string_view(reinterpret_cast<const char*>(data), size), path);
    if (!sw::fuzz::accepted(project, path)) return 0;
    const std::string text = sw::project::projectToJson(*project, path);
    auto again = sw::project::projectFromJson(text, path);
    if (!again) sw::fuzz::broken("saved project does not load", again.error().toString());
    return 0;
}
