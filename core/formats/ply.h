#pragma once
// PLY (standard 3D Gaussian Splatting layout, binary_little_endian).
// Written: x y z nx ny nz f_dc_0..2 [f_rest_0..3K-1] opacity scale_0..2 rot_0..3, all float32,
// with f_dc = (rgb − 0.5)/C0 (C0 = 0.28209479, the degree-0 SH constant), opacity as a logit,
// log scales and the quaternion as (w, x, y, z); f_rest is channel-major (all red
// coefficients, then green, then blue), as written by the 3DGS reference trainer
// (Kerbl et al. 2023, graphdeco-inria/gaussian-splatting, scene/gaussian_model.py save_ply).
// Read: any property order and type (int8..float64), extra properties and elements ignored,
// quaternions normalised; plain point clouds (x y z [red green blue] [nx ny nz]) are accepted
// too and get identity rotations, opacity 1 and an isotropic scale of half the mean spacing.
// SuperSplat's compressed PLY (a `chunk` element and packed vertices) is recognised by its header
// and decoded by detail/compressed_ply.h, SH kept.
// Axes (axes.h): written in the 3DGS convention (x right, y down, z forward) unless
// PlyWriteOptions::axes is Model; a header comment `splatwright-axes 3dgs|model` says which. The
// reader converts to model space: a file marked model is read as-is, and so is one of an older
// version of ours (`written by Splatwright` without the marker, which wrote model space); any
// other PLY (gsplat, SuperSplat, the reference trainer) is taken as 3DGS convention.
#include <cstdint>
#include <fstream>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/formats/axes.h"
#include "core/foundation/error.h"
#include "core/splat/splat_cloud.h"

namespace sw::formats {

// Degree-0 real spherical-harmonics constant 1/(2√π).
inline constexpr float kShC0 = 0.28209479177387814f;

struct PlyWriteOptions {
    Axes axes = Axes::Standard;  // Model: model space as-is (our own caches, --axes model)
};

// The axes a parsed header declares (see above): Model or Standard; an unknown
// `splatwright-axes` value is an Unsupported error naming path.
Result<Axes> plyAxes(const std::vector<std::string>& headerComments, const std::string& path);

// Parses a whole PLY file; `path` names the file in errors.
Result<splat::SplatCloud> decodePly(std::span<const std::uint8_t> bytes, const std::string& path);
Result<splat::SplatCloud> readPly(const std::string& path);

// Serialises a valid cloud (validate() is checked; `what` names it in errors).
Result<std::vector<std::uint8_t>> encodePly(const splat::SplatCloud& cloud, const std::string& what,
                                            const PlyWriteOptions& options = {});
// encodePly + atomic write: on failure no partial file is left at path.
Status writePly(const std::string& path, const splat::SplatCloud& cloud, const PlyWriteOptions& options = {});

// Reads a PLY's splats block by block, so a scan larger than memory is never held whole (the
// out-of-core LOD build): memory is one block, not the file. The standard 3DGS layout (and any
// PLY with scale_0..2); a compressed PLY or a plain point cloud (whose splat size needs every
// point first) is Unsupported here: read those whole with readPly. Blocks are in model space,
// validated (an error names the file and the splat's index in the file).
class PlyStreamReader {
public:
    static Result<std::unique_ptr<PlyStreamReader>> open(const std::string& path);
    ~PlyStreamReader();
    std::uint64_t count() const;  // splats in the file
    std::uint64_t read() const;   // splats returned so far
    int shDegree() const;
    // The next `max` splats (fewer at the end, none after it); SH bands kept when `keepSh`.
    Result<splat::SplatCloud> next(std::size_t max, bool keepSh = true);

private:
    struct State;
    explicit PlyStreamReader(std::unique_ptr<State> state);
    std::unique_ptr<State> m_state;
};

}  // namespace sw::formats
