#include "core/lod/streamed_sog_write.h"

#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/formats/axes.h"
#include "core/formats/sog_write.h"
#include "core/foundation/file_io.h"
#include "core/foundation/output_folder.h"

namespace sw::lod {
namespace {

namespace fs = std::filesystem;
using nlohmann::ordered_json;

struct Run {
    int file = -1;
    std::uint64_t offset = 0, count = 0;
};

// The box in the SOG's axes (3DGS): a signed permutation of model axes keeps boxes boxes.
ordered_json fileBound(const Eigen::AlignedBox3f& box) {
    const Eigen::Matrix3f r = formats::frameFromModel(formats::Frame::Gaussian).cast<float>();
    const Eigen::Vector3f a = r * box.min(), b = r * box.max();
    const Eigen::Vector3f lo = a.cwiseMin(b), hi = a.cwiseMax(b);
    return {{"min", {double(lo.x()), double(lo.y()), double(lo.z())}}, {"max", {double(hi.x()), double(hi.y()), double(hi.z())}}};
}

ordered_json treeNode(const LodTree& t, std::int32_t index, const std::vector<Run>& runs) {
    const LodNode& n = t.nodes.at(std::size_t(index));
    ordered_json j;
    j["bound"] = fileBound(n.bounds);
    if (n.leaf >= 0) {
        ordered_json lods = ordered_json::object();
        for (int l = 0; l < t.levelCount; ++l) {
            const Run& r = runs[t.chunkIndex(std::size_t(n.leaf), l)];
            if (r.count > 0) lods[std::to_string(l)] = {{"file", r.file}, {"offset", r.offset}, {"count", r.count}};
        }
        j["lods"] = std::move(lods);
        return j;
    }
    ordered_json children = ordered_json::array();
    for (std::int32_t c : n.children)
        if (c >= 0) children.push_back(treeNode(t, c, runs));
    j["children"] = std::move(children);
    return j;
}

// The chunks [first, last) of `level` as one cloud.
Result<splat::SplatCloud> gather(const ChunkSource& source, int level, std::size_t first, std::size_t last) {
    splat::SplatCloud out;
    for (std::size_t leaf = first; leaf < last; ++leaf) {
        auto c = source.loadChunk(std::uint32_t(leaf), std::uint32_t(level));
        if (!c) return c.error();
        const std::size_t at = out.size();
        out.resize(at + c->size());
        std::copy(c->positions.begin(), c->positions.end(), out.positions.begin() + std::ptrdiff_t(at));
        std::copy(c->rotations.begin(), c->rotations.end(), out.rotations.begin() + std::ptrdiff_t(at));
        std::copy(c->scales.begin(), c->scales.end(), out.scales.begin() + std::ptrdiff_t(at));
        std::copy(c->opacities.begin(), c->opacities.end(), out.opacities.begin() + std::ptrdiff_t(at));
        std::copy(c->colors.begin(), c->colors.end(), out.colors.begin() + std::ptrdiff_t(at));
    }
    return out;
}

}  // namespace

const SettingsSchema<StreamedSogSettings>& streamedSogSchema() {
    static const SettingsSchema<StreamedSogSettings> schema = [] {
        SettingsSchema<StreamedSogSettings> s("streamed-sog", "Streamed SOG");
        s.add(&StreamedSogSettings::fileSplats, "sog-file-splats", "Splats per SOG file").range(1, 1 << 26).unit("splats")
            .tooltip("Most splats packed into one SOG file of a level (a larger chunk gets a file of its own)").group("Streamed SOG");
        s.add(&StreamedSogSettings::codebookIterations, "sog-codebook-iterations", "Codebook passes").range(0, 100)
            .tooltip("k-means passes of each SOG's 256-entry scale and colour codebooks").group("Streamed SOG");
        s.add(&StreamedSogSettings::webpEffort, "sog-webp-effort", "WebP effort").range(0, 9)
            .tooltip("libwebp's lossless preset: 0 is fastest, 9 gives the smallest files").group("Streamed SOG");
        return s;
    }();
    return schema;
}

Result<std::uint64_t> writeStreamedSogInto(const ChunkSource& source, const std::string& folder,
                                           const StreamedSogSettings& settings, const Progress& progress) {
    SW_TRY(streamedSogSchema().check(settings));
    const LodTree& t = source.tree();
    if (t.leaves.empty() || t.levelCount < 1 || t.nodes.empty())
        return makeError(ErrorCode::InvalidInput, "the LOD tree has no leaves; there is nothing to write", folder);
    formats::SogWriteSettings sog;
    sog.shBands = 0;
    sog.codebookIterations = settings.codebookIterations;
    sog.webpEffort = settings.webpEffort;
    std::vector<Run> runs(t.leaves.size() * std::size_t(t.levelCount));
    ordered_json filenames = ordered_json::array(), counts = ordered_json::array();
    std::uint64_t bytes = 0, total = 0, done = 0, all = 0;
    for (int l = 0; l < t.levelCount; ++l) all += t.splatCount(l);
    for (int l = 0; l < t.levelCount; ++l) {
        counts.push_back(t.splatCount(l));
        total += t.splatCount(l);
        for (std::size_t first = 0, k = 0; first < t.leaves.size(); ++k) {
            if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "writing the Streamed SOG cancelled", folder);
            std::size_t last = first;  // leaves [first, last) share file k of level l
            std::uint64_t splats = 0;
            while (last < t.leaves.size() &&
                   (last == first || splats + t.leaves[last].levels[std::size_t(l)].count <= std::uint64_t(settings.fileSplats)))
                splats += t.leaves[last++].levels[std::size_t(l)].count;
            const std::string name = std::to_string(l) + "_" + std::to_string(k);
            if (splats > 0) {
                const int file = int(filenames.size());
                for (std::size_t leaf = first, offset = 0; leaf < last; ++leaf) {
                    const std::uint64_t n = t.leaves[leaf].levels[std::size_t(l)].count;
                    runs[t.chunkIndex(leaf, l)] = {file, offset, n};
                    offset += n;
                }
                auto cloud = gather(source, l, first, last);
                if (!cloud) return cloud.error();
                const fs::path dir = fs::path(folder) / name;
                auto files = formats::encodeSog(*cloud, sog, (dir / "meta.json").string(),
                                                progress.sub(double(done) / double(all), double(done + splats) / double(all)));
                if (!files) return files.error();
                std::error_code ec;
                fs::create_directories(dir, ec);
                if (ec) return makeError(ErrorCode::Io, "cannot create the SOG folder (" + ec.message() + ")", dir.string());
                SW_TRY(formats::writeSogFiles(dir.string(), *files));
                for (const formats::SogFile& f : *files) bytes += f.bytes.size();
                filenames.push_back(name + "/meta.json");
            }
            done += splats;
            first = last;
        }
    }
    ordered_json manifest;
    manifest["version"] = 1;
    manifest["count"] = total;
    manifest["counts"] = std::move(counts);
    manifest["lodLevels"] = t.levelCount;
    manifest["environment"] = nullptr;
    manifest["filenames"] = std::move(filenames);
    manifest["tree"] = treeNode(t, 0, runs);
    const std::string text = manifest.dump();
    SW_TRY(writeFileAtomic((fs::path(folder) / "lod-meta.json").string(), text));
    progress.report(1.0, "Streamed SOG written");
    return bytes + text.size();
}

Result<std::uint64_t> writeStreamedSog(const ChunkSource& source, const std::string& folder, const StreamedSogSettings& settings,
                                       const Progress& progress) {
    const fs::path target = fs::absolute(folder).lexically_normal();
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    if (ec) return makeError(ErrorCode::Io, "cannot create the parent folder (" + ec.message() + ")", target.string());
    if (const std::string input = source.inputFolder(); !input.empty()) {  // replacing it (or a folder above) would delete the input
        const fs::path in = fs::weakly_canonical(input, ec), out = fs::weakly_canonical(target, ec);
        if (std::mismatch(out.begin(), out.end(), in.begin(), in.end()).first == out.end())
            return makeError(ErrorCode::InvalidInput, "the output folder holds the chunks being written (" + input +
                                                          "); choose a new folder", target.string());
    }
    SW_TRY(checkFolderReplaceable(target.string()));
    auto temp = TemporaryFolder::create(target.string());
    if (!temp) return temp.error();
    auto bytes = writeStreamedSogInto(source, temp->path(), settings, progress);
    if (!bytes) return temp->relocate(bytes.error(), target.string());
    std::vector<std::string> written{"lod-meta.json"};
    for (const auto& entry : fs::directory_iterator(temp->path()))
        if (entry.is_directory()) written.push_back(entry.path().filename().string() + "/");
    if (Status st = recordOutputs(temp->path(), written); !st) return temp->relocate(st.error(), target.string());
    if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "writing the Streamed SOG cancelled", target.string());
    SW_TRY(replaceFolder(temp->path(), target.string()));
    temp->release();
    return bytes;
}

}  // namespace sw::lod
