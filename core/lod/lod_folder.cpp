#include "core/lod/lod_folder.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <unordered_map>

#include "core/foundation/file_io.h"
#include "core/foundation/output_folder.h"

namespace sw::lod {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr char kMagic[4] = {'S', 'W', 'L', 'C'};

std::uint32_t getU32(std::span<const std::uint8_t> in, std::size_t at) {
    std::uint32_t v;
    std::memcpy(&v, in.data() + at, 4);
    return v;
}

json boxJson(const Eigen::AlignedBox3f& b) {
    return json::array({json::array({b.min().x(), b.min().y(), b.min().z()}),
                        json::array({b.max().x(), b.max().y(), b.max().z()})});
}
Eigen::AlignedBox3f boxFrom(const json& j) {
    const auto v = [](const json& a) { return Eigen::Vector3f(a.at(0).get<float>(), a.at(1).get<float>(), a.at(2).get<float>()); };
    return Eigen::AlignedBox3f(v(j.at(0)), v(j.at(1)));
}

}  // namespace

std::string lodManifestText(const LodTree& tree) {
    json nodes = json::array();
    for (const LodNode& n : tree.nodes) {
        json j = {{"bounds", boxJson(n.bounds)}, {"count", n.count}, {"spacing", n.spacing}};
        if (n.leaf >= 0) j["leaf"] = n.leaf;
        else j["children"] = json::array({n.children[0], n.children[1]});
        nodes.push_back(j);
    }
    json leaves = json::array();
    for (std::size_t i = 0; i < tree.leaves.size(); ++i) {
        const LodLeaf& leaf = tree.leaves[i];
        json levels = json::array();
        for (std::size_t l = 0; l < leaf.levels.size(); ++l)
            levels.push_back({{"file", chunkFileName(i, static_cast<int>(l))}, {"count", leaf.levels[l].count},
                              {"spacing", leaf.levels[l].spacing}, {"error", leaf.levels[l].error}});
        leaves.push_back({{"node", leaf.node}, {"bounds", boxJson(leaf.bounds)}, {"levels", levels}});
    }
    const json manifest = {{"format", "splatwright-lod"},
                           {"version", std::to_string(kLodFormatMajor) + "." + std::to_string(kLodFormatMinor)},
                           {"axes", "model"},
                           {"levels", tree.levelCount},
                           {"leafSize", tree.leafSize},
                           {"reduction", tree.reduction},
                           {"shDegree", tree.shDegree},
                           {"splats", tree.splatCount(0)},
                           {"nodes", nodes},
                           {"leaves", leaves}};
    return manifest.dump(1) + "\n";
}

namespace {

// A manifest's file entry as a path inside `folder`, or an error naming the manifest.
Result<std::string> insideFolder(const std::string& entry, const std::string& manifest) {
    const fs::path p = fs::path(entry).lexically_normal();
    if (entry.empty() || p.is_absolute() || p.has_root_name() || p.empty() || *p.begin() == ".." || entry.find('\\') != std::string::npos)
        return makeError(ErrorCode::InvalidInput, "names the chunk file '" + entry + "', a path outside its folder", manifest);
    return p.generic_string();
}

Status parseManifest(const json& j, const std::string& folder, const std::string& path, LodTree& tree,
                     std::vector<std::string>& files) {
    if (j.value("format", std::string()) != "splatwright-lod")
        return makeError(ErrorCode::Parse, "not a splatwright LOD manifest (\"format\" is not \"splatwright-lod\")", path);
    const std::string version = j.at("version").get<std::string>();
    int major = 0, minor = 0;
    if (std::sscanf(version.c_str(), "%d.%d", &major, &minor) != 2)
        return makeError(ErrorCode::Parse, "version '" + version + "' is not <major>.<minor>", path);
    if (major > kLodFormatMajor)
        return makeError(ErrorCode::Unsupported, "format version " + version + " is newer than this program reads (" +
                                                     std::to_string(kLodFormatMajor) + ".x)", path);
    tree.levelCount = j.at("levels").get<int>();
    tree.leafSize = j.at("leafSize").get<int>();
    tree.reduction = j.at("reduction").get<int>();
    tree.shDegree = j.value("shDegree", 0);  // 1.0 folders: no SH
    if (tree.shDegree < 0 || tree.shDegree > splat::kMaxShDegree)
        return makeError(ErrorCode::Parse, "\"shDegree\" is " + std::to_string(tree.shDegree) + ", expected 0.." +
                                               std::to_string(splat::kMaxShDegree), path);
    if (tree.levelCount < 1 || tree.levelCount > 255)
        return makeError(ErrorCode::Parse, "\"levels\" is " + std::to_string(tree.levelCount) + ", expected 1..255", path);
    for (const json& n : j.at("nodes")) {
        LodNode node;
        node.bounds = boxFrom(n.at("bounds"));
        node.count = n.at("count").get<std::uint64_t>();
        node.spacing = n.at("spacing").get<float>();
        if (n.contains("leaf")) {
            node.leaf = n.at("leaf").get<std::int32_t>();
        } else {
            node.children[0] = n.at("children").at(0).get<std::int32_t>();
            node.children[1] = n.at("children").at(1).get<std::int32_t>();
        }
        tree.nodes.push_back(node);
    }
    // Each chunk file is checked with one lstat; a link is resolved, and each folder the files
    // sit in is resolved once (a folder linked out of the scan's folder), so that opening a
    // manifest of 24k chunks stays in milliseconds.
    std::error_code rootError;
    const fs::path root = fs::weakly_canonical(folder, rootError);
    std::unordered_map<std::string, bool> foldersInside;
    const auto inside = [&](const fs::path& p) {
        std::error_code ec;
        const auto rel = fs::weakly_canonical(p, ec).lexically_relative(root);
        return !ec && !rootError && !rel.empty() && *rel.begin() != "..";
    };
    for (const json& l : j.at("leaves")) {
        LodLeaf leaf;
        leaf.node = l.at("node").get<std::int32_t>();
        leaf.bounds = boxFrom(l.at("bounds"));
        if (l.at("levels").size() != static_cast<std::size_t>(tree.levelCount))
            return makeError(ErrorCode::Parse, "leaf " + std::to_string(tree.leaves.size()) + " has " +
                                                   std::to_string(l.at("levels").size()) + " levels, expected " +
                                                   std::to_string(tree.levelCount), path);
        for (const json& lv : l.at("levels")) {
            leaf.levels.push_back({lv.at("count").get<std::uint32_t>(), lv.at("spacing").get<float>(), lv.at("error").get<float>()});
            auto file = insideFolder(lv.at("file").get<std::string>(), path);
            if (!file) return file.error();
            const fs::path full = fs::path(folder) / *file;
            std::error_code ec;
            const fs::file_status status = fs::symlink_status(full, ec);
            const bool link = fs::is_symlink(status);
            if (ec || !(link ? fs::is_regular_file(full, ec) : fs::is_regular_file(status)))
                return makeError(ErrorCode::Io, "chunk file is missing (named by " + std::string(kLodManifest) + ")", full.string());
            const std::string parent = full.parent_path().string();
            auto known = foldersInside.find(parent);
            if (known == foldersInside.end()) known = foldersInside.emplace(parent, parent == folder || inside(parent)).first;
            if (!known->second || (link && !inside(full)))  // a link inside the folder to a file outside it
                return makeError(ErrorCode::InvalidInput, "the chunk file '" + *file + "' is a link to a file outside its folder", path);
            files.push_back(*file);
        }
        tree.leaves.push_back(std::move(leaf));
    }
    const auto nodeCount = static_cast<std::int64_t>(tree.nodes.size()), leafCount = static_cast<std::int64_t>(tree.leaves.size());
    for (const LodNode& n : tree.nodes)
        if (n.leaf >= leafCount || (n.leaf < 0 && (n.children[0] <= 0 || n.children[0] >= nodeCount ||
                                                   n.children[1] <= 0 || n.children[1] >= nodeCount)))
            return makeError(ErrorCode::Parse, "a node refers to a leaf or child that does not exist", path);
    if (tree.nodes.empty() || tree.leaves.empty()) return makeError(ErrorCode::Parse, "the tree has no nodes or no leaves", path);
    return {};
}

}  // namespace

std::string chunkFileName(std::size_t leaf, int level) {
    return "chunks/" + std::to_string(leaf) + "_" + std::to_string(level) + ".swlc";
}

std::vector<std::uint8_t> encodeChunk(const splat::SplatCloud& c, std::uint32_t leaf, std::uint32_t level) {
    const std::size_t rest = std::size_t(splat::shRestCount(c.shDegree)) * 3, floats = chunkFloatsPerSplat(c.shDegree);
    std::vector<std::uint8_t> out;
    out.reserve(kChunkFileHeader + c.size() * floats * 4);
    const auto put = [&out](const void* data, std::size_t n) {
        const auto* p = static_cast<const std::uint8_t*>(data);
        out.insert(out.end(), p, p + n);
    };
    const std::uint32_t fields[5] = {kLodFormatMajor | (kLodFormatMinor << 16), leaf, level,
                                     static_cast<std::uint32_t>(c.size()), static_cast<std::uint32_t>(floats)};
    const std::uint64_t hashPlaceholder = 0;
    put(kMagic, 4);
    put(fields, sizeof fields);
    put(&hashPlaceholder, 8);
    for (std::size_t i = 0; i < c.size(); ++i) {
        const float v[kChunkFloatsPerSplat] = {c.positions[i].x(), c.positions[i].y(), c.positions[i].z(),
                                               c.scales[i].x(), c.scales[i].y(), c.scales[i].z(),
                                               c.rotations[i][0], c.rotations[i][1], c.rotations[i][2], c.rotations[i][3],
                                               c.opacities[i], c.colors[i].x(), c.colors[i].y(), c.colors[i].z()};
        put(v, sizeof v);
        if (rest > 0) put(c.shRest.data() + i * rest, rest * 4);
    }
    const std::uint64_t hash = fnv1a64(std::span<const std::uint8_t>(out).subspan(kChunkFileHeader));
    for (std::size_t k = 0; k < 8; ++k) out[24 + k] = static_cast<std::uint8_t>(hash >> (8 * k));
    return out;
}

Result<splat::SplatCloud> decodeChunk(std::span<const std::uint8_t> in, std::uint32_t leaf, std::uint32_t level,
                                      std::uint32_t count, const std::string& path, int shDegree) {
    if (in.size() < kChunkFileHeader)
        return makeError(ErrorCode::Parse, "truncated chunk: " + std::to_string(in.size()) + " bytes, the header needs " +
                                               std::to_string(kChunkFileHeader) + " at byte offset 0", path);
    if (std::memcmp(in.data(), kMagic, 4) != 0) return makeError(ErrorCode::Parse, "not a splatwright LOD chunk (no SWLC magic) at byte offset 0", path);
    const std::uint32_t version = getU32(in, 4);
    if ((version & 0xffff) > kLodFormatMajor)
        return makeError(ErrorCode::Unsupported, "chunk format version " + std::to_string(version & 0xffff) + "." +
                                                     std::to_string(version >> 16) + " is newer than this program reads (" +
                                                     std::to_string(kLodFormatMajor) + ".x)", path);
    const std::size_t floats = chunkFloatsPerSplat(shDegree), rest = floats - kChunkFloatsPerSplat;
    if (getU32(in, 8) == leaf && getU32(in, 12) == level && getU32(in, 16) == count && getU32(in, 20) != floats)
        return makeError(ErrorCode::Parse, "chunk header says " + std::to_string(getU32(in, 20)) + " floats per splat; the manifest's SH degree " +
                                               std::to_string(shDegree) + " needs " + std::to_string(floats) + " at byte offset 20", path);
    if (getU32(in, 8) != leaf || getU32(in, 12) != level || getU32(in, 16) != count)
        return makeError(ErrorCode::Parse, "chunk header says leaf " + std::to_string(getU32(in, 8)) + " level " +
                                               std::to_string(getU32(in, 12)) + " with " + std::to_string(getU32(in, 16)) +
                                               " splats; the manifest says leaf " + std::to_string(leaf) + " level " +
                                               std::to_string(level) + " with " + std::to_string(count) + " at byte offset 8", path);
    const std::uint64_t expected = kChunkFileHeader + std::uint64_t{count} * floats * 4;
    if (in.size() != expected)
        return makeError(ErrorCode::Parse, std::string(in.size() < expected ? "truncated" : "oversized") + " chunk: " +
                                               std::to_string(in.size()) + " bytes, " + std::to_string(count) +
                                               " splats need " + std::to_string(expected) + " at byte offset " +
                                               std::to_string(std::min<std::uint64_t>(in.size(), expected)), path);
    std::uint64_t hash;
    std::memcpy(&hash, in.data() + 24, 8);
    if (hash != fnv1a64(in.subspan(kChunkFileHeader)))
        return makeError(ErrorCode::Parse, "chunk content does not match its checksum at byte offset 24", path);
    splat::SplatCloud c;
    c.shDegree = shDegree;
    c.resize(count);
    c.shRest.resize(std::size_t(count) * rest);
    const std::uint8_t* p = in.data() + kChunkFileHeader;
    for (std::uint32_t i = 0; i < count; ++i, p += floats * 4) {
        float v[kChunkFloatsPerSplat];
        std::memcpy(v, p, sizeof v);
        c.positions[i] = {v[0], v[1], v[2]};
        c.scales[i] = {v[3], v[4], v[5]};
        c.rotations[i] = {v[6], v[7], v[8], v[9]};
        c.opacities[i] = v[10];
        c.colors[i] = {v[11], v[12], v[13]};
        if (rest > 0) std::memcpy(c.shRest.data() + std::size_t(i) * rest, p + sizeof v, rest * 4);
    }
    SW_TRY(c.validate(path));
    return c;
}

Result<std::uint64_t> writeLodFolder(const LodTree& tree, const std::string& folder, const Progress& progress,
                                     const LodFolderExtras& extras) {
    SW_REQUIRE(tree.chunks.size() == tree.leaves.size() * static_cast<std::size_t>(tree.levelCount),
               "chunks " << tree.chunks.size() << " leaves " << tree.leaves.size());
    auto writer = LodFolderWriter::begin(folder);
    if (!writer) return writer.error();
    std::uint64_t total = 0;
    for (const splat::SplatCloud& c : tree.chunks) total += kChunkFileHeader + c.size() * chunkFloatsPerSplat(c.shDegree) * 4;
    SW_TRY(checkDiskSpace((*writer)->target(), total));
    const double chunkShare = extras.streamedSog ? 0.3 : 1.0;
    for (std::size_t leaf = 0; leaf < tree.leaves.size(); ++leaf) {
        if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "LOD folder writing cancelled", (*writer)->target());
        for (int level = 0; level < tree.levelCount; ++level) SW_TRY((*writer)->writeChunk(tree.chunk(leaf, level), leaf, level));
        progress.report(chunkShare * static_cast<double>(leaf + 1) / static_cast<double>(tree.leaves.size()), "writing chunks");
    }
    const MemoryChunkSource source(std::shared_ptr<const LodTree>(std::shared_ptr<const LodTree>(), &tree));  // not owning
    return (*writer)->finish(tree, extras, &source, progress.sub(chunkShare, 1.0));
}

Result<std::shared_ptr<FolderChunkSource>> FolderChunkSource::open(const std::string& folder) {
    const std::string path = (fs::path(folder) / kLodManifest).string();
    auto text = readFileText(path);
    if (!text) return text.error();
    auto source = std::shared_ptr<FolderChunkSource>(new FolderChunkSource());
    source->m_folder = folder;
    try {
        const json j = json::parse(*text);
        SW_TRY(parseManifest(j, folder, path, source->m_tree, source->m_files));
    } catch (const json::exception& e) {
        return makeError(ErrorCode::Parse, std::string("malformed manifest: ") + e.what(), path);
    }
    return source;
}

std::string FolderChunkSource::chunkPath(std::uint32_t leaf, std::uint32_t level) const {
    return (fs::path(m_folder) / m_files.at(m_tree.chunkIndex(leaf, static_cast<int>(level)))).string();
}

Result<splat::SplatCloud> FolderChunkSource::loadChunk(std::uint32_t leaf, std::uint32_t level) const {
    const std::string path = chunkPath(leaf, level);
    auto bytes = readFileBytes(path);
    if (!bytes) return bytes.error();
    return decodeChunk(*bytes, leaf, level, m_tree.leaves.at(leaf).levels.at(level).count, path, level == 0 ? m_tree.shDegree : 0);
}

Result<LodTree> readLodFolder(const std::string& folder, const Progress& progress) {
    auto source = FolderChunkSource::open(folder);
    if (!source) return source.error();
    LodTree tree = (*source)->tree();
    tree.chunks.resize(tree.leaves.size() * static_cast<std::size_t>(tree.levelCount));
    for (std::uint32_t leaf = 0; leaf < tree.leaves.size(); ++leaf) {
        if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "LOD folder reading cancelled", folder);
        for (int level = 0; level < tree.levelCount; ++level) {
            auto chunk = (*source)->loadChunk(leaf, static_cast<std::uint32_t>(level));
            if (!chunk) return chunk.error();
            tree.chunks[tree.chunkIndex(leaf, level)] = std::move(*chunk);
        }
        progress.report(static_cast<double>(leaf + 1) / static_cast<double>(tree.leaves.size()), "reading chunks");
    }
    return tree;
}

}  // namespace sw::lod
