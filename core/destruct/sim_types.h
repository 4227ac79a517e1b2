#pragma once
// The destruction simulation's value types: its settings (schema `destruct`), slot flags, the
// pool of flying copies and debris, bodies, hits, events, reports and stats (simulation.h).
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/destruct/palette.h"
#include "core/destruct/support_graph.h"
#include "core/destruct/weapon_profile.h"
#include "core/foundation/error.h"
#include "core/foundation/schema.h"

namespace sw::destruct {

struct SimSettings {
    std::uint32_t seed = 1;
    float inwardBlend = 0.35f;     // 0: straight along −normal, 1: toward the centroid
    float thicknessRange = 0.4f;   // model units of attrs.z = 1 (the bake's thickness-range)
    float stepShare = 0.3f;        // layer step as a share of the local hull thickness
    float minStep = 0.012f;        // model units, for open plates (thickness 0)
    int islandMax = 24;            // plating islands up to this many splats tear off
    float partThreshold = 0.3f;    // share of a part's splats knocked out that silences it
    float gravity = 3.f;           // model units / s², along −Z
    float floorZ = -1.5f;          // bodies and debris below this vanish
    float bodyLifetime = 5.f;      // s
    float debrisLifetime = 2.f;    // s
    float debrisScale = 0.6f;      // debris splats are drawn this much smaller
    float undersideOffset = 0.5f;  // underside copy sits this many layer steps inside the plating
    int poolCapacity = 16384;      // debris + chunk copies alive at once
    // What the pool holds (drawn as extra instances every frame, so this is the frame budget under
    // fire): a torn piece carries at most chunkCopies plating copies and half as many underside
    // copies, each drawn larger so that together they cover pieceCoverage times the piece's surface
    // (pieceScale); at most debrisMax debris splats fly at once (a hit while they all fly throws none).
    int chunkCopies = 8;
    float pieceCoverage = 1.f;     // the copies' drawn area over the piece's surface area
    int debrisMax = 384;
    SupportGraphSettings graph;
};
const SettingsSchema<SimSettings>& simSchema();
// InvalidInput naming the first setting out of the schema's range.
Status validateSimSettings(const SimSettings& settings);

// Slot flags.
enum SlotFlag : std::uint8_t {
    kWound = 1,    // rim or crater floor: the shape mask turns ragged
    kDark = 2,     // innards whose chunk is dug out
    kCracked = 4,  // on a crack line (rim of a cracked chunk, railgun channel)
    kSettled = 8,  // unsupported plating that settled to its neighbours' level
};

enum class PoolKind : std::uint8_t { Free = 0, ChunkPlating = 1, ChunkUnderside = 2, Debris = 3 };

struct PoolEntry {
    std::uint32_t source = 0;  // slot it copies (model core index)
    PoolKind kind = PoolKind::Free;
    int body = -1;             // chunk body (chunk kinds)
    float birth = 0;           // s
    Eigen::Vector3f start = Eigen::Vector3f::Zero();     // debris: position at birth
    Eigen::Vector3f velocity = Eigen::Vector3f::Zero();  // debris: model units / s
    Eigen::Vector3f color = Eigen::Vector3f::Zero();     // chunk: colour of the copy
    float heat0 = 0;
    float scale = 1;           // chunk copies: drawn this much larger (one copy stands for several slots)
};

struct Body {
    int chunk = -1;            // torn chunk id, −1 for an island
    Eigen::Vector3f pivot = Eigen::Vector3f::Zero();        // centroid at tear time
    Eigen::Vector3f translation = Eigen::Vector3f::Zero();  // pivot displacement since then
    Eigen::Vector3f velocity = Eigen::Vector3f::Zero();
    Eigen::Quaternionf rotation = Eigen::Quaternionf::Identity();
    Eigen::Vector3f spin = Eigen::Vector3f::Zero();          // angular velocity, rad / s
    float birth = 0;
    std::vector<std::uint32_t> pool;  // its pool entries
    bool alive = true;
};

struct Hit {
    float damage = 40.f;
    Eigen::Vector3f origin = Eigen::Vector3f(0.f, -3.f, 0.f);  // model space
    Eigen::Vector3f direction = Eigen::Vector3f(0.f, 1.f, 0.f);
    HitKind kind = HitKind::Shot;
};

enum class EventType { ChunkCracked, ChunkTorn, IslandTorn, Settled, InnardsDark, PartThreshold };
struct Event {
    EventType type;
    int hit = 0;     // hit index (1-based)
    int id = 0;      // chunk, part or slot
    int count = 0;   // splats involved (part: knocked-out count when it fired)
    std::string text;
};

struct HitReport {
    bool missed = true;
    int index = 0;                    // 1-based hit number
    std::uint32_t impactSlot = 0;
    Eigen::Vector3f impact = Eigen::Vector3f::Zero();
    Eigen::Vector3f exit = Eigen::Vector3f::Zero();  // PIERCE: the exit point
    std::uint32_t exitSlot = 0;
    std::vector<std::uint32_t> knocked;  // slots knocked one layer deeper one by one, in order
    int carried = 0;                     // slots knocked one layer deeper as parts of torn chunks (not in knocked)
    std::vector<int> cracked, torn;      // chunk ids, in order
    int islands = 0, settled = 0, debris = 0, channel = 0;
    std::uint64_t supportVisits = 0;     // slots examined by the support updates of this hit
    int tearProbes = 0;                  // member slots read to place torn chunks' copies
    int cellsVisited = 0;                // grid cells the ray and line queries of this hit looked at
    bool poolFull = false;
};

struct SimStats {
    int hits = 0;
    int damaged = 0;                          // slots with depth > 0
    std::array<int, kMaxLayers + 1> perLayer{};  // slots per level 0..4
    int chunksCracked = 0, chunksTorn = 0, islandsTorn = 0;
    int bodiesAlive = 0, debrisAlive = 0, poolUsed = 0;
    std::vector<float> partHealth;            // [parts] 1 − knocked / size
};

}  // namespace sw::destruct
