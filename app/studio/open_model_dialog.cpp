#include "open_model_dialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "core_errors.h"
#include "gna/memory_estimate.h"
#include "gna/model.h"

namespace gna::studio {
namespace {

bool hasTokenizerFiles(const QString& dir) {
    const QDir d(dir);
    return QFileInfo::exists(d.filePath(QStringLiteral("tokenizer.json"))) ||
        QFileInfo::exists(d.filePath(QStringLiteral("tokenizer.model")));
}

}  // namespace

OpenModelDialog::OpenModelDialog(const QString& startDirectory, QWidget* parent)
    : QDialog(parent), m_start(startDirectory) {
    setWindowTitle(tr("Open model"));
    auto* form = new QFormLayout;
    auto row = [this](QLineEdit* edit, const QString& title) {
        auto* box = new QHBoxLayout;
        auto* browse = new QPushButton(tr("Browse…"), this);
        box->addWidget(edit, 1);
        box->addWidget(browse);
        connect(browse, &QPushButton::clicked, this, [this, edit, title] {
            const QString start = edit->text().isEmpty() ? m_start : edit->text();
            const QString dir = QFileDialog::getExistingDirectory(this, title, start);
            if (!dir.isEmpty()) edit->setText(dir);
        });
        return box;
    };
    m_model = new QLineEdit(this);
    m_model->setPlaceholderText(tr("folder with config.json and *.safetensors"));
    m_tokenizer = new QLineEdit(this);
    m_tokenizer->setPlaceholderText(tr("optional: the model folder's own tokenizer files"));
    QHBoxLayout* modelRow = row(m_model, tr("Open a model folder (config.json, *.safetensors, tokenizer)"));
    QHBoxLayout* tokenizerRow = row(m_tokenizer, tr("Folder with tokenizer.json or tokenizer.model"));
    form->addRow(tr("&Model folder:"), modelRow);
    form->addRow(tr("&Tokenizer folder:"), tokenizerRow);
    // A row that is a layout gets no buddy; without one a label shows its '&' as text.
    qobject_cast<QLabel*>(form->labelForField(modelRow))->setBuddy(m_model);
    qobject_cast<QLabel*>(form->labelForField(tokenizerRow))->setBuddy(m_tokenizer);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    m_estimate = new QLabel(this);
    m_estimate->setWordWrap(true);
    m_estimate->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_note);
    layout->addWidget(m_estimate);
    layout->addWidget(buttons);
    connect(m_model, &QLineEdit::textChanged, this, &OpenModelDialog::updateNote);
    connect(m_tokenizer, &QLineEdit::textChanged, this, &OpenModelDialog::updateNote);
    connect(m_model, &QLineEdit::textChanged, this, &OpenModelDialog::updateEstimate);
    updateNote();
    updateEstimate();
}

QString OpenModelDialog::modelDir() const { return m_model->text().trimmed(); }
QString OpenModelDialog::tokenizerDir() const { return m_tokenizer->text().trimmed(); }
void OpenModelDialog::setModelDir(const QString& dir) { m_model->setText(dir); }
void OpenModelDialog::setTokenizerDir(const QString& dir) { m_tokenizer->setText(dir); }
QString OpenModelDialog::note() const { return m_note->text(); }
QString OpenModelDialog::estimate() const { return m_estimate->text(); }

void OpenModelDialog::setComputeDtype(gna::ComputeDType dtype) {
    m_dtype = dtype;
    updateEstimate();
}

void OpenModelDialog::updateNote() {
    QString note;
    if (!tokenizerDir().isEmpty() && !hasTokenizerFiles(tokenizerDir())) {
        note = tr("The tokenizer folder holds neither tokenizer.json nor tokenizer.model.");
    } else if (!modelDir().isEmpty() && tokenizerDir().isEmpty() && !hasTokenizerFiles(modelDir())) {
        note =
            tr("This model folder has no tokenizer files, so prompts cannot be tokenized. Choose the tokenizer "
               "folder of the model family (state-spaces/mamba-* use EleutherAI/gpt-neox-20b's).");
    }
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
    fitMessages();
}

void OpenModelDialog::fitMessages() {
    if (!layout() || !isVisible()) return;
    layout()->activate();
    const int needed =
        layout()->hasHeightForWidth() ? layout()->totalHeightForWidth(width()) : layout()->totalSizeHint().height();
    if (needed > height()) resize(width(), needed);
}

void OpenModelDialog::showEvent(QShowEvent* event) {
    QDialog::showEvent(event);
    fitMessages();
}

// Reads config.json and the safetensors headers only (no weight), so it is quick enough for the
// GUI thread even for a sharded multi-gigabyte checkpoint.
void OpenModelDialog::updateEstimate() {
    QString text;
    const QString dir = modelDir();
    if (!dir.isEmpty() && QFileInfo::exists(QDir(dir).filePath(QStringLiteral("config.json")))) {
        const gna::LoadOptions defaults;  // what File > Open loads with, in the dtype chosen
        try {
            const gna::MemoryEstimate e = gna::estimate_memory(dir.toStdString(), m_dtype, defaults.context);
            auto bytes = [](uint64_t b) { return QString::fromStdString(gna::format_bytes(b)); };
            text = tr("Memory: about %1 for %2 tokens in %3 (weights %4, KV cache and states %5, activations %6).")
                       .arg(bytes(e.total()))
                       .arg(e.context)
                       .arg(QString::fromStdString(e.dtype), bytes(e.weights), bytes(e.cache), bytes(e.activations));
            if (const auto available = gna::available_memory()) {
                if (e.total() > available->bytes)
                    text += QLatin1Char(' ') +
                        tr("Only %1 is available: this model does not fit and will not be "
                           "loaded. Choose a smaller checkpoint or free memory.")
                            .arg(bytes(available->bytes));
                else
                    text += QLatin1Char(' ') + tr("%1 is available.").arg(bytes(available->bytes));
            }
        } catch (const std::exception& error) {
            text = tr("No memory estimate: %1").arg(errorText(error));
        }
    } else if (!dir.isEmpty()) {
        text = tr("No memory estimate: %1 has no config.json. Choose the folder that holds config.json and the "
                  "*.safetensors files.")
                   .arg(QDir::toNativeSeparators(dir));
    }
    m_estimate->setText(text);
    m_estimate->setVisible(!text.isEmpty());
    fitMessages();
}

}  // namespace gna::studio
