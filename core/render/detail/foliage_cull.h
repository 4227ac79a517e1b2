#pragma once
// Copy culling of a foliage asset for FoliageRenderer (issue 35): the copies' records live on the
// GPU from setCopies on, and each frame either the compute pass shaders/foliage_cull.comp compacts
// the visible ones into asset.visibleBuffer and writes their number into the instanceCount of the
// asset's indirect draw commands (no per-frame CPU work proportional to the copies), or, on the
// CPU-cull path, core/foliage/cull.h picks them and the list is uploaded. Either way the kept
// copies are split into distance bands (near to far, foliage::copyBand), each band a list and a
// draw per material, and instance k of band b's draw is copy visibleBuffer[b × bandStride + k]
// (shaders/foliage_copies.glsl reads the band's range, bound by bindBand).
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
// bands: 1..FOLIAGE_MAX_BANDS, width: foliage::bandWidth.
void cullOnGpu(const GlFunctions& gl, GLuint program, FoliageAsset& asset, const foliage::FrustumPlanes& planes,
               const Eigen::Vector3f& camera, std::size_t bands, float width);
// Every copy in order (visible[i] = i) on the GPU, for the transform feedback capture.
void listAllCopies(const GlFunctions& gl, GLuint program, FoliageAsset& asset);
// The CPU-cull path: foliage::visibleCopyBands uploaded as the bands' lists; returns their total.
std::size_t cullOnCpu(const GlFunctions& gl, FoliageAsset& asset, const Eigen::Matrix4f& viewProj,
                      const Eigen::Vector3f& camera, std::size_t bands, float width);
// The copies the last cull kept in each band (GPU pass: read back from the commands and the
// lists, which stalls the pipeline), [asset.bands] lists in the lists' order.
std::vector<std::vector<std::uint32_t>> readVisibleBands(const GlFunctions& gl, const FoliageAsset& asset);
// The number of copies the last cull kept (GPU pass: read back from the commands; stalls).
std::size_t readVisibleCount(const GlFunctions& gl, const FoliageAsset& asset);

// Binds the copies and band 0's visible list for the vertex shaders and the commands as the draw
// indirect buffer; bindBand binds another band's list; unbindCopies undoes it.
void bindCopies(const GlFunctions& gl, const FoliageAsset& asset);
void bindBand(const GlFunctions& gl, const FoliageAsset& asset, std::size_t band);
void unbindCopies(const GlFunctions& gl);
// Byte offset of band b's draw command k in asset.commandBuffer.
std::size_t commandOffset(const FoliageAsset& asset, std::size_t band, std::size_t k);

}  // namespace sw::render::detail
