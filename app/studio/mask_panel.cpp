#include "mask_panel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <memory>

#include "core_errors.h"
#include "gna/experiments.h"
#include "gna/model.h"
#include "mask_editor.h"
#include "next_token_chart.h"
#include "run_job.h"
#include "session.h"
#include "tour_steps.h"
#include "workspace.h"

namespace gna::studio {

namespace {

constexpr int kDemoQuestions = 12;

std::vector<double> letterProbabilities(const std::vector<float>& logits, const gna::ChoiceItem& item) {
    // Softmax over the vocabulary, read at each letter's token.
    double m = -INFINITY, sum = 0.0;
    for (float v : logits) m = std::max<double>(m, v);
    for (float v : logits) sum += std::exp(double(v) - m);
    std::vector<double> p;
    for (const auto& c : item.choices) {
        const int id = c.empty() ? -1 : c.front();
        p.push_back(id >= 0 && id < static_cast<int>(logits.size()) ? std::exp(double(logits[id]) - m) / sum : 0.0);
    }
    return p;
}

}  // namespace

MaskPanel::MaskPanel(Session* session, QWidget* parent) : QWidget(parent), m_session(session) {
    m_questions = new QComboBox;
    m_questions->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_questions->setMinimumContentsLength(16);  // the dock stays narrow enough for the maps beside it
    m_gather = new QLineEdit;
    m_aggregate = new QLineEdit;
    m_gather->setObjectName(QStringLiteral("maskGather"));
    m_aggregate->setObjectName(QStringLiteral("maskAggregate"));
    m_rule = new QComboBox;
    m_rule->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_rule->setMinimumContentsLength(16);
    m_editor = new views::MaskEditor;
    m_chart = new views::NextTokenChart;
    m_chart->setMinimumHeight(160);
    m_chart->setSeriesNames(tr("With the mask"), tr("With the mask (correct answer)"), tr("Without the mask"));
    m_run = new QPushButton(tr("Run &with and without the mask"));
    m_reset = new QPushButton(tr("Reset to the G&&A mask"));
    auto* reset = m_reset;
    m_status = new QLabel(tr("Open a model to edit G&A masks on the bundled MMLU sample."));
    m_status->setWordWrap(true);

    // Alt+letters of its own: the main view beside the dock reaches its head fields with Alt+G and Alt+T, its
    // buttons with Alt+L and Alt+U (tst_app_screenshots labelsReachTheirFieldsAlike checks them together).
    auto* form = new QFormLayout;
    form->addRow(tr("&Question:"), m_questions);
    auto* heads = new QHBoxLayout;
    heads->addWidget(m_gather);
    auto* aggregateLabel = new QLabel(tr("Aggregate hea&d:"));
    aggregateLabel->setBuddy(m_aggregate);
    heads->addWidget(aggregateLabel);
    heads->addWidget(m_aggregate);
    auto* gatherLabel = new QLabel(tr("G&ather head:"));
    gatherLabel->setBuddy(m_gather);
    form->addRow(gatherLabel, heads);
    form->addRow(tr("&Mask rule:"), m_rule);
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setWidget(m_editor);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(reset);
    buttons->addStretch();
    buttons->addWidget(m_run);
    // The editor's controls in one box; a model without attention heads shows one line instead (setAttentionHeads).
    m_body = new QWidget;
    auto* body = new QVBoxLayout(m_body);
    body->setContentsMargins(0, 0, 0, 0);
    body->addLayout(form);
    m_hint = new QLabel;
    m_hint->setObjectName(QStringLiteral("maskHint"));
    m_hint->setWordWrap(true);  // the dock stays narrow enough for the maps beside it
    m_none = new QLabel(tr("This model has no attention heads: G&A masks act on attention alone."));
    m_none->setObjectName(QStringLiteral("maskNoAttention"));
    m_none->setWordWrap(true);
    m_none->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_none->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    body->addWidget(m_hint);
    body->addWidget(scroll, 1);
    body->addLayout(buttons);
    body->addWidget(m_chart, 1);
    body->addWidget(m_status);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_none);
    layout->addWidget(m_body, 1);
    m_none->hide();
    setAttentionHeads(true);
    enableControls(m_session->hasModel());

    connect(m_questions, &QComboBox::currentIndexChanged, this, &MaskPanel::setQuestion);
    connect(m_gather, &QLineEdit::editingFinished, this, &MaskPanel::resetMask);
    connect(m_aggregate, &QLineEdit::editingFinished, this, &MaskPanel::resetMask);
    connect(m_rule, &QComboBox::currentIndexChanged, this, [this](int) { showRule(); });
    connect(m_editor, &views::MaskEditor::maskChanged, this, &MaskPanel::onKeysChanged);
    connect(m_run, &QPushButton::clicked, this, &MaskPanel::run);
    connect(reset, &QPushButton::clicked, this, &MaskPanel::resetMask);
    m_run->setEnabled(false);
}

const gna::ChoiceItem* MaskPanel::currentItem() const {
    return m_question >= 0 && m_question < static_cast<int>(m_items.size()) ? &m_items[m_question] : nullptr;
}

void MaskPanel::reload() {
    m_items.clear();
    m_layouts.clear();
    m_tokenLabels.clear();
    m_question = -1;
    QSignalBlocker block(m_questions);
    m_questions->clear();
    if (!m_session->hasModel()) return setNoModelMessage(m_noModelMessage);
    m_editor->setEmptyMessage(QString());
    const gna::ModelInfo* info = m_session->modelInfo();
    // Fields the user has not edited follow the model: the Gather and Aggregate heads its card names
    // (the bundled demos), else attention heads it has. A mask acts on attention weights: a model
    // without attention heads (Mamba) leaves both fields empty and the Run button off.
    const auto heads = tour::defaultGatherAggregate(*info, m_session->modelPath(), /*ssmHeads=*/false);
    const QString gather = heads ? heads->gather.name() : QString(),
                  aggregate = heads ? heads->aggregate.name() : QString();
    const QString noHeadsHint = tr("none");  // the status line below says why
    m_gather->setPlaceholderText(heads ? QString() : noHeadsHint);
    m_aggregate->setPlaceholderText(heads ? QString() : noHeadsHint);
    if (m_gather->text() == m_defaultGather) m_gather->setText(gather);
    if (m_aggregate->text() == m_defaultAggregate) m_aggregate->setText(aggregate);
    m_defaultGather = gather;
    m_defaultAggregate = aggregate;
    setAttentionHeads(heads.has_value());
    // Tokenizing runs on the model's worker thread, like every use of the model.
    const QString modelDir = m_session->modelPath();
    bool ok = m_session->runOnModel(
        [this, modelDir, attention = heads.has_value()](gna::Model& m) {
            try {
                // A demo model gets the questions of its own invented world (those its card was
                // measured on); a real checkpoint the bundled MMLU sample.
                std::vector<gna::ChoiceItem> items;
                for (const tour::FormatQuestion& q : tour::demoWorldQuestions(modelDir, kDemoQuestions)) {
                    items.push_back(tour::choiceItem(m.tokenizer(), q.prompt, q.letters, q.answer));
                    items.back().group = tr("demo world").toStdString();
                }
                const bool demo = !items.empty();
                if (!demo) {
                    gna::MmluOptions opt;
                    opt.data = gna::bundled_data_dir() / "mmlu_sample";
                    opt.limit_per_subject = 5;
                    items = gna::mmlu_items(m.tokenizer(), opt);
                }
                std::vector<gna::MmluLayout> layouts;
                QList<QStringList> labels;
                for (const auto& item : items) {
                    QStringList l;
                    for (int id : item.prompt) l << QString::fromStdString(m.tokenizer().display(id));
                    labels << l;
                    const std::vector<int> plain = m.tokenizer().encode(item.prompt_text, true);
                    gna::MmluLayout lay = gna::mmlu_layout(m.tokenizer(), item.prompt_text, plain);
                    lay.final_position = static_cast<int>(item.prompt.size()) - 1;
                    layouts.push_back(lay);
                }
                QMetaObject::invokeMethod(
                    this,
                    [this, items, layouts, labels, demo, attention] {
                        m_items = items;
                        m_tokenLabels = labels;
                        m_layouts = layouts;
                        QSignalBlocker b(m_questions);
                        m_questions->clear();
                        for (const auto& it : m_items) {
                            QString q = QString::fromStdString(it.prompt_text)
                                            .section(QStringLiteral("\n\n"), -1)
                                            .section(QLatin1Char('\n'), 0, 0);
                            if (q.size() > 70) q = q.left(69) + QChar(0x2026);
                            m_questions->addItem(QString::fromStdString(it.group) + QStringLiteral(": ") + q);
                        }
                        m_status->setText(demo ? tr("%n MMLU-format question(s) from the demo model's invented world.",
                                                    nullptr, static_cast<int>(m_items.size()))
                                               : tr("%n MMLU question(s) from the bundled sample.", nullptr,
                                                    static_cast<int>(m_items.size())));
                        if (!attention) m_status->clear();  // the top says why (setAttentionHeads)
                        setQuestion(0);
                    },
                    Qt::QueuedConnection);
            } catch (const std::exception& e) {
                const QString msg = errorText(e);
                QMetaObject::invokeMethod(
                    this, [this, msg] { m_status->setText(msg); }, Qt::QueuedConnection);
            }
        },
        {});
    if (!ok) m_status->setText(tr("Open a model to edit G&A masks on the bundled MMLU sample."));
}

void MaskPanel::setNoModelMessage(const QString& message) {
    m_noModelMessage = message;
    if (m_session->hasModel()) return;
    setAttentionHeads(true);  // the controls in sight, off until a model is open
    enableControls(false);
    m_hint->clear();  // nothing to click yet: the editor says how to open a model
    m_editor->setEmptyMessage(message);
    m_chart->setEmptyMessage(message);
}

void MaskPanel::enableControls(bool on) {
    for (QWidget* w : std::initializer_list<QWidget*>{m_questions, m_gather, m_aggregate, m_rule, m_reset})
        w->setEnabled(on);
    if (!on) m_run->setEnabled(false);
}

void MaskPanel::setAttentionHeads(bool attention) {
    enableControls(attention);
    m_hint->setText(
        tr("Click a token to mask or unmask it for the chosen rule (struck-through tokens are masked; a "
           "framed token is an option's summary token):"));
    m_chart->setEmptyMessage(tr("Run with and without the mask to fill this chart"));
    // Nothing to edit: the panel collapses to the line that says why, and asks for no more room (the dock
    // follows its size hint); an attention model brings the controls back.
    if (m_none->isHidden() == attention && m_body->isHidden() == !attention) return;
    m_none->setVisible(!attention);
    m_body->setVisible(attention);
    if (attention)
        setMaximumHeight(QWIDGETSIZE_MAX);
    else
        fitCollapsed();
    updateGeometry();
    Q_EMIT collapsedChanged(!attention);
}

void MaskPanel::fitCollapsed() {
    // As high as the line wrapped to the panel's width (the dock follows its maximum), never cut.
    const int h =
        layout()->hasHeightForWidth() ? layout()->totalHeightForWidth(width()) : layout()->totalSizeHint().height();
    if (maximumHeight() != h) setMaximumHeight(h);
}

void MaskPanel::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (isCollapsed()) fitCollapsed();
}

bool MaskPanel::isCollapsed() const { return m_body->isHidden(); }

QLabel* MaskPanel::hintLabel() const { return isCollapsed() ? m_none : m_hint; }

void MaskPanel::setQuestion(int index) {
    if (index < 0 || index >= static_cast<int>(m_items.size())) return;
    m_question = index;
    if (m_questions->currentIndex() != index) {
        QSignalBlocker b(m_questions);
        m_questions->setCurrentIndex(index);
    }
    resetMask();
}

QString MaskPanel::gatherHead() const { return m_gather->text(); }
QString MaskPanel::aggregateHead() const { return m_aggregate->text(); }

void MaskPanel::setHeads(const QString& gather, const QString& aggregate) {
    m_gather->setText(gather);
    m_aggregate->setText(aggregate);
    resetMask();
}

void MaskPanel::resetMask() {
    rebuildMask();
    m_run->setEnabled(currentItem() != nullptr && !m_mask.rules.empty());
}

void MaskPanel::rebuildMask() {
    m_mask = {};
    QSignalBlocker b(m_rule);
    m_rule->clear();
    if (!currentItem()) return;
    // Attention heads the model has: an SSM head or a head of another model makes no rule.
    auto attentionHead = [this](QLineEdit* field, std::vector<gna::HeadRef>* out) {
        views::HeadCell c;
        const bool ok = parseHeadName(field->text(), &c) && !c.ssm && headExists(*m_session->modelInfo(), c);
        if (ok) out->push_back({c.layer, c.head});
        field->setStyleSheet(ok || field->text().isEmpty() ? QString() : QStringLiteral("color: #d55e00"));
    };
    std::vector<gna::HeadRef> gather, aggregate;
    attentionHead(m_gather, &gather);
    attentionHead(m_aggregate, &aggregate);
    if (gather.empty() && aggregate.empty()) {
        m_editor->setSample({});
        return;
    }
    const gna::MmluLayout& lay = m_layouts[m_question];
    m_mask = gna::gna_mmlu_mask(lay, gather, aggregate);
    for (const gna::MaskRule& r : m_mask.rules) {
        QString text;
        const auto opt = std::find_if(lay.options.begin(), lay.options.end(),
                                      [&](const auto& s) { return r.rows.size() == 1 && s.summary == r.rows[0]; });
        if (opt != lay.options.end() && !gather.empty() && r.head == gather.front())
            text = tr("Gather %1 at the summary token of option %2")
                       .arg(QString::fromStdString(r.head.name()))
                       .arg(QChar(char16_t(u'A' + (opt - lay.options.begin()))));
        else
            text = tr("Aggregate %1 at the final position").arg(QString::fromStdString(r.head.name()));
        m_rule->addItem(text);
    }
    m_rule->setCurrentIndex(0);
    showRule();
}

void MaskPanel::setRule(int index) { m_rule->setCurrentIndex(index); }

void MaskPanel::showRule() {
    const gna::ChoiceItem* item = currentItem();
    const int r = m_rule->currentIndex();
    if (!item || r < 0 || r >= static_cast<int>(m_mask.rules.size()) || !m_session->hasModel()) return;
    const gna::MmluLayout& lay = m_layouts[m_question];
    views::MaskSample s;
    s.tokens = m_tokenLabels.value(m_question);
    for (const auto& seg : lay.options) {
        s.segments << qMakePair(seg.begin, seg.end - 1);
        s.summaryTokens << seg.summary;
    }
    for (int k : m_mask.rules[r].keys) s.keys.insert(k);
    m_editor->setSample(s);
}

void MaskPanel::onKeysChanged(const QSet<int>& keys) {
    const int r = m_rule->currentIndex();
    if (r < 0 || r >= static_cast<int>(m_mask.rules.size())) return;
    std::vector<int> k(keys.begin(), keys.end());
    std::sort(k.begin(), k.end());
    m_mask.rules[r].keys = k;
}

void MaskPanel::run() {
    const gna::ChoiceItem* item = currentItem();
    if (!item) return;
    struct Out {
        std::vector<double> masked, plain;
        QString error;
    };
    auto out = std::make_shared<Out>();
    const gna::ChoiceItem it = *item;
    const gna::AttentionMask mask = m_mask;
    m_run->setEnabled(false);
    m_status->setText(tr("Running…"));
    const bool ok = m_session->runOnModel(
        [out, it, mask](gna::Model& model) {
            try {
                gna::RunRequest plain;
                plain.tokens = it.prompt;
                out->plain = letterProbabilities(model.run(plain).last_logits, it);
                gna::RunRequest masked = plain;
                masked.plan.hooks.push_back(gna::mask_hook(mask));
                out->masked = letterProbabilities(model.run(masked).last_logits, it);
            } catch (const std::exception& e) {
                out->error = errorText(e);
            }
        },
        [this, out, answer = it.answer] {
            m_run->setEnabled(true);
            if (!out->error.isEmpty()) {
                m_status->setText(out->error);
                return;
            }
            m_masked = out->masked;
            m_plain = out->plain;
            QList<views::TokenProbability> masked, plain;
            for (std::size_t i = 0; i < m_masked.size(); ++i) {
                const QString letter = QString(QChar(char16_t(u'A' + i)));
                masked << views::TokenProbability{letter, m_masked[i], static_cast<int>(i) == answer};
                plain << views::TokenProbability{letter, m_plain[i], static_cast<int>(i) == answer};
            }
            m_chart->setProbabilities(masked);
            m_chart->setBaseline(plain);
            auto best = [](const std::vector<double>& p) {
                return int(std::max_element(p.begin(), p.end()) - p.begin());
            };
            m_status->setText(tr("Answer %1. Without the mask the model picks %2, with it %3.")
                                  .arg(QChar(char16_t(u'A' + answer)))
                                  .arg(QChar(char16_t(u'A' + best(m_plain))))
                                  .arg(QChar(char16_t(u'A' + best(m_masked)))));
            Q_EMIT runFinished();
        },
        [this] { m_run->setEnabled(true); });  // another model was opened before it started
    if (!ok) {
        m_run->setEnabled(true);
        m_status->setText(tr("Open a model first."));
    }
}

}  // namespace gna::studio
