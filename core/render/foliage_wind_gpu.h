#pragma once
// Foliage wind on the GPU (issue 35 §2, §5): shaders/foliage_wind.comp bends the vertices of a
// foliage asset and the splats of a splat plant about their plants' roots (the wind lean at each
// root plus the acting benders' push, the leaf shiver at each point; a splat's rotation composed
// with its bend), one compute invocation per point, the twin of core/foliage/animate.h
// (animateVertices / animateSplats) for one instance. frame.acting holds at most 64 benders
// (TouchSettings::maxBenders' range), in BenderSet::acting's order.
// The host makes its GL 4.5 context current and supplies the loader; no window, no context here.
// Results are read back for the tests and the CLI; a renderer binds the same pass later.
#include <Eigen/Core>
#include <memory>
#include <vector>

#include "core/foliage/animate.h"
#include "core/foundation/error.h"
#include "core/render/gl_loader.h"
#include "core/splat/splat_cloud.h"

namespace sw::render {

class FoliageWindGpu {
public:
    // ErrorCode::Gpu with the driver's log when the program does not build.
    static Result<std::unique_ptr<FoliageWindGpu>> create(const GlProcLoader& loader);
    ~FoliageWindGpu();
    FoliageWindGpu(const FoliageWindGpu&) = delete;
    FoliageWindGpu& operator=(const FoliageWindGpu&) = delete;

    // Uploads the rest pose. rest: [V] model units; plants covers the V points (vertexPlant,
    // mainWeight, detailWeight: [V]); a point of plant −1 stays where it is.
    Status setVertices(const std::vector<Eigen::Vector3f>& rest, const foliage::PlantSet& plants);
    // The same for a splat cloud: positions [N] and rotations [N] (w, x, y, z).
    Status setSplats(const splat::SplatCloud& rest, const foliage::PlantSet& plants);

    // Runs the pass for one frame into the GPU buffer; with `milliseconds`, the time from an idle
    // GPU to the pass finished (glFinish before and after; for benchmarks).
    Status dispatch(const foliage::WindField& wind, const foliage::FoliageInstance& instance,
                    const foliage::FrameInput& frame, double* milliseconds = nullptr);
    // The last dispatch's result: positions [V] model units, rotations [V] (w, x, y, z) (the rest
    // ones for vertices).
    Status read(std::vector<Eigen::Vector3f>& positions, std::vector<Eigen::Vector4f>& rotations) const;
    // dispatch, then read.
    Status animate(const foliage::WindField& wind, const foliage::FoliageInstance& instance,
                   const foliage::FrameInput& frame, std::vector<Eigen::Vector3f>& positions,
                   std::vector<Eigen::Vector4f>& rotations);

    std::size_t count() const;
    // Deletes the GL objects; needs the context current. Call before the context goes.
    void release();

private:
    struct Impl;
    explicit FoliageWindGpu(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

}  // namespace sw::render
