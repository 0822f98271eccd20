// ExperimentPanel's form: its fields per experiment kind, the keys of the spec it writes, and a spec shown in it.
#include <QComboBox>
#include <QCoreApplication>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QDir>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTimer>
#include <QToolButton>
#include <functional>

#include "experiment_panel.h"
#include "gna/error.h"
#include "gna/experiment_spec.h"
#include "gna/tasks.h"

namespace gna::studio {

namespace {

gna::Json numberList(const QString& text, bool integers) {
    gna::Json a = gna::Json::array();
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        if (part.trimmed().isEmpty()) continue;  // "10, " while typing the next number
        bool ok = false;
        const double v = part.trimmed().toDouble(&ok);
        if (!ok)
            throw gna::Error(QCoreApplication::translate("gna::studio::ExperimentPanel", "'%1' is not a number")
                                 .arg(part.trimmed())
                                 .toStdString());
        if (integers && v != static_cast<double>(static_cast<int>(v)))
            throw gna::Error(QCoreApplication::translate("gna::studio::ExperimentPanel", "'%1' is not a whole number")
                                 .arg(part.trimmed())
                                 .toStdString());
        if (integers)
            a.push_back(static_cast<int>(v));
        else
            a.push_back(v);
    }
    return a;
}

gna::Json headList(const QString& text) {
    gna::Json a = gna::Json::array();
    for (const QString& part : text.split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts))
        a.push_back(part.toStdString());
    return a;
}

}  // namespace

void ExperimentPanel::buildForm(QFormLayout* form) {
    const QString k = m_kind;
    auto line = [this](const QString& text, const QString& tip) {
        auto* e = new QLineEdit(text);
        e->setToolTip(tip);
        connect(e, &QLineEdit::textChanged, this, &ExperimentPanel::formChanged);
        return e;
    };
    auto spin = [this](int lo, int hi, int v) {
        auto* s = new QSpinBox;
        s->setRange(lo, hi);
        s->setValue(v);
        connect(s, &QSpinBox::valueChanged, this, &ExperimentPanel::formChanged);
        return s;
    };
    auto combo = [this](std::initializer_list<std::pair<QString, const char*>> items) {
        auto* c = new QComboBox;
        for (const auto& [text, value] : items) c->addItem(text, QString::fromLatin1(value));
        connect(c, &QComboBox::currentIndexChanged, this, &ExperimentPanel::formChanged);
        return c;
    };
    const bool choiceTask = k == QLatin1String("head_ranking") || k == QLatin1String("cumulative_removal") ||
        k == QLatin1String("layer_pruning") || k == QLatin1String("sparsification");
    const bool niah = k == QLatin1String("niah") || k == QLatin1String("manipulation_grid");
    m_task = combo({{tr("KV-retrieval"), "kv_retrieval"},
                    {tr("MMLU (bundled sample)"), "mmlu"},
                    {tr("Knowledge multiple choice"), "knowledge"}});
    // A task list is its names joined by '+'; fillForm adds an item for a list the spec names.
    if (k == QLatin1String("cumulative_removal") || k == QLatin1String("layer_pruning"))
        m_task->addItem(tr("All three tasks"), QStringLiteral("kv_retrieval+mmlu+knowledge"));
    const bool niahTask = k == QLatin1String("sparsification");  // thesis Figure 3.2 is on NIAH
    if (niahTask) m_task->addItem(tr("Needle in a haystack"), QStringLiteral("niah"));
    m_sizes = line(QStringLiteral("10, 20, 30"), tr("Dictionary sizes (keys per prompt)"));
    m_samples = spin(1, 1000000, 10);
    m_limit = spin(0, 100000, 5);
    m_limit->setSpecialValueText(tr("all"));
    m_lengths = line(k == QLatin1String("memory_table") ? QStringLiteral("128, 2048, 4096") : QString(), QString());
    m_depths = line(QString(), tr("Needle depths in percent; empty = 0 to 100 in 10 steps"));
    // An empty field shows the format it takes (and what empty means).
    m_depths->setPlaceholderText(tr("e.g. 0, 50, 100; empty: 0 to 100"));
    m_defaultGenerate = gna::niah_default_generate(0);
    m_generate = spin(1, 100000, m_defaultGenerate);
    updateLengthHints();
    connect(m_generate, &QSpinBox::valueChanged, this,
            &ExperimentPanel::updateLengthHints);  // the default lengths leave it room
    m_heads = line(QString(), tr("Heads as L17.H24, separated by commas; empty = every attention head"));
    m_gather = line(QString(), tr("Gather heads, e.g. L16.H22"));  // the open model's: setDefaultHeads
    m_aggregate = line(QString(), tr("Aggregate heads, e.g. L17.H24"));
    m_ranking = line(QString(), tr("A head_ranking result.json, or heads as L3.H1, L2.H0, …"));
    m_steps = line(QString(), tr("Numbers of heads removed, e.g. 0, 10, 20; empty = every 10"));
    m_heads->setPlaceholderText(tr("e.g. L1.H0, L2.H3; empty: every attention head"));
    m_gather->setPlaceholderText(tr("e.g. L16.H22"));
    m_aggregate->setPlaceholderText(tr("e.g. L17.H24"));
    m_ranking->setPlaceholderText(tr("result.json, or e.g. L3.H1, L2.H0"));
    m_steps->setPlaceholderText(tr("e.g. 0, 10, 20; empty: every 10"));
    m_mode = combo({{tr("Both"), "both"},
                    {tr("Gradual (from the end)"), "gradual"},
                    {tr("Individual (one layer at a time)"), "individual"}});
    m_k = line(QString(),
               tr("Kept heads: how many heads each layer keeps at every query position, the k with the lowest "
                  "attention entropy; the others are switched off. One or more values of k, separated by commas; "
                  "empty = 0 to the number of heads"));
    m_k->setPlaceholderText(tr("e.g. 0, 1, 2, 4; empty: 0 to the number of heads"));
    m_stages =
        combo({{tr("Both"), "both"}, {tr("Generation only"), "generation"}, {tr("Prefill and generation"), "prefill"}});
    m_method = combo({{tr("Exact (every head ablated)"), "exact"},
                      {tr("Fast: attribution, then the top heads exactly"), "attribution+verify"},
                      {tr("Fastest: attribution estimate only"), "attribution"}});
    m_method->setToolTip(
        tr("The fast methods colour the head board with first-order estimates at once, then refine the top heads "
           "by exact ablation (docs/attribution.md)"));
    m_top = spin(1, 100000, 16);
    m_top->setToolTip(
        tr("How many heads you want ranked; the fast method verifies up to three times as many exactly, but no more "
           "than a quarter of the model's heads unless this many are wanted"));
    m_metric = combo({{tr("Accuracy"), "accuracy"},
                      {tr("Log-probability of the answer"), "logprob"},
                      {tr("Exact match (KV-retrieval, generated)"), "exact_match"}});
    for (QComboBox* c : {m_method, m_metric}) {  // long item texts must not widen the dock
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(12);
    }
    const std::pair<QWidget*, const char*> names[] = {{m_task, "task"},
                                                      {m_sizes, "sizes"},
                                                      {m_samples, "samples_per_size"},
                                                      {m_limit, "limit"},
                                                      {m_lengths, "lengths"},
                                                      {m_depths, "depths"},
                                                      {m_generate, "generate"},
                                                      {m_heads, "heads"},
                                                      {m_gather, "gather"},
                                                      {m_aggregate, "aggregate"},
                                                      {m_ranking, "ranking"},
                                                      {m_steps, "steps"},
                                                      {m_mode, "mode"},
                                                      {m_k, "k"},
                                                      {m_stages, "stages"},
                                                      {m_method, "method"},
                                                      {m_top, "top"},
                                                      {m_metric, "metric"}};
    for (const auto& [w, name] : names) w->setObjectName(QLatin1String(name));
    m_out = new QLineEdit;  // not part of the spec: where its result goes
    m_out->setObjectName(QStringLiteral("out"));
    m_out->setToolTip(tr("Results folder; empty = a new folder per run. A folder with a partial result resumes it."));

    if (choiceTask) form->addRow(tr("&Task:"), m_task);
    if (choiceTask) {
        form->addRow(tr("Dictionar&y sizes:"), m_sizes);
        form->addRow(tr("Samples per si&ze:"), m_samples);
        form->addRow(tr("&Limit per subject:"), m_limit);
    }
    if (k == QLatin1String("gna_masks")) form->addRow(tr("&Limit per subject:"), m_limit);
    if (niah || niahTask || k == QLatin1String("memory_table")) form->addRow(tr("Context &lengths:"), m_lengths);
    if (niah || niahTask) {
        form->addRow(tr("Needle &depths (%):"), m_depths);
        form->addRow(tr("&Generated tokens:"), m_generate);
    }
    if (k == QLatin1String("head_ranking") || k == QLatin1String("manipulation_grid"))
        form->addRow(tr("He&ads:"), m_heads);
    if (k == QLatin1String("head_ranking")) {
        // Beside the method: the recommendation and what each method is estimated to cost, on one line
        // (elided; the whole text in its tooltip), so that the form is no higher (updateCostEstimate).
        m_cost = new QLabel;
        m_cost->setObjectName(QStringLiteral("methodCost"));
        m_cost->setTextFormat(Qt::PlainText);
        m_cost->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        m_cost->installEventFilter(this);  // resized: elideCost
        auto* methodRow = new QHBoxLayout;
        methodRow->addWidget(m_method, 3);
        methodRow->addWidget(m_cost, 2);
        auto* methodLabel = new QLabel(tr("Metho&d:"));
        methodLabel->setBuddy(m_method);
        form->addRow(methodLabel, methodRow);
        form->addRow(tr("Heads &wanted:"), m_top);
        form->addRow(tr("&Metric:"), m_metric);
    }
    if (k == QLatin1String("gna_masks")) {
        form->addRow(tr("&Gather heads:"), m_gather);
        form->addRow(tr("Aggrega&te heads:"), m_aggregate);
    }
    // A path field with a "…" button that picks the path (pick: the path, or empty when cancelled).
    auto pathRow = [this, form](const QString& label, QLineEdit* edit, const QString& tip,
                                std::function<QString()> pick) {
        auto* row = new QHBoxLayout;
        row->addWidget(edit, 1);
        auto* browse = new QToolButton;
        browse->setText(tr("…"));
        browse->setToolTip(tip);
        connect(browse, &QToolButton::clicked, this, [edit, pick] {
            if (const QString p = pick(); !p.isEmpty()) edit->setText(QDir::toNativeSeparators(p));
        });
        row->addWidget(browse);
        auto* name = new QLabel(label);
        name->setBuddy(edit);
        form->addRow(name, row);
    };
    if (k == QLatin1String("cumulative_removal")) {
        pathRow(tr("Ran&king:"), m_ranking, tr("Choose a head_ranking result.json"), [this] {
            return QFileDialog::getOpenFileName(this, tr("Head ranking result"), QString(),
                                                tr("Results (result.json *.json)"));
        });
        form->addRow(tr("&Steps:"), m_steps);
    }
    if (k == QLatin1String("layer_pruning")) form->addRow(tr("&Mode:"), m_mode);
    if (k == QLatin1String("sparsification")) {
        form->addRow(tr("&Kept heads (k):"), m_k);
        form->addRow(tr("St&ages:"), m_stages);
    }
    pathRow(tr("Results f&older:"), m_out, tr("Choose the results folder"), [this] {
        return QFileDialog::getExistingDirectory(this, tr("Results folder"),
                                                 m_out->text().isEmpty() ? m_defaultOut : m_out->text());
    });
    m_outHint = new QLabel;  // where a run with an empty folder writes (setOutputDir), whole and readable
    m_outHint->setObjectName(QStringLiteral("outHint"));
    m_outHint->setTextFormat(Qt::PlainText);
    m_outHint->setWordWrap(true);
    m_outHint->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    form->addRow(QString(), m_outHint);
    m_updateRows = [this, form, choiceTask, niahTask] {
        const QStringList t = m_task->currentData().toString().split(QLatin1Char('+'));
        if (niahTask)
            for (QWidget* w :
                 {static_cast<QWidget*>(m_lengths), static_cast<QWidget*>(m_depths), static_cast<QWidget*>(m_generate)})
                form->setRowVisible(w, t.contains(QLatin1String("niah")));
        if (choiceTask) {
            form->setRowVisible(m_sizes, t.contains(QLatin1String("kv_retrieval")));
            form->setRowVisible(m_samples, t.contains(QLatin1String("kv_retrieval")));
            form->setRowVisible(m_limit, t.contains(QLatin1String("mmlu")) || t.contains(QLatin1String("knowledge")));
        }
        if (m_kind == QLatin1String("head_ranking"))
            form->setRowVisible(m_top, m_method->currentData().toString() != QLatin1String("exact"));
        updateHeadHints();  // exact ranks attention heads alone
        QTimer::singleShot(0, this, &ExperimentPanel::fitFormPane);  // rows shown or hidden: the pane follows
        Q_EMIT formRowsChanged();
    };
    connect(m_task, &QComboBox::currentIndexChanged, this, m_updateRows);
    connect(m_method, &QComboBox::currentIndexChanged, this, m_updateRows);
    m_updateRows();
}

gna::Json ExperimentPanel::formSpec(const gna::Json& base) const {
    const QString k = m_kind;
    gna::Json s = base.is_object() ? base : gna::Json::object();
    s["experiment"] = k == QLatin1String("niah") ? "evaluate" : k.toStdString();
    // Each task's keys the form owns: the form's value, or none (the default) when the field is empty.
    auto task = [&](const std::string& name) {
        gna::Json t{{"name", name}};
        if (name == "kv_retrieval") {
            t["sizes"] = numberList(m_sizes->text(), true);
            t["samples_per_size"] = m_samples->value();
        } else if (name == "mmlu") {
            t["limit_per_subject"] = m_limit->value() > 0 ? gna::Json(m_limit->value()) : gna::Json();
        } else if (name == "knowledge") {
            t["limit"] = m_limit->value() > 0 ? gna::Json(m_limit->value()) : gna::Json();
        } else if (name == "niah") {
            t["generate"] = m_generate->value();
            t["lengths"] = m_lengths->text().trimmed().isEmpty() ? gna::Json() : numberList(m_lengths->text(), true);
            t["depths"] = m_depths->text().trimmed().isEmpty() ? gna::Json() : numberList(m_depths->text(), false);
        }
        return t;
    };
    // A key the form owns: its value, or erased when the form leaves it to the default.
    auto put = [](gna::Json& o, const char* key, const gna::Json& v) {
        if (v.is_null())
            o.erase(key);
        else
            o[key] = v;
    };
    // The form's tasks over the spec's: a task of the same name keeps the keys the form does not show (seed, shots, file, …).
    auto mergeTask = [&put](const gna::Json& old, const gna::Json& now) {
        gna::Json t = old.is_object() && old.value("name", gna::Json()) == now["name"] ? old : gna::Json::object();
        for (const auto& [key, v] : now.items()) put(t, key.c_str(), v);
        return t;
    };
    if (k != QLatin1String("memory_table")) {
        QStringList names = m_task->currentData().toString().split(QLatin1Char('+'));
        if (k == QLatin1String("niah") || k == QLatin1String("manipulation_grid"))
            names = {QStringLiteral("niah")};
        else if (k == QLatin1String("gna_masks"))
            names = {QStringLiteral("mmlu")};
        const gna::Json oldTasks = s.contains("tasks") && s["tasks"].is_array()
            ? s["tasks"]
            : gna::Json::array({s.value("task", gna::Json())});
        gna::Json tasks = gna::Json::array();
        for (qsizetype i = 0; i < names.size(); ++i) {
            const gna::Json old =
                i < static_cast<qsizetype>(oldTasks.size()) ? oldTasks[static_cast<std::size_t>(i)] : gna::Json();
            tasks.push_back(mergeTask(old, task(names[i].toStdString())));
        }
        const bool listed = tasks.size() > 1 || s.contains("tasks");  // a spec's one-task list stays a list
        s.erase("task");
        s.erase("tasks");
        if (listed)
            s["tasks"] = tasks;
        else
            s["task"] = tasks[0];
    }
    if (k == QLatin1String("memory_table"))
        put(s, "lengths", m_lengths->text().trimmed().isEmpty() ? gna::Json() : numberList(m_lengths->text(), true));
    if (k == QLatin1String("head_ranking") || k == QLatin1String("manipulation_grid"))
        put(s, "heads", m_heads->text().trimmed().isEmpty() ? gna::Json() : headList(m_heads->text()));
    if (k == QLatin1String("gna_masks")) {
        s["gather"] = headList(m_gather->text());
        s["aggregate"] = headList(m_aggregate->text());
    }
    if (k == QLatin1String("head_ranking")) {
        const QString method = m_method->currentData().toString();
        s["method"] = method.toStdString();
        if (method != QLatin1String("exact"))
            s["top"] = m_top->value();  // exact ranks every head: "top" stays as written
        s["metric"] = m_metric->currentData().toString().toStdString();
    }
    if (k == QLatin1String("cumulative_removal")) {
        const QString r = m_ranking->text().trimmed();
        if (r.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
            s["ranking"] = r.toStdString();
        else
            s["ranking"] = headList(r);
        put(s, "steps", m_steps->text().trimmed().isEmpty() ? gna::Json() : numberList(m_steps->text(), true));
    }
    if (k == QLatin1String("layer_pruning")) s["mode"] = m_mode->currentData().toString().toStdString();
    if (k == QLatin1String("sparsification")) {
        put(s, "k", m_k->text().trimmed().isEmpty() ? gna::Json() : numberList(m_k->text(), true));
        const QString st = m_stages->currentData().toString();
        s["stages"] = st == QLatin1String("both") ? gna::Json::array({"generation", "prefill"})
                                                  : gna::Json::array({st.toStdString()});
    }
    return s;
}

void ExperimentPanel::setModelContext(int maxPositions) {
    m_maxPositions = maxPositions;
    const int generate = gna::niah_default_generate(maxPositions);
    if (m_generate->value() == m_defaultGenerate) m_generate->setValue(generate);  // valueChanged rewrites the spec
    m_defaultGenerate = generate;
    updateLengthHints();
}

void ExperimentPanel::updateLengthHints() {
    if (m_kind == QLatin1String("memory_table")) {
        m_lengths->setToolTip(tr("Sequence lengths in tokens, separated by commas"));
        m_lengths->setPlaceholderText(QStringLiteral("128, 2048, 4096"));
        return;
    }
    const std::vector<int> l =
        gna::niah_default_lengths(m_maxPositions, m_generate->value(), /*just_read_twice=*/false);
    if (l.empty()) return;
    const QString first = QString::number(l.front()), last = QString::number(l.back()),
                  steps = QString::number(l.size());
    const QString example = QStringLiteral("%1, %2, %3").arg(l.front()).arg(l[l.size() / 2]).arg(l.back());
    m_lengths->setPlaceholderText(tr("e.g. %1; empty: %2 to %3 in %4 steps").arg(example, first, last, steps));
    m_lengths->setToolTip(m_maxPositions > 0
                              ? tr("Context lengths in tokens; empty = %1 to %2 in %3 steps, which fit this model's "
                                   "context of %4 tokens with the generated tokens")
                                    .arg(first, last, steps, QString::number(m_maxPositions))
                              : tr("Context lengths in tokens; empty = %1 to %2 in %3 steps").arg(first, last, steps));
}

bool ExperimentPanel::fillForm(const gna::ExperimentSpec& s) {
    auto join = [](const auto& values) {
        QStringList parts;
        for (const auto& v : values) parts << QString::number(v, 'g', QLocale::FloatingPointShortest);
        return parts.join(QStringLiteral(", "));
    };
    auto heads = [](const std::vector<gna::HeadRef>& hs) {
        QStringList parts;
        for (const auto& h : hs) parts << QString::fromStdString(h.name());
        return parts.join(QStringLiteral(", "));
    };
    // the form's own signals would rewrite the spec editor from the form: blocked while filling
    std::vector<QSignalBlocker> blocks;
    for (QObject* o : std::initializer_list<QObject*>{m_task, m_sizes, m_samples, m_limit, m_lengths, m_depths,
                                                      m_generate, m_heads, m_gather, m_aggregate, m_ranking, m_steps,
                                                      m_mode, m_k, m_stages, m_method, m_top, m_metric})
        blocks.emplace_back(o);
    QStringList names, titles;
    bool tasksShown = true;  // every task one the form has fields for
    const bool niahForm = m_kind == QLatin1String("niah") || m_kind == QLatin1String("manipulation_grid");
    for (const gna::TaskSpec& t : s.tasks) {
        names << QString::fromStdString(t.name);
        const int i = m_task->findData(names.back());
        tasksShown = tasksShown &&
            (i >= 0 || (names.back() == QLatin1String("niah") && niahForm) ||
             (names.back() == QLatin1String("mmlu") && m_kind == QLatin1String("gna_masks")));
        titles << (i >= 0 ? m_task->itemText(i) : names.back());
    }
    const QString list = names.join(QLatin1Char('+'));
    if (m_task->findData(list) < 0) m_task->addItem(titles.join(QStringLiteral(" + ")), list);  // the spec's task list
    m_task->setCurrentIndex(m_task->findData(list));
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
    m_ranking->setText(s.ranking_file.empty() ? heads(s.ranking_heads)
                                              : QString::fromStdString(s.ranking_file.string()));
    m_steps->setText(join(s.steps));
    if (const int i = m_mode->findData(QString::fromStdString(s.mode)); i >= 0) m_mode->setCurrentIndex(i);
    m_k->setText(s.k ? join(*s.k) : QString());
    const QString stages = s.stages.size() == 1 ? QString::fromStdString(s.stages[0]) : QStringLiteral("both");
    if (const int i = m_stages->findData(stages); i >= 0) m_stages->setCurrentIndex(i);
    if (const int i = m_method->findData(QString::fromStdString(s.method)); i >= 0) m_method->setCurrentIndex(i);
    m_top->setValue(s.top);
    if (const int i = m_metric->findData(QString::fromStdString(s.metric)); i >= 0) m_metric->setCurrentIndex(i);
    return tasksShown;
}

}  // namespace gna::studio
