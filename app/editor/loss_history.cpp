#include "app/editor/loss_history.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <algorithm>

namespace sw::editor {
namespace {

QJsonArray toJson(const QList<QPointF>& points) {
    QJsonArray array;
    for (const QPointF& p : points) array.append(QJsonArray{int(p.x()), p.y()});
    return array;
}

bool fromJson(const QJsonValue& value, QList<QPointF>& points) {
    if (!value.isArray()) return false;
    for (const QJsonValue& item : value.toArray()) {
        const QJsonArray pair = item.toArray();
        if (pair.size() != 2 || !pair[0].isDouble() || !pair[1].isDouble()) return false;
        points.append(QPointF(pair[0].toDouble(), pair[1].toDouble()));
    }
    return true;
}

}  // namespace

void LossHistory::truncateAfter(int step) {
    const auto after = [step](const QPointF& p) { return p.x() > step; };
    loss.erase(std::remove_if(loss.begin(), loss.end(), after), loss.end());
    psnr.erase(std::remove_if(psnr.begin(), psnr.end(), after), psnr.end());
}

QString lossHistoryPath(const QString& runDir) { return QDir(runDir).filePath(QStringLiteral("loss_history.json")); }

Result<LossHistory> readLossHistory(const QString& runDir) {
    const QString path = lossHistoryPath(runDir);
    QFile file(path);
    if (!file.exists()) return LossHistory{};
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::Io, "cannot read the loss history (" + file.errorString().toStdString() + ")",
                         path.toStdString());
    QJsonParseError parse;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parse);
    LossHistory history;
    if (parse.error != QJsonParseError::NoError || !doc.isObject() || !fromJson(doc.object().value("loss"), history.loss) ||
        !fromJson(doc.object().value("psnr"), history.psnr))
        return makeError(ErrorCode::InvalidInput, "not a loss history (expected {\"loss\": [[step, value], …], \"psnr\": …})",
                         path.toStdString());
    return history;
}

Status writeLossHistory(const QString& runDir, const LossHistory& history) {
    const QString path = lossHistoryPath(runDir);
    if (!QDir().mkpath(runDir)) return makeError(ErrorCode::Io, "cannot create the run folder", runDir.toStdString());
    QSaveFile file(path);  // a temporary renamed into place: a crash keeps the previous history
    QJsonObject doc{{"loss", toJson(history.loss)}, {"psnr", toJson(history.psnr)}};
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(doc).toJson(QJsonDocument::Compact)) < 0 ||
        !file.commit())
        return makeError(ErrorCode::Io, "cannot write the loss history (" + file.errorString().toStdString() + ")",
                         path.toStdString());
    return {};
}

void removeLossHistory(const QString& runDir) { QFile::remove(lossHistoryPath(runDir)); }

}  // namespace sw::editor
