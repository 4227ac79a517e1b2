#pragma once
// Copy culling of a foliage asset for FoliageRenderer (issue 35): the copies' records live on the
// GPU from setCopies on, and each frame either the compute pass shaders/foliage_cull.comp compacts
// the visible ones into asset.visibleBuffer and writes their number into the instanceCount of the
// asset's indirect draw commands (no per-frame CPU work proportional to the copies), or, on the
// CPU-cull path, core/foliage/cull.h picks them and the list is uploaded. Either way instance k of
// a draw is copy visibleBuffer[k] (shaders/foliage_copies.glsl).
#include <Eigen/Core>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/foliage/cull.h"
#include "core/render/detail/foliage_assets.h"
#include "core/render/detail/gl_functions.h"

namespace sw::render::detail {

inline constexpr GLuint FOLIAGE_COPIES_BINDING = 1;   // foliage_copies.glsl, foliage_cull.comp
inline constexpr GLuint FOLIAGE_VISIBLE_BINDING = 2;
inline constexpr GLuint FOLIAGE_COMMANDS_BINDING = 3;  // foliage_cull.comp

// Uploads asset.copies (records, a visible list of the same size, the draw commands with
// instanceCount 0), replacing the previous buffers.
void uploadCopies(const GlFunctions& gl, FoliageAsset& asset);

// The cull pass on the GPU (program: foliage_cull.comp): resets the instance counts, culls by fade
// and the planes, copies the count into every command, then a command + storage barrier so the
// indirect draws and the vertex shaders see the list. Asset with copies only.
void cullOnGpu(const GlFunctions& gl, GLuint program, FoliageAsset& asset, const foliage::FrustumPlanes& planes,
               const Eigen::Vector3f& camera);
// Every copy in order (visible[i] = i) on the GPU, for the transform feedback capture.
void listAllCopies(const GlFunctions& gl, GLuint program, FoliageAsset& asset);
// The CPU-cull path: foliage::visibleCopyIndices uploaded as the visible list; returns its size.
std::size_t cullOnCpu(const GlFunctions& gl, FoliageAsset& asset, const Eigen::Matrix4f& viewProj,
                      const Eigen::Vector3f& camera);
// The visible count the GPU pass left in the first command (reads back: stalls the pipeline).
std::size_t readVisibleCount(const GlFunctions& gl, const FoliageAsset& asset);
// The first `count` entries of the visible list (reads back).
std::vector<std::uint32_t> readVisibleList(const GlFunctions& gl, const FoliageAsset& asset, std::size_t count);

// Binds the copies and the visible list for the vertex shaders and the commands as the draw
// indirect buffer; unbindCopies undoes it.
void bindCopies(const GlFunctions& gl, const FoliageAsset& asset);
void unbindCopies(const GlFunctions& gl);
// Byte offset of draw command k in asset.commandBuffer.
std::size_t commandOffset(const FoliageAsset& asset, std::size_t k);

}  // namespace sw::render::detail
