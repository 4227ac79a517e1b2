// libFuzzer target: the whole glTF import (importModel, Assimp included) on the files a .gltf
// names. The glTF is a valid one-triangle model with a base-colour image; the input chooses its
// buffer URI, image URI and the image's place (file or bufferView of the buffer) and whether
// reading outside the model's folder is allowed. The URIs come from a fixture tree built once:
// a regular buffer and PNG, a FIFO, a socket, a folder, links inside, outside and dangling,
// `..` escapes, percent-encoded escapes, absolute paths and devices, or raw fuzzed text.
// Promises: import never blocks (libFuzzer's -timeout), fails with an error that has a message,
// and succeeds only when every file it named is a regular file inside the model's folder (or
// outside it with allowOutside); a pipe, socket or device is never opened.
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/foundation/image_io.h"
#include "core/geometry/import.h"
#include "tests/fuzz/fuzz_check.h"

namespace fs = std::filesystem;

namespace {

fs::path g_root;   // <tmp>/fuzz-gltf-uris-<pid>
fs::path g_model;  // g_root/model: the .gltf and the files it may name

// The fixed names the input picks by index (a byte below kPicks).
const std::vector<std::string> kPicks = {
    "tri.bin", "paint.png", "pipe.bin", "pipe.png", "sock.bin", "folder.bin", "in_link.bin", "out_link.bin",
    "dangling.bin", "../outside/tri.bin", "../outside/paint.png", "sub/../tri.bin", "sub/../../outside/tri.bin",
    "%2e%2e/outside/tri.bin", "%2E%2E%2Foutside%2Fpaint.png", "/dev/zero", "/dev/null", "/etc/passwd", "/proc/self/mem",
    "", "missing.bin", "data:application/octet-stream;base64,AAAA", "./tri.bin", "sub/deeper/../../paint.png",
    "link_dir/tri.bin"};

// A triangle: 3 positions, 3 UVs, then a 4x4 PNG (the image's bufferView).
std::vector<std::uint8_t> triangleBuffer(std::size_t* pngOffset, std::size_t* pngLength) {
    const float data[15] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1};
    std::vector<std::uint8_t> out(sizeof data);
    std::memcpy(out.data(), data, sizeof data);
    sw::Rgba8Image img{4, 4, std::vector<std::uint8_t>(64, 180)};
    auto png = sw::encodePng(img);
    if (!png) sw::fuzz::broken("cannot encode the fixture PNG", png.error().toString());
    *pngOffset = out.size();
    *pngLength = png->size();
    out.insert(out.end(), png->begin(), png->end());
    return out;
}

void buildFixture() {
    g_root = fs::temp_directory_path() / ("fuzz-gltf-uris-" + std::to_string(::getpid()));
    fs::remove_all(g_root);
    g_model = g_root / "model";
    fs::create_directories(g_model / "sub" / "deeper");
    fs::create_directories(g_model / "folder.bin");
    fs::create_directories(g_root / "outside");
    std::size_t at = 0, length = 0;
    const auto buffer = triangleBuffer(&at, &length);
    sw::fuzz::writeSeed(g_model / "tri.bin", buffer);
    sw::fuzz::writeSeed(g_root / "outside" / "tri.bin", buffer);
    const std::vector<std::uint8_t> png(buffer.begin() + std::ptrdiff_t(at), buffer.end());
    sw::fuzz::writeSeed(g_model / "paint.png", png);
    sw::fuzz::writeSeed(g_root / "outside" / "paint.png", png);
    ::mkfifo((g_model / "pipe.bin").c_str(), 0644);
    ::mkfifo((g_model / "pipe.png").c_str(), 0644);
    const int s = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    const std::string sock = (g_model / "sock.bin").string();
    if (s >= 0 && sock.size() < sizeof addr.sun_path) {
        std::memcpy(addr.sun_path, sock.c_str(), sock.size());
        (void)::bind(s, reinterpret_cast<sockaddr*>(&addr), sizeof addr);  // left bound: a socket file
    }
    fs::create_symlink("tri.bin", g_model / "in_link.bin");
    fs::create_symlink("../outside/tri.bin", g_model / "out_link.bin");
    fs::create_symlink("nowhere.bin", g_model / "dangling.bin");
    fs::create_directory_symlink("../outside", g_model / "link_dir");
}

// The image's bufferView starts after the 60 bytes of geometry.
std::string gltfText(const std::string& bufferUri, const std::string& imageUri, bool imageInBuffer, std::size_t bufferBytes) {
    nlohmann::json doc = nlohmann::json::parse(R"({"asset":{"version":"2.0"},
        "accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3"},
                     {"bufferView":1,"componentType":5126,"count":3,"type":"VEC2"}],
        "textures":[{"source":0}],
        "materials":[{"name":"paint","pbrMetallicRoughness":{"baseColorTexture":{"index":0}}}],
        "meshes":[{"primitives":[{"attributes":{"POSITION":0,"TEXCOORD_0":1},"material":0}]}],
        "nodes":[{"mesh":0}],"scenes":[{"nodes":[0]}],"scene":0})");
    doc["buffers"] = nlohmann::json::array({{{"byteLength", bufferBytes}, {"uri", bufferUri}}});
    doc["bufferViews"] = nlohmann::json::array({{{"buffer", 0}, {"byteLength", 36}},
                                                {{"buffer", 0}, {"byteOffset", 36}, {"byteLength", 24}},
                                                {{"buffer", 0}, {"byteOffset", 60}, {"byteLength", bufferBytes - 60}}});
    if (imageInBuffer) doc["images"] = nlohmann::json::array({{{"bufferView", 2}, {"mimeType", "image/png"}}});
    else doc["images"] = nlohmann::json::array({{{"uri", imageUri}}});
    return doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);  // JSON text is UTF-8
}

// A URI from the input: a byte < kPicks.size() picks a fixture name, else the bytes up to the
// next '\n' are the URI as written.
std::string takeUri(const std::uint8_t*& p, const std::uint8_t* end) {
    if (p == end) return "tri.bin";
    if (*p < kPicks.size()) return kPicks[*p++];
    std::string raw;
    while (p != end && *p != '\n') raw.push_back(static_cast<char>(*p++));
    if (p != end) ++p;
    return raw;
}

// Decoded as the reader does (RFC 3986 percent-decoding).
std::string decoded(const std::string& uri) {
    std::string out;
    for (std::size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '%' && i + 2 < uri.size() && std::isxdigit(static_cast<unsigned char>(uri[i + 1])) &&
            std::isxdigit(static_cast<unsigned char>(uri[i + 2]))) {
            out.push_back(static_cast<char>(std::stoi(uri.substr(i + 1, 2), nullptr, 16)));
            i += 2;
        } else {
            out.push_back(uri[i]);
        }
    }
    return out;
}

// What an import that succeeded may have read through `uri`: nothing (data: URI, empty, or a
// missing file) or a regular file, inside the model's folder unless `allowOutside`.
void checkRead(const std::string& uri, bool allowOutside) {
    if (uri.empty() || uri.rfind("data:", 0) == 0) return;
    const std::string name = decoded(uri);
    const fs::path file = fs::path(name).is_absolute() ? fs::path(name) : g_model / name;
    struct stat st {};
    if (::stat(file.c_str(), &st) != 0) return;  // missing: at most a warning
    if (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode) || S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
        sw::fuzz::broken("a pipe, socket or device was accepted", uri);
    if (allowOutside) return;
    std::error_code ec;
    const fs::path real = fs::canonical(file, ec);
    const fs::path folder = fs::canonical(g_model, ec);
    const fs::path rel = real.lexically_relative(folder);
    if (rel.empty() || *rel.begin() == "..") sw::fuzz::broken("a file outside the model's folder was accepted", uri);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    buildFixture();
    std::atexit([] {
        std::error_code ec;
        fs::remove_all(g_root, ec);
    });
    sw::fuzz::seedsRequested(*argc, *argv, [](const fs::path& dir) {
        for (std::uint8_t b = 0; b < kPicks.size(); ++b) {
            sw::fuzz::writeSeed(dir / ("buffer_" + std::to_string(b)), std::vector<std::uint8_t>{0, b, 1});
            sw::fuzz::writeSeed(dir / ("image_" + std::to_string(b)), std::vector<std::uint8_t>{0, 0, b});
            sw::fuzz::writeSeed(dir / ("outside_" + std::to_string(b)), std::vector<std::uint8_t>{1, 0, b});
        }
        sw::fuzz::writeSeed(dir / "view", std::vector<std::uint8_t>{2, 0, 1});
        sw::fuzz::writeSeed(dir / "raw", std::string("\x02../outside/tri.bin\n%2e%2e/outside/paint.png\n"));
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::uint8_t* p = data;
    const std::uint8_t* end = data + size;
    const std::uint8_t flags = *p++;
    const bool allowOutside = flags & 1;
    const bool imageInBuffer = flags & 2;
    const std::string bufferUri = takeUri(p, end);
    const std::string imageUri = takeUri(p, end);
    static const std::size_t bufferBytes = [] {
        std::size_t at = 0, length = 0;
        return triangleBuffer(&at, &length).size();
    }();
    const fs::path gltf = g_model / "fuzz.gltf";
    sw::fuzz::writeSeed(gltf, gltfText(bufferUri, imageUri, imageInBuffer, bufferBytes));
    sw::geometry::ImportSettings settings;
    settings.allowOutside = allowOutside;
    auto model = sw::geometry::importModel(gltf.string(), settings);
    if (!model) {
        if (model.error().message.empty()) sw::fuzz::broken("error without a message", model.error().toString());
        if (model.error().path.empty()) sw::fuzz::broken("error naming no file", model.error().toString());
        return 0;
    }
    checkRead(bufferUri, allowOutside);
    if (!imageInBuffer) checkRead(imageUri, allowOutside);
    return 0;
}
