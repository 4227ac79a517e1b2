#pragma once
// The reader of glTF KHR_gaussian_splatting (gltf_splat.h): container, buffers, accessors,
// scene traversal and the conversion to a model-space SplatCloud.
#include <cstdint>
#include <span>
#include <string>

#include "core/foundation/error.h"
#include "core/splat/splat_cloud.h"

namespace sw::formats::detail {

Result<splat::SplatCloud> decodeGltfSplatDocument(std::span<const std::uint8_t> bytes, const std::string& path);

}  // namespace sw::formats::detail
