#pragma once
// The support graph of a hull (PIPELINE §7 "support graph"): the neighbour graph of every slot,
// built once at load from a uniform grid hash whose radius self-calibrates from N (and the
// model's extent) so that a slot has about `targetNeighbours` neighbours, capped at the
// `maxNeighbours` nearest (bounded degree: an update around one slot is O(neighbours)). The same
// grid answers the ray and line queries of a hit in cells along the ray; a coarse occupancy of
// blocks of kBlockCells³ cells lets the walk skip empty space (the air in front of the hull, a
// hollow inside), so a query looks at cells near the surfaces it crosses only: their number does
// not grow with N although the cells shrink as N grows.
#include <Eigen/Core>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <vector>

namespace sw::destruct {

struct SupportGraphSettings {
    int targetNeighbours = 10;  // mean neighbours the radius is calibrated for
    int maxNeighbours = 16;     // kept per slot, nearest first
    int calibrationRounds = 3;
    int calibrationSamples = 512;
};

class SupportGraph {
public:
    SupportGraph() = default;
    // positions: [N] plating centres, model space.
    SupportGraph(std::span<const Eigen::Vector3f> positions, const SupportGraphSettings& settings = {});

    std::size_t size() const { return m_offsets.empty() ? 0 : m_offsets.size() - 1; }
    float radius() const { return m_radius; }
    // Neighbours of slot i, nearest first.
    std::span<const std::uint32_t> neighbours(std::size_t i) const {
        return {m_adjacency.data() + m_offsets[i], m_adjacency.data() + m_offsets[i + 1]};
    }
    // The same lists in the compact form the hit's hot loops read: per slot one 32-byte record of
    // up to kCompact int16 offsets from the slot's own id (slot + offset, nearest first, 0 ends a
    // shorter list), so one visit reads half a cache line and no offset table. A slot with more
    // neighbours or one farther than ±32767 ids away is read from the CSR list instead (kWide).
    static constexpr int kCompact = 16;
    class Near {
    public:
        struct End {};
        class Iterator {
        public:
            std::uint32_t operator*() const { return m_d ? m_base + std::uint32_t(std::int32_t(*m_d)) : *m_w; }
            Iterator& operator++() {
                if (m_d) ++m_d;
                else ++m_w;
                return *this;
            }
            bool operator!=(End) const { return m_d ? (m_d != m_dEnd && *m_d != 0) : m_w != m_wEnd; }

        private:
            friend class Near;
            const std::int16_t *m_d = nullptr, *m_dEnd = nullptr;
            const std::uint32_t *m_w = nullptr, *m_wEnd = nullptr;
            std::uint32_t m_base = 0;
        };
        Near(const std::int16_t* d, std::uint32_t base) { m_it.m_d = d, m_it.m_dEnd = d + kCompact, m_it.m_base = base; }
        explicit Near(std::span<const std::uint32_t> wide) { m_it.m_w = wide.data(), m_it.m_wEnd = wide.data() + wide.size(); }
        Iterator begin() const { return m_it; }
        End end() const { return {}; }
        // Whether the list has at least k entries (k ≤ kCompact for a compact list).
        bool atLeast(int k) const {
            if (!m_it.m_d) return m_it.m_wEnd - m_it.m_w >= k;
            return k <= 0 || (k <= kCompact && m_it.m_d[k - 1] != 0);
        }

    private:
        Iterator m_it;
    };
    Near near(std::size_t i) const {
        const std::int16_t* d = m_near[i].d;
        return d[0] == kWide ? Near(neighbours(i)) : Near(d, std::uint32_t(i));
    }
    double meanDegree() const;
    int maxDegree() const;

    // The first slot along the ray whose centre lies within `tolerance` of it (smallest ray
    // parameter t > 0); cells are walked front to back (Amanatides & Woo 1987) and the walk
    // stops one cell after the first hit. direction: unit.
    struct RayHit {
        std::uint32_t slot = 0;
        float t = 0;
    };
    std::optional<RayHit> raycast(const Eigen::Vector3f& origin, const Eigen::Vector3f& direction,
                                  float tolerance) const;
    // Every slot within `radius` (≤ the grid radius) of the whole line through the model, with its
    // ray parameter; in increasing t.
    std::vector<RayHit> alongLine(const Eigen::Vector3f& origin, const Eigen::Vector3f& direction, float radius) const;

    // Cells visited by the last ray/line query (for the scaling tests and the bench).
    int lastCellsVisited() const { return m_cellsVisited; }
    static constexpr int kBlockCells = 8;

private:
    using Key = std::uint64_t;
    Eigen::Vector3i cellOf(const Eigen::Vector3f& p) const;
    static Key key(const Eigen::Vector3i& c);
    template <class Fn>
    void forCell(const Eigen::Vector3i& c, Fn&& fn) const;
    // Calls fn(cell, t) for the cells the ray passes through inside occupied blocks, front to back,
    // until fn returns false (t: where the ray enters the cell).
    template <class Fn>
    void walk(const Eigen::Vector3f& origin, const Eigen::Vector3f& direction, Fn&& fn) const;
    // Calls fn(cell, t) once for every cell within one cell of the walk's cells (t: where the ray
    // enters the walk cell it neighbours), until fn returns false.
    template <class Fn>
    void walkNear(const Eigen::Vector3f& origin, const Eigen::Vector3f& direction, Fn&& fn) const;
    // Grid DDA over cells of size `size` on the ray segment [t0, t1]; fn(cell, t) → false stops.
    template <class Fn>
    static bool dda(const Eigen::Vector3f& origin, const Eigen::Vector3f& direction, float t0, float t1, float size, Fn&& fn);

    std::vector<Eigen::Vector3f> m_points;
    float m_radius = 0;
    Eigen::Vector3f m_lo = Eigen::Vector3f::Zero(), m_hi = Eigen::Vector3f::Zero();
    // Open-addressing table of blocks (linear probing, power-of-two size, kEmpty marks a free
    // entry): one cache line per lookup instead of a node chain.
    static constexpr Key kEmpty = ~Key(0);
    struct CellEntry {
        Key key = kEmpty;
        std::uint32_t begin = 0, end = 0;  // 1 + index in m_masks of its occupancy / near bits (0: none)
    };
    // Blocks of kBlockCells³ cells with a point within two cells of them (the walk skips the
    // others); a block holding points has begin = 1 + index of its cell occupancy bits; every block
    // has end = 1 + index of its "near" bits (cells within one cell of an occupied cell: a walk cell
    // without that bit has no point in its 3³ neighbourhood, so the walk looks at none of them).
    std::vector<CellEntry> m_blocks;
    using BlockMask = std::array<std::uint64_t, kBlockCells * kBlockCells * kBlockCells / 64>;
    std::vector<BlockMask> m_masks;
    // Occupied cells in block order, then by bit: m_cellBase[occupancy mask index] is a block's
    // first cell; m_cellStart[cell] .. m_cellStart[cell + 1] its points in m_order / m_sorted.
    std::vector<std::uint32_t> m_cellBase, m_cellStart;
    static bool bitOf(const BlockMask& m, int bit) { return (m[std::size_t(bit >> 6)] >> (bit & 63)) & 1u; }
    // Whether cell c is within one cell of an occupied cell (false outside the block table).
    bool nearOccupied(const Eigen::Vector3i& c) const;
    std::uint64_t m_blockMask = 0;  // table size − 1 (the table has ≥ 16 entries)
    // Fibonacci hashing: the top bits of k · 2⁶⁴/φ (every bit of the key reaches them).
    static std::size_t slotOf(Key k, std::uint64_t mask) {
        return std::size_t((k * 0x9E3779B97F4A7C15ull) >> (64 - std::bit_width(mask)));
    }
    static CellEntry& insert(std::vector<CellEntry>& table, std::uint64_t mask, Key k);
    static const CellEntry* find(const std::vector<CellEntry>& table, std::uint64_t mask, Key k);
    std::vector<std::uint32_t> m_order;      // slots by cell
    std::vector<Eigen::Vector3f> m_sorted;   // their positions, in the same order (contiguous per cell)
    std::vector<std::uint32_t> m_offsets;    // [N + 1]
    std::vector<std::uint32_t> m_adjacency;  // CSR
    static constexpr std::int16_t kWide = std::numeric_limits<std::int16_t>::min();
    struct alignas(32) NearRecord {
        std::int16_t d[kCompact];
    };
    std::vector<NearRecord> m_near;  // [N]
    mutable int m_cellsVisited = 0;
};

}  // namespace sw::destruct
