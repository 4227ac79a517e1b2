// libFuzzer target: the NeRF-synthetic transforms JSON reader. readTransforms takes a path, so
// each input is written to a private temporary folder that also holds one image (r_0.png), so
// frames naming "./r_0" get past the image check.
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/dataset/transforms.h"
#include "tests/fuzz/fuzz_check.h"

namespace {
std::string g_dir, g_json;
void removeDir() {
    std::error_code ec;
    std::filesystem::remove_all(g_dir, ec);
}
}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    sw::fuzz::seedsRequested(*argc, *argv, [](const std::filesystem::path& dir) {
        sw::dataset::DatasetSplit split;
        split.cameraAngleX = 0.69;
        for (int i = 0; i < 2; ++i) {
            sw::dataset::DatasetFrame f;
            f.filePath = i == 0 ? "./r_0" : "r_0.png";
            f.cameraToWorld = Eigen::Matrix4d::Identity();
            f.cameraToWorld(2, 3) = 4.0 + i;
            split.frames.push_back(f);
        }
        if (auto s = sw::dataset::writeTransforms((dir / "two_frames.json").string(), split); !s)
            sw::fuzz::broken("cannot make a seed", s.error().toString());
    });
    const char* shm = std::filesystem::is_directory("/dev/shm") ? "/dev/shm" : "/tmp";
    std::string dir = std::string(shm) + "/sw-fuzz-transforms-XXXXXX";
    if (!mkdtemp(dir.data())) sw::fuzz::broken("mkdtemp", dir);
    g_dir = dir;
    std::atexit(removeDir);
    std::ofstream(dir + "/r_0.png", std::ios::binary) << "not decoded by the reader";
    g_json = dir + "/transforms_train.json";
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    {
        std::ofstream out(g_json, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    auto split = sw::dataset::readTransforms(g_json);
    if (!sw::fuzz::accepted(split, g_json)) return 0;
    if (split->frames.empty()) sw::fuzz::broken("accepted a dataset without frames", "");
    for (const auto& f : split->frames)
        if (!f.cameraToWorld.allFinite()) sw::fuzz::broken("accepted a non-finite matrix", f.filePath);
    return 0;
}
