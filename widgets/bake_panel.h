#pragma once
// The Bake dock's body: the bake settings generated from bakeSchema() (every stage: normal
// snap, floaters, split, orders, channels, materials, chunks), Bake / Cancel / Export buttons,
// a progress bar and the report pane. The editor's BakeController does the work.
#include <QWidget>

class QProgressBar;
class QPushButton;
class QTextBrowser;

namespace sw::widgets {

class ParamPanel;

class BakePanel : public QWidget {
    Q_OBJECT
public:
    explicit BakePanel(QWidget* parent = nullptr);

    ParamPanel* settings() const { return m_settings; }
    QTextBrowser* report() const { return m_report; }
    QPushButton* bakeButton() const { return m_bake; }
    QPushButton* exportButton() const { return m_export; }
    QPushButton* cancelButton() const { return m_cancel; }

    // While a bake job runs: Bake/Export disabled, Cancel and the progress bar shown.
    void setBusy(bool busy);
    void showProgress(double fraction, const QString& message);

private:
    ParamPanel* m_settings;
    QPushButton* m_bake;
    QPushButton* m_export;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QTextBrowser* m_report;
};

}  // namespace sw::widgets
