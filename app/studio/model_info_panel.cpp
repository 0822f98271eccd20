#include "model_info_panel.h"

#include <QFormLayout>
#include <QLabel>
#include <QLocale>

namespace gna::studio {

ModelInfoPanel::ModelInfoPanel(QWidget* parent) : QWidget(parent), m_form(new QFormLayout(this)) {
    const QList<QPair<QString, QString>> fields{
        {QStringLiteral("architecture"), tr("Architecture")}, {QStringLiteral("layers"), tr("Layers")},
        {QStringLiteral("heads"), tr("Heads (query / KV)")},   {QStringLiteral("hidden"), tr("Hidden size")},
        {QStringLiteral("vocab"), tr("Vocabulary")},           {QStringLiteral("params"), tr("Parameters")},
        {QStringLiteral("device"), tr("Device")},              {QStringLiteral("dtype"), tr("Data type")},
        {QStringLiteral("tokenizer"), tr("Tokenizer")},        {QStringLiteral("path"), tr("Folder")}};
    for (const auto& f : fields) {
        auto* value = new QLabel(QStringLiteral("–"));
        value->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
        value->setWordWrap(true);
        m_form->addRow(f.second + QLatin1Char(':'), value);
        m_rows << qMakePair(f.first, value);
    }
    m_form->setRowWrapPolicy(QFormLayout::WrapLongRows);  // a long value goes below its label in a narrow dock
    setAccessibleName(tr("Model information"));
}

void ModelInfoPanel::setInfo(const gna::ModelInfo* info) {
    auto set = [this](const QString& key, const QString& value) {
        for (auto& r : m_rows)
            if (r.first == key) r.second->setText(value.isEmpty() ? QStringLiteral("–") : value);
    };
    if (!info) {
        for (auto& r : m_rows) r.second->setText(QStringLiteral("–"));
        return;
    }
    const QLocale loc;
    set(QStringLiteral("architecture"), QString::fromStdString(info->architecture));
    set(QStringLiteral("layers"), QString::number(info->num_layers));
    set(QStringLiteral("heads"), QStringLiteral("%1 / %2").arg(info->num_heads).arg(info->num_kv_heads));
    set(QStringLiteral("hidden"), QString::number(info->hidden_size));
    set(QStringLiteral("vocab"), loc.toString(info->vocab_size));
    const double p = double(info->parameters);
    set(QStringLiteral("params"), p >= 1e9 ? tr("%1 B").arg(p / 1e9, 0, 'f', 2)
                                  : p >= 1e6 ? tr("%1 M").arg(p / 1e6, 0, 'f', 2)
                                             : loc.toString(static_cast<qlonglong>(info->parameters)));
    set(QStringLiteral("device"), QString::fromStdString(info->device));
    set(QStringLiteral("dtype"), tr("%1 (stored %2)").arg(QString::fromStdString(info->compute_dtype),
                                                          QString::fromStdString(info->weights_dtype)));
    set(QStringLiteral("tokenizer"), QString::fromStdString(info->tokenizer_kind));
    set(QStringLiteral("path"), QString::fromStdString(info->dir.string()));
}

QString ModelInfoPanel::text(const QString& field) const {
    for (const auto& r : m_rows)
        if (r.first == field) return r.second->text();
    return {};
}

}  // namespace gna::studio
