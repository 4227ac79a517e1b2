// Writes the foliage-trim fixtures (tests/cli/foliage.cmake) into the folder given as argv[1],
// built in code through our own GLB writer (the model in metres, +Z up):
//   leaf.glb         two alpha-MASK cards on a 64² round-leaf texture (one card on the leaf's
//                    quarter, one on an empty quarter) and an opaque trunk quad
//   nonquad.glb      the leaf card with a third triangle on its material whose UVs lie on a
//                    line (degenerate: its texels cannot be told apart)
//   transparent.glb  the cards with a fully transparent texture
//   notexture.glb    the cards with no base-colour texture
//   opaque.glb       the trunk only: no alpha-MASK card
// and the `foliage` scene fixtures:
//   untextured.glb   the plant with opaque materials and no texture at all
//   grass.glb        a clump of three crossed 0.3 × 0.5 m grass cards (M_Grass, five blades a card)
//   pine.ply         a splat plant: 600 needle-like splats on a 2 m cone
//   walk.json        two scripted benders crossing the scatter ({"benders": [...]})
//   walk_nan.json    a bender path with NaN in its second point
//   walk_type.json   a bender whose speed is a string
//   storm.json       seed 004's scene JSON: a storm wind, more variation, a node fade [6, 10]
//   wrong_type.json  a scene JSON whose wind speed is a string
//   tallpine.glb     the leaf model 2.5 × as large (a 5 m plant, in metres)
//   pineproj.splatproj + pineproj.cache/training/cloud.ply: a project of tallpine.glb (import
//                    normalised into the 1.6 cube) and a cloud in its normalised units, as training
//                    leaves it: a splat on every vertex of the normalised model
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "tests/support/grass_clump.h"
#include "core/formats/ply.h"
#include "core/foundation/file_io.h"
#include "core/geometry/gltf_writer.h"
#include "core/geometry/import.h"
#include "core/project/project.h"
#include "core/geometry/mesh.h"

namespace fs = std::filesystem;
using sw::geometry::Image;
using sw::geometry::Mesh;

namespace {

// w × h texture, green, alpha 255 inside the disc (cx, cy, r) in texels, 0 elsewhere.
Image leafTexture(int w, int h, float cx, float cy, float r) {
    Image img;
    img.name = "leaf";
    img.width = w;
    img.height = h;
    img.rgba.assign(static_cast<std::size_t>(w * h * 4), 0);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const auto px = static_cast<std::size_t>((y * w + x) * 4);
            img.rgba[px + 1] = 160;
            img.rgba[px + 3] = std::hypot(x + 0.5f - cx, y + 0.5f - cy) <= r ? 255 : 0;
        }
    return img;
}

// A vertical quad centred at (x, 0) from z = 0 to h, width w, UVs [u0, u0 + s]², material m.
void addCard(Mesh& mesh, float x, float w, float h, float u0, float s, int m) {
    const int base = static_cast<int>(mesh.positions.size());
    mesh.positions.insert(mesh.positions.end(), {{x - w / 2, 0, 0}, {x + w / 2, 0, 0}, {x + w / 2, 0, h}, {x - w / 2, 0, h}});
    mesh.uvs.insert(mesh.uvs.end(), {{u0, u0 + s}, {u0 + s, u0 + s}, {u0 + s, u0}, {u0, u0}});
    mesh.normals.insert(mesh.normals.end(), 4, Eigen::Vector3f(0, -1, 0));
    mesh.triangles.emplace_back(base, base + 1, base + 2);
    mesh.triangles.emplace_back(base, base + 2, base + 3);
    mesh.faceMaterial.insert(mesh.faceMaterial.end(), 2, m);
    mesh.facePart.insert(mesh.facePart.end(), 2, 0);
}

Mesh leafModel() {
    Mesh mesh;
    mesh.partNames = {"plant"};
    mesh.textures.push_back(leafTexture(64, 64, 16.f, 16.f, 12.f));  // a leaf in the top-left quarter
    sw::geometry::Material card, bark;
    card.name = "M_Leaf";
    card.alphaMask = true;
    card.baseColorTexture = 0;
    bark.name = "M_Bark";
    mesh.materials = {card, bark};
    addCard(mesh, 0.f, 1.f, 1.f, 0.f, 0.5f, 0);   // on the leaf's quarter
    addCard(mesh, 3.f, 1.f, 1.f, 0.5f, 0.5f, 0);  // on an empty quarter: dropped
    addCard(mesh, 6.f, 0.3f, 2.f, 0.f, 1.f, 1);   // the opaque trunk
    return mesh;
}

void write(const Mesh& mesh, const fs::path& path) {
    if (auto s = sw::geometry::writeGlb(mesh, path.string()); !s) {
        std::fprintf(stderr, "foliage_gen: %s\n", s.error().toString().c_str());
        std::exit(1);
    }
}

void writeText(const fs::path& path, const std::string& text) {
    if (auto s = sw::writeFileAtomic(path.string(), text); !s) {
        std::fprintf(stderr, "foliage_gen: %s\n", s.error().toString().c_str());
        std::exit(1);
    }
}


// n splats on a cone of height h and base radius r (a small conifer), flattened along the radius.
sw::splat::SplatCloud splatPlant(int n, float h, float r) {
    sw::splat::SplatCloud c;
    c.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        const float u = (i + 0.5f) / n, a = 2.39996323f * i;  // golden-angle spiral
        const float z = h * (0.15f + 0.85f * u), rad = r * (1.f - u) * (0.4f + 0.6f * std::fmod(i * 0.618f, 1.f));
        const auto k = static_cast<std::size_t>(i);
        c.positions[k] = Eigen::Vector3f(rad * std::cos(a), rad * std::sin(a), z);
        const Eigen::Quaternionf q(Eigen::AngleAxisf(a, Eigen::Vector3f::UnitZ()));
        c.rotations[k] = Eigen::Vector4f(q.w(), q.x(), q.y(), q.z());
        c.scales[k] = Eigen::Vector3f(0.01f, 0.05f, 0.03f);
        c.opacities[k] = 0.95f;
        c.colors[k] = Eigen::Vector3f(0.18f + 0.1f * u, 0.38f + 0.15f * u, 0.16f);
    }
    return c;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: foliage_gen <folder>\n");
        return 1;
    }
    const fs::path out = argv[1];
    fs::remove_all(out);
    fs::create_directories(out);
    const Mesh leaf = leafModel();
    write(leaf, out / "leaf.glb");

    Mesh nonquad = leaf;  // a third triangle on the first card (a separate vertex, one card), UV v = 0 at all three
    nonquad.positions.emplace_back(0.f, 0.f, 1.5f);
    nonquad.uvs.emplace_back(0.25f, 0.f);
    nonquad.normals.emplace_back(0.f, -1.f, 0.f);
    nonquad.triangles.emplace_back(3, 2, static_cast<int>(nonquad.positions.size()) - 1);
    nonquad.faceMaterial.push_back(0);
    nonquad.facePart.push_back(0);
    write(nonquad, out / "nonquad.glb");

    Mesh transparent = leaf;
    transparent.textures[0] = leafTexture(16, 16, 0.f, 0.f, 0.f);
    write(transparent, out / "transparent.glb");

    Mesh bare = leaf;
    bare.textures.clear();
    bare.materials[0].baseColorTexture = -1;
    write(bare, out / "notexture.glb");

    Mesh opaque = leaf;
    opaque.materials[0].alphaMask = false;
    write(opaque, out / "opaque.glb");

    write(sw::test::grassClump(), out / "grass.glb");

    Mesh untextured = bare;
    untextured.materials[0].alphaMask = false;
    write(untextured, out / "untextured.glb");

    if (auto st = sw::formats::writePly((out / "pine.ply").string(), splatPlant(600, 2.f, 0.6f)); !st) {
        std::fprintf(stderr, "foliage_gen: %s\n", st.error().toString().c_str());
        return 1;
    }
    writeText(out / "walk.json", R"({"benders": [
  {"radius": 0.7, "speed": 1.5, "points": [[-6, -1, 0.5], [6, 1, 0.5]]},
  {"radius": 1.0, "speed": 0.8, "points": [[0, -6, 0.5], [0, 6, 0.5]], "loop": true}
]})");
    writeText(out / "walk_nan.json", R"({"benders": [{"radius": 0.7, "speed": 1.5, "points": [[0, 0, 0], [1, NaN, 0]]}]})");
    writeText(out / "walk_type.json", R"({"benders": [{"radius": 0.7, "speed": "fast", "points": [[0, 0, 0]]}]})");
    writeText(out / "storm.json", R"({"env": {"foliage": {"wind": {"direction": [1, 0.3], "speed": 20, "gust": 0.8},
  "touch": 0.6, "variation": 0.6}}, "nodes": {"grass": {"foliage": {"fade": [6, 10]}}}})");
    writeText(out / "wrong_type.json", R"({"env": {"foliage": {"wind": {"speed": "fast"}}}})");

    Mesh tall = leaf;
    for (Eigen::Vector3f& p : tall.positions) p *= 2.5f;
    write(tall, out / "tallpine.glb");
    const std::string projectPath = (out / "pineproj.splatproj").string();
    auto project = sw::project::newProject((out / "tallpine.glb").string(), projectPath);
    auto normalised = project ? sw::geometry::importModel(project->modelPath, project->import)
                              : sw::Result<sw::geometry::ImportedModel>(project.error());
    sw::Status saved = normalised ? sw::project::saveProject(*project, projectPath) : sw::Status(normalised.error());
    if (saved) {
        const Mesh& m = normalised->mesh;
        sw::splat::SplatCloud cloud;
        cloud.resize(m.positions.size());
        for (std::size_t i = 0; i < m.positions.size(); ++i) {
            cloud.positions[i] = m.positions[i];
            cloud.scales[i] = Eigen::Vector3f::Constant(0.02f);
            cloud.colors[i] = Eigen::Vector3f(0.2f, 0.5f, 0.2f);
            cloud.opacities[i] = 1.f;
        }
        fs::create_directories(fs::path(project->cacheFolder) / "training");
        saved = sw::formats::writePly((fs::path(project->cacheFolder) / "training" / "cloud.ply").string(), cloud);
    }
    if (!saved) {
        std::fprintf(stderr, "foliage_gen: %s\n", saved.error().toString().c_str());
        return 1;
    }
    return 0;
}
