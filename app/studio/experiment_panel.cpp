#include "experiment_panel.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <algorithm>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include "ablation_curve.h"
#include "experiment_results.h"
#include "experiment_runner.h"
#include "gna/error.h"
#include "gna/experiment_spec.h"
#include "gna/experiments.h"
#include "results_table.h"
#include "retrieval_map.h"

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

QString clock(double s) {
    if (s < 0) return QStringLiteral("?");
    const int t = static_cast<int>(s + 0.5);
    return t >= 3600 ? QStringLiteral("%1:%2:%3").arg(t / 3600).arg((t / 60) % 60, 2, 10, QLatin1Char('0')).arg(t % 60, 2, 10, QLatin1Char('0'))
                     : QStringLiteral("%1:%2").arg(t / 60).arg(t % 60, 2, 10, QLatin1Char('0'));
}

}  // namespace

ExperimentPanel::ExperimentPanel(const QString& kind, ExperimentRunner* runner, QWidget* parent)
    : QWidget(parent), m_kind(kind), m_runner(runner) {
    auto* split = new QSplitter(Qt::Horizontal);
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    auto* form = new QFormLayout;
    buildForm(form);
    leftLayout->addLayout(form);
    m_spec = new QPlainTextEdit;
    m_spec->setObjectName(QStringLiteral("specEditor"));
    m_spec->setToolTip(tr("The experiment spec (JSON) that runs; edit it to set any option"));
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::TypeWriter);
    m_spec->setFont(mono);
    leftLayout->addWidget(new QLabel(tr("Spec:")));
    leftLayout->addWidget(m_spec, 1);
    auto* files = new QHBoxLayout;
    auto* openSpec = new QPushButton(tr("Open &spec file…"));
    auto* openResult = new QPushButton(tr("Open &result…"));
    files->addWidget(openSpec);
    files->addWidget(openResult);
    leftLayout->addLayout(files);
    auto* runRow = new QHBoxLayout;
    m_run = new QPushButton(tr("&Run"));
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar;
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    runRow->addWidget(m_run);
    runRow->addWidget(m_progress, 1);
    runRow->addWidget(m_cancel);
    leftLayout->addLayout(runRow);
    m_eta = new QLabel(tr("Open a model, then Run."));
    m_eta->setWordWrap(true);
    leftLayout->addWidget(m_eta);
    split->addWidget(left);

    m_tabs = new QTabWidget;
    m_curve = new views::AblationCurve;
    m_curveTab = m_curve;
    m_mapTab = new QWidget;
    auto* mapLayout = new QVBoxLayout(m_mapTab);
    mapLayout->setContentsMargins(0, 0, 0, 0);
    auto* condRow = new QHBoxLayout;
    m_condition = new QComboBox;
    auto* condLabel = new QLabel(tr("C&ondition:"));
    condLabel->setBuddy(m_condition);
    condRow->addWidget(condLabel);
    condRow->addWidget(m_condition, 1);
    mapLayout->addLayout(condRow);
    m_map = new views::RetrievalMap;
    mapLayout->addWidget(m_map, 1);
    m_output = new QLabel(tr("Click a cell to open its prompt, the model's answer and its attention."));
    m_output->setWordWrap(true);
    m_output->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mapLayout->addWidget(m_output);
    m_table = new views::ResultsTable;
    auto* tableTab = new QWidget;
    auto* tableLayout = new QVBoxLayout(tableTab);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addWidget(m_table, 1);
    auto* copy = new QPushButton(tr("&Copy table"));
    copy->setToolTip(tr("Copies the table (or the selected cells) as tab-separated text for a spreadsheet"));
    auto* copyRow = new QHBoxLayout;
    copyRow->addStretch();
    copyRow->addWidget(copy);
    tableLayout->addLayout(copyRow);
    m_tabs->addTab(m_curveTab, tr("Curve"));
    m_tabs->addTab(m_mapTab, tr("Retrieval map"));
    m_tabs->addTab(tableTab, tr("Table"));
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

    connect(copy, &QPushButton::clicked, m_table, &views::ResultsTable::copy);
    connect(m_run, &QPushButton::clicked, this, &ExperimentPanel::run);
    connect(m_cancel, &QPushButton::clicked, this, &ExperimentPanel::cancel);
    connect(openSpec, &QPushButton::clicked, this, [this] {
        const QString p = QFileDialog::getOpenFileName(this, tr("Open experiment spec"), QString(), tr("Experiment specs (*.json)"));
        QString error;
        if (!p.isEmpty() && !openSpecFile(p, &error)) showError(error);
    });
    connect(openResult, &QPushButton::clicked, this, [this] {
        const QString p = QFileDialog::getOpenFileName(this, tr("Open experiment result"), QString(), tr("Results (result.json *.json)"));
        QString error;
        if (!p.isEmpty() && !openResultFile(p, &error)) showError(error);
    });
    connect(m_map, &views::RetrievalMap::cellClicked, this, &ExperimentPanel::onCellClicked);
    connect(m_condition, &QComboBox::currentTextChanged, this, [this](const QString& c) {
        if (!m_result.is_null() && !c.isEmpty()) m_map->setGrid(retrievalGrid(m_result, c));
    });
    connect(m_runner, &ExperimentRunner::progress, this, &ExperimentPanel::onProgress);
    connect(m_runner, &ExperimentRunner::started, this, [this] { m_run->setEnabled(false); });
    connect(m_runner, &ExperimentRunner::finished, this, [this](const QString& path) {
        if (!m_ownsRun) return m_run->setEnabled(true);
        setRunning(false);
        m_progress->setRange(0, 1);
        m_progress->setValue(1);  // also for runs without per-sample progress (memory table)
        QString error;
        if (!openResultFile(path, &error)) showError(error);
        m_eta->setText(tr("Finished: %1").arg(QDir::toNativeSeparators(path)));
        Q_EMIT resultFileWritten(path);
    });
    connect(m_runner, &ExperimentRunner::cancelled, this, [this](const QString& path) {
        if (!m_ownsRun) return m_run->setEnabled(true);
        setRunning(false);
        m_eta->setText(tr("Cancelled. Finished samples are saved in %1; Run again with the same folder to resume.")
                           .arg(QDir::toNativeSeparators(QFileInfo(path).absolutePath())));
    });
    connect(m_runner, &ExperimentRunner::failed, this, [this](const QString& message) {
        if (!m_ownsRun) return m_run->setEnabled(true);
        setRunning(false);
        m_eta->setText(tr("The experiment failed."));
        showError(message);
    });
    m_tabs->setTabVisible(0, false);
    m_tabs->setTabVisible(1, false);
    regenerateSpec();
}

QString ExperimentPanel::title() const {
    if (m_kind == QLatin1String("head_ranking")) return tr("Head ranking");
    if (m_kind == QLatin1String("cumulative_removal")) return tr("Cumulative removal");
    if (m_kind == QLatin1String("layer_pruning")) return tr("Layer pruning");
    if (m_kind == QLatin1String("sparsification")) return tr("Sparsification");
    if (m_kind == QLatin1String("niah")) return tr("Needle in a haystack");
    if (m_kind == QLatin1String("manipulation_grid")) return tr("Manipulation grid");
    if (m_kind == QLatin1String("gna_masks")) return tr("G&&A masks (MMLU)");  // a tab and menu text: && is one &
    if (m_kind == QLatin1String("memory_table")) return tr("Memory table");
    return m_kind;
}

void ExperimentPanel::setModelDir(const QString& dir) {
    m_modelDir = dir;
    if (!m_running) m_eta->setText(dir.isEmpty() ? tr("Open a model, then Run.") : tr("Ready: %1").arg(QDir::toNativeSeparators(dir)));
}

void ExperimentPanel::setRanking(const QString& resultOrHeads) { m_ranking->setText(resultOrHeads); }
QString ExperimentPanel::ranking() const { return m_ranking->text(); }

void ExperimentPanel::setOutputDir(const QString& dir) { m_out->setPlaceholderText(QDir::toNativeSeparators(dir)); }

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
    const bool choiceTask = k == QLatin1String("head_ranking") || k == QLatin1String("cumulative_removal") ||
                            k == QLatin1String("layer_pruning") || k == QLatin1String("sparsification");
    const bool niah = k == QLatin1String("niah") || k == QLatin1String("manipulation_grid");
    m_task = new QComboBox;
    m_task->addItem(tr("KV-retrieval"), QStringLiteral("kv_retrieval"));
    m_task->addItem(tr("MMLU (bundled sample)"), QStringLiteral("mmlu"));
    m_task->addItem(tr("Knowledge multiple choice"), QStringLiteral("knowledge"));
    if (k == QLatin1String("cumulative_removal") || k == QLatin1String("layer_pruning"))
        m_task->addItem(tr("All three tasks"), QStringLiteral("all"));
    const bool niahTask = k == QLatin1String("sparsification");  // thesis Figure 3.2 is on NIAH
    if (niahTask) m_task->addItem(tr("Needle in a haystack"), QStringLiteral("niah"));
    connect(m_task, &QComboBox::currentIndexChanged, this, &ExperimentPanel::regenerateSpec);
    m_sizes = line(QStringLiteral("10, 20, 30"), tr("Dictionary sizes (keys per prompt)"));
    m_samples = spin(1, 1000, 10);
    m_limit = spin(0, 100000, 5);
    m_limit->setSpecialValueText(tr("all"));
    m_lengths = line(k == QLatin1String("memory_table") ? QStringLiteral("128, 2048, 4096") : QString(),
                     tr("Context lengths in tokens; empty = 250 to 4096 in 10 steps"));
    m_depths = line(QString(), tr("Needle depths in percent; empty = 0 to 100 in 10 steps"));
    m_generate = spin(1, 512, 40);
    m_heads = line(QString(), tr("Heads as L17.H24, separated by commas; empty = every attention head"));
    m_gather = line(QStringLiteral("L0.H0"), tr("Gather heads, e.g. L16.H22"));
    m_aggregate = line(QStringLiteral("L1.H0"), tr("Aggregate heads, e.g. L17.H24"));
    m_ranking = line(QString(), tr("A head_ranking result.json, or heads as L3.H1, L2.H0, …"));
    m_steps = line(QString(), tr("Numbers of heads removed, e.g. 0, 10, 20; empty = every 10"));
    m_mode = new QComboBox;
    m_mode->addItem(tr("Both"), QStringLiteral("both"));
    m_mode->addItem(tr("Gradual (from the end)"), QStringLiteral("gradual"));
    m_mode->addItem(tr("Individual (one layer at a time)"), QStringLiteral("individual"));
    connect(m_mode, &QComboBox::currentIndexChanged, this, &ExperimentPanel::regenerateSpec);
    m_k = line(QString(), tr("Values of k; empty = 0 to the number of heads"));
    m_stages = new QComboBox;
    m_stages->addItem(tr("Both"), QStringLiteral("both"));
    m_stages->addItem(tr("Generation only"), QStringLiteral("generation"));
    m_stages->addItem(tr("Prefill and generation"), QStringLiteral("prefill"));
    connect(m_stages, &QComboBox::currentIndexChanged, this, &ExperimentPanel::regenerateSpec);
    const std::pair<QWidget*, const char*> names[] = {
        {m_task, "task"},      {m_sizes, "sizes"},     {m_samples, "samples_per_size"}, {m_limit, "limit"},
        {m_lengths, "lengths"}, {m_depths, "depths"},  {m_generate, "generate"},        {m_heads, "heads"},
        {m_gather, "gather"},  {m_aggregate, "aggregate"}, {m_ranking, "ranking"},      {m_steps, "steps"},
        {m_mode, "mode"},      {m_k, "k"},             {m_stages, "stages"}};
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

gna::Json ExperimentPanel::spec() const {
    const gna::Json j = gna::parse_json_relaxed(m_spec->toPlainText().toStdString(), tr("the spec editor").toStdString());
    gna::validate_experiment_spec(j, tr("the spec editor").toStdString());
    return j;
}

void ExperimentPanel::setSpecText(const QString& json) { m_spec->setPlainText(json); }

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
                                                      m_gather, m_aggregate, m_ranking, m_steps, m_mode, m_k, m_stages})
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
}

bool ExperimentPanel::openSpecFile(const QString& path, QString* error) {
    try {
        const gna::Json j = gna::load_experiment_spec(path.toStdString());
        fillForm(gna::parse_experiment_spec(j, path.toStdString()));
        m_updateRows();  // the rows of the task the spec names
        m_spec->setPlainText(QString::fromStdString(j.dump(2)));  // as written: keys the form lacks stay
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
}

bool ExperimentPanel::openResultFile(const QString& path, QString* error) {
    try {
        showResult(gna::read_experiment_result(path.toStdString()));
        m_resultPath = path;
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
}

void ExperimentPanel::showResult(const gna::Json& result) {
    m_result = result;
    m_resultPath.clear();
    if (hasCurves(result)) {
        QString x, y;
        const QList<views::CurveSeries> s = resultCurves(result, &x, &y);
        m_curve->setSeries(s, x, y);
    }
    m_tabs->setTabVisible(0, hasCurves(result));
    const views::RetrievalGrid grid = retrievalGrid(result);
    m_tabs->setTabVisible(1, grid.isValid());
    if (grid.isValid()) {
        QSignalBlocker block(m_condition);
        m_condition->clear();
        m_condition->addItems(resultConditions(result));
        m_map->setGrid(grid);
    }
    const ResultTableData t = resultTable(result);
    m_table->setTable(t.headers, t.rows);
    // The manipulation grid reads as a table first (thesis Table 6.1); its maps are per condition.
    const bool tableFirst = experimentKind(result) == QLatin1String("manipulation_grid");
    m_tabs->setCurrentIndex(tableFirst ? 2 : hasCurves(result) ? 0 : grid.isValid() ? 1 : 2);
    if (result.contains("aggregates") && result["aggregates"].contains("ranking")) Q_EMIT headImportanceReady(result);
}

void ExperimentPanel::run() {
    if (m_runner->isRunning()) return;
    if (m_modelDir.isEmpty()) return showError(tr("Open a model first (File ▸ Open model)."));
    gna::Json s;
    try {
        s = spec();
    } catch (const std::exception& e) {
        return showError(QString::fromUtf8(e.what()));
    }
    QString out = m_out->text().trimmed();
    if (out.isEmpty())
        out = QDir(m_out->placeholderText()).filePath(m_kind + QDateTime::currentDateTime().toString(QStringLiteral("-yyyyMMdd-HHmmss")));
    m_ownsRun = true;
    setRunning(true);
    m_progress->setRange(0, 0);
    m_eta->setText(tr("Loading the model and preparing the samples…"));
    m_runner->start(m_modelDir, s, out);
}

void ExperimentPanel::cancel() {
    if (m_ownsRun && m_running) {
        m_eta->setText(tr("Cancelling after the current sample…"));
        m_runner->cancel();
    }
}

void ExperimentPanel::setRunning(bool on) {
    m_running = on;
    if (!on) m_ownsRun = false;
    m_run->setEnabled(!on);
    m_cancel->setEnabled(on);
    if (!on && m_progress->maximum() == 0) m_progress->setRange(0, 1);
    Q_EMIT runningChanged(on);
}

void ExperimentPanel::onProgress(int done, int total, double elapsed, double eta, const QString& current) {
    if (!m_ownsRun) return;
    m_progress->setRange(0, std::max(1, total));
    m_progress->setValue(done);
    m_eta->setText(tr("%1 of %2 samples · %3 elapsed · %4 left · %5").arg(done).arg(total).arg(clock(elapsed), clock(eta), current));
}

void ExperimentPanel::onCellClicked(int depthIndex, int lengthIndex) {
    const gna::Json sample = niahSample(m_result, depthIndex, lengthIndex);
    if (sample.is_null()) return;
    const int c = std::max(0, static_cast<int>(resultConditions(m_result).indexOf(m_condition->currentText())));
    QString output;
    if (sample.contains("outputs") && c < static_cast<int>(sample["outputs"].size()))
        output = QString::fromStdString(sample["outputs"][c].get<std::string>());
    const double score = sample["scores"][c].get<double>();
    m_output->setText(tr("%1 tokens, needle at %2%: score %3 — the model answered: “%4”")
                          .arg(sample.value("length", 0)).arg(sample.value("depth", 0.0)).arg(score).arg(output.trimmed()));
    Q_EMIT niahPromptRequested(m_result, sample);
}

void ExperimentPanel::showError(const QString& message) {
    m_lastError = message;
    QString caption = title();
    caption.replace(QStringLiteral("&&"), QStringLiteral("&"));
    auto* box = new QMessageBox(QMessageBox::Warning, caption, message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->open();
}

}  // namespace gna::studio
