#pragma once
// Header-only bridge from the simulation to the splat renderer's damage path (include it only
// where both sw::destruct and sw::render are linked: the CLI, tests, benches, the editor). Each
// sync uploads what changed since the last one: the dirty slot and pool records (packed into a
// CPU mirror), the bodies (a few floats each) and the uniforms; never the whole cloud.
#include <limits>
#include <vector>

#include "core/destruct/gpu_state.h"
#include "core/destruct/simulation.h"
#include "core/render/splat_renderer.h"

namespace sw::destruct {

inline render::SplatDamageParams renderDamageParams(const Simulation& sim) {
    render::SplatDamageParams p;
    const SimSettings& s = sim.settings();
    p.centroid = sim.centroid();
    p.inwardBlend = s.inwardBlend;
    p.stepShare = s.stepShare;
    p.minStep = s.minStep;
    p.thicknessRange = s.thicknessRange;
    p.undersideOffset = s.undersideOffset;
    p.gravity = s.gravity;
    p.cooling = sim.profile().cooling;
    p.debrisScale = s.debrisScale;
    p.underlayTint = sim.palette().floor;
    p.time = sim.time();
    p.poolCount = int(sim.poolHighWater());
    return p;
}

class DamageSync {
public:
    // Enables the renderer's damage path for `sim` (the renderer holds the same model) and uploads
    // the full state once.
    Status attach(render::SplatRenderer& renderer, Simulation& sim) {
        static_assert(kGpuSlotFloats == render::kDamageSlotFloats && kGpuPoolFloats == render::kDamagePoolFloats &&
                      kGpuBodyFloats == render::kDamageBodyFloats && kGpuChunkFloats == render::kDamageChunkFloats);
        if (renderer.coreCount() != int(sim.size()))
            return makeError(ErrorCode::InvalidInput, "the renderer's model has " + std::to_string(renderer.coreCount()) +
                                                          " core splats, the simulation " + std::to_string(sim.size()));
        SW_TRY(renderer.enableDamage(int(sim.pool().size())));
        (void)sim.takeDirtySlots();
        (void)sim.takeDirtyPool();
        m_slots = packSlots(sim);
        m_pool = packPool(sim);
        std::vector<std::uint32_t> all(sim.size());
        for (std::uint32_t i = 0; i < all.size(); ++i) all[i] = i;
        SW_TRY(renderer.updateDamageSlots(m_slots, all));
        all.resize(sim.pool().size());
        for (std::uint32_t i = 0; i < all.size(); ++i) all[i] = i;
        SW_TRY(renderer.updateDamagePool(m_pool, all));
        SW_TRY(renderer.setDamageShellSlots(shellSlots(renderer.model(), sim)));
        m_chunkVersion = sim.damage().chunkStateVersion() - 1;  // upload the chunk records once
        return sync(renderer, sim);
    }

    // Uploads the changes since the last sync (a chunk torn off as a whole: its chunk record).
    Status sync(render::SplatRenderer& renderer, Simulation& sim) {
        const std::vector<std::uint32_t> dirtySlots = sim.takeDirtySlots();  // not "slots": a Qt keyword
        for (std::uint32_t i : dirtySlots) packSlot(sim, i, m_slots.data() + std::size_t(i) * kGpuSlotFloats);
        const std::vector<std::uint32_t> pool = sim.takeDirtyPool();
        for (std::uint32_t e : pool) packPoolEntry(sim, e, m_pool.data() + std::size_t(e) * kGpuPoolFloats);
        if (!dirtySlots.empty()) SW_TRY(renderer.updateDamageSlots(m_slots, dirtySlots));
        if (!pool.empty()) SW_TRY(renderer.updateDamagePool(m_pool, pool));
        if (sim.damage().chunkStateVersion() != m_chunkVersion) {
            SW_TRY(renderer.updateDamageChunks(packChunks(sim)));
            m_chunkVersion = sim.damage().chunkStateVersion();
        }
        SW_TRY(renderer.updateDamageBodies(packBodies(sim)));
        renderer.setDamageParams(renderDamageParams(sim));
        return {};
    }

    // The nearest core slot (plating) of every shell splat, brute force (the shell is small).
    static std::vector<std::uint32_t> shellSlots(const formats::Spl2Model& model, const Simulation& sim) {
        std::vector<std::uint32_t> out(model.shell.size(), 0);
        for (std::size_t j = 0; j < model.shell.size(); ++j) {
            float best = std::numeric_limits<float>::max();
            for (std::uint32_t i = 0; i < sim.size(); ++i) {
                const float d = (model.core.pos[i] - model.shell.pos[j]).squaredNorm();
                if (d < best) best = d, out[j] = i;
            }
        }
        return out;
    }

private:
    std::vector<float> m_slots, m_pool;
    std::uint64_t m_chunkVersion = 0;
};

}  // namespace sw::destruct
