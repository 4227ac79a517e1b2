#include "core/destruct/gpu_state.h"

namespace sw::destruct {

void packSlot(const Simulation& sim, std::uint32_t i, float* r) {
    r[0] = sim.depth(i);
    r[1] = sim.heat0(i);
    r[2] = sim.heatTime(i);
    r[3] = float(sim.flags(i));
    const Eigen::Vector3f c = sim.layerColorOf(i);
    r[4] = c.x();
    r[5] = c.y();
    r[6] = c.z();
    // 1, or 2 + the ring chunks (static: first + 256 · second, the same twice for one), which the
    // shader reads the slot's wound and heat through while its record says plating, not wound;
    // + kGpuSlotCrackLine on its chunk's rim (static): the shader reads the pending crack of its
    // chunk while its record says plating and not cracked.
    const DamageView damage = sim.damage();
    int ring[2];
    const int code = damage.ringChunks(i, ring) ? 2 + ring[0] + 256 * ring[1] : 1;
    r[7] = float(code + (damage.onChunkRim(i) ? kGpuSlotCrackLine : 0));
}

void packPoolEntry(const Simulation& sim, std::uint32_t e, float* r) {
    const PoolEntry& p = sim.pool()[e];
    r[0] = float(p.source);
    r[1] = float(int(p.kind));
    r[2] = float(p.body);
    r[3] = p.birth;
    r[4] = p.start.x();
    r[5] = p.start.y();
    r[6] = p.start.z();
    r[7] = p.heat0;
    const Eigen::Vector3f& v = p.kind == PoolKind::Debris ? p.velocity : p.color;
    r[8] = v.x();
    r[9] = v.y();
    r[10] = v.z();
    r[11] = p.kind == PoolKind::Debris ? 0.f : p.scale;
}

std::vector<float> packSlots(const Simulation& sim) {
    std::vector<float> out(sim.size() * kGpuSlotFloats);
    for (std::uint32_t i = 0; i < sim.size(); ++i) packSlot(sim, i, out.data() + std::size_t(i) * kGpuSlotFloats);
    return out;
}

std::vector<float> packPool(const Simulation& sim) {
    std::vector<float> out(sim.pool().size() * kGpuPoolFloats);
    for (std::uint32_t e = 0; e < sim.pool().size(); ++e) packPoolEntry(sim, e, out.data() + std::size_t(e) * kGpuPoolFloats);
    return out;
}

std::vector<float> packChunks(const Simulation& sim) {
    std::vector<float> out(std::size_t(sim.chunkCount()) * kGpuChunkFloats, 0.f);
    const DamageView damage = sim.damage();
    for (int c = 0; c < sim.chunkCount(); ++c) {
        float* r = out.data() + std::size_t(c) * kGpuChunkFloats;
        r[0] = damage.chunkCarried(c) ? 1.f : 0.f;
        r[1] = damage.chunkTornAt(c);
        r[2] = damage.chunkCrackPending(c) ? 1.f : 0.f;
        r[3] = damage.chunkCrackedAt(c);
    }
    return out;
}

std::vector<float> packBodies(const Simulation& sim) {
    std::vector<float> out(sim.bodies().size() * kGpuBodyFloats);
    for (std::size_t b = 0; b < sim.bodies().size(); ++b) {
        const Body& body = sim.bodies()[b];
        float* r = out.data() + b * kGpuBodyFloats;
        r[0] = body.rotation.x();
        r[1] = body.rotation.y();
        r[2] = body.rotation.z();
        r[3] = body.rotation.w();
        r[4] = body.pivot.x();
        r[5] = body.pivot.y();
        r[6] = body.pivot.z();
        r[7] = body.alive ? 1.f : 0.f;
        r[8] = body.translation.x();
        r[9] = body.translation.y();
        r[10] = body.translation.z();
        r[11] = 0.f;
    }
    return out;
}

}  // namespace sw::destruct
