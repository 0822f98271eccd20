// ExperimentPanel: the spec editor and the form as one experiment. The spec text is what runs; a
// form field rewrites the spec's keys it owns (the others stay as written); an edited, opened or
// result's spec fills the form. When the text is not a valid spec of this panel's kind, or holds a
// value the form cannot show, the form is greyed out and a note under the editor says why; Run
// waits for a valid spec. While this panel's experiment runs, both are read-only.
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QMetaMethod>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTimer>
#include <algorithm>
#include <vector>

#include "core_errors.h"
#include "experiment_panel.h"
#include "experiment_runner.h"
#include "gna/error.h"
#include "gna/experiment_spec.h"
#include "gna/experiments.h"
#include "gna/spec_text.h"
#include "theme.h"

namespace gna::studio {

namespace {

const std::string& editorOrigin() {
    static const std::string origin = "the spec editor";
    return origin;
}

// Two specs run the same experiment: equal once defaults are written out.
bool sameExperiment(const gna::Json& a, const gna::Json& b) {
    try {
        return gna::to_json(gna::parse_experiment_spec(a)) == gna::to_json(gna::parse_experiment_spec(b));
    } catch (const std::exception&) {
        return false;
    }
}

// A form row's rectangle (its label and its field; empty when hidden) in the form's widget.
QRect formRowRect(const QFormLayout* form, int row) {
    QRect r;
    for (const auto role : {QFormLayout::LabelRole, QFormLayout::FieldRole})
        if (const QLayoutItem* item = form->itemAt(row, role); item && !item->isEmpty()) r |= item->geometry();
    return r;
}

}  // namespace

QString ExperimentPanel::kindOfSpec(const gna::Json& spec) {
    if (!spec.is_object() || !spec.contains("experiment") || !spec["experiment"].is_string()) return {};
    const QString kind = QString::fromStdString(spec["experiment"].get<std::string>());
    if (kind != QLatin1String("evaluate")) return kind;
    const gna::Json tasks =
        spec.contains("tasks") ? spec["tasks"] : gna::Json::array({spec.value("task", gna::Json::object())});
    const bool niah =
        tasks.is_array() && tasks.size() == 1 && tasks[0].is_object() && tasks[0].value("name", gna::Json()) == "niah";
    return niah ? QStringLiteral("niah") : kind;
}

gna::Json ExperimentPanel::spec() const {
    const gna::Json j =
        gna::parse_json_relaxed(m_spec->toPlainText().toStdString(), tr("the spec editor").toStdString());
    gna::validate_experiment_spec(j, tr("the spec editor").toStdString());
    return j;
}

void ExperimentPanel::setSpecText(const QString& json) { m_spec->setPlainText(json); }

void ExperimentPanel::formChanged() {
    // A spec text the form does not show (invalid, another kind, values it has no field for) is
    // never overwritten from the form: the form is greyed out then, and a program's change waits.
    if (m_syncing || !m_spec || !m_specProblem.isEmpty() || !m_formShowsSpec) return;
    gna::Json base = gna::Json::object();  // the first spec: the form's defaults
    if (!m_spec->toPlainText().trimmed().isEmpty())
        base = gna::parse_json_relaxed(m_spec->toPlainText().toStdString(), editorOrigin());
    gna::Json merged;
    try {
        merged = formSpec(base);
    } catch (const std::exception& e) {
        m_formProblem = errorText(e);  // a field that is not a number: the spec waits for it
        return updateState();
    }
    m_formProblem.clear();
    m_syncing = true;
    m_spec->setPlainText(QString::fromStdString(gna::spec_text(merged)));
    m_syncing = false;
    try {
        gna::validate_experiment_spec(merged, tr("the spec editor").toStdString());
    } catch (const std::exception& e) {
        m_formProblem = errorText(e);  // e.g. no dictionary size: form and spec agree, Run waits
    }
    updateState();
}

void ExperimentPanel::specEdited() {
    if (m_syncing) return;
    m_specProblem.clear();
    m_formProblem.clear();
    m_formShowsSpec = false;
    try {
        const gna::Json j =
            gna::parse_json_relaxed(m_spec->toPlainText().toStdString(), tr("the spec editor").toStdString());
        const gna::ExperimentSpec s = gna::parse_experiment_spec(j, tr("the spec editor").toStdString());
        if (const QString problem = kindProblem(kindOfSpec(j)); !problem.isEmpty()) {
            m_specProblem = problem;
        } else {
            m_syncing = true;
            const bool tasksShown = fillForm(s);
            m_syncing = false;
            m_updateRows();
            try {
                m_formShowsSpec = tasksShown && sameExperiment(formSpec(j), j);
            } catch (const std::exception&) {
                m_formShowsSpec = false;
            }
        }
    } catch (const std::exception& e) {
        m_specProblem = errorText(e);
    }
    updateState();
}

void ExperimentPanel::updateState() {
    if (!m_run) return;  // still building
    const bool ownRun = m_running;
    m_run->setEnabled(!m_runner->isRunning() && specProblem().isEmpty());
    m_run->setToolTip(specProblem().isEmpty() ? tr("Runs the spec on the open model") : specProblem());
    m_spec->setReadOnly(ownRun);
    // The form edits the spec only when it shows all of it; a field that is not a number stays editable.
    m_formBox->setEnabled(!ownRun && m_specProblem.isEmpty() && m_formShowsSpec);
    // The problem without the editor's name in front ("the spec editor: "): the note sits under it.
    QString problem = specProblem();
    if (const QString origin = tr("the spec editor") + QStringLiteral(": "); problem.startsWith(origin))
        problem = problem.mid(origin.size());
    QString note;
    if (!problem.isEmpty())
        note = tr("⚠ Run waits for a valid spec: %1").arg(problem);
    else if (!m_formShowsSpec)
        note =
            tr("The form cannot show every value of this spec, so it is greyed out: edit the spec here (Run runs it as "
               "written).");
    m_specNoteText = note;
    m_specNote->setToolTip(note);
    m_specNote->setVisible(!note.isEmpty());
    elideSpecNote();
    // A field the problem names ("ranking" is required) is scrolled into view in the form.
    if (!m_formProblem.isEmpty() && m_specProblem.isEmpty())
        QTimer::singleShot(0, this, &ExperimentPanel::showProblemField);
    updateCostEstimate();  // the spec changed: method, heads wanted, heads, samples
}

// The form field the problem names scrolls into view, its row whole and the rows above it whole (a
// row cut at the top looked like a broken field); the pane then ends under a whole row again.
void ExperimentPanel::showProblemField() {
    auto* scroll = findChild<QScrollArea*>(QStringLiteral("formScroll"));
    const auto* form = m_formBox->findChild<QFormLayout*>();
    if (!scroll || !form) return;
    static const QRegularExpression key(QStringLiteral("\"(\\w+)\""));
    for (auto it = key.globalMatch(m_formProblem); it.hasNext();) {
        const QWidget* w = m_formBox->findChild<QWidget*>(it.next().captured(1));
        if (!w || !w->isVisibleTo(m_formBox)) continue;
        int row = -1;
        for (int r = 0; r < form->rowCount() && row < 0; ++r)
            if (QLayoutItem* item = form->itemAt(r, QFormLayout::FieldRole))
                if (item->widget() == w || (item->layout() && item->layout()->indexOf(w) >= 0)) row = r;
        if (row < 0) continue;
        QScrollBar* bar = scroll->verticalScrollBar();
        std::vector<int> rowTops;
        for (int r = 0; r < form->rowCount(); ++r)
            if (const QRect rr = formRowRect(form, r); !rr.isEmpty()) rowTops.push_back(rr.top());
        const int view = scroll->viewport()->height(), top = formRowRect(form, row).top(),
                  bottom = formRowRect(form, row).bottom() + 1;
        const bool atRowTop =
            bar->value() == 0 || std::any_of(rowTops.begin(), rowTops.end(), [&](int t) { return t == bar->value(); });
        if (top >= bar->value() && bottom <= bar->value() + view && atRowTop) return;  // in sight, the top row whole
        int target = top;
        for (int r = 0; r < row; ++r)
            if (const QRect rr = formRowRect(form, r); !rr.isEmpty() && rr.top() >= bottom - view) {
                target = rr.top();
                break;
            }
        bar->setValue(target);
        QTimer::singleShot(0, this, &ExperimentPanel::snapFormPane);
        return;
    }
}

// Up to kNoteLines wrapped lines under the editor, elided at the end when longer (the whole text in
// the tool tip and in specProblem()); its height is fixed to the lines shown, so that the splitter
// keeps them clear of the editor when the pane is short.
void ExperimentPanel::elideSpecNote() {
    constexpr int kNoteLines = 3;
    const QFontMetrics fm = m_specNote->fontMetrics();
    const int width = std::max(40, m_specNote->contentsRect().width());
    auto height = [&](const QString& t) {
        return fm.boundingRect(QRect(0, 0, width, 1 << 20), Qt::TextWordWrap, t).height();
    };
    QString text = m_specNoteText;
    for (int budget = kNoteLines * width; height(text) > kNoteLines * fm.lineSpacing() && budget > width;
         budget -= width / 4)
        text = fm.elidedText(m_specNoteText, Qt::ElideRight, budget);
    m_specNote->setText(text);
    m_specNote->setFixedHeight(std::max(fm.height(), height(text)) + m_specNote->height() -
                               m_specNote->contentsRect().height());
}

// The form pane's height that shows every row: the rows as laid out now (the same geometry
// snapFormPane ends the pane by); before the first layout, the form's height for the pane's width.
int ExperimentPanel::wholeFormPane() const {
    const auto* scroll = findChild<QScrollArea*>(QStringLiteral("formScroll"));
    const auto* form = m_formBox->findChild<QFormLayout*>();
    if (!scroll) return 0;
    int bottom = 0;
    for (int row = 0; form && row < form->rowCount(); ++row)
        if (const QRect r = formRowRect(form, row); !r.isEmpty()) bottom = std::max(bottom, r.bottom() + 1);
    return bottom > 0 ? bottom + 2 + 2 * scroll->frameWidth()
                      : (m_formBox->hasHeightForWidth() ? m_formBox->heightForWidth(scroll->width())
                                                        : m_formBox->sizeHint().height());
}

int ExperimentPanel::wholeFormHeight() const {
    const auto* left = findChild<QSplitter*>(QStringLiteral("formSpecSplitter"));
    const auto* split = findChild<QSplitter*>(QStringLiteral("formResultsSplitter"));
    const int least = minimumSizeHint().height();
    if (!left || !split || left->count() != 2) return least;
    // The form and the spec editor's minimum need this much beside the results; the panel at its minimum
    // gives them the results' minimum height.
    const int column = wholeFormPane() + left->handleWidth() + left->widget(1)->minimumSizeHint().height();
    return least + std::max(0, column - split->minimumSizeHint().height());
}

// The form gets the height of all its rows when the splitter has room for them beside the spec
// editor's minimum (five lines, its label and the note); the editor takes the rest.
void ExperimentPanel::fitFormPane() {
    auto* split = findChild<QSplitter*>(QStringLiteral("formSpecSplitter"));
    auto* scroll = findChild<QScrollArea*>(QStringLiteral("formScroll"));
    if (!split || !scroll || split->count() != 2 || !split->isVisible()) return;
    const QList<int> sizes = split->sizes();
    const int total = sizes.value(0) + sizes.value(1);
    if (total <= 0) return;
    const auto* form = m_formBox->findChild<QFormLayout*>();
    const int need = wholeFormPane();
    const int room = total - split->widget(1)->minimumSizeHint().height();
    int pane = need;
    if (need > room) {  // the rows that fit, whole (as snapFormPane ends the pane), from the first one in sight
        const int value = scroll->verticalScrollBar()->value();
        pane = 0;
        for (int row = 0; form && row < form->rowCount(); ++row)
            if (const QRect r = formRowRect(form, row); !r.isEmpty() && r.bottom() + 1 - value + 2 <= room)
                pane = std::max(pane, r.bottom() + 1 - value + 2);
        if (pane <= 0) pane = room;
    }
    pane = std::max(scroll->minimumHeight(), pane);
    if (pane != sizes.value(0)) split->setSizes({pane, total - pane});
    // The field a problem names in sight, the pane ending under a whole row: now, and once laid out.
    auto settle = [this] {
        if (!m_formProblem.isEmpty() && m_specProblem.isEmpty()) showProblemField();
        snapFormPane();
    };
    settle();
    QTimer::singleShot(0, this, settle);
}

// A form taller than its pane shows whole rows: the pane ends under the last row that fits, and the
// spec editor below gets the rest (a row cut in half at the bottom looked like a broken field).
void ExperimentPanel::snapFormPane() {
    auto* split = findChild<QSplitter*>(QStringLiteral("formSpecSplitter"));
    const auto* form = m_formBox->findChild<QFormLayout*>();
    if (!split || !form || split->count() != 2) return;
    const int pane = split->widget(0)->height();
    int fits = 0, last = 0;
    for (int row = 0; row < form->rowCount(); ++row) {
        const QRect r = formRowRect(form, row);
        if (r.isEmpty()) continue;
        const int bottom = m_formBox->mapTo(split->widget(0), r.bottomLeft()).y() + 1;
        if (bottom <= pane) fits = std::max(fits, bottom);
        last = std::max(last, bottom);
    }
    if (last <= pane) return;  // all of it fits
    const QList<int> sizes = split->sizes();
    const int rest = sizes.value(0) + sizes.value(1) - fits - 2;
    if (fits > 0 && fits + 2 < pane && rest >= split->widget(1)->minimumSizeHint().height())
        split->setSizes({fits + 2, rest});
}

bool ExperimentPanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_specNote && event->type() == QEvent::Resize) elideSpecNote();
    if (watched == m_cost && event->type() == QEvent::Resize) elideCost();
    // the splitter shown (resized: its resizeEvent), or the form's rows changed (shown, hidden, another language): the pane follows
    if ((event->type() == QEvent::Show && watched->objectName() == QLatin1String("formSpecSplitter")) ||
        (event->type() == QEvent::LayoutRequest && watched == m_formBox))
        QTimer::singleShot(0, this, &ExperimentPanel::fitFormPane);
    if (event->type() == QEvent::Resize && qobject_cast<QScrollArea*>(watched) &&
        watched->objectName() == QLatin1String("formScroll"))
        QTimer::singleShot(0, this, &ExperimentPanel::snapFormPane);
    return QWidget::eventFilter(watched, event);
}

QString ExperimentPanel::kindProblem(const QString& kind) const {
    if (kind == m_kind) return {};
    if (kind == QLatin1String("evaluate"))
        return tr(
            "This tab runs needle-in-a-haystack maps (evaluate on the niah task alone); an evaluate spec of other "
            "tasks runs "
            "with gna experiment.");
    const QString tab = mnemonicFree(titleOf(kind));
    return tr("This is a %1 spec: open it in the %2 tab (this tab runs %3 specs).").arg(kind, tab, m_kind);
}

bool ExperimentPanel::openSpecFile(const QString& path, QString* error) {
    try {
        const gna::Json j = gna::load_experiment_spec(path.toStdString());
        if (const QString problem = kindProblem(kindOfSpec(j)); !problem.isEmpty()) {
            if (error) *error = QDir::toNativeSeparators(path) + QStringLiteral(": ") + problem;
            return false;
        }
        // as written (its own text: comments, key order and keys the form lacks stay); the form follows
        m_spec->setPlainText(QString::fromStdString(gna::read_text_file(path.toStdString())));
        return true;
    } catch (const std::exception& e) {
        if (error) *error = errorText(e);
        return false;
    }
}

void ExperimentPanel::showResultSpec(const gna::ExperimentResult& result) {
    if (!result.spec.is_object()) return;
    try {
        if (sameExperiment(spec(), result.spec)) return;  // the spec that ran stays as the user wrote it
    } catch (const std::exception&) {
        // the editor's text is no valid spec (specProblem() says why): the spec that ran replaces it
    }
    m_spec->setPlainText(QString::fromStdString(gna::spec_text(result.spec)));
}

void ExperimentPanel::chooseFile(bool isResult) {
    const QString p = isResult
        ? QFileDialog::getOpenFileName(this, tr("Open experiment result"), QString(),
                                       tr("Results (result.json *.json)"))
        : QFileDialog::getOpenFileName(this, tr("Open experiment spec"), QString(), tr("Experiment specs (*.json)"));
    if (p.isEmpty()) return;
    // A file of another kind opens in its own tab (the dock listens); a panel on its own says what it is.
    QString kind;
    try {
        kind = kindOfSpec(isResult ? gna::read_experiment_result(p.toStdString()).spec
                                   : gna::read_json_file(p.toStdString()));
    } catch (const std::exception&) {
        // unreadable: it opens here, and openResultFile / openSpecFile below say what is wrong with it
    }
    const bool elsewhere = !kind.isEmpty() && kind != m_kind &&
        isSignalConnected(QMetaMethod::fromSignal(&ExperimentPanel::fileOfAnotherKind));
    if (elsewhere) return Q_EMIT fileOfAnotherKind(p, isResult);
    QString error;
    if (!(isResult ? openResultFile(p, &error) : openSpecFile(p, &error))) showError(error);
}

}  // namespace gna::studio
