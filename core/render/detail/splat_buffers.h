#pragma once
// GPU buffers of the splat renderer: one record per splat (kSplatFloats floats: pos 3, ax0 3,
// ax1 3, normal 3, color 3, opacity 1, attrs 4, extra 4 = chunk, material, floater flag, shape
// class) in a shader storage buffer per pass, read by the prepare pass (compute), whose output
// (kPreparedFloats per splat) the vertex shaders pull by index (no vertex attributes; the VAOs
// only hold the shell's index buffer). The shell is drawn through the
// index buffer of one heading sector's order (splat·4 + corner), rebuilt only when the sector
// changes.
#include <cstdint>
#include <span>
#include <vector>

#include "core/formats/spl2.h"
#include "core/render/detail/gl_functions.h"

namespace sw::render::detail {

inline constexpr int kSplatFloats = 24;
// Output of the prepare pass per splat (shaders/splat_prepare.comp): 5 vec4.
inline constexpr int kPreparedFloats = 20;
// Core splats are drawn in batches through one shared index buffer: splat s of a batch uses
// vertex ids s·kCoreRing + ring point (0..11) and gl_VertexID / kCoreRing is the splat (the
// base vertex moves the batch). Indexed fans let llvmpipe's vertex cache shade each ring point
// once: 8 shader runs per octagon, 12 per shaped splat, instead of 3 per triangle. (The coverage
// variant needs no index buffer: one triangle per splat, drawn with glDrawArrays.)
inline constexpr int kCoreRing = 12;
inline constexpr int kCoreBatch = 4096;
inline constexpr int kOctagonTriangles = 6;  // fan over ring points 0..7
inline constexpr int kShapeTriangles = 10;   // fan over ring points 0..11

struct SplatBuffers {
    GLuint coreArray = 0, coreBuffer = 0;                    // empty VAO + core records (SSBO)
    GLuint octagonIndex = 0, shapeIndex = 0;                 // kCoreBatch fans of 6 / 10 triangles
    GLuint shellArray = 0, shellBuffer = 0, shellIndex = 0;  // VAO with the index buffer + records
    GLuint corePrepared = 0, shellPrepared = 0;              // prepare-pass output (SSBO), per pass
    int coreCount = 0;
    int shellCount = 0;
    std::vector<std::vector<std::int32_t>> orders;  // [64][n_shell]
    int sector = -1;       // sector whose order is in shellIndex
    int orderUploads = 0;
    // Damage path (splat_damage.glsl): SSBOs at bindings 2 (slots), 3 (pool), 4 (bodies); dummies
    // of one record while off. corePrepared then holds n_core + poolCapacity records.
    // shell (binding 5): per shell splat its core slot and that slot's chunk; chunks: binding 6.
    GLuint damageSlots = 0, damagePool = 0, damageBodies = 0, damageShell = 0, damageChunks = 0;
    bool damage = false;
    int poolCapacity = 0;
    int bodyCapacity = 0;
    int chunkCount = 0;  // chunk records uploaded
    std::uint64_t damageBytes = 0;
};

// (Re)creates the damage buffers: zeroed records for the core, the pool and `bodies` bodies, and a
// core prepared buffer with room for the pool; poolCapacity < 0 frees them (dummies, path off).
void allocateDamage(const GlFunctions& gl, SplatBuffers& b, int poolCapacity, int bodies);
// Uploads the records of `dirty` (sorted or not; coalesced into runs) from the mirror `all`.
void uploadRecords(const GlFunctions& gl, GLuint buffer, std::span<const float> all, int floats,
                   std::span<const std::uint32_t> dirty, std::uint64_t& bytes);

// Records of one part: [n, kSplatFloats]. chunk, material: [n] or empty (0); floater: [n] or
// empty; shape: [n] class 0..2.
std::vector<float> packSplats(const formats::Spl2Part& part, std::span<const std::int32_t> chunk,
                              std::span<const std::int32_t> material, std::span<const std::uint8_t> floater,
                              std::span<const int> shape);

// (Re)creates the buffers of `model`. floater: [n_core + n_shell] or empty; shape likewise.
void uploadSplats(const GlFunctions& gl, SplatBuffers& b, const formats::Spl2Model& model,
                  std::span<const std::uint8_t> floater, std::span<const int> shape);
// Makes shellIndex hold the order of `sector` (no-op when it already does).
void selectShellOrder(const GlFunctions& gl, SplatBuffers& b, int sector);
void releaseSplats(const GlFunctions& gl, SplatBuffers& b);

}  // namespace sw::render::detail
