#pragma once
// One question box for the editor's "ask first" moments (a new run over a checkpoint, a cancel
// that loses steps, opening a model or quitting during training): window-modal but not
// blocking (no nested event loop inside a slot), named so tests can find and answer it,
// deleted when closed; `answered` gets the button clicked.
#include <QMessageBox>
#include <QString>
#include <functional>
#include <utility>

namespace sw::editor {

inline QMessageBox* ask(QWidget* parent, const QString& objectName, const QString& title, const QString& text,
                        QMessageBox::StandardButtons buttons, QMessageBox::StandardButton defaultButton,
                        std::function<void(int)> answered) {
    auto* box = new QMessageBox(QMessageBox::Question, title, text, buttons, parent);
    box->setObjectName(objectName);
    box->setDefaultButton(defaultButton);
    box->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(box, &QMessageBox::finished, box, std::move(answered));
    box->open();
    return box;
}

}  // namespace sw::editor
