// Writes the foliage-trim fixtures (tests/cli/foliage.cmake) into the folder given as argv[1],
// built in code through our own GLB writer (the model in metres, +Z up):
//   leaf.glb         two alpha-MASK cards on a 64² round-leaf texture (one card on the leaf's
//                    quarter, one on an empty quarter) and an opaque trunk quad
//   nonquad.glb      the leaf card with a third triangle on its material
//   transparent.glb  the cards with a fully transparent texture
//   notexture.glb    the cards with no base-colour texture
//   opaque.glb       the trunk only: no alpha-MASK card
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "core/geometry/gltf_writer.h"
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

    Mesh nonquad = leaf;  // a third triangle on the first card (a separate vertex, one card)
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
    return 0;
}
