#include "core/bake/export.h"

#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include "core/formats/ply.h"
#include "core/formats/spl2.h"
#include "core/formats/spz.h"
#include "core/foundation/file_io.h"
#include "core/foundation/output_folder.h"

namespace sw::bake {

namespace fs = std::filesystem;

namespace {
std::string hex64(std::uint64_t h);
}

const SettingsSchema<ExportSettings>& exportSchema() {
    static const SettingsSchema<ExportSettings> schema = [] {
        SettingsSchema<ExportSettings> s("export", "Export");
        addExportParams(s);
        return s;
    }();
    return schema;
}

namespace {

Status hashMismatch(const std::string& what, std::uint64_t actual, std::uint64_t recorded) {
    return makeError(ErrorCode::InvalidInput,
                     "the model (fnv1a64 " + hex64(actual) + ") is not the one recorded with the cloud (fnv1a64 " +
                         hex64(recorded) + "): wrong model, or changed since? (force / --force exports anyway)",
                     what);
}

}  // namespace

Status checkRecordedHash(const std::string& modelPath, std::uint64_t recorded, const ExportSettings& settings) {
    if (settings.force || recorded == 0) return {};
    auto bytes = readFileBytes(modelPath);
    if (!bytes) return bytes.error();
    const std::uint64_t actual = fnv1a64(*bytes);
    return actual == recorded ? Status{} : hashMismatch(modelPath, actual, recorded);
}

Status checkAgreement(const BakedModel& baked, const ExportMeta& meta, std::uint64_t sourceHash,
                      const ExportSettings& settings) {
    if (settings.force) return {};
    const std::string what = meta.sourceModelPath.empty() ? std::string("model") : meta.sourceModelPath;
    if (meta.recordedModelHash != 0 && sourceHash != 0 && meta.recordedModelHash != sourceHash)
        return hashMismatch(what, sourceHash, meta.recordedModelHash);
    const BakeReport& r = baked.report;
    const double share = r.input > 0 ? double(r.floaters.far) / double(r.input) : 0.0;
    if (share > double(settings.mismatchFarShare))
        return makeError(ErrorCode::InvalidInput,
                         std::to_string(r.floaters.far) + " of " + std::to_string(r.input) + " splats (" +
                             std::to_string(int(std::lround(100 * share))) +
                             " %) lie far from the model's surface: the cloud was not trained on this model, or not in "
                             "its normalised space (force / --force exports anyway)",
                         what);
    return {};
}

namespace {

struct PendingFile {
    std::string fileName;
    std::vector<std::uint8_t> bytes;
};

std::vector<std::uint8_t> toBytes(const std::string& text) { return {text.begin(), text.end()}; }

std::string hex64(std::uint64_t h) {
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    return hex;
}

Error exportCancelled(const std::string& outDir) {
    return makeError(ErrorCode::Cancelled, "export cancelled (the folder is left as it was)", outDir);
}

// Files to encode (for the progress fractions): .bin, .meta.json, [.json], [.ply], [spz...], [.png].
int plannedFiles(const ExportSettings& settings, bool picture) {
    int spz = 0;
    if (settings.writeSpz) spz = settings.spzVersion == SpzVersions::V3AndV4 ? 2 : 1;
    return 2 + int(settings.writeDebugJson) + int(settings.writePly) + spz + int(settings.writeDroppedPicture && picture);
}

Result<std::vector<PendingFile>> encodeAll(const BakedModel& baked, const splat::SplatCloud& cloud, const ExportMeta& meta,
                                           const std::string& name, const ExportSettings& settings, std::string& hash,
                                           const std::string& outDir, const Progress& progress) {
    std::uint64_t sourceHash = 0;
    if (!meta.sourceModelPath.empty()) {
        auto source = readFileBytes(meta.sourceModelPath);
        if (!source) return source.error();
        sourceHash = fnv1a64(*source);
        hash = "fnv1a64:" + hex64(sourceHash);
    }
    SW_TRY(checkAgreement(baked, meta, sourceHash, settings));
    std::vector<PendingFile> files;
    const int planned = plannedFiles(settings, meta.mesh != nullptr) + int(meta.weaponProfiles.size());
    // Called before each file is encoded: reports it and stops on a cancel.
    const auto next = [&](const std::string& file) -> Status {
        if (progress.cancelled()) return exportCancelled(outDir);
        progress.report(double(files.size()) / planned, "encoding " + file);
        return {};
    };
    SW_TRY(next(name + ".bin"));
    auto spl2 = formats::encodeSpl2(baked.spl2, name + ".bin");
    if (!spl2) return spl2.error();
    files.push_back({name + ".bin", std::move(*spl2)});
    SW_TRY(next(name + ".meta.json"));
    files.push_back({name + ".meta.json", toBytes(buildMetaJson(baked, meta, hash, settings.axes))});
    for (const auto& [profile, text] : meta.weaponProfiles) {
        const bool plain = !profile.empty() && profile.find_first_not_of(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") == std::string::npos;
        if (!plain)
            return makeError(ErrorCode::InvalidInput, "weapon profile name '" + profile +
                             "' cannot name a file (letters, digits, '-' and '_' only)", outDir);
        const std::string file = name + "." + profile + ".weapon.json";
        SW_TRY(next(file));
        files.push_back({file, toBytes(text)});
    }
    if (settings.writeDebugJson) {
        SW_TRY(next(name + ".json"));
        files.push_back({name + ".json", toBytes(buildDebugJson(baked))});
    }
    if (settings.writePly) {
        SW_TRY(next(name + ".ply"));
        auto ply = formats::encodePly(cloud, name + ".ply", formats::PlyWriteOptions{settings.axes});
        if (!ply) return ply.error();
        files.push_back({name + ".ply", std::move(*ply)});
    }
    if (settings.writeSpz) {
        std::vector<std::pair<int, std::string>> versions;
        switch (settings.spzVersion) {
            case SpzVersions::V3AndV4: versions = {{3, name + ".spz"}, {4, name + ".v4.spz"}}; break;
            case SpzVersions::V3: versions = {{3, name + ".spz"}}; break;
            case SpzVersions::V4: versions = {{4, name + ".spz"}}; break;
            case SpzVersions::V2: versions = {{2, name + ".spz"}}; break;
        }
        for (const auto& [version, file] : versions) {
            SW_TRY(next(file));
            auto spz = formats::encodeSpz(cloud, formats::SpzWriteOptions{version, settings.axes}, file);
            if (!spz) return spz.error();
            files.push_back({file, std::move(*spz)});
        }
    }
    if (settings.writeDroppedPicture && meta.mesh) {
        SW_TRY(next(name + ".dropped.png"));
        auto picture = droppedPicture(*meta.mesh, baked);
        if (!picture) return picture.error();
        auto png = encodePng(*picture);
        if (!png) return png.error();
        files.push_back({name + ".dropped.png", std::move(*png)});
    }
    return files;
}

// Staging folders of older versions (".<name>.export-<pid>") whose process is gone.
void removeLegacyStaging(const std::string& outDir, const std::string& name) {
    const std::string prefix = "." + name + ".export-";
    std::error_code ec;
    for (fs::directory_iterator it(outDir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string file = it->path().filename().string();
        if (file.size() <= prefix.size() || file.compare(0, prefix.size(), prefix) != 0) continue;
        const std::string pid = file.substr(prefix.size());
        if (pid.find_first_not_of("0123456789") != std::string::npos || pid.size() > 9) continue;
        if (::kill(static_cast<pid_t>(std::stol(pid)), 0) == 0 || errno == EPERM) continue;
        std::error_code rm;
        fs::remove_all(it->path(), rm);
    }
}

}  // namespace

Result<ExportResult> exportModel(const BakedModel& baked, const splat::SplatCloud& cloud, const ExportMeta& meta,
                                 const std::string& outDir, const std::string& name, const ExportSettings& settings,
                                 const Progress& progress) {
    if (name.empty() || name.find('/') != std::string::npos || name.front() == '.')
        return makeError(ErrorCode::InvalidInput, "export name '" + name + "' must be a plain file stem", outDir);
    ExportResult result;
    auto files = encodeAll(baked, cloud, meta, name, settings, result.sourceHash, outDir, progress.sub(0, 0.8));
    if (!files) return files.error();
    if (progress.cancelled()) return exportCancelled(outDir);

    // Only files this program wrote into the folder (its output marker lists them) are replaced.
    std::error_code ec;
    for (const PendingFile& f : *files)
        if (fs::is_directory(outDir, ec)) SW_TRY(checkReplaceable(outDir, f.fileName));
    const bool created = !fs::exists(outDir, ec);
    fs::create_directories(outDir, ec);
    if (ec || !fs::is_directory(outDir))
        return makeError(ErrorCode::Io, "cannot create export folder (" + (ec ? ec.message() : "not a folder") + ")", outDir);
    // A failed export leaves no folder it created itself.
    struct CreatedFolder {
        std::string path;
        ~CreatedFolder() {
            std::error_code e;
            if (!path.empty() && fs::is_empty(path, e)) fs::remove(path, e);
        }
    } createdFolder{created ? outDir : std::string()};
    removeLegacyStaging(outDir, name);
    auto staging = TemporaryFolder::create((fs::path(outDir) / ("." + name + ".export")).string());
    if (!staging)
        return makeError(staging.error().code, "export folder is not writable (" + staging.error().message + ")", outDir);
    const Progress writing = progress.sub(0.8, 1);
    for (std::size_t k = 0; k < files->size(); ++k) {
        const PendingFile& f = (*files)[k];
        writing.report(double(k) / double(files->size()), "writing " + f.fileName);
        Status st = writeFileAtomic((fs::path(staging->path()) / f.fileName).string(), f.bytes);
        if (!st) return staging->relocate(st.error(), outDir);
        if (progress.cancelled()) return exportCancelled(outDir);  // the staging folder goes with it
    }
    std::vector<std::string> names;
    for (const PendingFile& f : *files) names.push_back(f.fileName);
    SW_TRY(recordOutputs(outDir, names));  // before the renames: a file in place is always listed
    std::vector<fs::path> moved;
    for (const PendingFile& f : *files) {
        const fs::path target = fs::path(outDir) / f.fileName;
        fs::rename(fs::path(staging->path()) / f.fileName, target, ec);
        if (ec) {
            for (const auto& m : moved) fs::remove(m, ec);
            return makeError(ErrorCode::Io, "cannot move the exported file into place", target.string());
        }
        moved.push_back(target);
        result.files.push_back({target.string(), f.bytes.size()});
    }
    createdFolder.path.clear();
    progress.report(1, "exported");
    return result;
}

}  // namespace sw::bake
