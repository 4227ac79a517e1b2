#include "app/editor/cloud_edits.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>

#include "core/bake/export.h"
#include "core/foundation/file_io.h"

namespace sw::editor {

namespace {

constexpr int kVersion = 1;

QJsonArray toJson(const std::vector<std::uint32_t>& ids) {
    QJsonArray out;
    for (std::uint32_t id : ids) out.append(qint64(id));
    return out;
}

bool fromJson(const QJsonValue& value, std::vector<std::uint32_t>& ids) {
    if (!value.isArray()) return false;
    for (const QJsonValue& v : value.toArray()) {
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d < 0 || d > 4294967295.0 || d != double(std::uint32_t(d))) return false;
        ids.push_back(std::uint32_t(d));
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return true;
}

}  // namespace

QString cloudEditsPath(const QString& cloudPath) { return cloudPath + QStringLiteral(".edits.json"); }

Result<std::pair<std::uint64_t, std::uint64_t>> cloudIdentity(const QString& cloudPath) {
    auto bytes = readFileBytes(cloudPath.toStdString());
    if (!bytes) return bytes.error();
    return std::pair<std::uint64_t, std::uint64_t>{bytes->size(), bake::fnv1a64(*bytes)};
}

Status saveCloudEdits(const QString& path, const CloudEdits& edits, bool keepEmpty) {
    if (edits.empty() && !keepEmpty) {
        if (QFile::exists(path) && !QFile::remove(path))
            return makeError(ErrorCode::Io, "cannot remove the old cloud edits", path.toStdString());
        return {};
    }
    QJsonObject root;
    root["version"] = kVersion;
    root["cloud_bytes"] = QString::number(edits.cloudBytes);
    root["cloud_fnv1a64"] = QString::number(edits.cloudHash, 16);
    root["deleted"] = toJson(edits.deleted);
    root["kept"] = toJson(edits.kept);
    root["hidden"] = toJson(edits.hidden);
    root["baked"] = edits.baked;
    return writeFileAtomic(path.toStdString(), QJsonDocument(root).toJson().toStdString());
}

Result<CloudEdits> loadCloudEdits(const QString& path, const QString& cloudPath) {
    if (!QFile::exists(path)) return CloudEdits{};
    auto text = readFileText(path.toStdString());
    if (!text) return text.error();
    const auto bad = [&](const std::string& why) { return makeError(ErrorCode::InvalidInput, why, path.toStdString()); };
    QJsonParseError parse{};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(*text), &parse);
    if (!doc.isObject()) return bad("not a JSON object (" + parse.errorString().toStdString() + ")");
    const QJsonObject root = doc.object();
    if (root["version"].toInt() != kVersion) return bad("unknown cloud edits version");
    CloudEdits edits;
    bool okBytes = false, okHash = false;
    edits.cloudBytes = root["cloud_bytes"].toString().toULongLong(&okBytes);
    edits.cloudHash = root["cloud_fnv1a64"].toString().toULongLong(&okHash, 16);
    if (!okBytes || !okHash) return bad("cloud_bytes / cloud_fnv1a64 missing");
    if (!fromJson(root["deleted"], edits.deleted) || !fromJson(root["kept"], edits.kept) ||
        !fromJson(root["hidden"], edits.hidden))
        return bad("deleted / kept / hidden must be arrays of splat IDs");
    edits.baked = root["baked"].toBool();
    auto identity = cloudIdentity(cloudPath);
    if (!identity) return identity.error();
    if (identity->first != edits.cloudBytes || identity->second != edits.cloudHash)
        return bad("the edits are of another version of " + cloudPath.toStdString() + " (trained again since): not applied");
    return edits;
}

}  // namespace sw::editor
