#pragma once
// A plain copy of a glTF/GLB for readers that lack its compression extensions (Debian 12's
// Blender 3.4 reads neither Draco nor KTX2): the scene as Assimp reads it (Draco geometry
// decompressed), re-exported as GLB by Assimp's glTF 2.0 exporter, every KTX2 base-colour
// image decoded with our decoder (ktx2_texture.h) and embedded as PNG, and each material's base
// colour linked to it again (Assimp 5.2 drops links whose source is in KHR_texture_basisu).
// Normal, metallic-roughness and other KTX2 slots are dropped, and Assimp 5.2.5's exporter
// squares a BLEND material's alpha factor: fine for the benchmark's diffuse-only recipe, not a
// general-purpose converter. Used by the Blender benchmark
// (bench/dataset_vs_blender.sh) through `splatwright-cli plain-glb`.
#include <string>

#include "core/foundation/error.h"

namespace sw::geometry {

struct PlainGlbReport {
    int meshes = 0;
    int pngImages = 0;          // KTX2 base-colour images re-encoded as PNG
    int baseColorsLinked = 0;   // materials whose base colour was linked again
};

// Errors name the file: input unreadable or corrupt (Io/Parse), a KTX2 image we cannot decode
// (Unsupported/Parse), the export failing or the output not writable (Io). The output is
// written atomically.
// `allowOutside`: read buffers and images the glTF names outside its folder (refused otherwise).
Result<PlainGlbReport> writePlainGlb(const std::string& input, const std::string& output, bool allowOutside = false);

}  // namespace sw::geometry
