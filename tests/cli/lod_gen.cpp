// Writes the inputs of the lod-build / lod-info CLI tests (tests/cli/lod.cmake) into the folder
// given as argv[1], replacing what a previous run left there: a 20 000-splat scan (and a 150 000-
// splat one, larger than a 16 MiB build limit), the 20 000-splat scan with a NaN, a LOD folder built
// from it, and broken copies of that folder (a truncated chunk, a missing chunk, a chunk path
// outside the folder, a newer major version, a NaN splat in a chunk), and a folder holding the
// user's own scan. Built in code with fixed seeds.
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "core/formats/ply.h"
#include "core/lod/lod_folder.h"
#include "tests/core/tst_lod_fixtures.h"

namespace fs = std::filesystem;

namespace {

fs::path g_out;

void fail(const std::string& what) {
    std::fprintf(stderr, "lod_gen: %s\n", what.c_str());
    std::exit(1);
}

void check(const sw::Status& st) {
    if (!st) fail(st.error().toString());
}

std::string readAll(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::ostringstream os;
    os << f.rdbuf();
    return os.str();
}

void writeAll(const fs::path& p, const std::string& text) {
    std::ofstream f(p, std::ios::binary | std::ios::trunc);
    f << text;
    if (!f) fail("cannot write " + p.string());
}

void replaceIn(const fs::path& p, const std::string& from, const std::string& to) {
    std::string t = readAll(p);
    const auto at = t.find(from);
    if (at == std::string::npos) fail("'" + from + "' not in " + p.string());
    t.replace(at, from.size(), to);
    writeAll(p, t);
}

fs::path copyOf(const fs::path& ok, const std::string& name) {
    const fs::path p = g_out / name;
    fs::copy(ok, p, fs::copy_options::recursive);
    return p;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) fail("usage: lod_gen <folder>");
    g_out = argv[1];
    std::error_code ec;
    fs::remove_all(g_out, ec);
    fs::create_directories(g_out);

    sw::splat::SplatCloud scene = sw::lod::test::stripScene(50.0f, 4.0f, 0.1f);  // 20 000 splats
    check(sw::formats::writePly((g_out / "scene.ply").string(), scene));
    // 150 000 splats: over a 16 MiB build limit, so lod-build --memory 16 builds it on disk.
    check(sw::formats::writePly((g_out / "big.ply").string(), sw::lod::test::stripScene(150.0f, 10.0f, 0.1f, 5u)));
    // The same scan with splat 3's x a NaN (the writer refuses NaN: patched in the bytes).
    std::string ply = readAll(g_out / "scene.ply");
    const std::size_t body = ply.find("end_header\n") + 11, stride = 17 * 4;  // x y z, normal, DC, opacity, scale, rot
    const float qnan = std::numeric_limits<float>::quiet_NaN();
    std::memcpy(ply.data() + body + 3 * stride, &qnan, 4);
    writeAll(g_out / "nan.ply", ply);
    fs::create_directories(g_out / "home/user");  // its own parent: a temporary beside it is seen there alone
    fs::copy_file(g_out / "scene.ply", g_out / "home/user/scan.ply");

    sw::lod::LodSettings s;
    s.leafSize = 2000;
    s.levels = 4;
    auto tree = sw::lod::buildLodTree(scene, s);
    if (!tree) fail(tree.error().toString());
    const fs::path ok = g_out / "ok";
    if (auto bytes = sw::lod::writeLodFolder(*tree, ok.string(), {}, {true, {}}); !bytes) fail(bytes.error().toString());

    // The same scan with SH bands of degree 2, and its LOD folder: level 0 keeps them.
    const sw::splat::SplatCloud sh = sw::lod::test::withSh(scene, 2);
    check(sw::formats::writePly((g_out / "sh.ply").string(), sh));
    auto shTree = sw::lod::buildLodTree(sh, s);
    if (!shTree) fail(shTree.error().toString());
    if (auto bytes = sw::lod::writeLodFolder(*shTree, (g_out / "sh_lod").string()); !bytes) fail(bytes.error().toString());

    const fs::path truncated = copyOf(ok, "truncated") / sw::lod::chunkFileName(1, 0);
    fs::resize_file(truncated, fs::file_size(truncated) - 7);
    fs::remove(copyOf(ok, "missing") / sw::lod::chunkFileName(2, 1));
    replaceIn(copyOf(ok, "outside") / sw::lod::kLodManifest, "\"" + sw::lod::chunkFileName(0, 0) + "\"", "\"../secret.swlc\"");
    replaceIn(copyOf(ok, "v2") / sw::lod::kLodManifest, "\"version\": \"1.1\"", "\"version\": \"2.0\"");
    sw::splat::SplatCloud bad = tree->chunk(0, 1);
    bad.positions[2].y() = std::numeric_limits<float>::quiet_NaN();
    const auto bytes = sw::lod::encodeChunk(bad, 0, 1);
    writeAll(copyOf(ok, "nan_chunk") / sw::lod::chunkFileName(0, 1), std::string(bytes.begin(), bytes.end()));
    return 0;
}
