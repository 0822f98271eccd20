// ExperimentPanel's form: its fields per experiment kind, the spec it writes, and a spec file shown in it.
#include <QComboBox>
#include <QCoreApplication>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>

#include "experiment_panel.h"
#include "gna/error.h"
#include "gna/experiment_spec.h"

namespace gna::studio {

namespace {

gna::Json numberList(const QString& text, bool integers) {
    gna::Json a = gna::Json::array();
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const double v = part.trimmed().toDouble(&ok);
        if (!ok) throw gna::Error(QCoreApplication::translate("gna::studio::ExperimentPanel", "'%1' is not a number").arg(part.trimmed()).toStdString());
        if (integers) a.push_back(static_cast<int>(v));
        else a.push_back(v);
    }
    return a;
}

gna::Json headList(const QString& text) {
    gna::Json a = gna::Json::array();
    for (const QString& part : text.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts)) a.push_back(part.toStdString());
    return a;
}

}  // namespace

void ExperimentPanel::buildForm(QFormLayout* form) {
    const QString k = m_kind;
    auto line = [this](const QString& text, const QString& tip) {
        auto* e = new QLineEdit(text);
        e->setToolTip(tip);
        connect(e, &QLineEdit::textChanged, this, &ExperimentPanel::regenerateSpec);
        return e;
    };
    auto spin = [this](int lo, int hi, int v) {
        auto* s = new QSpinBox;
        s->setRange(lo, hi);
        s->setValue(v);
        connect(s, &QSpinBox::valueChanged, this, &ExperimentPanel::regenerateSpec);
        return s;
    };
    auto combo = [this](std::initializer_list<std::pair<QString, const char*>> items) {
        auto* c = new QComboBox;
        for (const auto& [text, value] : items) c->addItem(text, QString::fromLatin1(value));
        connect(c, &QComboBox::currentIndexChanged, this, &ExperimentPanel::regenerateSpec);
        return c;
    };
    const bool choiceTask = k == QLatin1String("head_ranking") || k == QLatin1String("cumulative_removal") ||
                            k == QLatin1String("layer_pruning") || k == QLatin1String("sparsification");
    const bool niah = k == QLatin1String("niah") || k == QLatin1String("manipulation_grid");
    m_task = combo({{tr("KV-retrieval"), "kv_retrieval"},
                    {tr("MMLU (bundled sample)"), "mmlu"},
                    {tr("Knowledge multiple choice"), "knowledge"}});
    if (k == QLatin1String("cumulative_removal") || k == QLatin1String("layer_pruning"))
        m_task->addItem(tr("All three tasks"), QStringLiteral("all"));
    const bool niahTask = k == QLatin1String("sparsification");  // thesis Figure 3.2 is on NIAH
    if (niahTask) m_task->addItem(tr("Needle in a haystack"), QStringLiteral("niah"));
    m_sizes = line(QStringLiteral("10, 20, 30"), tr("Dictionary sizes (keys per prompt)"));
    m_samples = spin(1, 1000, 10);
    m_limit = spin(0, 100000, 5);
    m_limit->setSpecialValueText(tr("all"));
    m_lengths = line(k == QLatin1String("memory_table") ? QStringLiteral("128, 2048, 4096") : QString(),
                     tr("Context lengths in tokens; empty = 250 to 4096 in 10 steps"));
    m_depths = line(QString(), tr("Needle depths in percent; empty = 0 to 100 in 10 steps"));
    m_generate = spin(1, 512, 40);
    m_heads = line(QString(), tr("Heads as L17.H24, separated by commas; empty = every attention head"));
    m_gather = line(QString(), tr("Gather heads, e.g. L16.H22"));  // the open model's: setDefaultHeads
    m_aggregate = line(QString(), tr("Aggregate heads, e.g. L17.H24"));
    m_ranking = line(QString(), tr("A head_ranking result.json, or heads as L3.H1, L2.H0, …"));
    m_steps = line(QString(), tr("Numbers of heads removed, e.g. 0, 10, 20; empty = every 10"));
    m_mode = combo({{tr("Both"), "both"},
                    {tr("Gradual (from the end)"), "gradual"},
                    {tr("Individual (one layer at a time)"), "individual"}});
    m_k = line(QString(), tr("Values of k; empty = 0 to the number of heads"));
    m_stages = combo({{tr("Both"), "both"},
                      {tr("Generation only"), "generation"},
                      {tr("Prefill and generation"), "prefill"}});
    m_method = combo({{tr("Exact (every head ablated)"), "exact"},
                      {tr("Fast: attribution, then the top heads exactly"), "attribution+verify"},
                      {tr("Fastest: attribution estimate only"), "attribution"}});
    m_method->setToolTip(tr("The fast methods colour the head board with first-order estimates at once, then refine the top heads "
                            "by exact ablation (docs/attribution.md)"));
    m_top = spin(1, 100000, 16);
    m_top->setToolTip(tr("How many heads you want ranked; the fast method verifies three times as many exactly"));
    m_metric = combo({{tr("Accuracy"), "accuracy"}, {tr("Log-probability of the answer"), "logprob"}});
    for (QComboBox* c : {m_method, m_metric}) {  // long item texts must not widen the dock
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(12);
    }
    const std::pair<QWidget*, const char*> names[] = {
        {m_task, "task"},      {m_sizes, "sizes"},     {m_samples, "samples_per_size"}, {m_limit, "limit"},
        {m_lengths, "lengths"}, {m_depths, "depths"},  {m_generate, "generate"},        {m_heads, "heads"},
        {m_gather, "gather"},  {m_aggregate, "aggregate"}, {m_ranking, "ranking"},      {m_steps, "steps"},
        {m_mode, "mode"},      {m_k, "k"},             {m_stages, "stages"},            {m_method, "method"},
        {m_top, "top"},        {m_metric, "metric"}};
    for (const auto& [w, name] : names) w->setObjectName(QLatin1String(name));
    m_out = new QLineEdit;
    m_out->setObjectName(QStringLiteral("out"));
    m_out->setToolTip(tr("Results folder; empty = a new folder per run. A folder with a partial result resumes it."));

    if (choiceTask) form->addRow(tr("&Task:"), m_task);
    if (choiceTask || k == QLatin1String("niah")) {
        form->addRow(tr("Dictionary si&zes:"), m_sizes);
        form->addRow(tr("Samples per si&ze:"), m_samples);
        form->addRow(tr("&Limit per subject:"), m_limit);
    }
    if (k == QLatin1String("gna_masks")) form->addRow(tr("&Limit per subject:"), m_limit);
    if (niah || niahTask || k == QLatin1String("memory_table")) form->addRow(tr("Context &lengths:"), m_lengths);
    if (niah || niahTask) {
        form->addRow(tr("Needle &depths (%):"), m_depths);
        form->addRow(tr("&Generated tokens:"), m_generate);
    }
    if (k == QLatin1String("head_ranking") || k == QLatin1String("manipulation_grid")) form->addRow(tr("&Heads:"), m_heads);
    if (k == QLatin1String("head_ranking")) {
        form->addRow(tr("Metho&d:"), m_method);
        form->addRow(tr("Heads &wanted:"), m_top);
        form->addRow(tr("M&etric:"), m_metric);
        auto showTop = [this, form] { form->setRowVisible(m_top, m_method->currentData().toString() != QLatin1String("exact")); };
        connect(m_method, &QComboBox::currentIndexChanged, this, showTop);
        showTop();
    }
    if (k == QLatin1String("gna_masks")) {
        form->addRow(tr("&Gather heads:"), m_gather);
        form->addRow(tr("&Aggregate heads:"), m_aggregate);
    }
    if (k == QLatin1String("cumulative_removal")) {
        auto* row = new QHBoxLayout;
        row->addWidget(m_ranking, 1);
        auto* browse = new QToolButton;
        browse->setText(tr("…"));
        browse->setToolTip(tr("Choose a head_ranking result.json"));
        connect(browse, &QToolButton::clicked, this, [this] {
            const QString p = QFileDialog::getOpenFileName(this, tr("Head ranking result"), QString(), tr("Results (result.json *.json)"));
            if (!p.isEmpty()) m_ranking->setText(p);
        });
        row->addWidget(browse);
        auto* rankingLabel = new QLabel(tr("&Ranking:"));
        rankingLabel->setBuddy(m_ranking);
        form->addRow(rankingLabel, row);
        form->addRow(tr("&Steps:"), m_steps);
    }
    if (k == QLatin1String("layer_pruning")) form->addRow(tr("&Mode:"), m_mode);
    if (k == QLatin1String("sparsification")) {
        form->addRow(tr("&k:"), m_k);
        form->addRow(tr("S&tages:"), m_stages);
    }
    form->addRow(tr("Results &folder:"), m_out);
    m_updateRows = [this, form, choiceTask, niahTask] {
        const QString t = m_task->currentData().toString();
        if (niahTask)
            for (QWidget* w : {static_cast<QWidget*>(m_lengths), static_cast<QWidget*>(m_depths), static_cast<QWidget*>(m_generate)})
                form->setRowVisible(w, t == QLatin1String("niah"));
        const bool kv = !choiceTask || t == QLatin1String("kv_retrieval") || t == QLatin1String("all");
        const bool lim = choiceTask && (t == QLatin1String("mmlu") || t == QLatin1String("knowledge") || t == QLatin1String("all"));
        if (m_kind == QLatin1String("niah")) {
            form->setRowVisible(m_sizes, false);
            form->setRowVisible(m_samples, false);
            form->setRowVisible(m_limit, false);
            return;
        }
        if (!choiceTask) return;
        form->setRowVisible(m_sizes, kv);
        form->setRowVisible(m_samples, kv);
        form->setRowVisible(m_limit, lim);
    };
    connect(m_task, &QComboBox::currentIndexChanged, this, m_updateRows);
    m_updateRows();
}

void ExperimentPanel::regenerateSpec() {
    if (!m_spec) return;
    gna::Json s;
    const QString k = m_kind;
    try {
        s["experiment"] = k == QLatin1String("niah") ? "evaluate" : k.toStdString();
        auto kv = [&] {
            return gna::Json{{"name", "kv_retrieval"}, {"sizes", numberList(m_sizes->text(), true)}, {"samples_per_size", m_samples->value()}};
        };
        auto mmlu = [&] {
            gna::Json t{{"name", "mmlu"}};
            if (m_limit->value() > 0) t["limit_per_subject"] = m_limit->value();
            return t;
        };
        auto knowledge = [&] {
            gna::Json t{{"name", "knowledge"}};
            if (m_limit->value() > 0) t["limit"] = m_limit->value();
            return t;
        };
        auto niah = [&] {
            gna::Json t{{"name", "niah"}, {"generate", m_generate->value()}};
            if (!m_lengths->text().trimmed().isEmpty()) t["lengths"] = numberList(m_lengths->text(), true);
            if (!m_depths->text().trimmed().isEmpty()) t["depths"] = numberList(m_depths->text(), false);
            return t;
        };
        if (k == QLatin1String("niah") || k == QLatin1String("manipulation_grid") ||
            m_task->currentData().toString() == QLatin1String("niah")) {
            s["task"] = niah();
        } else if (k == QLatin1String("gna_masks")) {
            s["task"] = mmlu();
            s["gather"] = headList(m_gather->text());
            s["aggregate"] = headList(m_aggregate->text());
        } else if (k == QLatin1String("memory_table")) {
            if (!m_lengths->text().trimmed().isEmpty()) s["lengths"] = numberList(m_lengths->text(), true);
        } else {
            const QString t = m_task->currentData().toString();
            if (t == QLatin1String("all")) s["tasks"] = gna::Json::array({kv(), mmlu(), knowledge()});
            else s["task"] = t == QLatin1String("mmlu") ? mmlu() : t == QLatin1String("knowledge") ? knowledge() : kv();
        }
        if ((k == QLatin1String("head_ranking") || k == QLatin1String("manipulation_grid")) && !m_heads->text().trimmed().isEmpty())
            s["heads"] = headList(m_heads->text());
        if (k == QLatin1String("head_ranking")) {
            const QString method = m_method->currentData().toString();
            if (method != QLatin1String("exact")) {
                s["method"] = method.toStdString();
                s["top"] = m_top->value();
            }
            if (m_metric->currentIndex() > 0) s["metric"] = m_metric->currentData().toString().toStdString();
        }
        if (k == QLatin1String("cumulative_removal")) {
            const QString r = m_ranking->text().trimmed();
            if (r.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) s["ranking"] = r.toStdString();
            else s["ranking"] = headList(r);
            if (!m_steps->text().trimmed().isEmpty()) s["steps"] = numberList(m_steps->text(), true);
        }
        if (k == QLatin1String("layer_pruning")) s["mode"] = m_mode->currentData().toString().toStdString();
        if (k == QLatin1String("sparsification")) {
            if (!m_k->text().trimmed().isEmpty()) s["k"] = numberList(m_k->text(), true);
            const QString st = m_stages->currentData().toString();
            s["stages"] = st == QLatin1String("both") ? gna::Json::array({"generation", "prefill"}) : gna::Json::array({st.toStdString()});
        }
    } catch (const std::exception& e) {
        m_eta->setText(QString::fromUtf8(e.what()));
        return;
    }
    m_spec->setPlainText(QString::fromStdString(s.dump(2)));
}

void ExperimentPanel::fillForm(const gna::ExperimentSpec& s) {
    const bool niahPanel = m_kind == QLatin1String("niah");
    const bool ours = niahPanel ? s.experiment == "evaluate" && !s.tasks.empty() && s.tasks[0].name == "niah"
                                : s.experiment == m_kind.toStdString();
    if (!ours) return;  // another kind's spec runs as written; this panel's form does not describe it
    auto join = [](const auto& values) {
        QStringList parts;
        for (const auto& v : values) parts << QString::number(v);
        return parts.join(QStringLiteral(", "));
    };
    auto heads = [](const std::vector<gna::HeadRef>& hs) {
        QStringList parts;
        for (const auto& h : hs) parts << QString::fromStdString(h.name());
        return parts.join(QStringLiteral(", "));
    };
    // the form's own signals would rewrite the spec editor from the form: blocked while filling
    std::vector<QSignalBlocker> blocks;
    for (QObject* o : std::initializer_list<QObject*>{m_task, m_sizes, m_samples, m_limit, m_lengths, m_depths, m_generate, m_heads,
                                                      m_gather, m_aggregate, m_ranking, m_steps, m_mode, m_k, m_stages, m_method,
                                                      m_top, m_metric})
        blocks.emplace_back(o);
    const QString taskName = s.tasks.size() > 1 ? QStringLiteral("all") : QString::fromStdString(s.tasks.front().name);
    if (const int i = m_task->findData(taskName); i >= 0) m_task->setCurrentIndex(i);
    for (const gna::TaskSpec& t : s.tasks) {
        if (t.name == "kv_retrieval") {
            m_sizes->setText(join(t.kv.sizes));
            m_samples->setValue(t.kv.samples_per_size);
        } else if (t.name == "mmlu") {
            m_limit->setValue(t.mmlu.limit_per_subject);
        } else if (t.name == "knowledge") {
            m_limit->setValue(t.knowledge_limit);
        } else if (t.name == "niah") {
            m_lengths->setText(join(t.niah.lengths));
            m_depths->setText(join(t.niah.depths));
            m_generate->setValue(t.niah.generate);
        }
    }
    if (s.experiment == "memory_table") m_lengths->setText(join(s.lengths));
    m_heads->setText(s.heads ? heads(*s.heads) : QString());
    m_gather->setText(heads(s.gather));
    m_aggregate->setText(heads(s.aggregate));
    m_ranking->setText(s.ranking_file.empty() ? heads(s.ranking_heads) : QString::fromStdString(s.ranking_file.string()));
    m_steps->setText(join(s.steps));
    if (const int i = m_mode->findData(QString::fromStdString(s.mode)); i >= 0) m_mode->setCurrentIndex(i);
    m_k->setText(s.k ? join(*s.k) : QString());
    const QString stages = s.stages.size() == 1 ? QString::fromStdString(s.stages[0]) : QStringLiteral("both");
    if (const int i = m_stages->findData(stages); i >= 0) m_stages->setCurrentIndex(i);
    if (const int i = m_method->findData(QString::fromStdString(s.method)); i >= 0) m_method->setCurrentIndex(i);
    m_top->setValue(s.top);
    if (const int i = m_metric->findData(QString::fromStdString(s.metric)); i >= 0) m_metric->setCurrentIndex(i);
}

}  // namespace gna::studio
