#include "app/editor/stage_times.h"

#include <QDir>

#include "core/foundation/log.h"

namespace sw::editor {

void StageTimes::setModel(const QString& path) {
    if (QDir::cleanPath(path) == QDir::cleanPath(m_model)) return;
    m_model = path;
    m_seconds.fill(-1);
}

QString StageTimes::breakdown() const {
    static const char* const names[StageCount] = {"import", "dataset", "training", "bake", "export"};
    QStringList parts;
    double total = 0;
    for (int s = 0; s < StageCount; ++s) {
        if (m_seconds[std::size_t(s)] < 0) continue;
        parts << QStringLiteral("%1 %2 s").arg(QLatin1String(names[s])).arg(m_seconds[std::size_t(s)], 0, 'f', 1);
        total += m_seconds[std::size_t(s)];
    }
    if (parts.isEmpty()) return {};
    return QStringLiteral("Whole job: %1 = %2 s").arg(parts.join(QStringLiteral(" · "))).arg(total, 0, 'f', 1);
}

QString StageTimes::record(Stage stage, double seconds) {
    m_seconds[std::size_t(stage)] = std::max(0.0, seconds);
    const QString line = breakdown();
    SW_LOG_INFO(line.toStdString());
    return line;
}

}  // namespace sw::editor
