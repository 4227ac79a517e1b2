// Replays the inputs kept under tests/fuzz/corpus/<target>/ (crashes and sanitizer reports the
// fuzzers or valgrind found, and hand-made hostile files) through the same readers as the fuzz
// targets: each must fail with an error naming the file or decode to a valid value. Run by the
// ASan + UBSan build too (scripts/sanitize), where an out-of-bounds read fails the test.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>

#include "core/dataset/transforms.h"
#include "core/destruct/weapon_profile.h"
#include "core/formats/ply.h"
#include "core/formats/spl2.h"
#include "core/formats/splat_file.h"
#include "core/formats/spz.h"
#include "core/geometry/detail/gltf_json.h"
#include "core/project/project.h"

namespace fs = std::filesystem;
using Bytes = std::vector<std::uint8_t>;

namespace {

Bytes readAll(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return Bytes(std::istreambuf_iterator<char>(in), {});
}

// Checks one reader result: ok (then `valid` must hold) or an error naming `path`.
template <class R>
bool replayed(const R& r, const std::string& path) {
    if (r.ok()) return true;
    CHECK(r.error().path == path);
    CHECK_FALSE(r.error().message.empty());
    return false;
}

using Replay = std::function<void(const std::string&)>;

const std::map<std::string, Replay>& replays() {
    static const std::map<std::string, Replay> kReplays = {
        {"ply", [](const std::string& p) {
             auto r = sw::formats::decodePly(readAll(p), p);
             if (!replayed(r, p)) return;
             CHECK(r->validate(p).ok());
             for (int version : {2, 3, 4})  // the convert paths, as fuzz_ply does
                 if (auto spz = sw::formats::encodeSpz(*r, {version}, p); replayed(spz, p)) CHECK(sw::formats::decodeSpz(*spz, p).ok());
             if (auto splat = sw::formats::encodeSplatFile(*r, p); replayed(splat, p) && !r->empty())
                 CHECK(sw::formats::decodeSplatFile(*splat, p).ok());
         }},
        {"splat", [](const std::string& p) { if (auto r = sw::formats::decodeSplatFile(readAll(p), p); replayed(r, p)) CHECK(r->validate(p).ok()); }},
        {"spz", [](const std::string& p) { if (auto r = sw::formats::decodeSpz(readAll(p), p); replayed(r, p)) CHECK(r->validate(p).ok()); }},
        {"spl2", [](const std::string& p) { if (auto r = sw::formats::decodeSpl2(readAll(p), p); replayed(r, p)) CHECK(sw::formats::validateSpl2(*r, p).ok()); }},
        {"gltf", [](const std::string& p) { replayed(sw::geometry::detail::readGltfInfo(readAll(p), p), p); }},
        {"transforms", [](const std::string& p) { replayed(sw::dataset::readTransforms(p), p); }},
        {"project", [](const std::string& p) {
             const Bytes b = readAll(p);
             replayed(sw::project::projectFromJson(std::string(b.begin(), b.end()), p), p);
         }},
        {"weapon", [](const std::string& p) {
             const Bytes b = readAll(p);
             replayed(sw::destruct::profileFromJson(std::string(b.begin(), b.end()), p), p);
         }},
    };
    return kReplays;
}

}  // namespace

TEST_CASE("every kept fuzz input fails cleanly or decodes to a valid value") {
    const fs::path root = SW_FUZZ_CORPUS_DIR;
    REQUIRE(fs::is_directory(root));
    int files = 0;
    for (const auto& dir : fs::directory_iterator(root)) {
        const std::string target = dir.path().filename().string();
        CAPTURE(target);
        REQUIRE(replays().count(target) == 1);
        for (const auto& f : fs::directory_iterator(dir.path())) {
            CAPTURE(f.path().string());
            replays().at(target)(f.path().string());
            ++files;
        }
    }
    MESSAGE(files << " kept fuzz inputs replayed");
    CHECK(files >= 3);
}

TEST_CASE("the kept item-7 inputs are rejected with their one-line errors") {
    const fs::path root = SW_FUZZ_CORPUS_DIR;
    const std::string ply = (root / "ply" / "two_vertex_elements.ply").string();
    auto cloud = sw::formats::decodePly(readAll(ply), ply);
    REQUIRE_FALSE(cloud.ok());
    CHECK(cloud.error().message == "PLY header declares more than one 'vertex' element");
    const std::string gltf = (root / "gltf" / "negative_byte_offset.gltf").string();
    auto info = sw::geometry::detail::readGltfInfo(readAll(gltf), gltf);
    REQUIRE_FALSE(info.ok());
    CHECK(info.error().message == "glTF bufferView 0: byteOffset -8 is not a non-negative integer");
}

TEST_CASE("a transforms frame whose image name is too long for the file system is an error, not an abort") {
    // fs::exists threw filesystem_error (ENAMETOOLONG) out of readTransforms: exit 134.
    const std::string json = (fs::path(SW_FUZZ_CORPUS_DIR) / "transforms" / "file_name_too_long.json").string();
    auto split = sw::dataset::readTransforms(json);
    REQUIRE_FALSE(split.ok());
    CHECK(split.error().path == json);
    CHECK(split.error().message.find("frame 0: image ") == 0);
    CHECK(split.error().message.find(" not found") != std::string::npos);
}

TEST_CASE("a project whose integer parameter is a huge number is an error, not an undefined cast") {
    // fuzz_project (UBSan): 7…7 (114 digits) parses as a double and was cast to int64.
    const std::string proj = (fs::path(SW_FUZZ_CORPUS_DIR) / "project" / "int_param_1e113.splatproj").string();
    const Bytes b = readAll(proj);
    auto p = sw::project::projectFromJson(std::string(b.begin(), b.end()), proj);
    REQUIRE_FALSE(p.ok());
    CHECK(p.error().path == proj);
    CHECK(p.error().message.find("parameter 'views' expects a int") != std::string::npos);
}
