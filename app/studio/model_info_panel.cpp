#include "model_info_panel.h"

#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QScrollBar>
#include <map>
#include <tuple>

namespace gna::studio {

namespace {

constexpr QChar kNoBreak(0x00a0), kBreakHere(0x200b);

// Layer indices as runs: "0–3", "1, 3", "0–2, 5".
QString layerList(const std::vector<int>& layers) {
    QStringList parts;
    for (std::size_t i = 0; i < layers.size();) {
        std::size_t j = i;
        while (j + 1 < layers.size() && layers[j + 1] == layers[j] + 1) ++j;
        parts << (j > i + 1    ? QStringLiteral("%1–%2").arg(layers[i]).arg(layers[j])
                      : j == i ? QString::number(layers[i])
                               : QStringLiteral("%1, %2").arg(layers[i]).arg(layers[j]));
        i = j + 1;
    }
    return parts.join(QStringLiteral(", "));
}

}  // namespace

ModelInfoPanel::ModelInfoPanel(QWidget* parent) : QWidget(parent), m_form(new QFormLayout(this)) {
    const QList<QPair<QString, QString>> fields{{QStringLiteral("architecture"), tr("Architecture")},
                                                {QStringLiteral("layers"), tr("Layers")},
                                                {QStringLiteral("heads"), tr("Attention heads (query / KV)")},
                                                {QStringLiteral("ssm"), tr("SSM heads")},
                                                {QStringLiteral("hidden"), tr("Hidden size")},
                                                {QStringLiteral("vocab"), tr("Vocabulary")},
                                                {QStringLiteral("params"), tr("Parameters")},
                                                {QStringLiteral("device"), tr("Device")},
                                                {QStringLiteral("dtype"), tr("Data type")},
                                                {QStringLiteral("tokenizer"), tr("Tokenizer")},
                                                {QStringLiteral("path"), tr("Folder")},
                                                {QStringLiteral("server"), tr("Runs on")}};
    const QStringList numbers{QStringLiteral("layers"), QStringLiteral("hidden"), QStringLiteral("vocab"),
                              QStringLiteral("params")};
    for (const auto& f : fields) {
        auto* value = new QLabel(QStringLiteral("–"));
        value->setObjectName(QStringLiteral("info_") + f.first);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
        // Numbers stay on one line; names, lists of layers and the folder wrap between their parts, so
        // that the dock stays narrow beside the maps.
        value->setWordWrap(!numbers.contains(f.first));
        auto* label = new QLabel(f.second + QLatin1Char(':'));
        label->setWordWrap(true);
        label->setBuddy(value);
        m_form->addRow(label, value);
        m_rows << qMakePair(f.first, value);
    }
    // Every value under its label: the values get the dock's whole width, the same way in every row.
    m_form->setRowWrapPolicy(QFormLayout::WrapAllRows);
    m_form->setVerticalSpacing(2);
    setAccessibleName(tr("Model information"));
}

void ModelInfoPanel::setServer(const QString& where) {
    for (auto& r : m_rows)
        if (r.first == QLatin1String("server")) r.second->setText(where.isEmpty() ? QStringLiteral("–") : where);
    keepValuesWhole();
}

void ModelInfoPanel::setInfo(const gna::ModelInfo* info) {
    auto set = [this](const QString& key, const QString& value) {
        for (auto& r : m_rows)
            if (r.first == key) r.second->setText(value.isEmpty() ? QStringLiteral("–") : value);
    };
    if (!info) {
        for (auto& r : m_rows) r.second->setText(QStringLiteral("–"));
        keepValuesWhole();
        return;
    }
    const QLocale loc;
    // A class name wraps between its words ("Zamba2ForCausalLM": Zamba2 For Causal LM).
    QString architecture;
    for (const QChar c : QString::fromStdString(info->architecture)) {
        if (c.isUpper() && !architecture.isEmpty() && !architecture.back().isUpper()) architecture += kBreakHere;
        architecture += c;
    }
    set(QStringLiteral("architecture"), architecture);
    set(QStringLiteral("layers"), loc.toString(info->num_layers));
    // Heads per layer, grouped by layers of the same shape: "4 / 4" when every layer has them,
    // "4 / 4 in layers 1, 3" in a hybrid; an SSM model has none.
    std::map<std::pair<int, int>, std::vector<int>> attention;
    std::map<int, std::vector<int>> ssm;
    for (const gna::LayerInfo& l : info->layers) {
        if (l.attention_heads > 0) attention[{l.attention_heads, l.kv_heads}].push_back(l.index);
        if (l.ssm_heads > 0) ssm[l.ssm_heads].push_back(l.index);
    }
    const int layers = static_cast<int>(info->layers.size());
    auto groups = [&](const auto& byShape, auto text) {
        QStringList parts;
        for (const auto& [shape, where] : byShape) {
            QString part = text(shape);
            if (static_cast<int>(where.size()) != layers)
                part += QLatin1Char(' ') +
                    (where.size() == 1 ? tr("in layer %1") : tr("in layers %1"))
                        .arg(layerList(where))
                        .replace(QStringLiteral(", "), QString(QStringLiteral(",") + kNoBreak));
            parts << part;
        }
        return parts.join(QStringLiteral("; "));
    };
    // Counts are per layer ("8 per layer"), never the model's total.
    QString heads = groups(attention, [&](const std::pair<int, int>& s) -> QString {
        return tr("%1 per layer")
            .arg(loc.toString(s.first) + kNoBreak + QLatin1Char('/') + kNoBreak + loc.toString(s.second));
    });
    if (attention.empty()) heads = tr("none");
    set(QStringLiteral("heads"), heads);
    set(QStringLiteral("ssm"), ssm.empty() ? tr("none") : groups(ssm, [&](int n) -> QString {
            return tr("%1 per layer").arg(loc.toString(n));
        }));
    set(QStringLiteral("hidden"), loc.toString(info->hidden_size));
    set(QStringLiteral("vocab"), loc.toString(info->vocab_size));
    const double p = double(info->parameters);
    set(QStringLiteral("params"),
        p >= 1e9       ? tr("%1 B").arg(loc.toString(p / 1e9, 'f', 2))
            : p >= 1e6 ? tr("%1 M").arg(loc.toString(p / 1e6, 'f', 2))
                       : loc.toString(static_cast<qlonglong>(info->parameters)));
    set(QStringLiteral("device"), QString::fromStdString(info->device));
    set(QStringLiteral("dtype"),
        tr("%1 (stored %2)")
            .arg(QString::fromStdString(info->compute_dtype), QString::fromStdString(info->weights_dtype)));
    set(QStringLiteral("tokenizer"), QString::fromStdString(info->tokenizer_kind));
    // A folder wraps after its separators (a path has no spaces to wrap at).
    QString path = QString::fromStdString(info->dir.string());
    path.replace(QLatin1Char('/'), QString(QStringLiteral("/") + kBreakHere));
    set(QStringLiteral("path"), path);
    keepValuesWhole();
}

void ModelInfoPanel::keepValuesWhole() {
    // The dock's scroll area shows no horizontal scroll bar: it is kept at least as wide as the widest
    // value that does not wrap, so that no value is cut off.
    updateGeometry();
    for (QWidget* p = parentWidget(); p; p = p->parentWidget())
        if (auto* scroll = qobject_cast<QScrollArea*>(p)) {
            scroll->setMinimumWidth(minimumSizeHint().width() + scroll->verticalScrollBar()->sizeHint().width() +
                                    2 * scroll->frameWidth());
            break;
        }
}

bool ModelInfoPanel::event(QEvent* e) {
    if (e->type() == QEvent::ParentChange || e->type() == QEvent::FontChange) keepValuesWhole();
    return QWidget::event(e);
}

QList<QLabel*> ModelInfoPanel::valueLabels() const {
    QList<QLabel*> out;
    for (const auto& r : m_rows) out << r.second;
    return out;
}

QString ModelInfoPanel::text(const QString& field) const {
    for (const auto& r : m_rows)
        if (r.first == field) return r.second->text().remove(kBreakHere);
    return {};
}

}  // namespace gna::studio
