// Test-only helper: writes <dir>/drone.glb (the demo drone) and <dir>/drone.ply (3000 splats
// sampled on it, in the same normalised space) for the CLI export tests, plus two broken
// clouds: a truncated PLY and one with a NaN position; and two editor projects of the drone:
// drone.splatproj with drone.ply as its trained cloud (drone.cache/training/cloud.ply) and
// untrained.splatproj without one; for the cloud/model agreement check, other.glb (a small
// ball the drone cloud does not fit) and changed.splatproj, saved on a copy of the drone that
// was then overwritten with other.glb (its recorded hash no longer matches).
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "core/bake/surface_sample.h"
#include "core/demo/demo_drone.h"
#include "core/formats/ply.h"
#include "core/foundation/file_io.h"
#include "core/geometry/gltf_writer.h"
#include "core/project/project.h"
#include "tests/core/tst_bake_fixtures.h"

namespace {

// A project of the drone saved as `name`.splatproj; with `cloud`, that file is its trained cloud.
bool writeProject(const std::string& dir, const std::string& name, const std::vector<std::uint8_t>* cloud,
                  const std::string& model = "drone.glb") {
    const std::string path = dir + "/" + name + sw::project::kProjectExtension;
    auto project = sw::project::newProject(dir + "/" + model, path);
    if (!project) return false;
    // A weapon profile tuned for this model (the Destruction dock's): exported beside the asset.
    sw::destruct::WeaponProfile railgun = *sw::destruct::loadProfile("railgun");
    railgun.name = "boss-railgun";
    railgun.damage = 60.f;
    project->weapons.push_back(railgun);
    if (!sw::project::saveProject(*project, path)) return false;
    if (!cloud) return true;
    const std::filesystem::path training = std::filesystem::path(project->cacheFolder) / "training";
    std::filesystem::create_directories(training);
    return static_cast<bool>(sw::writeFileAtomic((training / "cloud.ply").string(), *cloud));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: bake_cli_fixture <dir>\n");
        return 1;
    }
    const std::string dir = argv[1];
    std::filesystem::create_directories(dir);
    sw::demo::DemoSettings settings;
    settings.textureSize = 256;
    auto drone = sw::demo::generateDemoDrone(settings);
    if (!drone) return 2;
    if (!sw::geometry::writeGlb(drone->mesh, dir + "/drone.glb")) return 3;
    sw::bake::SurfaceSampleSettings sample;
    sample.count = 3000;
    sample.normalJitter = 0.005f;
    sw::splat::SplatCloud cloud = sw::bake::sampleSurface(drone->mesh, sample);
    auto bytes = sw::formats::encodePly(cloud, "fixture");
    if (!bytes || !sw::writeFileAtomic(dir + "/drone.ply", *bytes)) return 4;
    const std::vector<std::uint8_t> truncated(bytes->begin(), bytes->begin() + std::ptrdiff_t(bytes->size() / 2));
    if (!sw::writeFileAtomic(dir + "/truncated.ply", truncated)) return 5;
    // A NaN x in splat 5 (written raw: the encoder rightly refuses NaN).
    const std::string header(bytes->begin(), bytes->begin() + 2048);
    const std::size_t body = header.find("end_header\n") + 11;
    std::vector<std::uint8_t> nan = *bytes;
    const std::size_t stride = (bytes->size() - body) / cloud.size();
    const float bad = std::nanf("");
    std::memcpy(nan.data() + body + 5 * stride, &bad, sizeof bad);
    if (!sw::writeFileAtomic(dir + "/nan.ply", nan)) return 6;
    if (!writeProject(dir, "drone", &*bytes) || !writeProject(dir, "untrained", nullptr)) return 7;
    sw::geometry::Mesh ball;
    sw::test::appendSphere(ball, Eigen::Vector3f(0.5f, 0.f, 0.f), 0.1f);
    ball = sw::test::withDefaultMaterial(ball);
    if (!sw::geometry::writeGlb(ball, dir + "/other.glb")) return 8;
    std::error_code ec;
    std::filesystem::copy_file(dir + "/drone.glb", dir + "/changed.glb", std::filesystem::copy_options::overwrite_existing, ec);
    if (ec || !writeProject(dir, "changed", &*bytes, "changed.glb")) return 9;
    std::filesystem::copy_file(dir + "/other.glb", dir + "/changed.glb", std::filesystem::copy_options::overwrite_existing, ec);
    if (ec) return 10;
    std::printf("bake_cli_fixture: wrote %s/{drone.glb, drone.ply, truncated.ply, nan.ply, drone.splatproj, "
                "untrained.splatproj, other.glb, changed.splatproj}\n",
                dir.c_str());
    return 0;
}
