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
#include <QScrollArea>
#include <QSplitter>
#include <QTimer>
#include <algorithm>

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

}  // namespace

QString ExperimentPanel::kindOfSpec(const gna::Json& spec) {
    if (!spec.is_object() || !spec.contains("experiment") || !spec["experiment"].is_string()) return {};
    const QString kind = QString::fromStdString(spec["experiment"].get<std::string>());
    if (kind != QLatin1String("evaluate")) return kind;
    const gna::Json tasks = spec.contains("tasks") ? spec["tasks"] : gna::Json::array({spec.value("task", gna::Json::object())});
    const bool niah = tasks.is_array() && tasks.size() == 1 && tasks[0].is_object() && tasks[0].value("name", gna::Json()) == "niah";
    return niah ? QStringLiteral("niah") : kind;
}

gna::Json ExperimentPanel::spec() const {
    const gna::Json j = gna::parse_json_relaxed(m_spec->toPlainText().toStdString(), tr("the spec editor").toStdString());
    gna::validate_experiment_spec(j, tr("the spec editor").toStdString());
    return j;
}

void ExperimentPanel::setSpecText(const QString& json) { m_spec->setPlainText(json); }

void ExperimentPanel::formChanged() {
    // A spec text the form does not show (invalid, another kind, values it has no field for) is
    // never overwritten from the form: the form is greyed out then, and a program's change waits.
    if (m_syncing || !m_spec || !m_specProblem.isEmpty() || !m_formShowsSpec) return;
    gna::Json base = gna::Json::object();  // the first spec: the form's defaults
    if (!m_spec->toPlainText().trimmed().isEmpty()) base = gna::parse_json_relaxed(m_spec->toPlainText().toStdString(), editorOrigin());
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
        const gna::Json j = gna::parse_json_relaxed(m_spec->toPlainText().toStdString(), tr("the spec editor").toStdString());
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
    QString note;
    if (!specProblem().isEmpty())
        note = tr("⚠ Run waits for a valid spec: %1").arg(specProblem());
    else if (!m_formShowsSpec)
        note = tr("The form cannot show every value of this spec, so it is greyed out: edit the spec here (Run runs it as written).");
    m_specNoteText = note;
    m_specNote->setToolTip(note);
    m_specNote->setVisible(!note.isEmpty());
    elideSpecNote();
}

// One line under the editor, elided to its width (the whole text in the tool tip and in
// specProblem()): a wrapped note was laid over the editor when the pane was short.
void ExperimentPanel::elideSpecNote() {
    m_specNote->setText(m_specNote->fontMetrics().elidedText(m_specNoteText, Qt::ElideRight, std::max(40, m_specNote->width())));
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
        int bottom = 0;
        for (const auto role : {QFormLayout::LabelRole, QFormLayout::FieldRole})
            if (const QLayoutItem* item = form->itemAt(row, role); item && !item->isEmpty())
                bottom = std::max(bottom, m_formBox->mapTo(split->widget(0), item->geometry().bottomLeft()).y() + 1);
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
    if (event->type() == QEvent::Resize && qobject_cast<QScrollArea*>(watched) && watched->objectName() == QLatin1String("formScroll"))
        QTimer::singleShot(0, this, &ExperimentPanel::snapFormPane);
    return QWidget::eventFilter(watched, event);
}

QString ExperimentPanel::kindProblem(const QString& kind) const {
    if (kind == m_kind) return {};
    if (kind == QLatin1String("evaluate"))
        return tr("This tab runs needle-in-a-haystack maps (evaluate on the niah task alone); an evaluate spec of other tasks runs "
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
    }
    m_spec->setPlainText(QString::fromStdString(gna::spec_text(result.spec)));
}

void ExperimentPanel::chooseFile(bool isResult) {
    const QString p = isResult ? QFileDialog::getOpenFileName(this, tr("Open experiment result"), QString(), tr("Results (result.json *.json)"))
                               : QFileDialog::getOpenFileName(this, tr("Open experiment spec"), QString(), tr("Experiment specs (*.json)"));
    if (p.isEmpty()) return;
    // A file of another kind opens in its own tab (the dock listens); a panel on its own says what it is.
    QString kind;
    try {
        kind = kindOfSpec(isResult ? gna::read_experiment_result(p.toStdString()).spec : gna::read_json_file(p.toStdString()));
    } catch (const std::exception&) {
    }
    const bool elsewhere = !kind.isEmpty() && kind != m_kind && isSignalConnected(QMetaMethod::fromSignal(&ExperimentPanel::fileOfAnotherKind));
    if (elsewhere) return Q_EMIT fileOfAnotherKind(p, isResult);
    QString error;
    if (!(isResult ? openResultFile(p, &error) : openSpecFile(p, &error))) showError(error);
}

}  // namespace gna::studio
