#pragma once
// ModelInfoPanel: architecture, layers, heads (attention and SSM heads per layer), parameters, device
// and dtype of the open model, each value under its label and whole (the dock keeps its width).
#include <QWidget>

#include "gna/model.h"

class QFormLayout;
class QLabel;

namespace gna::studio {

class ModelInfoPanel : public QWidget {
    Q_OBJECT
public:
    explicit ModelInfoPanel(QWidget* parent = nullptr);
    void setInfo(const gna::ModelInfo* info);
    // Where the model computes: this computer, or a server (its address, device and free memory).
    void setServer(const QString& where);
    QString text(const QString& field) const;  // for tests: the shown value of a row
    QList<QLabel*> valueLabels() const;

protected:
    bool event(QEvent* e) override;

private:
    void keepValuesWhole();

    QFormLayout* m_form;
    QList<QPair<QString, QLabel*>> m_rows;
};

}  // namespace gna::studio
