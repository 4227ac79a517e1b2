#pragma once
// The Log dock: shows sw::log messages with a colour per level, a minimum-level filter and a
// Clear button. Messages may come from any thread; the sink only queues them to the GUI
// thread, so the dock is safe to use while workers log.
#include <QDockWidget>
#include <QStringList>

#include "core/foundation/log.h"

class QComboBox;
class QListWidget;

namespace sw::widgets {

class LogDock : public QDockWidget {
    Q_OBJECT
public:
    explicit LogDock(QWidget* parent = nullptr);
    ~LogDock() override;  // removes the sink; messages still queued are dropped

    // Shows only messages at or above this level (the filter combo follows).
    void setMinimumLevel(sw::log::Level level);
    void clear();

    int messageCount() const;            // all kept messages, shown or not
    QStringList visibleMessages() const;  // "[level] text" of the shown ones, oldest first

signals:
    void messageAdded(int level, const QString& text);

private:
    void append(sw::log::Level level, const QString& text);
    void applyFilter();

    static constexpr int MAX_MESSAGES = 5000;  // oldest are dropped beyond this
    int m_sinkId = -1;
    QListWidget* m_list = nullptr;
    QComboBox* m_filter = nullptr;
};

}  // namespace sw::widgets
