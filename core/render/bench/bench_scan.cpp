// bench_scan: frame time of the large-scan GPU path (core/render/scan_renderer.h) on a terrain
// generated chunk by chunk (nothing but the tree's bounds and counts is held up front: a chunk's
// splats are made by the loader threads when the resident pool asks for them), seen from a camera
// flying low over it, under fixed splat budgets (docs/benchmarks.md).
// Usage: bench_scan [splats, default 1000000] [--width 1280] [--height 800] [--frames 24]
//                   [--budgets 250000,500000,1000000] [--pool-mb 128] [--samples 1]
//                   [--loaders 2] [--gpu-time] [--png last-frame.png]
// Per budget, per frame (after the frame's chunks are loaded and fenced): the draw (drawList, the
// compute passes, the draw, glFinish) in ms, the splats drawn after the cull, and the resident
// pool's bytes per resident splat (16 B + its share of the 32-byte chunk headers); medians over
// the path.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/foundation/image_io.h"
#include "core/lod/resident_pool.h"
#include "core/render/headless_context.h"
#include "core/render/scan_renderer.h"

using namespace sw;

namespace {

constexpr int kLeafSize = 16384, kLevels = 5, kReduction = 4;
constexpr float kSpacing = 0.02f;  // finest splat spacing, m
const float kTile = std::sqrt(static_cast<float>(kLeafSize)) * kSpacing;

float terrain(float x, float y) { return 0.6f * std::sin(x * 0.31f) * std::cos(y * 0.23f) + 0.2f * std::sin(x * 1.7f + y); }

// A square grid of tiles, each a leaf whose level l holds kLeafSize / 4^l splats on the terrain.
class TerrainSource final : public lod::ChunkSource {
public:
    explicit TerrainSource(std::uint64_t splats) {
        const int side = std::max(1, static_cast<int>(std::lround(std::sqrt(static_cast<double>(splats) / kLeafSize))));
        m_side = side;
        m_tree.levelCount = kLevels;
        m_tree.leafSize = kLeafSize;
        m_tree.reduction = kReduction;
        lod::LodNode root;
        for (int j = 0; j < side; ++j)
            for (int i = 0; i < side; ++i) {
                lod::LodLeaf leaf;
                leaf.node = 0;
                leaf.bounds = Eigen::AlignedBox3f(Eigen::Vector3f(i * kTile, j * kTile, -0.9f),
                                                  Eigen::Vector3f((i + 1) * kTile, (j + 1) * kTile, 0.9f));
                for (int l = 0, n = kLeafSize; l < kLevels; ++l, n /= kReduction)
                    leaf.levels.push_back({static_cast<std::uint32_t>(n), lod::splatSpacing(leaf.bounds, n), 0.0f});
                root.bounds.extend(leaf.bounds);
                root.count += kLeafSize;
                m_tree.leaves.push_back(leaf);
            }
        root.leaf = -1;
        m_tree.nodes.push_back(root);
    }
    const lod::LodTree& tree() const override { return m_tree; }
    std::uint64_t splats() const { return m_tree.leaves.size() * static_cast<std::uint64_t>(kLeafSize); }
    float extent() const { return static_cast<float>(m_side) * kTile; }

    Result<splat::SplatCloud> loadChunk(std::uint32_t leaf, std::uint32_t level) const override {
        const int per = static_cast<int>(std::lround(std::sqrt(static_cast<double>(kLeafSize >> (2 * level)))));
        const float step = kTile / static_cast<float>(per);
        const Eigen::Vector3f lo = m_tree.leaves[leaf].bounds.min();
        std::mt19937 rng(leaf * 16u + level);
        std::uniform_real_distribution<float> u(0.0f, 1.0f);
        splat::SplatCloud c;
        c.resize(static_cast<std::size_t>(per) * static_cast<std::size_t>(per));
        for (int b = 0, k = 0; b < per; ++b)
            for (int a = 0; a < per; ++a, ++k) {
                const float x = lo.x() + (static_cast<float>(a) + u(rng)) * step, y = lo.y() + (static_cast<float>(b) + u(rng)) * step;
                c.positions[k] = {x, y, terrain(x, y)};
                c.scales[k] = {step * 0.6f, step * 0.6f, step * 0.06f};
                const float yaw = 6.283f * u(rng);
                c.rotations[k] = {std::cos(yaw / 2), 0.0f, 0.0f, std::sin(yaw / 2)};
                const float g = 0.5f + 0.5f * std::sin(x * 2.1f) * std::sin(y * 1.3f);
                c.colors[k] = {0.35f + 0.3f * g, 0.45f + 0.2f * u(rng), 0.25f + 0.2f * (1 - g)};
                c.opacities[k] = 0.7f + 0.25f * u(rng);
            }
        return c;
    }

private:
    lod::LodTree m_tree;
    int m_side = 1;
};

Eigen::Matrix4f lookAt(const Eigen::Vector3f& eye, const Eigen::Vector3f& target) {
    const Eigen::Vector3f f = (target - eye).normalized(), r = f.cross(Eigen::Vector3f::UnitZ()).normalized(), u = r.cross(f);
    Eigen::Matrix4f v = Eigen::Matrix4f::Identity();
    v.block<1, 3>(0, 0) = r.transpose();
    v.block<1, 3>(1, 0) = u.transpose();
    v.block<1, 3>(2, 0) = -f.transpose();
    v.block<3, 1>(0, 3) = -(v.topLeftCorner<3, 3>() * eye);
    return v;
}

Eigen::Matrix4f perspective(float fovY, float aspect, float near, float far) {
    Eigen::Matrix4f p = Eigen::Matrix4f::Zero();
    const float f = 1.0f / std::tan(fovY / 2.0f);
    p(0, 0) = f / aspect;
    p(1, 1) = f;
    p(2, 2) = (far + near) / (near - far);
    p(2, 3) = 2.0f * far * near / (near - far);
    p(3, 2) = -1.0f;
    return p;
}

double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

int fail(const std::string& message) {
    std::fprintf(stderr, "bench_scan: %s\n", message.c_str());
    return 1;
}

}  // namespace

int main(int argc, char** argv) {
    std::uint64_t splats = 1000000;
    int width = 1280, height = 800, frames = 24, samples = 1, loaders = 2;
    double poolMiB = 128.0;
    bool gpuTime = false;
    std::string png;  // the last budget's last frame, for a look
    std::vector<std::int64_t> budgets = {250000, 500000, 1000000};
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool more = i + 1 < argc;
        if (a == "--width" && more) width = std::atoi(argv[++i]);
        else if (a == "--height" && more) height = std::atoi(argv[++i]);
        else if (a == "--frames" && more) frames = std::atoi(argv[++i]);
        else if (a == "--pool-mb" && more) poolMiB = std::atof(argv[++i]);
        else if (a == "--loaders" && more) loaders = std::max(1, std::atoi(argv[++i]));
        else if (a == "--samples" && more) samples = std::atoi(argv[++i]);
        else if (a == "--gpu-time") gpuTime = true;
        else if (a == "--png" && more) png = argv[++i];
        else if (a == "--budgets" && more) {
            budgets.clear();
            for (char* t = std::strtok(argv[++i], ","); t; t = std::strtok(nullptr, ",")) budgets.push_back(std::atoll(t));
        } else if (a[0] != '-') splats = std::strtoull(argv[i], nullptr, 10);
        else return fail("unknown option " + a);
    }
    auto context = render::HeadlessContext::create();
    if (!context) return fail(context.error().toString());
    const auto source = std::make_shared<TerrainSource>(splats);
    const std::uint64_t poolBytes = static_cast<std::uint64_t>(poolMiB * 1048576.0);
    std::printf("scene: %llu splats (%zu leaves of %d, %d levels), %.0f m square; %s, %s; %dx%d, %d samples; pool %.0f MiB\n",
                static_cast<unsigned long long>(source->splats()), source->tree().leaves.size(), kLeafSize, kLevels,
                static_cast<double>(source->extent()), (*context)->rendererName().c_str(), (*context)->versionName().c_str(),
                width, height, samples, poolMiB);
    for (const std::int64_t budget : budgets) {
        auto renderer = render::ScanRenderer::create((*context)->loader(), poolBytes);
        if (!renderer) return fail(renderer.error().toString());
        auto pool = lod::ResidentPool::create({poolBytes, loaders}, {source});
        if (!pool) return fail(pool.error().toString());
        lod::SelectionSettings selection;
        selection.splatBudget = budget;
        render::ScanDrawSettings s;
        s.width = width;
        s.height = height;
        s.samples = samples;
        s.countSplats = true;
        s.timeGpu = gpuTime;
        std::vector<double> frameMs, gpuMs, drawn, bytesPerSplat;
        const float extent = source->extent();
        for (int f = 0; f < frames; ++f) {
            const float t = static_cast<float>(f) / static_cast<float>(std::max(1, frames - 1));
            const Eigen::Vector3f eye(extent * (0.1f + 0.6f * t), extent * (0.15f + 0.5f * t), 3.0f);
            const Eigen::Vector3f target = eye + Eigen::Vector3f(0.7f, 0.6f, -0.35f) * 10.0f;
            lod::View v;
            v.position = eye;
            v.fovY = 1.0f;
            v.viewportHeight = height;
            auto sel = lod::selectLevels({&source->tree()}, v, selection);
            if (!sel) return fail(sel.error().toString());
            (*pool)->update({{v, &*sel}});
            (*pool)->waitForLoads();
            if (Status st = (*renderer)->sync(**pool); !st) return fail(st.error().toString());
            const auto start = std::chrono::steady_clock::now();
            while ((*renderer)->poolStats().fencesPending > 0 && std::chrono::steady_clock::now() - start < std::chrono::seconds(20))
                (*renderer)->pollFences(**pool);
            const auto t0 = std::chrono::steady_clock::now();
            const auto draws = (*pool)->drawList(*sel);
            auto stats = (*renderer)->renderOffscreen(lookAt(eye, target),
                                                      perspective(v.fovY, float(width) / float(height), 0.05f, 500.0f), draws, s);
            if (!stats) return fail(stats.error().toString());
            if (!png.empty() && f == frames - 1 && budget == budgets.back()) {
                auto image = (*renderer)->renderImage(lookAt(eye, target),
                                                      perspective(v.fovY, float(width) / float(height), 0.05f, 500.0f), draws, s);
                if (!image) return fail(image.error().toString());
                if (Status st = writePngFile(png, *image); !st) return fail(st.error().toString());
            }
            frameMs.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
            gpuMs.push_back(stats->gpuMs);
            drawn.push_back(static_cast<double>(stats->splatsDrawn));
            std::uint64_t resident = 0;  // splats of the chunks the pool holds (any state but Absent)
            const lod::LodTree& tree = source->tree();
            for (std::uint32_t leaf = 0; leaf < tree.leaves.size(); ++leaf)
                for (std::uint32_t level = 0; level < static_cast<std::uint32_t>(kLevels); ++level)
                    if ((*pool)->state({0, leaf, level}) != lod::ChunkState::Absent) resident += tree.leaves[leaf].levels[level].count;
            bytesPerSplat.push_back(resident ? static_cast<double>((*pool)->residentBytes()) / static_cast<double>(resident) : 0.0);
        }
        const render::ScanPoolStats p = (*renderer)->poolStats();
        std::printf("budget %8lld: frame %7.1f ms (%5.1f fps)%s, drawn %8.0f splats (after cull), resident %.2f B/splat, "
                    "GPU pool %.0f/%.0f MiB, peak %.0f MiB, %zu repacks\n",
                    static_cast<long long>(budget), median(frameMs), 1000.0 / median(frameMs),
                    gpuTime ? (", GPU " + std::to_string(median(gpuMs)) + " ms").c_str() : "", median(drawn),
                    median(bytesPerSplat), static_cast<double>(p.usedBytes) / 1048576.0,
                    static_cast<double>(p.capacityBytes) / 1048576.0, static_cast<double>(p.peakBytes) / 1048576.0, p.repacks);
        (*renderer)->release();
    }
    return 0;
}
