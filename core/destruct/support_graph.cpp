#include "core/destruct/support_graph.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace sw::destruct {

namespace {

// Mean neighbour count within r of a strided sample, by brute force over a temporary grid.
double sampleDegree(std::span<const Eigen::Vector3f> pts, float r, int samples) {
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> grid;
    const auto cell = [r](const Eigen::Vector3f& p) {
        return Eigen::Vector3i(int(std::floor(p.x() / r)), int(std::floor(p.y() / r)), int(std::floor(p.z() / r)));
    };
    const auto key = [](const Eigen::Vector3i& c) {
        return (std::uint64_t(std::uint32_t(c.x() + (1 << 20))) << 42) |
               (std::uint64_t(std::uint32_t(c.y() + (1 << 20))) << 21) | std::uint64_t(std::uint32_t(c.z() + (1 << 20)));
    };
    for (std::size_t i = 0; i < pts.size(); ++i) grid[key(cell(pts[i]))].push_back(std::uint32_t(i));
    const std::size_t n = pts.size();
    const std::size_t count = std::min<std::size_t>(n, std::size_t(samples));
    const std::size_t stride = std::max<std::size_t>(1, n / std::max<std::size_t>(count, 1));
    double total = 0;
    std::size_t used = 0;
    for (std::size_t i = 0; i < n && used < count; i += stride, ++used) {
        const Eigen::Vector3i c = cell(pts[i]);
        for (int dz = -1; dz <= 1; ++dz)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    auto it = grid.find(key(c + Eigen::Vector3i(dx, dy, dz)));
                    if (it == grid.end()) continue;
                    for (std::uint32_t j : it->second)
                        if (j != i && (pts[j] - pts[i]).squaredNorm() <= r * r) total += 1;
                }
    }
    return used ? total / double(used) : 0.0;
}

}  // namespace

SupportGraph::Key SupportGraph::key(const Eigen::Vector3i& c) {
    return (Key(std::uint32_t(c.x() + (1 << 20))) << 42) | (Key(std::uint32_t(c.y() + (1 << 20))) << 21) |
           Key(std::uint32_t(c.z() + (1 << 20)));
}

Eigen::Vector3i SupportGraph::cellOf(const Eigen::Vector3f& p) const {
    return Eigen::Vector3i(int(std::floor(p.x() / m_radius)), int(std::floor(p.y() / m_radius)),
                           int(std::floor(p.z() / m_radius)));
}

SupportGraph::CellEntry& SupportGraph::insert(std::vector<CellEntry>& table, std::uint64_t mask, Key k) {
    for (std::size_t i = slotOf(k, mask);; i = (i + 1) & mask) {
        if (table[i].key == k) return table[i];
        if (table[i].key == kEmpty) {
            table[i].key = k;
            return table[i];
        }
    }
}

const SupportGraph::CellEntry* SupportGraph::find(const std::vector<CellEntry>& table, std::uint64_t mask, Key k) {
    if (table.empty()) return nullptr;
    for (std::size_t i = slotOf(k, mask);; i = (i + 1) & mask) {
        if (table[i].key == k) return &table[i];
        if (table[i].key == kEmpty) return nullptr;
    }
}

namespace {
// A power-of-two table size at most half full.
std::size_t tableSize(std::size_t entries) {
    std::size_t size = 16;
    while (size < 2 * entries) size *= 2;
    return size;
}
}  // namespace

namespace {
int floorDiv(int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
}  // namespace

// fn(slot, position) for the slots in cell c. The block's occupancy bits (one cache line, the
// block table stays small) answer empty cells without touching the cell table.
bool SupportGraph::nearOccupied(const Eigen::Vector3i& c) const {
    const Eigen::Vector3i b(floorDiv(c.x(), kBlockCells), floorDiv(c.y(), kBlockCells), floorDiv(c.z(), kBlockCells));
    const CellEntry* be = find(m_blocks, m_blockMask, key(b));
    if (!be) return false;
    const Eigen::Vector3i l = c - b * kBlockCells;
    return bitOf(m_masks[be->end - 1], l.x() + kBlockCells * (l.y() + kBlockCells * l.z()));
}

template <class Fn>
void SupportGraph::forCell(const Eigen::Vector3i& c, Fn&& fn) const {
    ++m_cellsVisited;
    const Eigen::Vector3i b(floorDiv(c.x(), kBlockCells), floorDiv(c.y(), kBlockCells), floorDiv(c.z(), kBlockCells));
    const CellEntry* be = find(m_blocks, m_blockMask, key(b));
    if (!be || be->begin == 0) return;
    const Eigen::Vector3i l = c - b * kBlockCells;
    const int bit = l.x() + kBlockCells * (l.y() + kBlockCells * l.z());
    const BlockMask& m = m_masks[be->begin - 1];
    if (!bitOf(m, bit)) return;
    // The cell's rank among the block's occupied cells.
    const auto word = std::size_t(bit >> 6);
    int rank = std::popcount(m[word] & ((std::uint64_t(1) << (bit & 63)) - 1));
    for (std::size_t w = 0; w < word; ++w) rank += std::popcount(m[w]);
    const std::uint32_t cell = m_cellBase[be->begin - 1] + std::uint32_t(rank);
    for (std::uint32_t k = m_cellStart[cell]; k < m_cellStart[cell + 1]; ++k) fn(m_order[k], m_sorted[k]);
}

SupportGraph::SupportGraph(std::span<const Eigen::Vector3f> positions, const SupportGraphSettings& settings)
    : m_points(positions.begin(), positions.end()) {
    const std::size_t n = m_points.size();
    m_offsets.assign(n + 1, 0);
    if (n == 0) return;
    m_lo = m_hi = m_points[0];
    for (const auto& p : m_points) {
        m_lo = m_lo.cwiseMin(p);
        m_hi = m_hi.cwiseMax(p);
    }
    // Start from the spacing of N points on the box's surface, then correct the radius by the
    // measured degree (degree ∝ r² on a surface).
    const Eigen::Vector3f e = (m_hi - m_lo).cwiseMax(1e-3f);
    const double area = 2.0 * (double(e.x()) * double(e.y()) + double(e.y()) * double(e.z()) + double(e.x()) * double(e.z())) * 0.6;
    double r = std::sqrt(double(settings.targetNeighbours) * area / (3.14159265 * double(n)));
    for (int round = 0; round < settings.calibrationRounds; ++round) {
        const double degree = sampleDegree(m_points, float(r), settings.calibrationSamples);
        r *= std::clamp(std::sqrt(double(settings.targetNeighbours) / std::max(degree, 0.5)), 0.5, 2.0);
    }
    m_radius = float(r);

    // Points by block, then by cell within the block (its bit), then by slot: a block's cells and
    // points are contiguous, and a cell is found from its block's occupancy bits (rank).
    const auto blockOf = [](const Eigen::Vector3i& c) {
        return Eigen::Vector3i(floorDiv(c.x(), kBlockCells), floorDiv(c.y(), kBlockCells), floorDiv(c.z(), kBlockCells));
    };
    const auto bitIn = [](const Eigen::Vector3i& c, const Eigen::Vector3i& b) {
        const Eigen::Vector3i l = c - b * kBlockCells;
        return std::uint32_t(l.x() + kBlockCells * (l.y() + kBlockCells * l.z()));
    };
    struct Keyed {
        Key block;
        std::uint32_t bit, slot;
        bool operator<(const Keyed& o) const {
            return block != o.block ? block < o.block : (bit != o.bit ? bit < o.bit : slot < o.slot);
        }
        bool sameCell(const Keyed& o) const { return block == o.block && bit == o.bit; }
    };
    std::vector<Keyed> keyed(n);
    for (std::size_t i = 0; i < n; ++i) {
        const Eigen::Vector3i c = cellOf(m_points[i]), b = blockOf(c);
        keyed[i] = {key(b), bitIn(c, b), std::uint32_t(i)};
    }
    std::sort(keyed.begin(), keyed.end());
    m_order.resize(n);
    m_sorted.resize(n);
    for (std::size_t k = 0; k < n; ++k) {
        m_order[k] = keyed[k].slot;
        m_sorted[k] = m_points[keyed[k].slot];
    }
    const float block = m_radius * float(kBlockCells);
    {
        std::vector<Key> blocks;
        for (const auto& p : m_points) {
            const auto lo = ((p.array() - 2.f * m_radius) / block).floor().cast<int>();
            const auto hi = ((p.array() + 2.f * m_radius) / block).floor().cast<int>();
            for (int z = lo.z(); z <= hi.z(); ++z)
                for (int y = lo.y(); y <= hi.y(); ++y)
                    for (int x = lo.x(); x <= hi.x(); ++x) blocks.push_back(key(Eigen::Vector3i(x, y, z)));
        }
        std::sort(blocks.begin(), blocks.end());
        blocks.erase(std::unique(blocks.begin(), blocks.end()), blocks.end());
        m_blocks.assign(tableSize(blocks.size()), CellEntry{});
        m_blockMask = m_blocks.size() - 1;
        for (Key k : blocks) insert(m_blocks, m_blockMask, k);
        // Occupancy bits of the cells of each block that holds points (begin = mask index + 1), the
        // index of the block's first cell, and where each cell's points start.
        for (std::size_t k = 0; k < n; ++k) {
            if (k > 0 && keyed[k - 1].sameCell(keyed[k])) continue;
            CellEntry& be = insert(m_blocks, m_blockMask, keyed[k].block);
            if (be.begin == 0) {
                m_masks.emplace_back();
                m_masks.back().fill(0);
                m_cellBase.push_back(std::uint32_t(m_cellStart.size()));
                be.begin = std::uint32_t(m_masks.size());
            }
            const std::uint32_t bit = keyed[k].bit;
            m_masks[be.begin - 1][std::size_t(bit >> 6)] |= std::uint64_t(1) << (bit & 63);
            m_cellStart.push_back(std::uint32_t(k));
        }
        m_cellStart.push_back(std::uint32_t(n));
        // Near bits: the 3³ neighbourhood of every occupied cell (its blocks are in the table: they
        // are within two cells of a point).
        for (CellEntry& be : m_blocks)
            if (be.key != kEmpty) {
                m_masks.emplace_back();
                m_masks.back().fill(0);
                be.end = std::uint32_t(m_masks.size());
            }
        for (std::size_t k = 0; k < n; ++k) {
            if (k > 0 && keyed[k - 1].sameCell(keyed[k])) continue;
            const Eigen::Vector3i c = cellOf(m_sorted[k]);
            for (int dz = -1; dz <= 1; ++dz)
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) {
                        const Eigen::Vector3i d = c + Eigen::Vector3i(dx, dy, dz);
                        const Eigen::Vector3i b(floorDiv(d.x(), kBlockCells), floorDiv(d.y(), kBlockCells), floorDiv(d.z(), kBlockCells));
                        const CellEntry* be = find(m_blocks, m_blockMask, key(b));
                        const Eigen::Vector3i l = d - b * kBlockCells;
                        const int bit = l.x() + kBlockCells * (l.y() + kBlockCells * l.z());
                        m_masks[be->end - 1][std::size_t(bit >> 6)] |= std::uint64_t(1) << (bit & 63);
                    }
        }
    }
    const float r2 = m_radius * m_radius;
    std::vector<std::pair<float, std::uint32_t>> found;
    for (std::size_t i = 0; i < n; ++i) {
        found.clear();
        const Eigen::Vector3i c = cellOf(m_points[i]);
        for (int dz = -1; dz <= 1; ++dz)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx)
                    forCell(c + Eigen::Vector3i(dx, dy, dz), [&](std::uint32_t j, const Eigen::Vector3f& pj) {
                        const float d2 = (pj - m_points[i]).squaredNorm();
                        if (j != i && d2 <= r2) found.push_back({d2, j});
                    });
        std::sort(found.begin(), found.end());
        if (found.size() > std::size_t(settings.maxNeighbours)) found.resize(std::size_t(settings.maxNeighbours));
        for (const auto& [d2, j] : found) m_adjacency.push_back(j);
        m_offsets[i + 1] = std::uint32_t(m_adjacency.size());
    }
    m_near.assign(n, NearRecord{});
    for (std::size_t i = 0; i < n; ++i) {
        const auto nb = neighbours(i);
        bool compact = nb.size() <= std::size_t(kCompact);
        for (std::size_t k = 0; compact && k < nb.size(); ++k) {
            const std::int64_t d = std::int64_t(nb[k]) - std::int64_t(i);
            compact = d > std::numeric_limits<std::int16_t>::min() && d <= std::numeric_limits<std::int16_t>::max();
            m_near[i].d[k] = std::int16_t(d);
        }
        if (!compact) std::fill(std::begin(m_near[i].d), std::end(m_near[i].d), std::int16_t(0)), m_near[i].d[0] = kWide;
    }
    m_cellsVisited = 0;
}

double SupportGraph::meanDegree() const { return size() ? double(m_adjacency.size()) / double(size()) : 0.0; }

int SupportGraph::maxDegree() const {
    int d = 0;
    for (std::size_t i = 0; i < size(); ++i) d = std::max(d, int(m_offsets[i + 1] - m_offsets[i]));
    return d;
}

template <class Fn>
bool SupportGraph::dda(const Eigen::Vector3f& origin, const Eigen::Vector3f& dir, float t0, float t1, float size, Fn&& fn) {
    const Eigen::Vector3f start = origin + dir * t0;
    Eigen::Vector3i c(int(std::floor(start.x() / size)), int(std::floor(start.y() / size)), int(std::floor(start.z() / size)));
    Eigen::Vector3i step;
    Eigen::Vector3f tMax, tDelta;
    for (int a = 0; a < 3; ++a) {
        step[a] = dir[a] > 0 ? 1 : (dir[a] < 0 ? -1 : 0);
        if (step[a] == 0) {
            tMax[a] = tDelta[a] = std::numeric_limits<float>::max();
            continue;
        }
        const float boundary = float(c[a] + (step[a] > 0 ? 1 : 0)) * size;
        tMax[a] = t0 + (boundary - start[a]) / dir[a];
        tDelta[a] = size / std::abs(dir[a]);
    }
    for (float t = t0; t <= t1;) {
        if (!fn(c, t)) return false;
        int a = tMax.x() < tMax.y() ? (tMax.x() < tMax.z() ? 0 : 2) : (tMax.y() < tMax.z() ? 1 : 2);
        t = tMax[a];
        c[a] += step[a];
        tMax[a] += tDelta[a];
    }
    return true;
}

template <class Fn>
void SupportGraph::walk(const Eigen::Vector3f& origin, const Eigen::Vector3f& dir, Fn&& fn) const {
    // Clip the ray to the (slightly grown) bounding box, then step block to block and, inside the
    // occupied blocks, cell to cell.
    const Eigen::Vector3f lo = m_lo.array() - m_radius, hi = m_hi.array() + m_radius;
    float t0 = 0.f, t1 = std::numeric_limits<float>::max();
    for (int a = 0; a < 3; ++a) {
        if (std::abs(dir[a]) < 1e-12f) {
            if (origin[a] < lo[a] || origin[a] > hi[a]) return;
            continue;
        }
        float ta = (lo[a] - origin[a]) / dir[a], tb = (hi[a] - origin[a]) / dir[a];
        if (ta > tb) std::swap(ta, tb);
        t0 = std::max(t0, ta);
        t1 = std::min(t1, tb);
    }
    if (t0 > t1) return;
    const float block = m_radius * float(kBlockCells);
    // Exit parameter of the ray from block b (the nearest face it leaves through).
    const auto blockExit = [&](const Eigen::Vector3i& b) {
        float te = std::numeric_limits<float>::max();
        for (int a = 0; a < 3; ++a) {
            if (dir[a] > 0) te = std::min(te, (float(b[a] + 1) * block - origin[a]) / dir[a]);
            else if (dir[a] < 0) te = std::min(te, (float(b[a]) * block - origin[a]) / dir[a]);
        }
        return te;
    };
    dda(origin, dir, t0, t1 + m_radius, block, [&](const Eigen::Vector3i& b, float tb) {
        ++m_cellsVisited;
        if (!find(m_blocks, m_blockMask, key(b))) return true;
        const float te = std::min(blockExit(b), t1 + m_radius);
        // Cells of this block the ray crosses (a cell straddling the entry face is walked from it).
        return dda(origin, dir, std::max(t0, tb), te, m_radius, [&](const Eigen::Vector3i& c, float t) { return fn(c, t); });
    });
}

template <class Fn>
void SupportGraph::walkNear(const Eigen::Vector3f& origin, const Eigen::Vector3f& dir, Fn&& fn) const {
    // The walk is monotone per axis, so a neighbour cell of the current ray cell that is no
    // neighbour of the previous one looked at was never a neighbour of any earlier one: each cell
    // once, no set. A walk cell with no occupied cell in its 3³ neighbourhood (the air of an
    // occupied block, most of a surface block) is passed over with one bit test.
    bool first = true;
    Eigen::Vector3i prev = Eigen::Vector3i::Zero();
    walk(origin, dir, [&](const Eigen::Vector3i& c, float t) {
        ++m_cellsVisited;
        if (!nearOccupied(c)) return true;
        for (int dz = -1; dz <= 1; ++dz)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    const Eigen::Vector3i cc = c + Eigen::Vector3i(dx, dy, dz);
                    if (!first && (cc - prev).cwiseAbs().maxCoeff() <= 1) continue;
                    if (!fn(cc, t)) return false;
                }
        first = false;
        prev = c;
        return true;
    });
}

std::optional<SupportGraph::RayHit> SupportGraph::raycast(const Eigen::Vector3f& origin, const Eigen::Vector3f& dir,
                                                          float tolerance) const {
    m_cellsVisited = 0;
    std::optional<RayHit> best;
    const float tol2 = tolerance * tolerance;
    walkNear(origin, dir, [&](const Eigen::Vector3i& cc, float tc) {
        // A cell entered this far past the hit cannot hold anything nearer (points within the
        // tolerance of the ray in a neighbouring cell project at most ~2 cells back).
        if (best && tc > best->t + 3.f * m_radius) return false;
        forCell(cc, [&](std::uint32_t j, const Eigen::Vector3f& pj) {
            const Eigen::Vector3f v = pj - origin;
            const float t = v.dot(dir);
            if (t <= 0.f || (v - t * dir).squaredNorm() > tol2) return;
            if (!best || t < best->t || (t == best->t && j < best->slot)) best = RayHit{j, t};
        });
        return true;
    });
    return best;
}

std::vector<SupportGraph::RayHit> SupportGraph::alongLine(const Eigen::Vector3f& origin, const Eigen::Vector3f& dir,
                                                          float radius) const {
    m_cellsVisited = 0;
    std::vector<RayHit> out;
    const float r2 = radius * radius;
    walkNear(origin, dir, [&](const Eigen::Vector3i& cc, float) {
        forCell(cc, [&](std::uint32_t j, const Eigen::Vector3f& pj) {
            const Eigen::Vector3f v = pj - origin;
            const float t = v.dot(dir);
            if (t > 0.f && (v - t * dir).squaredNorm() <= r2) out.push_back({j, t});
        });
        return true;
    });
    std::sort(out.begin(), out.end(), [](const RayHit& a, const RayHit& b) { return a.t < b.t || (a.t == b.t && a.slot < b.slot); });
    return out;
}

}  // namespace sw::destruct
