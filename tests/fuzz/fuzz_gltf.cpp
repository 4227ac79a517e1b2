// libFuzzer target: our glTF reading before Assimp (readGltfInfo): the .gltf JSON or the GLB
// container, its JSON chunk, BIN chunk, data: URI buffers and image bufferViews.
#include <cstdint>
#include <span>

#include "core/geometry/detail/gltf_json.h"
#include "core/geometry/gltf_writer.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    sw::fuzz::seedsRequested(*argc, *argv, [](const std::filesystem::path& dir) {
        // A textured two-triangle GLB from our writer: two parts, two materials, a PNG atlas.
        sw::geometry::Mesh mesh;
        mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0.5f}};
        mesh.uvs = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
        mesh.triangles = {{0, 1, 2}, {1, 3, 2}};
        mesh.faceMaterial = {0, 1};
        mesh.facePart = {0, 1};
        mesh.partNames = {"hull", "gun"};
        sw::geometry::Material textured;
        textured.name = "paint";
        textured.baseColorTexture = 0;
        sw::geometry::Material plain;
        plain.name = "plain";
        plain.baseColorFactor = {0.5f, 0.25f, 1.0f, 1.0f};
        plain.alphaMask = true;
        mesh.materials = {textured, plain};
        sw::geometry::Image img;
        img.name = "atlas";
        img.width = img.height = 2;
        img.rgba = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128};
        mesh.textures = {img};
        sw::fuzz::writeSeedResult(dir / "quad.glb", sw::geometry::encodeGlb(mesh));
        // .gltf text: a data: URI buffer, images by bufferView, uri and data: URI, a texture
        // through an extension's source, extension lists.
        sw::fuzz::writeSeed(dir / "views.gltf", std::string(
            R"({"asset":{"version":"2.0"},"extensionsUsed":["KHR_texture_transform","EXT_texture_webp"],)"
            R"("extensionsRequired":["KHR_draco_mesh_compression"],)"
            R"("buffers":[{"byteLength":16,"uri":"data:application/octet-stream;base64,AAECAwQFBgcICQoLDA0ODw=="}],)"
            R"("bufferViews":[{"buffer":0,"byteOffset":4,"byteLength":8}],)"
            R"("images":[{"bufferView":0,"mimeType":"image/png"},{"uri":"tex%20a.png"},{"uri":"data:image/png;base64,iVBORw0KGgo="}],)"
            R"("textures":[{"source":0},{"extensions":{"EXT_texture_webp":{"source":1}}},{"source":2}],)"
            R"("materials":[{"name":"m","pbrMetallicRoughness":{"baseColorTexture":{"index":1},"baseColorFactor":[1,0.5,0.25,1],)"
            R"("metallicRoughnessTexture":{"index":0}},"normalTexture":{"index":2},"alphaMode":"MASK","alphaCutoff":0.3,)"
            R"("doubleSided":true}]})"));
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = "fuzz.glb";
    auto info = sw::geometry::detail::readGltfInfo(std::span(data, size), path);
    if (!sw::fuzz::accepted(info, path)) return 0;
    for (const auto& m : info->materials)
        if (m.baseColorImage < -1) sw::fuzz::broken("negative base colour image index", m.name);
    (void)sw::geometry::detail::unsupportedExtensions(info->extensionsRequired);
    return 0;
}
