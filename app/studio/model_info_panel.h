#pragma once
// ModelInfoPanel: architecture, layers, heads, parameters, device and dtype of the open model.
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
    QString text(const QString& field) const;  // for tests: the shown value of a row

private:
    QFormLayout* m_form;
    QList<QPair<QString, QLabel*>> m_rows;
};

}  // namespace gna::studio
