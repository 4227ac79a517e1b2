// Writes the bad inputs of the CLI bad-input matrix (tests/cli/badinput*.cmake) into the folder
// given as argv[1], replacing what a previous run left there: truncated and lying files, NaN/Inf,
// empty clouds, folders where files belong, models without faces, UVs, area or textures, a
// texture whose header claims 16384², datasets with singular poses, a greyscale image or a
// folder for an image, stale temporaries of a killed run, and folders holding the user's files.
// Everything is built here from code, with fixed seeds; nothing is checked into the repository.
#include <nlohmann/json.hpp>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <fstream>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "core/formats/ply.h"
#include "core/formats/splat_file.h"
#include "core/formats/spz.h"
#include "core/foundation/image_io.h"
#include "core/geometry/gltf_writer.h"
#include "core/splat/splat_cloud.h"

namespace fs = std::filesystem;
using Bytes = std::vector<std::uint8_t>;

namespace {

fs::path g_out;

void fail(const std::string& what) {
    std::fprintf(stderr, "badinput_gen: %s\n", what.c_str());
    std::exit(1);
}

void put(const std::string& name, const Bytes& bytes) {
    const fs::path p = g_out / name;
    fs::create_directories(p.parent_path());
    std::ofstream f(p, std::ios::binary);
    f.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    if (!f) fail("cannot write " + p.string());
}
void put(const std::string& name, const std::string& text) { put(name, Bytes(text.begin(), text.end())); }
void dir(const std::string& name) { fs::create_directories(g_out / name); }

template <class T>
T orDie(sw::Result<T> r) {
    if (!r) fail(r.error().toString());
    return std::move(*r);
}

sw::splat::SplatCloud cloud(std::size_t n, int shDegree) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-0.5f, 0.5f);
    sw::splat::SplatCloud c;
    c.shDegree = shDegree;
    c.resize(n);
    for (std::size_t i = 0; i < n; ++i) {  // on the faces of the generated cube (±0.8 once imported)
        Eigen::Vector3f p(1.6f * u(rng), 1.6f * u(rng), 1.6f * u(rng));
        p[int(i % 3)] = i % 2 ? 0.8f : -0.8f;
        c.positions[i] = p;
        c.scales[i] = Eigen::Vector3f::Constant(0.02f + 0.01f * u(rng));
        c.opacities[i] = 0.5f + u(rng) * 0.5f;
        c.colors[i] = {0.5f + u(rng), 0.5f, 0.5f - u(rng)};
    }
    for (float& v : c.shRest) v = 0.1f * u(rng);
    return c;
}

// The byte offset just past "end_header\n" of an encoded PLY.
std::size_t plyBody(const Bytes& ply) {
    const std::string text(ply.begin(), ply.begin() + std::ptrdiff_t(std::min<std::size_t>(ply.size(), 4096)));
    const auto at = text.find("end_header\n");
    if (at == std::string::npos) fail("no PLY header");
    return at + 11;
}

Bytes replaceText(Bytes bytes, const std::string& from, const std::string& to) {
    std::string s(bytes.begin(), bytes.end());
    const auto at = s.find(from);
    if (at == std::string::npos) fail("'" + from + "' not found");
    s.replace(at, from.size(), to);
    return Bytes(s.begin(), s.end());
}

void writeClouds() {
    const auto ok = cloud(200, 1);
    const Bytes ply = orDie(sw::formats::encodePly(ok, "ok.ply"));
    put("ok.ply", ply);
    put("truncated.ply", Bytes(ply.begin(), ply.begin() + std::ptrdiff_t(plyBody(ply) + (ply.size() - plyBody(ply)) / 2)));
    put("count_large.ply", replaceText(ply, "element vertex 200\n", "element vertex 2000000000\n"));
    put("header_only.ply", Bytes(ply.begin(), ply.begin() + std::ptrdiff_t(plyBody(ply))));
    put("zero.ply", replaceText(Bytes(ply.begin(), ply.begin() + std::ptrdiff_t(plyBody(ply))), "element vertex 200\n",
                               "element vertex 0\n"));
    put("empty.ply", Bytes{});
    put("not_a.ply", std::string("this is not a PLY file\n"));
    Bytes nan = ply, inf = ply;
    const float qnan = std::numeric_limits<float>::quiet_NaN(), pinf = std::numeric_limits<float>::infinity();
    std::memcpy(&nan[plyBody(ply) + 4], &qnan, 4);  // splat 0's y
    std::memcpy(&inf[plyBody(ply)], &pinf, 4);      // splat 0's x
    put("nan.ply", nan);
    put("inf.ply", inf);
    const Bytes spz = orDie(sw::formats::encodeSpz(ok, sw::formats::SpzWriteOptions{3}, "ok.spz"));
    put("ok.spz", spz);
    put("truncated.spz", Bytes(spz.begin(), spz.begin() + std::ptrdiff_t(spz.size() / 2)));
    Bytes garbage(4096);
    std::mt19937 rng(11);
    for (auto& b : garbage) b = std::uint8_t(rng());
    put("garbage.spz", garbage);
    put("garbage.bin", garbage);
    put("garbage.splat", Bytes(garbage.begin(), garbage.begin() + 33));  // not a multiple of 32 bytes
    const Bytes splat = orDie(sw::formats::encodeSplatFile(ok, "ok.splat"));
    put("ok.splat", splat);
    put("empty.splat", Bytes{});
    put("short.bin", Bytes{'S', 'P', 'L', '2', 1, 0});
    auto big = ok;  // ln σ = 9.2 > SPZ's largest 5.94: clamped when written as SPZ
    for (auto& sc : big.scales) sc = Eigen::Vector3f::Constant(1e4f);
    put("bigscale.ply", orDie(sw::formats::encodePly(big, "bigscale.ply")));
    const Bytes v4 = orDie(sw::formats::encodeSpz(ok, sw::formats::SpzWriteOptions{4}, "ok4.spz"));
    Bytes badToc = v4, badStreams = v4;
    const std::uint32_t toc = 0xfffffff0u;
    std::memcpy(&badToc[16], &toc, 4);  // v4 header: table-of-contents offset at byte 16
    badStreams[15] = 9;                 // stream count at byte 15
    put("bad_toc4.spz", badToc);
    put("bad_streams4.spz", badStreams);
    // v4 files that declare ≈ 233 M points (the 2 MiB gap before the table of contents makes
    // the count plausible for the file size; ≈ 6.8 GB if allocated): the stream table must be
    // checked against the file before anything is allocated for the count.
    Bytes huge = v4;
    const std::uint32_t gap = 2u << 20, tocAt = 32 + gap;  // the TOC then starts at byte 2097184
    huge.insert(huge.begin() + 32, gap, std::uint8_t{0});
    std::memcpy(&huge[16], &tocAt, 4);
    const std::uint32_t count = std::uint32_t(std::uint64_t(huge.size()) * 1000 / 9);
    std::memcpy(&huge[8], &count, 4);
    put("huge_count4.spz", huge);  // TOC uncompressed sizes are those of 200 points
    Bytes forged = huge;           // TOC sizes forged to match the count; the ZSTD frames say 200 points
    const std::uint64_t n = count, sizes[6] = {n * 9, n, n * 3, n * 3, n * 4, n * 9};  // SH degree 1
    for (int i = 0; i < 6; ++i) std::memcpy(&forged[tocAt + 16 * std::size_t(i) + 8], &sizes[i], 8);
    put("forged_sizes4.spz", forged);
    Bytes overlong = forged;  // stream 0 claims 1 TiB of compressed bytes
    const std::uint64_t tib = 1ull << 40;
    std::memcpy(&overlong[tocAt], &tib, 8);
    put("overlong_streams4.spz", overlong);
    dir("dir.png");
    fs::create_symlink("/dev/null", g_out / "null.spz");
    fs::create_symlink("/dev/null", g_out / "null.glb");
    fs::create_symlink("/dev/null", g_out / "null.png");
    fs::create_symlink("/dev/full", g_out / "full.spz");
    fs::create_symlink("/dev/full", g_out / "full.png");
    put("exportdir/cube.ply", ply);   // the user's cloud, named like the export's cube.ply
    put("userrun/cloud.ply", ply);    // the user's cloud where train -o writes cloud.ply
    put("nofile.txt", std::string("not a cloud\n"));
    dir("dir.ply");
    dir("dir.bin");
    dir("dir.spz");
    dir("dir.splat");
    dir("dir.glb");
}

sw::geometry::Mesh cube(bool textured, float flatten = 1.f) {
    sw::geometry::Mesh m;
    const int faces[6][4] = {{0, 1, 3, 2}, {4, 6, 7, 5}, {0, 4, 5, 1}, {2, 3, 7, 6}, {0, 2, 6, 4}, {1, 5, 7, 3}};
    for (const auto& f : faces) {
        const int base = int(m.positions.size());
        for (int k = 0; k < 4; ++k) {
            const int c = f[k];
            m.positions.emplace_back(c & 4 ? 0.5f : -0.5f, c & 2 ? 0.5f : -0.5f, (c & 1 ? 0.5f : -0.5f) * flatten);
            if (textured) m.uvs.emplace_back(k == 1 || k == 2 ? 1.f : 0.f, k >= 2 ? 1.f : 0.f);
        }
        m.triangles.emplace_back(base, base + 1, base + 2);
        m.triangles.emplace_back(base, base + 2, base + 3);
    }
    m.faceMaterial.assign(m.triangles.size(), 0);
    m.facePart.assign(m.triangles.size(), 0);
    m.partNames = {"body"};
    sw::geometry::Material mat;
    mat.name = "paint";
    if (textured) {
        sw::geometry::Image img;
        img.name = "paint.png";
        img.width = img.height = 8;
        for (int i = 0; i < 64; ++i) img.rgba.insert(img.rgba.end(), {std::uint8_t(30 * (i % 8)), 120, 200, 255});
        m.textures.push_back(img);
        mat.baseColorTexture = 0;
    }
    m.materials.push_back(mat);
    return m;
}

std::string base64(const Bytes& data) {
    static const char* k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (std::size_t i = 0; i < data.size(); i += 3) {
        std::uint32_t v = std::uint32_t(data[i]) << 16;
        if (i + 1 < data.size()) v |= std::uint32_t(data[i + 1]) << 8;
        if (i + 2 < data.size()) v |= data[i + 2];
        out += k[(v >> 18) & 63];
        out += k[(v >> 12) & 63];
        out += i + 1 < data.size() ? k[(v >> 6) & 63] : '=';
        out += i + 2 < data.size() ? k[v & 63] : '=';
    }
    return out;
}

// A .gltf (JSON, buffer as a data URI) of the textured cube whose image is the file `imageUri`.
std::string gltfWithImage(const std::string& imageUri, bool dropFaces = false) {
    const Bytes glb = orDie(sw::geometry::encodeGlb(cube(true)));
    auto u32 = [&](std::size_t at) { std::uint32_t v; std::memcpy(&v, &glb[at], 4); return v; };
    const std::uint32_t jsonLen = u32(12);
    nlohmann::json doc = nlohmann::json::parse(std::string(glb.begin() + 20, glb.begin() + 20 + jsonLen));
    const std::size_t binAt = 20 + jsonLen + 8;
    const Bytes bin(glb.begin() + std::ptrdiff_t(binAt), glb.begin() + std::ptrdiff_t(binAt + u32(20 + jsonLen)));
    doc["buffers"][0]["uri"] = "data:application/octet-stream;base64," + base64(bin);
    doc["buffers"][0]["byteLength"] = bin.size();
    for (auto& img : doc["images"]) {
        img.erase("bufferView");
        img.erase("mimeType");
        img["uri"] = imageUri;
    }
    if (dropFaces) {  // points instead of triangles: a model with zero faces
        for (auto& mesh : doc["meshes"])
            for (auto& prim : mesh["primitives"]) {
                prim.erase("indices");
                prim["mode"] = 0;
            }
    }
    return doc.dump(1);
}

std::uint32_t crc32(const std::uint8_t* p, std::size_t n) {  // PNG spec §5.5
    std::uint32_t crc = 0xffffffffu;
    for (std::size_t i = 0; i < n; ++i) {
        crc ^= p[i];
        for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    return crc ^ 0xffffffffu;
}

void be32(Bytes& b, std::uint32_t v) {
    b.insert(b.end(), {std::uint8_t(v >> 24), std::uint8_t(v >> 16), std::uint8_t(v >> 8), std::uint8_t(v)});
}

void chunk(Bytes& png, const char* type, const Bytes& data) {
    be32(png, std::uint32_t(data.size()));
    Bytes body(type, type + 4);
    body.insert(body.end(), data.begin(), data.end());
    png.insert(png.end(), body.begin(), body.end());
    be32(png, crc32(body.data(), body.size()));
}

// A PNG of side × side pixels, colour type `colorType` (0 grey, 6 RGBA), 8 bits; `pixels`
// holds the raw rows (no filter bytes) or is empty for a header-only file (no IDAT): that is
// how the importer measures a texture without decoding it.
Bytes png(std::uint32_t side, std::uint8_t colorType, const Bytes& pixels) {
    Bytes out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    Bytes ihdr;
    be32(ihdr, side);
    be32(ihdr, side);
    ihdr.insert(ihdr.end(), {8, colorType, 0, 0, 0});
    chunk(out, "IHDR", ihdr);
    if (pixels.empty()) return out;
    const std::size_t row = pixels.size() / side;
    Bytes raw;  // filter byte 0 per row
    for (std::uint32_t y = 0; y < side; ++y) {
        raw.push_back(0);
        raw.insert(raw.end(), pixels.begin() + std::ptrdiff_t(y * row), pixels.begin() + std::ptrdiff_t((y + 1) * row));
    }
    Bytes z = {0x78, 0x01, 0x01};  // zlib header, one final stored deflate block (RFC 1951 §3.2.4)
    z.insert(z.end(), {std::uint8_t(raw.size()), std::uint8_t(raw.size() >> 8), std::uint8_t(~raw.size()),
                       std::uint8_t(~raw.size() >> 8)});
    z.insert(z.end(), raw.begin(), raw.end());
    std::uint32_t a = 1, b = 0;  // Adler-32 (RFC 1950)
    for (std::uint8_t c : raw) a = (a + c) % 65521, b = (b + a) % 65521;
    be32(z, (b << 16) | a);
    chunk(out, "IDAT", z);
    chunk(out, "IEND", {});
    return out;
}

void writeModels() {
    put("cube.glb", orDie(sw::geometry::encodeGlb(cube(true))));
    {
        auto m = cube(true);  // textured, but without texture coordinates
        m.uvs.clear();
        put("nouv.glb", orDie(sw::geometry::encodeGlb(m)));
    }
    {
        auto m = cube(false);
        for (auto& p : m.positions) p = Eigen::Vector3f(p.x(), p.x(), p.x());  // all on one line: zero area
        put("zero_area.glb", orDie(sw::geometry::encodeGlb(m)));
    }
    put("truncated.glb", [] {
        Bytes b = orDie(sw::geometry::encodeGlb(cube(true)));
        b.resize(b.size() / 2);
        return b;
    }());
    put("garbage.glb", Bytes{'g', 'l', 'T', 'F', 2, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f});
    put("nofaces.gltf", gltfWithImage("paint.png", true));
    put("missing_tex.gltf", gltfWithImage("no_such_texture.png"));
    put("dir_tex.gltf", gltfWithImage("texdir.png"));
    dir("texdir.png");
    put("tex16k.gltf", gltfWithImage("big16k.png"));
    // Files a glTF names that must not be opened: a pipe as image and as buffer (open() would
    // block), an image outside the model's folder (relative and absolute).
    put("uri/fifo_tex.gltf", gltfWithImage("pipe.png"));
    put("uri/fifo_buf.gltf", [] {
        nlohmann::json doc = nlohmann::json::parse(gltfWithImage("no_such_texture.png"));
        doc["buffers"][0]["uri"] = "pipe.bin";
        return doc.dump(1);
    }());
    ::mkfifo((g_out / "uri/pipe.png").c_str(), 0644);
    ::mkfifo((g_out / "uri/pipe.bin").c_str(), 0644);
    put("uri/outside_tex.gltf", gltfWithImage("../outside/paint.png"));
    put("uri/etc_tex.gltf", gltfWithImage("/etc/passwd"));
    put("outside/paint.png", png(8, 6, Bytes(8 * 8 * 4, 90)));  // read only with --allow-outside
    put("big16k.png", png(16384, 6, {}));
}

// A NeRF-synthetic folder of `n` 16² views on a ring of radius `radius`; `mutate` edits the
// JSON's frames before writing.
void writeDataset(const std::string& name, int n, double radius,
                  const std::function<void(nlohmann::json&, int)>& mutate = {}, bool grey = false) {
    nlohmann::json frames = nlohmann::json::array();
    for (int i = 0; i < n; ++i) {
        const double a = 2 * M_PI * i / n;
        // camera-to-world: camera at (r cos a, r sin a, 0.3) looking at the origin, +Z up
        Eigen::Vector3d eye(radius * std::cos(a), radius * std::sin(a), 0.3);
        Eigen::Vector3d back = eye.normalized();  // camera +Z points away from the target
        Eigen::Vector3d right = Eigen::Vector3d::UnitZ().cross(back).normalized();
        Eigen::Vector3d up = back.cross(right);
        nlohmann::json m = nlohmann::json::array();
        for (int r = 0; r < 3; ++r) m.push_back({right[r], up[r], back[r], eye[r]});
        m.push_back({0, 0, 0, 1});
        nlohmann::json f = {{"file_path", "./train/r_" + std::to_string(i)}, {"transform_matrix", m}};
        if (mutate) mutate(f, i);
        frames.push_back(f);
        sw::Rgba8Image img;
        img.width = img.height = 16;
        img.rgba.assign(16 * 16 * 4, 0);
        for (int p = 0; p < 256; ++p) {
            const bool inside = std::abs(p % 16 - 8) < 4 && std::abs(p / 16 - 8) < 4;
            img.rgba[std::size_t(p) * 4 + 0] = inside ? 200 : 0;
            img.rgba[std::size_t(p) * 4 + 3] = inside ? 255 : 0;
        }
        const fs::path pngPath = g_out / name / "train" / ("r_" + std::to_string(i) + ".png");
        fs::create_directories(pngPath.parent_path());
        if (!grey)
            if (auto st = sw::writePngFile(pngPath.string(), img); !st) fail(st.error().toString());
    }
    if (grey) {  // greyscale PNGs without alpha (colour type 0): no coverage information
        Bytes pixels(16 * 16);
        for (std::size_t p = 0; p < pixels.size(); ++p) pixels[p] = std::uint8_t(p);
        for (int i = 0; i < n; ++i) put(name + "/train/r_" + std::to_string(i) + ".png", png(16, 0, pixels));
    }
    const nlohmann::json doc = {{"camera_angle_x", 0.7}, {"frames", frames}};
    put(name + "/transforms_train.json", doc.dump(1));
    put(name + "/transforms_val.json", nlohmann::json{{"camera_angle_x", 0.7}, {"frames", {frames[0]}}}.dump(1));
}

// Inputs of tests/cli/badinput_rules.cmake: reserved SPZ bytes, presets and profiles without
// their stage, a project of version 0, corrupt base colours, an image in an external .bin view,
// and folders a refused run must leave as they were.
void writeRuleInputs() {
    {
        std::ifstream in(g_out / "ok.ply", std::ios::binary);
        auto ok = orDie(sw::formats::decodePly(Bytes(std::istreambuf_iterator<char>(in), {}), "ok.ply"));
        Bytes v4 = orDie(sw::formats::encodeSpz(ok, sw::formats::SpzWriteOptions{4}, "reserved4.spz"));
        v4[20] = 1;  // first reserved header byte
        put("reserved4.spz", v4);
    }
    put("presets/nostage.weapon.json", std::string("{\"params\": {\"cooling\": 1}}"));
    put("presets/nostage.dataset.json", std::string("{\"params\": {\"views\": 10}}"));
    put("proj_v0.splatproj", std::string("{\"format\": \"splatwright-project\", \"version\": 0}"));
    const Bytes goodPng = png(8, 6, Bytes(8 * 8 * 4, 200));
    put("uri/broken_png.gltf", gltfWithImage("broken.png"));
    put("uri/broken.png", Bytes(goodPng.begin(), goodPng.begin() + 40));
    put("uri/broken_ktx2.gltf", gltfWithImage("broken.ktx2"));
    Bytes ktx2 = {0xAB, 'K', 'T', 'X', ' ', '2', '0', 0xBB, '\r', '\n', 0x1A, '\n'};
    ktx2.resize(60, 0);
    put("uri/broken.ktx2", ktx2);
    {  // the cube as a .gltf beside its .bin, the texture in a bufferView of that .bin
        const Bytes glb = orDie(sw::geometry::encodeGlb(cube(true)));
        auto u32 = [&](std::size_t at) { std::uint32_t v; std::memcpy(&v, &glb[at], 4); return v; };
        const std::uint32_t jsonLen = u32(12);
        nlohmann::json doc = nlohmann::json::parse(std::string(glb.begin() + 20, glb.begin() + 20 + jsonLen));
        const std::size_t binAt = 20 + jsonLen + 8;
        put("extview/cube.bin", Bytes(glb.begin() + std::ptrdiff_t(binAt), glb.begin() + std::ptrdiff_t(binAt + u32(20 + jsonLen))));
        doc["buffers"][0]["uri"] = "cube.bin";
        put("extview/cube.gltf", doc.dump(1));
    }
    // More files a glTF may name: a socket, a link leading outside, a percent-encoded escape, a
    // device as buffer (with --allow-outside the device itself is refused).
    put("uri/socket_tex.gltf", gltfWithImage("sock.png"));
    {
        const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        const std::string at = (g_out / "uri/sock.png").string();
        if (fd < 0 || at.size() >= sizeof addr.sun_path) fail("cannot make a socket file at " + at);
        std::memcpy(addr.sun_path, at.c_str(), at.size());
        if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) fail("cannot bind " + at);
        ::close(fd);  // the socket file stays
    }
    put("uri/link_tex.gltf", gltfWithImage("link_out.png"));
    fs::create_symlink("../outside/paint.png", g_out / "uri/link_out.png");
    put("uri/escaped_tex.gltf", gltfWithImage("%2e%2e/outside/paint.png"));
    put("uri/zero_buf.gltf", [] {
        nlohmann::json doc = nlohmann::json::parse(gltfWithImage("no_such_texture.png"));
        doc["buffers"][0]["uri"] = "/dev/zero";
        return doc.dump(1);
    }());
    // Projects whose version is not one this build reads, presets of the wrong kind.
    put("proj_vneg.splatproj", std::string("{\"format\": \"splatwright-project\", \"version\": -1}"));
    put("proj_vstr.splatproj", std::string("{\"format\": \"splatwright-project\", \"version\": \"2\"}"));
    put("proj_v99.splatproj", std::string("{\"format\": \"splatwright-project\", \"version\": 99}"));
    put("presets/train.dataset.json", std::string("{\"stage\": \"train\", \"params\": {}}"));
    put("presets/nostage.import.json", std::string("{\"params\": {\"cube-edge\": 1}}"));
    put("presets/list.json", std::string("[{\"stage\": \"import\"}]"));
    // A run folder of the user's whose dataset folder holds the user's file: refused, untouched.
    put("userrun2/mine.txt", std::string("keep\n"));
    put("userrun2/dataset/notes.txt", std::string("keep\n"));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) fail("usage: badinput_gen <folder>");
    g_out = argv[1];
    std::error_code ec;
    fs::remove_all(g_out, ec);
    fs::create_directories(g_out);
    writeClouds();
    writeModels();
    writeDataset("ds_ok", 8, 3.0);
    writeDataset("ds_zero_pose", 8, 3.0, [](nlohmann::json& f, int i) {
        if (i == 2) f["transform_matrix"] = nlohmann::json::array({{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}});
    });
    writeDataset("ds_skewed_pose", 8, 3.0, [](nlohmann::json& f, int i) {
        if (i == 3) f["transform_matrix"][0][1] = 0.5;  // rotation no longer orthonormal
    });
    writeDataset("ds_inside", 8, 0.1);  // every camera inside the model's cube
    writeDataset("ds_png_dir", 8, 3.0);
    fs::remove(g_out / "ds_png_dir/train/r_1.png");
    dir("ds_png_dir/train/r_1.png");
    writeDataset("ds_truncated_png", 8, 3.0);
    writeDataset("ds_grey", 8, 3.0, {}, true);
    writeDataset("ds_clear", 8, 3.0);  // every pixel fully transparent: the visual hull is empty
    for (int i = 0; i < 8; ++i) {
        sw::Rgba8Image clear;
        clear.width = clear.height = 16;
        clear.rgba.assign(16 * 16 * 4, 0);
        const fs::path pngPath = g_out / "ds_clear/train" / ("r_" + std::to_string(i) + ".png");
        if (auto st = sw::writePngFile(pngPath.string(), clear); !st) fail(st.error().toString());
    }
    fs::resize_file(g_out / "ds_truncated_png/train/r_4.png", 40);
    // Folders that already hold the user's files.
    put("user/m.glb", orDie(sw::geometry::encodeGlb(cube(true))));
    put("user/notes.txt", std::string("keep\n"));
    put("userdata/notes.txt", std::string("keep\n"));
    put("userfile.txt", std::string("keep\n"));
    // Single files of the user's where a command's output could land (output_file.h), links to
    // them, and one of each kind for --overwrite.
    for (const char* name : {"mine.spz", "mine.ply", "mine.glb", "mine.png", "mine.json", "spare.spz", "spare.glb"})
        put(std::string("owned/") + name, std::string("the user's file\n"));
    fs::create_directories(g_out / "links");
    for (const char* ext : {"spz", "glb", "png", "json"})
        fs::create_symlink(g_out / "owned" / (std::string("mine.") + ext), g_out / "links" / (std::string("to_mine.") + ext));
    {
        std::ifstream in(g_out / "ok.ply", std::ios::binary);
        put("inputs/ok.ply", Bytes(std::istreambuf_iterator<char>(in), {}));
    }
    put("inputs/cube.glb", orDie(sw::geometry::encodeGlb(cube(true))));
    // Weapon profiles at the documented bounds of their fields (stored as float) and one past.
    put("profiles/cool_min.weapon.json", std::string("{\"stage\": \"weapon\", \"params\": {\"cooling\": 0.01}}"));
    put("profiles/cool_below.weapon.json", std::string("{\"stage\": \"weapon\", \"params\": {\"cooling\": 0.0099}}"));
    // Stale temporaries of a killed run (pid 4194399 is above Linux's pid_max: never running).
    put("stale/out.spz.tmp-4194399-deadbeef", std::string("half a file"));
    put("stale_ds/ds.tmp-4194399-0000abcd/.splatwright-output.json", std::string("{\"writer\":\"splatwright\",\"entries\":[]}"));
    put("stale_ds/ds.tmp-4194399-0000abcd/train/r_0.png", std::string("half"));
    // ... and of other outputs in the folder a later run writes into: swept too, while a folder
    // without our marker and a name that only looks alike are the user's and stay.
    put("stale_other/old.tmp-4194399-0000cafe/.splatwright-output.json", std::string("{\"writer\":\"splatwright\",\"entries\":[]}"));
    put("stale_other/cloud.ply.tmp-4194399-0badf00d", std::string("half a file"));
    put("stale_other/notes.tmp-4194399-12345678/keep.txt", std::string("keep\n"));
    put("stale_other/draft.tmp-2024-final", std::string("keep\n"));
    // An export folder with the staging folders of killed exports: this version's (marker inside)
    // and an older version's ".<name>.export-<pid>".
    put("exportstale/e/.cube.export.tmp-4194399-0000beef/.splatwright-output.json",
        std::string("{\"writer\":\"splatwright\",\"entries\":[]}"));
    put("exportstale/e/.cube.export.tmp-4194399-0000beef/cube.bin", std::string("half"));
    put("exportstale/e/.cube.export-4194399/cube.bin", std::string("half"));
    writeRuleInputs();
    std::printf("badinput_gen: wrote %s\n", g_out.c_str());
    return 0;
}
