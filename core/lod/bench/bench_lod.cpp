// bench_lod: LOD build time, peak memory, selection time, time to the first coarse frame and
// resident bytes per splat, on a strip scene generated in code (docs/benchmarks.md).
// Usage: bench_lod [splats, default 1000000] [threads, default 0 = one per core] [folder]
// With a folder (new, or one bench_lod wrote), the LOD folder is also written there and read back.
// bench_lod --scan <scan.ply> <folder> [--memory MiB] [--levels N] [--no-streamed-sog]: the job lod-build runs
// (lod_job.h) on a scan file, its phases, parts and the process's peak memory (for machines
// where the CLI is not built).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "core/foundation/memory.h"
#include "core/lod/lod_folder.h"
#include "core/lod/lod_job.h"
#include "core/lod/resident_pool.h"
#include "core/lod/sort.h"
#include "tests/core/tst_lod_fixtures.h"

namespace {

double since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Peak resident set of this process (VmHWM), MiB.
double peakMiB() { return double(sw::peakResidentBytes()) / 1048576.0; }

}  // namespace

int buildScan(int argc, char** argv) {
    using namespace sw::lod;
    if (argc < 4) {
        std::fprintf(stderr, "usage: bench_lod --scan <scan.ply> <folder> [--memory MiB] [--levels N] [--no-streamed-sog]\n");
        return 1;
    }
    LodSettings settings;
    LodFolderExtras extras{true, {}};
    for (int i = 4; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--memory" && i + 1 < argc) settings.memoryMiB = std::atoi(argv[++i]);
        else if (a == "--levels" && i + 1 < argc) settings.levels = std::atoi(argv[++i]);
        else if (a == "--no-streamed-sog") extras.streamedSog = false;
        else {
            std::fprintf(stderr, "unknown option %s\n", a.c_str());
            return 1;
        }
    }
    const auto t0 = std::chrono::steady_clock::now();
    auto report = buildLodFolder(argv[2], argv[3], settings, {}, extras);
    if (!report) {
        std::fprintf(stderr, "%s\n", report.error().toString().c_str());
        return 1;
    }
    std::printf("lod-build: %llu splats, %zu leaves, %zu part(s), %.1f MB written%s in %.1f s (read %.1f, build %.1f, "
                "write %.1f); memory limit %d MiB, peak %.0f MiB\n",
                static_cast<unsigned long long>(report->splats), report->leaves, report->parts,
                static_cast<double>(report->bytesWritten) / 1e6, report->streamedSog ? " (with the Streamed SOG)" : "",
                since(t0), report->readSeconds, report->buildSeconds, report->writeSeconds, settings.memoryMiB, peakMiB());
    return 0;
}

int main(int argc, char** argv) {
    using namespace sw::lod;
    if (argc > 1 && std::string(argv[1]) == "--scan") return buildScan(argc, argv);
    const long splats = argc > 1 ? std::atol(argv[1]) : 1000000;
    const int threads = argc > 2 ? std::atoi(argv[2]) : 0;
    const float width = 10.0f, step = 0.1f;
    const float length = static_cast<float>(splats) / (width / step) * step;
    auto t0 = std::chrono::steady_clock::now();
    const auto scene = test::stripScene(length, width, step);
    std::printf("scene: %zu splats (strip %.0f x %.0f), generated in %.2f s, peak %.0f MiB\n", scene.size(),
                static_cast<double>(length), static_cast<double>(width), since(t0), peakMiB());
    LodSettings settings;
    settings.threads = threads;
    t0 = std::chrono::steady_clock::now();
    auto tree = buildLodTree(scene, settings);
    if (!tree) {
        std::fprintf(stderr, "%s\n", tree.error().toString().c_str());
        return 1;
    }
    std::printf("build: %.2f s (leaf %d, %d levels, reduction %d, %zu leaves), peak %.0f MiB\n", since(t0),
                settings.leafSize, settings.levels, settings.reduction, tree->leaves.size(), peakMiB());
    if (argc > 3) {
        t0 = std::chrono::steady_clock::now();
        auto bytes = writeLodFolder(*tree, argv[3]);
        if (!bytes) {
            std::fprintf(stderr, "%s\n", bytes.error().toString().c_str());
            return 1;
        }
        const double write = since(t0);
        t0 = std::chrono::steady_clock::now();
        auto back = readLodFolder(argv[3]);
        if (!back) {
            std::fprintf(stderr, "%s\n", back.error().toString().c_str());
            return 1;
        }
        std::printf("folder: written in %.2f s (%.1f MB, %zu chunk files), read back and checked in %.2f s\n", write,
                    static_cast<double>(*bytes) / 1e6, back->chunks.size(), since(t0));
    }
    auto shared = std::make_shared<const LodTree>(std::move(*tree));

    View view;
    view.position = {-5.0f, 5.0f, 10.0f};
    SelectionSettings sel;
    sel.splatBudget = 1'000'000;
    double best = 1e9;
    Selection chosen;
    for (int i = 0; i < 20; ++i) {
        view.position.x() = -5.0f + static_cast<float>(i) * length / 20.0f;
        t0 = std::chrono::steady_clock::now();
        auto s = selectLevels({shared.get()}, view, sel);
        best = std::min(best, since(t0));
        chosen = std::move(*s);
    }
    std::printf("selection: %.3f ms per view (best of 20; %zu leaves, %llu splats selected under a 1M budget)\n",
                best * 1e3, chosen.leaves.size(), static_cast<unsigned long long>(chosen.splats));

    // Chunks stream from the folder when one was written, else from memory.
    std::shared_ptr<const ChunkSource> source = std::make_shared<MemoryChunkSource>(shared);
    t0 = std::chrono::steady_clock::now();  // from opening the folder (its manifest) on
    if (argc > 3) {
        auto folder = FolderChunkSource::open(argv[3]);
        if (!folder) {
            std::fprintf(stderr, "%s\n", folder.error().toString().c_str());
            return 1;
        }
        source = *folder;
    }
    auto pool = ResidentPool::create({256ull << 20, 2}, {source});
    std::size_t drawn = 0;
    int frames = 0;
    while (drawn < chosen.leaves.size() && frames < 100000) {  // until every leaf shows its coarse level
        (*pool)->update({{view, &chosen}});
        for (const DrawItem& d : (*pool)->takeUploads()) (*pool)->fenceSignalled(d.key);
        drawn = (*pool)->drawList(chosen).size();
        ++frames;
    }
    std::printf("first complete coarse frame (from %s, its opening included): %.3f s (%d frames)\n", argc > 3 ? "the folder" : "memory",
                since(t0), frames);
    (*pool)->waitForLoads();
    for (const DrawItem& d : (*pool)->takeUploads()) (*pool)->fenceSignalled(d.key);
    std::uint64_t splatsDrawn = 0;
    const auto draws = (*pool)->drawList(chosen);
    for (const DrawItem& d : draws) splatsDrawn += d.chunk->splats.size();
    std::printf("resident: %.1f MiB for %llu splats drawn in %llu chunks: %.2f B per drawn splat (16 B packed + "
                "headers + the coarser levels each leaf keeps resident)\n",
                static_cast<double>((*pool)->residentBytes()) / 1048576.0, static_cast<unsigned long long>(splatsDrawn),
                static_cast<unsigned long long>(draws.size()),
                static_cast<double>((*pool)->residentBytes()) / static_cast<double>(std::max<std::uint64_t>(1, splatsDrawn)));
    t0 = std::chrono::steady_clock::now();
    const auto order = sortBackToFront(draws, view.position, Eigen::Vector3f(1.0f, 0.0f, -0.5f));
    std::printf("CPU back-to-front sort: %.1f ms for %zu splats\n", since(t0) * 1e3, order.size());
    std::printf("peak memory: %.0f MiB\n", peakMiB());
    return 0;
}
