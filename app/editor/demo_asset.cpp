#include "app/editor/demo_asset.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>

namespace sw::editor {

Result<QString> cacheFolder() {
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    if (dir.isEmpty() || !QDir().mkpath(dir))
        return makeError(ErrorCode::Io, "cannot create the cache folder", dir.toStdString());
    return dir;
}

Result<QString> extractDemoAsset() {
    QFile resource(QString::fromLatin1(DEMO_RESOURCE));
    if (!resource.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::Internal, "the demo asset is not embedded in this build", DEMO_RESOURCE);
    const QByteArray bytes = resource.readAll();

    Result<QString> dir = cacheFolder();
    if (!dir) return dir.error();
    const QString path = QDir(*dir).filePath(QStringLiteral("demo_drone.glb"));
    QFile existing(path);
    if (existing.open(QIODevice::ReadOnly) && existing.size() == bytes.size() && existing.readAll() == bytes)
        return path;
    existing.close();

    QSaveFile out(path);  // temp file + rename: a crash never leaves half a GLB
    if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.commit())
        return makeError(ErrorCode::Io, "cannot write the demo asset: " + out.errorString().toStdString(),
                         path.toStdString());
    return path;
}

}  // namespace sw::editor
