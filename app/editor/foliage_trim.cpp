#include "app/editor/foliage_trim.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "app/editor/job_runner.h"
#include "core/foundation/log.h"
#include "core/foundation/output_file.h"
#include "widgets/param_panel.h"

namespace sw::editor {

FoliageTrimController::FoliageTrimController(QWidget* window)
    : QObject(window), m_window(window), m_runner(new JobRunner(this)) {
    connect(m_runner, &JobRunner::started, this, [](const QString& what) { SW_LOG_INFO(what.toStdString()); });
}

QString FoliageTrimController::defaultOutput(const QString& model) {
    const QFileInfo info(model);
    return info.absoluteDir().filePath(info.completeBaseName() + QStringLiteral("-trimmed.glb"));
}

void FoliageTrimController::ask(const QString& model) {
    auto* dialog = new QDialog(m_window);
    dialog->setObjectName("foliageTrimDialog");
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Trim Cards"));
    auto* layout = new QVBoxLayout(dialog);
    auto* intro = new QLabel(tr("Cuts each alpha-masked card of %1 to its opaque texels and writes the result as a "
                                "new model; %1 itself is not changed.")
                                 .arg(QFileInfo(model).fileName()));
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* form = new widgets::ParamPanel(foliage::trimSchema().schema());
    form->setObjectName("foliageTrimSettings");
    layout->addWidget(form);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Write to")));
    auto* output = new QLineEdit(defaultOutput(model));
    output->setObjectName("foliageTrimOutput");
    row->addWidget(output, 1);
    auto* browse = new QPushButton(tr("Browse…"));
    row->addWidget(browse);
    layout->addLayout(row);
    connect(browse, &QPushButton::clicked, dialog, [dialog, output] {
        const QString path = QFileDialog::getSaveFileName(dialog, tr("Trimmed model"), output->text(),
                                                          tr("glTF binary (*.glb)"));
        if (!path.isEmpty()) output->setText(path);
    });
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Trim"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, dialog, [this, dialog, form, output, model] {
        foliage::TrimFileRequest request;
        request.input = model.toStdString();
        QString out = output->text().trimmed();
        if (!out.isEmpty() && QFileInfo(out).suffix().isEmpty()) out += QStringLiteral(".glb");
        request.output = out.toStdString();
        request.settings = foliage::trimSchema().fromParams(form->params());
        // Checked here too, so a wrong file (the model itself, one not ours) keeps the dialog open.
        if (Status ok = checkOutputFile(request.output, {{request.input}, false}); !ok) {
            emit errorOccurred(tr("Cannot trim the cards"), QString::fromStdString(ok.error().toString()));
            return;
        }
        if (start(request)) dialog->accept();
    });
    dialog->show();
}

bool FoliageTrimController::start(const foliage::TrimFileRequest& request) {
    if (request.output.empty()) {
        emit errorOccurred(tr("Cannot trim the cards"), tr("Choose the file to write the trimmed model to."));
        return false;
    }
    const QString input = QString::fromStdString(request.input);
    const bool started = m_runner->run<foliage::TrimReport>(
        tr("Trimming the cards of %1").arg(QFileInfo(input).fileName()),
        [request](const Progress& progress) { return foliage::trimModelFile(request, progress); },
        [this, request](Result<foliage::TrimReport> report) {
            if (!report) {
                if (report.error().code == ErrorCode::Cancelled) {
                    SW_LOG_INFO("Cancelled: " << report.error().toString());
                    return;
                }
                SW_LOG_ERROR("Trim cards: " << report.error().toString());
                emit errorOccurred(tr("Cannot trim the cards"), QString::fromStdString(report.error().toString()));
                return;
            }
            for (const std::string& line : foliage::trimReportLines(request, *report)) SW_LOG_INFO("Trim cards: " << line);
            const QString output = QString::fromStdString(request.output);
            emit statusMessage(tr("Cards trimmed: %1 % of their area cut; wrote %2")
                                   .arg(100.0 * report->savedShare(), 0, 'f', 1)
                                   .arg(QFileInfo(output).fileName()),
                               15000);
            emit trimmed(output, report->savedShare());
        });
    if (!started) emit errorOccurred(tr("Cannot trim the cards"), tr("A trim is already running."));
    return started;
}

}  // namespace sw::editor
