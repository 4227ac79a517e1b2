#pragma once
// The simulation's static tables, built once from the SPL2 model (slot_build.cpp): the slots
// renumbered by chunk, then in Morton order within the chunk, and everything the hit and support
// code looks up by that internal id (docs/destruction.md, "Slot order and static tables").
#include <Eigen/Core>
#include <cstdint>
#include <string>
#include <vector>

#include "core/destruct/palette.h"
#include "core/destruct/sim_types.h"
#include "core/destruct/support_graph.h"
#include "core/formats/spl2.h"
#include "core/foundation/error.h"

namespace sw::destruct::detail {

// Bits of SlotState::flags beside the SlotFlags (never part of flags()). Static, kept by heal:
// kMutualBit: every support-graph neighbour of the slot lists the slot among its own neighbours;
// kRimBit: the slot is on its chunk's rim; kRingBit: the slot lies on the tear ring of one or two
// other chunks (DamageState::ring). kDirtyBit: the slot is queued in DamageState::dirty.
inline constexpr std::uint8_t kMutualBit = 0x80, kRimBit = 0x40, kRingBit = 0x10;
inline constexpr std::uint8_t kStaticBits = kMutualBit | kRimBit | kRingBit;
inline constexpr std::uint8_t kDirtyBit = 0x20;

struct SlotTables {
    Eigen::Vector3f centroid = Eigen::Vector3f::Zero();  // of the core positions
    DamagePalette palette;
    SupportGraph graph;  // over `plating`, internal ids
    // Per slot: out[internal] = model index, in[model] = internal.
    std::vector<std::uint32_t> in, out;
    // Per slot, internal order.
    std::vector<Eigen::Vector3f> plating, normal, inward, color;
    std::vector<float> step;
    std::vector<float> disc, surface;  // drawn 3σ disc area; surface area the slot stands for
    std::vector<int> chunk, part, material;
    std::vector<std::uint8_t> staticBits;  // kMutualBit | kRimBit | kRingBit
    std::vector<std::uint16_t> ring;       // ring chunks, low byte first (see DamageState::ring)
    // Per chunk / part.
    std::vector<int> chunkSize;
    std::vector<Eigen::Vector3f> chunkCentroid;
    std::vector<int> partSize;
    std::vector<std::uint32_t> chunkOffsets, chunkSlots;  // CSR members
    std::vector<double> chunkDisc, chunkSurface;          // Σ disc, Σ surface over the members
    std::vector<std::uint32_t> rimOffsets, rimSlots;      // CSR members with a neighbour in another chunk
    std::vector<std::uint32_t> onRim;                     // [slots] 0, or 1 + its index in rimSlots
    // Per rim slot (rimSlots order, CSR): its neighbours outside its chunk, nearest first. A torn
    // chunk's rim slot starts support updates on these only.
    std::vector<std::uint32_t> rimOuterOffsets, rimOuter;
    // Per chunk, CSR: the slots on the rings of more than two chunks (written by this chunk's
    // tear); the rim slots some outer neighbour of which does not list them back; the other chunks
    // owning a slot of its ring.
    std::vector<std::uint32_t> ringExtraOffsets, ringExtra;
    std::vector<std::uint32_t> rimOneWayOffsets, rimOneWay;
    std::vector<std::uint32_t> ringChunkOffsets;
    std::vector<std::uint8_t> ringChunk;
    // Per chunk: more than islandMax members, strongly connected among themselves.
    std::vector<std::uint8_t> chunkSolid;
    // (chunk, part) pairs: CSR per chunk, each slot's pair, each pair's part and size.
    std::vector<std::uint32_t> pairOffsets, pairOf;
    std::vector<int> pairPart, pairSize;
};

// Errors: a model with more than 256 chunks (InvalidInput, naming `what`). The model and the
// settings are valid (Simulation::create checks them first).
Result<SlotTables> buildSlotTables(const formats::Spl2Model& model, const SimSettings& settings, const std::string& what);

}  // namespace sw::destruct::detail
