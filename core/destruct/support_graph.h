#pragma once
// The support graph of a hull (PIPELINE §7 "support graph"): the neighbour graph of every slot,
// built once at load from a uniform grid hash whose radius self-calibrates from N (and the
// model's extent) so that a slot has about `targetNeighbours` neighbours, capped at the
// `maxNeighbours` nearest (bounded degree: an update around one slot is O(neighbours)). The same
// grid answers the ray and line queries of a hit in cells along the ray, independent of N.
#include <Eigen/Core>
#include <cstdint>
#include <optional>
#include <span>
#include <unordered_map>
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

private:
    using Key = std::uint64_t;
    Eigen::Vector3i cellOf(const Eigen::Vector3f& p) const;
    static Key key(const Eigen::Vector3i& c);
    template <class Fn>
    void forCell(const Eigen::Vector3i& c, Fn&& fn) const;
    // Calls fn(cell) for the cells the segment [t0, t1] of the ray passes through, front to back,
    // until fn returns false.
    template <class Fn>
    void walk(const Eigen::Vector3f& origin, const Eigen::Vector3f& direction, Fn&& fn) const;

    std::vector<Eigen::Vector3f> m_points;
    float m_radius = 0;
    Eigen::Vector3f m_lo = Eigen::Vector3f::Zero(), m_hi = Eigen::Vector3f::Zero();
    std::unordered_map<Key, std::pair<std::uint32_t, std::uint32_t>> m_cells;  // key → [begin, end) in m_order
    std::vector<std::uint32_t> m_order;
    std::vector<std::uint32_t> m_offsets;    // [N + 1]
    std::vector<std::uint32_t> m_adjacency;  // CSR
    mutable int m_cellsVisited = 0;
};

}  // namespace sw::destruct
