#pragma once
// The whole job as the artist waits for it (issue 37): the wall time of the last successful run
// of each stage of the open model (import, dataset, training, bake, export), measured by the
// job runner from start to result. After each stage the Log shows the breakdown so far, the
// same figures `splatwright-cli batch --timings` prints:
//   "Whole job: import 0.4 s · dataset 7.1 s · training 6.0 s · bake 1.4 s · export 1.5 s = 16.4 s"
#include <QString>
#include <array>

namespace sw::editor {

class StageTimes {
public:
    enum Stage { Import, Dataset, Training, Bake, Export, StageCount };

    // Another model: the times start again (a re-import of the same file keeps them).
    void setModel(const QString& path);
    // Records a stage's wall time and logs the breakdown; returns the logged line.
    QString record(Stage stage, double seconds);
    double seconds(Stage stage) const { return m_seconds[std::size_t(stage)]; }  // < 0: not run
    QString breakdown() const;

private:
    QString m_model;
    std::array<double, StageCount> m_seconds{-1, -1, -1, -1, -1};
};

}  // namespace sw::editor
