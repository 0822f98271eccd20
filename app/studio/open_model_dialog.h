#pragma once
// File > Open model: the checkpoint folder and, for checkpoints shipped without tokenizer files
// (state-spaces/mamba-* and many converted checkpoints), the folder whose tokenizer to use.
#include <QDialog>

#include "gna/model.h"

class QLabel;
class QLineEdit;

namespace gna::studio {

class OpenModelDialog : public QDialog {
    Q_OBJECT
public:
    explicit OpenModelDialog(const QString& startDirectory, QWidget* parent = nullptr);

    QString modelDir() const;
    QString tokenizerDir() const;  // empty = the model folder's own tokenizer files
    void setModelDir(const QString& dir);
    void setTokenizerDir(const QString& dir);
    // The note under the fields (what is missing in the chosen folders); for tests.
    QString note() const;
    // The memory estimate under the fields (gna/memory_estimate.h: from config.json and the
    // safetensors headers, before anything is loaded); empty when no model folder is chosen.
    QString estimate() const;
    // The dtype the model will be loaded in (Run ▸ Device ▸ Compute in bf16): the estimate's.
    void setComputeDtype(gna::ComputeDType dtype);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void updateNote();
    void updateEstimate();
    // The dialog grows to the height its wrapped messages take at its width (a window does not by itself
    // for text set after it was shown: the messages were cut off).
    void fitMessages();
    QString m_start;
    gna::ComputeDType m_dtype = gna::ComputeDType::F32;
    QLineEdit* m_model = nullptr;
    QLineEdit* m_tokenizer = nullptr;
    QLabel* m_note = nullptr;
    QLabel* m_estimate = nullptr;
};

}  // namespace gna::studio
