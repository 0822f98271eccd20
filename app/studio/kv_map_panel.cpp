#include "kv_map_panel.h"

#include "language.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "core_errors.h"
#include "figure_export.h"
#include "gna/error.h"
#include "gna/model.h"
#include "retrieval_map.h"
#include "run_job.h"
#include "session.h"
#include "studio_settings.h"
#include "tour_steps.h"
#include "workspace.h"

namespace gna::studio {

namespace {

// "4, 8, 12" -> numbers; false and the offending item when one is not a number.
template <class T>
bool parseList(const QString& text, std::vector<T>* out, QString* bad) {
    out->clear();
    for (const QString& item : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const double v = item.trimmed().toDouble(&ok);
        if (!ok) {
            *bad = item.trimmed();
            return false;
        }
        out->push_back(static_cast<T>(v));
    }
    return true;
}

}  // namespace

KvMapPanel::KvMapPanel(Session* session, QWidget* parent) : QWidget(parent), m_session(session) {
    const gna::KvMapOptions defaults;
    auto join = [](const auto& v) {
        QStringList s;
        for (auto x : v) s << QString::number(x);
        return s.join(QStringLiteral(", "));
    };
    m_sizes = new QLineEdit(join(defaults.sizes));
    m_sizes->setToolTip(tr("Dictionary sizes (key:value lines), comma-separated, 1 to 100"));
    m_depths = new QLineEdit(join(defaults.depths));
    m_depths->setToolTip(
        tr("Where the asked key stands in the dictionary, in percent: 0 = first line, 100 = last line"));
    m_samples = new QSpinBox;
    m_samples->setRange(1, 100);
    m_samples->setValue(defaults.samples_per_cell);
    m_heads = new QLineEdit;
    m_heads->setPlaceholderText(tr("e.g. L2.H2, L1.H3 (SSM heads: L1.S2)"));
    m_value = new QComboBox;
    m_value->addItem(tr("Accuracy"));
    m_value->addItem(tr("Probability of the right value"));
    m_run = new QPushButton(tr("&Compare all heads with these heads off"));
    m_cancel = new QPushButton(tr("Cancel"));
    m_export = new QPushButton(tr("Export fi&gure set…"));
    m_progress = new QProgressBar;
    m_progress->setVisible(false);
    m_status = new QLabel(tr("Open a model to draw its KV-retrieval map."));
    m_status->setWordWrap(true);
    m_all = new views::RetrievalMap;
    m_off = new views::RetrievalMap;

    auto* form = new QFormLayout;
    form->addRow(tr("Dictionary &sizes:"), m_sizes);
    form->addRow(tr("&Depths of the asked key (%):"), m_depths);
    form->addRow(tr("Sa&mples per cell:"), m_samples);
    form->addRow(tr("He&ads off:"), m_heads);
    form->addRow(tr("Co&lour:"), m_value);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_progress, 1);
    buttons->addWidget(m_export);
    auto* maps = new QHBoxLayout;
    maps->addWidget(m_all, 1);
    maps->addWidget(m_off, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addLayout(maps, 1);
    layout->addWidget(m_status);
    setRunning(false);
    m_run->setEnabled(false);
    m_export->setEnabled(false);

    connect(m_run, &QPushButton::clicked, this, &KvMapPanel::run);
    connect(m_cancel, &QPushButton::clicked, this, &KvMapPanel::cancel);
    connect(m_value, &QComboBox::currentIndexChanged, this, [this](int) { showMaps(); });
    connect(m_export, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Export the KV-retrieval maps into folder"));
        if (dir.isEmpty()) return;
        QString error;
        const QStringList files = exportFigures(dir, &error);
        m_status->setText(error.isEmpty() ? tr("Wrote %n file(s)", nullptr, static_cast<int>(files.size())) : error);
    });
    connect(m_session, &Session::modelLoaded, this, &KvMapPanel::onModelLoaded);
    connect(m_session, &Session::modelLoadStarted, this, &KvMapPanel::cancel);  // a map of the old model is not wanted
}

QString KvMapPanel::status() const { return m_status->text(); }

void KvMapPanel::setNoModelMessage(const QString& message) {
    if (m_session->hasModel()) return;
    m_all->setEmptyMessage(message);
    m_off->setEmptyMessage(message);
}

void KvMapPanel::onModelLoaded() {
    // A field the user left alone follows the model: its card's retrieval heads (the demos).
    QStringList names;
    for (const views::HeadCell& c : tour::cardRetrievalHeads(m_session->modelPath())) names << c.name();
    const QString heads = names.join(QStringLiteral(", "));
    if (m_heads->text() == m_defaultHeads) m_heads->setText(heads);
    m_defaultHeads = heads;
    m_maps.clear();
    for (views::RetrievalMap* map : {m_all, m_off})
        map->setEmptyMessage(tr("Click “%1” to fill this map").arg(shownText(m_run->text())));
    showMaps();
    m_run->setEnabled(true);
    m_status->setText(
        tr("Each cell asks the key at that depth of the same dictionaries, scored as the KV-retrieval "
           "task scores (each value of the dictionary as a continuation)."));
}

void KvMapPanel::setRunning(bool running) {
    m_run->setEnabled(!running && m_session->hasModel());
    m_cancel->setEnabled(running);
    m_progress->setVisible(running);
}

void KvMapPanel::cancel() {
    if (m_cancelFlag) m_cancelFlag->store(true);
}

void KvMapPanel::run() {
    const gna::ModelInfo* info = m_session->modelInfo();
    if (!info) return m_status->setText(tr("Open a model first."));
    gna::KvMapOptions opt;
    QString bad;
    if (!parseList(m_sizes->text(), &opt.sizes, &bad))
        return m_status->setText(
            tr("Dictionary sizes: '%1' is not a number; give whole numbers such as 4, 8, 16.").arg(bad));
    if (!parseList(m_depths->text(), &opt.depths, &bad))
        return m_status->setText(tr("Depths: '%1' is not a number; give percentages such as 0, 50, 100.").arg(bad));
    opt.samples_per_cell = m_samples->value();
    views::HeadCells off;
    for (const QString& name : m_heads->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        views::HeadCell c;
        if (!parseHeadName(name.trimmed(), &c) || !headExists(*info, c))
            return m_status->setText(tr("Heads off: '%1' is not a head of this model; write L<layer>.H<head> for "
                                        "attention heads, L<layer>.S<head> for SSM heads.")
                                         .arg(name.trimmed()));
        off << c;
    }
    if (off.isEmpty())
        return m_status->setText(tr("Heads off: name the heads to switch off, e.g. the Gather and Aggregate heads."));
    QStringList names;
    for (const auto& c : off) names << c.name();
    const QString offNames = names.join(QStringLiteral(", "));

    auto result = std::make_shared<std::vector<gna::KvMap>>();
    auto error = std::make_shared<QString>();
    auto cancelled = std::make_shared<bool>(false);
    m_cancelFlag = std::make_shared<std::atomic<bool>>(false);
    const auto flag = m_cancelFlag;
    const std::vector<gna::InterventionPlan> plans{gna::InterventionPlan{}, planFor(off)};
    QPointer<KvMapPanel> self(this);
    m_progress->setRange(0, static_cast<int>(opt.sizes.size() * opt.depths.size()));
    m_progress->setValue(0);
    setRunning(true);
    m_status->setText(tr("Computing the KV-retrieval map with all heads and with %1 off…").arg(offNames));
    const bool queued = m_session->runOnModel(
        [result, error, cancelled, flag, opt, plans, self](gna::Model& m) {
            try {
                *result = gna::kv_retrieval_map(
                    m, opt, plans,
                    [self](int done, int) {
                        QMetaObject::invokeMethod(
                            self,
                            [self, done] {
                                if (self) self->m_progress->setValue(done);
                            },
                            Qt::QueuedConnection);
                    },
                    flag.get());
            } catch (const gna::Cancelled&) {
                *cancelled = true;
            } catch (const std::exception& e) {
                *error = errorText(e);
            }
        },
        [self, result, error, cancelled, offNames] {
            if (!self) return;
            self->setRunning(false);
            if (*cancelled)
                self->m_status->setText(tr("Cancelled; the maps show the last finished run."));
            else if (!error->isEmpty())
                self->m_status->setText(*error);
            else {
                self->m_maps = *result;
                self->m_offNames = offNames;
                self->showMaps();
                self->m_status->setText(
                    tr("Left: every head on. Right: %1 off. Hover a cell for its value.").arg(offNames));
            }
            Q_EMIT self->finished();
        },
        [self] {  // another model was opened before it started
            if (!self) return;
            self->setRunning(false);
            Q_EMIT self->finished();
        });
    if (!queued) {
        setRunning(false);
        m_status->setText(tr("Open a model first."));
    }
}

void KvMapPanel::showMaps() {
    m_export->setEnabled(m_maps.size() == 2);
    const bool accuracy = m_value->currentIndex() == 0;
    auto grid = [accuracy](const gna::KvMap& map, const QString& title) {
        views::RetrievalGrid g;
        g.kind = accuracy ? views::RetrievalGrid::Kind::KvAccuracy : views::RetrievalGrid::Kind::KvProbability;
        g.contextLengths = map.sizes;
        g.depths = map.depths;
        for (const gna::KvMapCell& c : map.cells) g.scores.push_back(accuracy ? c.accuracy : c.probability);
        g.maxScore = 1.0;
        g.title = title;
        return g;
    };
    if (m_maps.size() != 2) {
        m_all->setGrid({});
        m_off->setGrid({});
        return;
    }
    m_all->setGrid(grid(m_maps[0], tr("All heads")));
    m_off->setGrid(grid(m_maps[1], tr("%1 off").arg(m_offNames)));
}

QStringList KvMapPanel::exportFigures(const QString& dir, QString* error) {
    if (m_maps.size() != 2) {
        if (error) *error = tr("Compute the maps first.");
        return {};
    }
    views::FigureOptions options;
    options.paperColours = StudioSettings().paperColours();  // as last chosen in the Export figure dialog
    return views::exportFigureSet(
        {{QStringLiteral("kv_map_all_heads"), m_all->plot()}, {QStringLiteral("kv_map_heads_off"), m_off->plot()}}, dir,
        {views::FigureFormat::PDF, views::FigureFormat::SVG, views::FigureFormat::PNG, views::FigureFormat::CSV},
        options, error);
}

}  // namespace gna::studio
