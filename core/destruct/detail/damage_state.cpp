#include "core/destruct/detail/damage_state.h"

namespace sw::destruct::detail {

void DamageState::reset(const SlotTables& t) {
    const std::size_t n = t.plating.size(), chunks = t.chunkSize.size();
    if (state.size() != n) {
        state.assign(n, SlotState{});
        for (std::size_t i = 0; i < n; ++i) state[i].chunk = std::uint8_t(t.chunk[i]), state[i].flags = t.staticBits[i];
    }
    for (SlotState& st : state) st.depth = 0.f, st.mark = 0, st.flags &= kStaticBits;
    heat.assign(n, Heat{});
    layerColor = t.color;
    chunkKnocked.assign(chunks, 0);
    chunkShallow = t.chunkSize;
    chunkCracked.assign(chunks, 0);
    chunkTorn.assign(chunks, 0);
    chunkDark.assign(chunks, 0);
    chunkCarried.assign(chunks, 0);
    chunkTornAt.assign(chunks, 0.f);
    chunkCrackPending.assign(chunks, 0);
    chunkCrackedAt.assign(chunks, 0.f);
    pairKnocked.assign(t.pairSize.size(), 0);
    chunkPlatingSum.assign(chunks, Eigen::Vector3d::Zero());
    for (std::size_t i = 0; i < n; ++i) chunkPlatingSum[std::size_t(t.chunk[i])] += t.plating[i].cast<double>();
    ++chunkVersion;
    crackOrder.clear();
    partKnocked.assign(t.partSize.size(), 0);
    partFired.assign(t.partSize.size(), 0);
    dirty.clear();
}

}  // namespace sw::destruct::detail
