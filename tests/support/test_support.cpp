#include "tests/support/test_support.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace sw::test {

std::string assetPath(const std::string& relative) { return std::string(SW_SHARED_ASSETS) + "/" + relative; }

void requireSharedAssets() {
    if (!std::filesystem::is_directory(SW_SHARED_ASSETS)) {
        std::printf("SKIP: third-party test assets not found at %s\n", SW_SHARED_ASSETS);
        std::fflush(stdout);
        std::exit(77);
    }
}

std::string outputDir(const std::string& name) {
    std::filesystem::path dir = std::filesystem::path(SW_TEST_OUTPUT_DIR) / name;
    std::filesystem::create_directories(dir);
    return dir.string();
}

}  // namespace sw::test
