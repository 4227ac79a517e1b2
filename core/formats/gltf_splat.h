#pragma once
// glTF 2.0 with KHR_gaussian_splatting (Khronos, ratified 2026): a splat cloud as a POINTS
// primitive whose attributes are POSITION, KHR_gaussian_splatting:ROTATION (unit quaternion,
// x y z w), :SCALE (linear σ), :OPACITY (0..1), :SH_DEGREE_0_COEF_0 (the DC coefficient, colour =
// 0.5 + C0 · SH) and :SH_DEGREE_l_COEF_n for the higher bands (n = 0..2l, m = −l..l, RGB each),
// with the extension object {kernel "ellipse", colorSpace, projection, sortingMethod}.
// Layout in docs/formats.md ("glTF KHR_gaussian_splatting").
//
// Writer: a `.glb` (one binary chunk) or a `.gltf` with its buffer inline as a base64 data URI
// (one file either way), float attributes, COLOR_0 as the point-cloud fallback (linear RGB and
// opacity, normalised bytes), NORMAL when the cloud has normals, colour space
// srgb_rec709_display. Axes: glTF's +Y up (Frame::Rub, axes.h) unless the options say Model,
// which is recorded in asset.extras so that our reader takes it back as-is.
//
// Reader: GLB or .gltf (buffers from the GLB chunk, a data URI or a file inside the glTF's
// folder), every KHR_gaussian_splatting primitive of the default scene under its node's global
// transform (a rotation, translation and uniform scale exactly; a non-uniform scale through the
// covariance), float or the spec's normalised integer component types, interleaved views.
// Refused in one line naming the file: a required extension we do not read (SPZ compression,
// meshopt), a kernel other than "ellipse", a mode other than POINTS, a missing required
// attribute, a partial SH band, an accessor or view outside its buffer, sparse accessors, a glTF
// major version other than 2; NaN and out-of-range values through SplatCloud::validate.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/formats/axes.h"
#include "core/foundation/error.h"
#include "core/splat/splat_cloud.h"

namespace sw::formats {

inline constexpr const char* kGaussianSplattingExtension = "KHR_gaussian_splatting";

struct GltfSplatWriteOptions {
    bool binary = true;          // .glb; false: .gltf with a data: URI buffer
    Axes axes = Axes::Standard;  // Standard: glTF's +Y up; Model: our +Z up, recorded in asset.extras
};

Result<std::vector<std::uint8_t>> encodeGltfSplat(const splat::SplatCloud& cloud, const GltfSplatWriteOptions& options,
                                                  const std::string& what);
// encodeGltfSplat (binary by the extension: .glb, else .gltf) + atomic write.
Status writeGltfSplat(const std::string& path, const splat::SplatCloud& cloud, Axes axes = Axes::Standard);

// `path` names the file in errors and is the folder external buffers are resolved in.
Result<splat::SplatCloud> decodeGltfSplat(std::span<const std::uint8_t> bytes, const std::string& path);
Result<splat::SplatCloud> readGltfSplat(const std::string& path);

// True when `path` is a .gltf or .glb whose JSON uses KHR_gaussian_splatting (a mesh model is not).
bool isGltfSplatPath(const std::string& path);

}  // namespace sw::formats
