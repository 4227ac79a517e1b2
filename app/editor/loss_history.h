#pragma once
// The Training chart's history kept beside the run's checkpoint, so the curve survives a resume,
// a restart of the editor and reopening the project: <run>/loss_history.json holds the train
// loss and validation PSNR points shown so far ({"loss": [[step, loss], …], "psnr": [[step,
// dB], …]}), written atomically (temporary file, then rename) after each metrics report and at
// the end of a run. A resume from step k keeps the points up to k (later ones were trained by
// steps the checkpoint does not hold) and appends the new run's.
#include <QList>
#include <QPointF>
#include <QString>

#include "core/foundation/error.h"

namespace sw::editor {

struct LossHistory {
    QList<QPointF> loss;  // (step, mean train loss)
    QList<QPointF> psnr;  // (step, validation PSNR in dB)

    bool empty() const { return loss.isEmpty() && psnr.isEmpty(); }
    // Drops the points after `step`.
    void truncateAfter(int step);
};

QString lossHistoryPath(const QString& runDir);  // <run>/loss_history.json
// The run's history; an empty one when the file does not exist; an error naming the file when
// it cannot be read or parsed.
sw::Result<LossHistory> readLossHistory(const QString& runDir);
sw::Status writeLossHistory(const QString& runDir, const LossHistory& history);
void removeLossHistory(const QString& runDir);

}  // namespace sw::editor
