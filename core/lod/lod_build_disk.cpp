// buildLodTreeOnDisk: sample, top split, route to part files, build part by part (lod_build_disk.h).
#include "core/lod/lod_build_disk.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <numeric>
#include <random>

#include "core/formats/cloud_io.h"
#include "core/formats/ply.h"
#include "core/foundation/file_io.h"
#include "core/foundation/memory.h"

namespace sw::lod {
namespace {

namespace fs = std::filesystem;
// A scratch record: position, scale, rotation (w x y z), opacity, rgb, then the SH bands, if any.
constexpr std::size_t kBaseFloats = 14;
constexpr std::size_t kSampleSize = std::size_t{1} << 20;

void toRecord(const splat::SplatCloud& c, std::size_t i, float* r, std::size_t rest) {
    const float v[kBaseFloats] = {c.positions[i].x(), c.positions[i].y(), c.positions[i].z(), c.scales[i].x(), c.scales[i].y(),
                                    c.scales[i].z(), c.rotations[i][0], c.rotations[i][1], c.rotations[i][2], c.rotations[i][3],
                                    c.opacities[i], c.colors[i].x(), c.colors[i].y(), c.colors[i].z()};
    std::copy_n(v, kBaseFloats, r);
    if (rest > 0) std::copy_n(c.shRest.data() + i * rest, rest, r + kBaseFloats);
}

void fromRecord(const float* r, splat::SplatCloud& c, std::size_t i, std::size_t rest) {
    c.positions[i] = {r[0], r[1], r[2]};
    c.scales[i] = {r[3], r[4], r[5]};
    c.rotations[i] = {r[6], r[7], r[8], r[9]};
    c.opacities[i] = r[10];
    c.colors[i] = {r[11], r[12], r[13]};
    if (rest > 0) std::copy_n(r + kBaseFloats, rest, c.shRest.data() + i * rest);
}

// A scratch file of records, written through a buffer. Errors name the output folder and the
// scratch file's name (its temporary folder is gone by the time the user reads them).
class ScratchFile {
public:
    ScratchFile() = default;
    ScratchFile(const ScratchFile&) = delete;
    ScratchFile& operator=(const ScratchFile&) = delete;
    Status open(const std::string& path, const std::string& target, const char* mode, std::size_t recordFloats,
                std::size_t buffer = std::size_t{1} << 20) {
        m_path = path;
        m_record = recordFloats * sizeof(float);
        m_target = target;
        m_file = std::fopen(path.c_str(), mode);
        if (!m_file) return fail("opening");
        std::setvbuf(m_file, nullptr, _IOFBF, buffer);
        return {};
    }
    ~ScratchFile() { close(); }
    Status write(const float* records, std::size_t n) {
        if (n == 0) return {};  // a part the block sent nothing to (its buffer may be null)
        if (simulatedDiskFull(n * m_record) || std::fwrite(records, m_record, n, m_file) != n)
            return fail("writing");
        m_bytes += n * m_record;
        return {};
    }
    std::size_t read(float* records, std::size_t n) { return std::fread(records, m_record, n, m_file); }
    Status finish() {
        if (m_file && (std::fflush(m_file) != 0 || std::ferror(m_file)))
            return fail("writing");
        close();
        return {};
    }
    void close() {
        if (m_file) std::fclose(m_file);
        m_file = nullptr;
    }
    std::uint64_t bytes() const { return m_bytes; }
    const std::string& path() const { return m_path; }
    Error fail(const std::string& what) const {
        return makeError(ErrorCode::Io, what + " the scratch file " + fs::path(m_path).filename().string() +
                                            " of the LOD build failed (is the disk full?)", m_target);
    }

private:
    std::string m_path, m_target;
    std::FILE* m_file = nullptr;
    std::uint64_t m_bytes = 0;
    std::size_t m_record = 0;  // bytes
};

// The top of the tree: median splits of the sample until a part is expected to fit.
struct TopNode {
    int axis = -1;
    float split = 0.0f;
    int child[2] = {-1, -1};
    int part = -1;
};

int splitTop(std::vector<TopNode>& top, std::vector<Eigen::Vector3f>& sample, std::size_t begin, std::size_t end,
             double perSample, double target, int& parts) {
    const int index = static_cast<int>(top.size());
    top.emplace_back();
    if (double(end - begin) * perSample <= target || end - begin < 2) {
        top[std::size_t(index)].part = parts++;
        return index;
    }
    Eigen::AlignedBox3f box;
    for (std::size_t i = begin; i < end; ++i) box.extend(sample[i]);
    int axis = 0;
    box.sizes().maxCoeff(&axis);
    const std::size_t mid = begin + (end - begin) / 2;
    std::nth_element(sample.begin() + std::ptrdiff_t(begin), sample.begin() + std::ptrdiff_t(mid), sample.begin() + std::ptrdiff_t(end),
                     [axis](const Eigen::Vector3f& a, const Eigen::Vector3f& b) { return a[axis] < b[axis]; });
    top[std::size_t(index)].axis = axis;
    top[std::size_t(index)].split = sample[mid][axis];
    const int left = splitTop(top, sample, begin, mid, perSample, target, parts);
    const int right = splitTop(top, sample, mid, end, perSample, target, parts);
    top[std::size_t(index)].child[0] = left;
    top[std::size_t(index)].child[1] = right;
    return index;
}

int partOf(const std::vector<TopNode>& top, const float* p) {
    int n = 0;
    while (top[std::size_t(n)].part < 0) n = top[std::size_t(n)].child[p[top[std::size_t(n)].axis] < top[std::size_t(n)].split ? 0 : 1];
    return top[std::size_t(n)].part;
}

// Renumbers the nodes so that the root is nodes[0] and parents precede children (preorder).
void renumberFrom(LodTree& tree, std::int32_t root) {
    std::vector<std::int32_t> order, newIndex(tree.nodes.size(), -1);
    std::vector<std::int32_t> stack{root};
    while (!stack.empty()) {
        const std::int32_t n = stack.back();
        stack.pop_back();
        newIndex[std::size_t(n)] = std::int32_t(order.size());
        order.push_back(n);
        const LodNode& node = tree.nodes[std::size_t(n)];
        if (node.leaf < 0) stack.push_back(node.children[1]), stack.push_back(node.children[0]);
    }
    std::vector<LodNode> nodes;
    nodes.reserve(order.size());
    for (std::int32_t n : order) {
        LodNode node = tree.nodes[std::size_t(n)];
        if (node.leaf < 0)
            for (auto& c : node.children) c = newIndex[std::size_t(c)];
        else
            tree.leaves[std::size_t(node.leaf)].node = std::int32_t(nodes.size());
        nodes.push_back(node);
    }
    tree.nodes = std::move(nodes);
}

class CloudBlockSource final : public SplatBlockSource {
public:
    explicit CloudBlockSource(splat::SplatCloud cloud) : m_cloud(std::move(cloud)) {}
    std::uint64_t count() const override { return m_cloud.size(); }
    int shDegree() const override { return m_cloud.shDegree; }
    Result<splat::SplatCloud> next(std::size_t max) override {
        const std::size_t n = std::min(max, m_cloud.size() - m_at);
        splat::SplatCloud out;
        out.resize(n);
        std::copy_n(m_cloud.positions.begin() + std::ptrdiff_t(m_at), n, out.positions.begin());
        std::copy_n(m_cloud.rotations.begin() + std::ptrdiff_t(m_at), n, out.rotations.begin());
        std::copy_n(m_cloud.scales.begin() + std::ptrdiff_t(m_at), n, out.scales.begin());
        std::copy_n(m_cloud.opacities.begin() + std::ptrdiff_t(m_at), n, out.opacities.begin());
        std::copy_n(m_cloud.colors.begin() + std::ptrdiff_t(m_at), n, out.colors.begin());
        if (m_cloud.shDegree > 0) {
            const std::size_t rest = std::size_t(splat::shRestCount(m_cloud.shDegree)) * 3;
            out.shDegree = m_cloud.shDegree;
            out.shRest.assign(m_cloud.shRest.begin() + std::ptrdiff_t(m_at * rest), m_cloud.shRest.begin() + std::ptrdiff_t((m_at + n) * rest));
        }
        m_at += n;
        return out;
    }

private:
    splat::SplatCloud m_cloud;
    std::size_t m_at = 0;
};

class PlyBlockSource final : public SplatBlockSource {
public:
    explicit PlyBlockSource(std::unique_ptr<formats::PlyStreamReader> reader) : m_reader(std::move(reader)) {}
    std::uint64_t count() const override { return m_reader->count(); }
    int shDegree() const override { return m_reader->shDegree(); }
    Result<splat::SplatCloud> next(std::size_t max) override { return m_reader->next(max, true); }

private:
    std::unique_ptr<formats::PlyStreamReader> m_reader;
};

}  // namespace

Result<std::unique_ptr<SplatBlockSource>> openBlockSource(const std::string& scan, int& shDegree, const Progress& progress) {
    if (formats::fileExtension(scan) == ".ply") {
        auto reader = formats::PlyStreamReader::open(scan);
        if (reader) {
            shDegree = (*reader)->shDegree();
            return std::unique_ptr<SplatBlockSource>(new PlyBlockSource(std::move(*reader)));
        }
        if (reader.error().code != ErrorCode::Unsupported) return reader.error();
    }
    auto cloud = formats::readSplatCloud(scan, formats::Axes::Standard, progress);
    if (!cloud) return cloud.error();
    SW_TRY(cloud->validate(scan));
    shDegree = cloud->shDegree;
    cloud->normals.clear();
    return std::unique_ptr<SplatBlockSource>(new CloudBlockSource(std::move(*cloud)));
}

Result<LodTree> buildLodTreeOnDisk(SplatBlockSource& source, const LodSettings& settings, LodFolderWriter& writer,
                                   DiskBuildReport& report, const Progress& progress) {
    SW_TRY(lodSchema().check(settings));
    const std::uint64_t total = source.count();
    if (total == 0) return makeError(ErrorCode::InvalidInput, "the scan has no splats; there is nothing to build a LOD tree of");
    const auto cancelled = [&] { return makeError(ErrorCode::Cancelled, "LOD build cancelled", writer.target()); };
    // The limit is the process's: what it holds already (code, libraries, the caller) is not the build's.
    const std::uint64_t limit = std::uint64_t(settings.memoryMiB) * 1048576ull;
    const std::uint64_t forBuild = std::max(limit / 4, limit - std::min(limit, residentBytes()));
    const std::size_t rest = std::size_t(splat::shRestCount(source.shDegree())) * 3, kRecordFloats = kBaseFloats + rest;
    report.partCapacity = std::max<std::uint64_t>(std::uint64_t(settings.leafSize), forBuild / buildBytesPerSplat(source.shDegree()));
    report.partCapacity = std::min<std::uint64_t>(report.partCapacity, 0xffffffffull);
    const std::size_t block = std::size_t(std::clamp<std::uint64_t>(report.partCapacity / 8, 4096, 262144));
    std::error_code ec;
    fs::create_directories(writer.scratchFolder(), ec);
    if (ec) return makeError(ErrorCode::Io, "cannot create the scratch folder (" + ec.message() + ")", writer.target());

    // Pass 1: every splat to one scratch file, a reservoir sample of positions.
    ScratchFile all;
    SW_TRY(all.open((fs::path(writer.scratchFolder()) / "all.bin").string(), writer.target(), "wb", kRecordFloats));
    std::vector<Eigen::Vector3f> sample;
    sample.reserve(std::size_t(std::min<std::uint64_t>(total, kSampleSize)));
    std::mt19937_64 rng(0x5eedULL);
    std::vector<float> records;
    std::uint64_t seen = 0;
    for (;;) {
        if (progress.cancelled()) return cancelled();
        auto part = source.next(block);
        if (!part) return part.error();
        if (part->empty()) break;
        records.resize(part->size() * kRecordFloats);
        for (std::size_t i = 0; i < part->size(); ++i, ++seen) {
            toRecord(*part, i, &records[i * kRecordFloats], part->shDegree > 0 ? rest : 0);
            if (sample.size() < kSampleSize) sample.push_back(part->positions[i]);
            else if (const std::uint64_t j = rng() % (seen + 1); j < kSampleSize) sample[std::size_t(j)] = part->positions[i];
        }
        SW_TRY(all.write(records.data(), part->size()));
        progress.report(0.25 * double(seen) / double(total), "reading the scan");
    }
    SW_TRY(all.finish());
    report.scratchBytes += all.bytes();

    // The top split and pass 2: route every splat to its part's file.
    std::vector<TopNode> top;
    int parts = 0;
    splitTop(top, sample, 0, sample.size(), double(seen) / double(sample.size()), 0.8 * double(report.partCapacity), parts);
    sample = {};
    // Every part file is open at once while routing: their buffers share a sixteenth of the limit.
    constexpr int kMostParts = 512;
    if (parts > kMostParts) {
        const std::uint64_t need = (seen / (kMostParts * 4 / 5) + 1) * buildBytesPerSplat(source.shDegree()) / 1048576 + 1;
        return makeError(ErrorCode::InvalidInput, "a memory limit of " + std::to_string(settings.memoryMiB) + " MiB is too small for " +
                                                      std::to_string(seen) + " splats (give at least " + std::to_string(need) + " MiB)",
                         writer.target());
    }
    const std::size_t partBuffer = std::size_t(std::clamp<std::uint64_t>(
        forBuild / 16 / std::uint64_t(parts), 4096, std::uint64_t{1} << 20));
    std::vector<ScratchFile> partFiles(static_cast<std::size_t>(parts));
    std::vector<std::uint64_t> partCount(std::size_t(parts), 0);
    for (int p = 0; p < parts; ++p)
        SW_TRY(partFiles[std::size_t(p)].open((fs::path(writer.scratchFolder()) / ("part_" + std::to_string(p) + ".bin")).string(), writer.target(), "wb",
                                              kRecordFloats, partBuffer));
    {
        ScratchFile in;
        SW_TRY(in.open(all.path(), writer.target(), "rb", kRecordFloats));
        std::vector<std::vector<float>> out(static_cast<std::size_t>(parts));
        records.resize(block * kRecordFloats);
        std::uint64_t routed = 0;
        for (std::size_t got; (got = in.read(records.data(), block)) > 0;) {
            if (progress.cancelled()) return cancelled();
            for (std::size_t i = 0; i < got; ++i) {
                const float* r = &records[i * kRecordFloats];
                auto& o = out[std::size_t(partOf(top, r))];
                o.insert(o.end(), r, r + kRecordFloats);
            }
            for (int p = 0; p < parts; ++p) {
                auto& o = out[std::size_t(p)];
                SW_TRY(partFiles[std::size_t(p)].write(o.data(), o.size() / kRecordFloats));
                partCount[std::size_t(p)] += o.size() / kRecordFloats;
                o.clear();
            }
            routed += got;
            progress.report(0.25 + 0.15 * double(routed) / double(seen), "sorting on disk");
        }
        if (routed != seen) return all.fail("reading back");
    }
    fs::remove(all.path(), ec);
    for (ScratchFile& f : partFiles) {
        SW_TRY(f.finish());
        report.scratchBytes += f.bytes();
    }

    // Each part built in memory and written, one at a time; its nodes hang under the top tree.
    LodTree tree;
    tree.levelCount = settings.levels;
    tree.leafSize = settings.leafSize;
    tree.reduction = settings.reduction;
    tree.shDegree = source.shDegree();
    std::vector<std::int32_t> partRoot(std::size_t(parts), -1);
    std::uint64_t built = 0;
    LodSettings inMemory = settings;
    for (int p = 0; p < parts; ++p) {
        if (progress.cancelled()) return cancelled();
        const std::uint64_t n = partCount[std::size_t(p)];
        report.largestPart = std::max(report.largestPart, n);
        if (n == 0) continue;
        splat::SplatCloud cloud;
        cloud.shDegree = tree.shDegree;
        cloud.resize(std::size_t(n));
        cloud.shRest.resize(std::size_t(n) * rest);
        {
            ScratchFile in;
            SW_TRY(in.open(partFiles[std::size_t(p)].path(), writer.target(), "rb", kRecordFloats));
            for (std::size_t at = 0; at < n;) {
                const std::size_t got = in.read(records.data(), std::min<std::size_t>(block, std::size_t(n) - at));
                if (got == 0) return in.fail("reading back");
                for (std::size_t i = 0; i < got; ++i) fromRecord(&records[i * kRecordFloats], cloud, at + i, rest);
                at += got;
            }
        }
        fs::remove(partFiles[std::size_t(p)].path(), ec);
        const double from = 0.4 + 0.6 * double(built) / double(seen), to = 0.4 + 0.6 * double(built + n) / double(seen);
        auto part = buildLodTree(cloud, inMemory, progress.sub(from, from + 0.8 * (to - from)));
        if (!part) return part.error();
        cloud = {};
        const auto nodeOffset = std::int32_t(tree.nodes.size()), leafOffset = std::int32_t(tree.leaves.size());
        for (std::size_t leaf = 0; leaf < part->leaves.size(); ++leaf)
            for (int level = 0; level < part->levelCount; ++level)
                SW_TRY(writer.writeChunk(part->chunk(leaf, level), std::size_t(leafOffset) + leaf, level));
        for (LodNode node : part->nodes) {
            if (node.leaf >= 0) node.leaf += leafOffset;
            else node.children[0] += nodeOffset, node.children[1] += nodeOffset;
            tree.nodes.push_back(node);
        }
        for (LodLeaf leaf : part->leaves) {
            leaf.node += nodeOffset;
            tree.leaves.push_back(std::move(leaf));
        }
        partRoot[std::size_t(p)] = nodeOffset;
        built += n;
        ++report.parts;
        progress.report(to, "building part by part");
    }

    // The top nodes: union of their children; a side left empty by the sample is skipped.
    const std::function<std::int32_t(int)> emit = [&](int t) -> std::int32_t {
        const TopNode& node = top[std::size_t(t)];
        if (node.part >= 0) return partRoot[std::size_t(node.part)];
        const std::int32_t a = emit(node.child[0]), b = emit(node.child[1]);
        if (a < 0 || b < 0) return a < 0 ? b : a;
        LodNode joined;
        joined.bounds = tree.nodes[std::size_t(a)].bounds.merged(tree.nodes[std::size_t(b)].bounds);
        joined.count = tree.nodes[std::size_t(a)].count + tree.nodes[std::size_t(b)].count;
        joined.spacing = splatSpacing(joined.bounds, joined.count);
        joined.children[0] = a;
        joined.children[1] = b;
        tree.nodes.push_back(joined);
        return std::int32_t(tree.nodes.size()) - 1;
    };
    renumberFrom(tree, emit(0));
    return tree;
}

}  // namespace sw::lod
