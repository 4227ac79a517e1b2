#include "widgets/log_dock.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPointer>
#include <QPushButton>
#include <QVBoxLayout>

namespace sw::widgets {
namespace {

constexpr int LEVEL_ROLE = Qt::UserRole + 1;

QColor colourFor(log::Level level) {
    switch (level) {
    case log::Level::Debug: return QColor(128, 128, 128);
    case log::Level::Info: return QColor();  // palette text colour
    case log::Level::Warning: return QColor(200, 120, 0);
    case log::Level::Error: return QColor(210, 30, 30);
    }
    return QColor();
}

}  // namespace

LogDock::LogDock(QWidget* parent) : QDockWidget(tr("Log"), parent) {
    setObjectName("logDock");
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* bar = new QHBoxLayout;
    m_filter = new QComboBox(body);
    m_filter->setObjectName("levelFilter");
    m_filter->addItem(tr("Debug"), int(log::Level::Debug));
    m_filter->addItem(tr("Info"), int(log::Level::Info));
    m_filter->addItem(tr("Warning"), int(log::Level::Warning));
    m_filter->addItem(tr("Error"), int(log::Level::Error));
    m_filter->setCurrentIndex(0);
    m_filter->setSizeAdjustPolicy(QComboBox::AdjustToContents);  // a language switch resizes it ("Отладка")
    auto* clearButton = new QPushButton(tr("Clear"), body);
    clearButton->setObjectName("clearLog");
    bar->addWidget(new QLabel(tr("Show from:"), body));
    bar->addWidget(m_filter);
    bar->addStretch(1);
    bar->addWidget(clearButton);
    layout->addLayout(bar);
    m_list = new QListWidget(body);
    m_list->setObjectName("logList");
    m_list->setUniformItemSizes(true);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    layout->addWidget(m_list);
    setWidget(body);

    connect(m_filter, &QComboBox::currentIndexChanged, this, [this](int) { applyFilter(); });
    connect(clearButton, &QPushButton::clicked, this, &LogDock::clear);

    // The sink runs on the logging thread with the logger's lock held: it only posts.
    QPointer<LogDock> self(this);
    m_sinkId = log::addSink([self](log::Level level, std::string_view message) {
        const QString text = QString::fromUtf8(message.data(), qsizetype(message.size()));
        if (!self) return;
        QMetaObject::invokeMethod(self.data(), [self, level, text] {
            if (self) self->append(level, text);
        }, Qt::QueuedConnection);
    });
}

LogDock::~LogDock() { log::removeSink(m_sinkId); }

void LogDock::append(log::Level level, const QString& text) {
    const QString line = QStringLiteral("[%1] %2").arg(QString::fromLatin1(log::levelName(level)), text);
    auto* item = new QListWidgetItem(line);
    item->setData(LEVEL_ROLE, int(level));
    const QColor colour = colourFor(level);
    if (colour.isValid()) item->setForeground(colour);
    m_list->addItem(item);
    item->setHidden(int(level) < m_filter->currentData().toInt());
    while (m_list->count() > MAX_MESSAGES) delete m_list->takeItem(0);
    if (!item->isHidden()) m_list->scrollToBottom();
    emit messageAdded(int(level), text);
}

void LogDock::applyFilter() {
    const int minimum = m_filter->currentData().toInt();
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem* item = m_list->item(i);
        item->setHidden(item->data(LEVEL_ROLE).toInt() < minimum);
    }
}

void LogDock::setMinimumLevel(log::Level level) { m_filter->setCurrentIndex(m_filter->findData(int(level))); }

void LogDock::clear() { m_list->clear(); }

int LogDock::messageCount() const { return m_list->count(); }

QStringList LogDock::visibleMessages() const {
    QStringList out;
    for (int i = 0; i < m_list->count(); ++i)
        if (!m_list->item(i)->isHidden()) out << m_list->item(i)->text();
    return out;
}

}  // namespace sw::widgets
