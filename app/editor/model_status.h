#pragma once
// The status bar's permanent widgets: model name, triangles, components, flipped
// components/faces (from the import report) and the viewport's frame time; while a job runs,
// a progress bar with its message and a Cancel button.
#include <QObject>
#include <QString>

#include "core/geometry/import.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QStatusBar;

namespace sw::editor {

class ModelStatus : public QObject {
    Q_OBJECT
public:
    explicit ModelStatus(QStatusBar* bar);

    void showModel(const sw::geometry::ImportedModel& model);
    void clearModel();
    void showFrameTime(double milliseconds);
    void showJob(const QString& what);
    void showProgress(double fraction, const QString& message);
    void hideJob();

    QString modelText() const;  // the texts shown, joined (tests and screenshots)
    void retranslate();         // the same figures in the language installed now

signals:
    void cancelRequested();

private:
    void showTexts();
    struct Figures {
        bool model = false;
        QString name;
        qulonglong triangles = 0;
        int components = 0, flippedComponents = 0, flippedFaces = 0;
        double frameMs = -1;
    } m_figures;
    QStatusBar* m_bar;
    QLabel* m_name;
    QLabel* m_triangles;
    QLabel* m_components;
    QLabel* m_flipped;
    QLabel* m_frame;
    QProgressBar* m_progress;
    QPushButton* m_cancel;
};

}  // namespace sw::editor
