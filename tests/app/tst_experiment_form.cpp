// The experiment form and the spec editor are one experiment, in the real MainWindow with a tiny
// Llama, driven by typing and clicks: a spec typed into the editor fills the form, a value typed into
// the form rewrites the spec (keys the form does not show stay), an invalid or foreign spec greys the
// form out and holds Run back, Run runs what both show (read back from the result file), opening a
// result puts its spec in both, and switching the model leaves them agreeing. What the form shows
// is compared with the editor's JSON read here with QJsonDocument, not by the panel's own parser.
#include <QComboBox>
#include <QDir>
#include <QFormLayout>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "app_test_util.h"
#include "gna/model.h"
#include "layout_checks.h"
#include "mask_panel.h"
#include "experiment_dock.h"
#include "experiment_panel.h"
#include "experiment_runner.h"
#include "main_window.h"
#include "session.h"
#include "gui_test_main.h"
#include "layout_wait.h"

using namespace gna::studio;

namespace {

QString listText(const QJsonArray& a) {
    QStringList parts;
    for (const QJsonValue& v : a) parts << (v.isString() ? v.toString() : QString::number(v.toDouble()));
    return parts.join(QStringLiteral(", "));
}

QJsonObject editorJson(ExperimentPanel* p) {
    return QJsonDocument::fromJson(p->specEditor()->toPlainText().toUtf8()).object();
}

template <typename T>
T* field(ExperimentPanel* p, const char* name) {
    T* w = p->findChild<T*>(QLatin1String(name));
    if (!w) qFatal("no form field %s", name);
    return w;
}

// Selects a field's text and types `text` over it, as a person does.
void retype(QWidget* w, const QString& text) {
    w->setFocus();
    QTest::keyClick(w, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(w, text);
}

}  // namespace

class TestExperimentForm : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_model;

    // Every value the editor's JSON names, as the form shows it (only keys present in the JSON).
    void expectFormShowsSpec(ExperimentPanel* p) {
        const QJsonObject j = editorJson(p);
        QVERIFY2(!j.isEmpty(), qPrintable(p->specEditor()->toPlainText()));
        const QJsonArray tasks = j.contains(QLatin1String("tasks")) ? j[QLatin1String("tasks")].toArray()
            : j.contains(QLatin1String("task"))                     ? QJsonArray{j[QLatin1String("task")]}
                                                                    : QJsonArray{};
        for (const QJsonValue& v : tasks) {
            const QJsonObject t = v.toObject();
            const QString name = t[QLatin1String("name")].toString();
            if (name == QLatin1String("kv_retrieval")) {
                if (t.contains(QLatin1String("sizes")))
                    QCOMPARE(field<QLineEdit>(p, "sizes")->text(), listText(t[QLatin1String("sizes")].toArray()));
                if (t.contains(QLatin1String("samples_per_size")))
                    QCOMPARE(field<QSpinBox>(p, "samples_per_size")->value(),
                             t[QLatin1String("samples_per_size")].toInt());
            } else if (name == QLatin1String("mmlu")) {
                QCOMPARE(field<QSpinBox>(p, "limit")->value(), t[QLatin1String("limit_per_subject")].toInt(0));
            } else if (name == QLatin1String("niah")) {
                if (t.contains(QLatin1String("lengths")))
                    QCOMPARE(field<QLineEdit>(p, "lengths")->text(), listText(t[QLatin1String("lengths")].toArray()));
                if (t.contains(QLatin1String("depths")))
                    QCOMPARE(field<QLineEdit>(p, "depths")->text(), listText(t[QLatin1String("depths")].toArray()));
                if (t.contains(QLatin1String("generate")))
                    QCOMPARE(field<QSpinBox>(p, "generate")->value(), t[QLatin1String("generate")].toInt());
            }
        }
        for (const char* key : {"heads", "gather", "aggregate", "steps", "k"})
            if (j.contains(QLatin1String(key)))
                QCOMPARE(field<QLineEdit>(p, key)->text(), listText(j[QLatin1String(key)].toArray()));
        for (const char* key : {"metric", "method", "mode"})
            if (j.contains(QLatin1String(key)) && p->findChild<QComboBox*>(QLatin1String(key))->isVisibleTo(p))
                QCOMPARE(field<QComboBox>(p, key)->currentData().toString(), j[QLatin1String(key)].toString());
        if (j[QLatin1String("experiment")].toString() == QLatin1String("memory_table") &&
            j.contains(QLatin1String("lengths")))
            QCOMPARE(field<QLineEdit>(p, "lengths")->text(), listText(j[QLatin1String("lengths")].toArray()));
        if (j.contains(QLatin1String("ranking")) && j[QLatin1String("ranking")].isString())
            QCOMPARE(field<QLineEdit>(p, "ranking")->text(), j[QLatin1String("ranking")].toString());
    }

    // A valid spec of the panel's kind: Run ready; the form enabled and showing it, or greyed out.
    void expectUsable(ExperimentPanel* p, bool formShowsSpec = true) {
        QVERIFY2(p->specProblem().isEmpty(), qPrintable(p->kind() + QStringLiteral(": ") + p->specProblem()));
        QCOMPARE(p->formShowsSpec(), formShowsSpec);
        QCOMPARE(p->form()->isEnabled(), formShowsSpec);
        QVERIFY(p->runButton()->isEnabled());
        if (formShowsSpec) expectFormShowsSpec(p);
    }

private Q_SLOTS:
    void initTestCase() {
        m_model = m_dir.filePath(QStringLiteral("tiny-llama"));
        const QString error = makeTinyCheckpoint(m_model);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    // Typing into the spec editor fills the form; typing into the form rewrites the spec; a broken or
    // foreign spec greys the form out and holds Run back until it is fixed.
    void typedSpecAndTypedFormAgree() {
        MainWindow w;
        QVERIFY(showAndOpenModel(w, 1280, 900, m_model));
        ExperimentPanel* p = w.experiments()->panel(QStringLiteral("head_ranking"));
        w.experiments()->showPanel(p->kind());
        expectUsable(p);  // the form's defaults are the spec
        // An empty results folder: a new folder per run in the user's data folder, said in full under the field.
        const QString data = QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                                 .filePath(QStringLiteral("experiments"));
        QVERIFY2(field<QLineEdit>(p, "out")->toolTip().contains(QDir::toNativeSeparators(data)),
                 qPrintable(field<QLineEdit>(p, "out")->toolTip()));
        const QString hint = field<QLabel>(p, "outHint")->text().remove(QChar(0x200B));
        const QString home = QDir::toNativeSeparators(QDir::homePath());
        QString shown = QDir::toNativeSeparators(data);
        if (shown.startsWith(home)) shown = QStringLiteral("~") + shown.mid(home.size());
        QVERIFY2(hint.contains(shown) && field<QLabel>(p, "outHint")->isVisibleTo(p), qPrintable(hint));

        retype(p->specEditor(),
               QStringLiteral(R"({"experiment": "head_ranking", "task": {"name": "kv_retrieval", "sizes": [12, 24], )"
                              R"("samples_per_size": 40, "seed": 7}, "metric": "logprob"})"));
        expectUsable(p);
        QCOMPARE(field<QLineEdit>(p, "sizes")->text(), QStringLiteral("12, 24"));
        QCOMPARE(field<QSpinBox>(p, "samples_per_size")->value(), 40);
        QCOMPARE(field<QComboBox>(p, "metric")->currentData().toString(), QStringLiteral("logprob"));

        retype(field<QLineEdit>(p, "sizes"), QStringLiteral("7, 9"));
        retype(field<QSpinBox>(p, "samples_per_size"), QStringLiteral("3"));
        expectUsable(p);
        QJsonObject task = editorJson(p)[QLatin1String("task")].toObject();
        QCOMPARE(task[QLatin1String("sizes")].toArray(), (QJsonArray{7, 9}));
        QCOMPARE(task[QLatin1String("samples_per_size")].toInt(), 3);
        QCOMPARE(task[QLatin1String("seed")].toInt(), 7);  // a key the form has no field for stays
        QCOMPARE(editorJson(p)[QLatin1String("metric")].toString(), QStringLiteral("logprob"));

        // A form value that is not a number: Run waits, the note says why; fixing it runs again.
        QTest::keyClicks(field<QLineEdit>(p, "sizes"), QStringLiteral(", x"));
        QVERIFY(!p->runButton()->isEnabled());
        QVERIFY2(p->specProblem().contains(QStringLiteral("'x' is not a number")), qPrintable(p->specProblem()));
        QVERIFY(p->findChild<QLabel*>(QStringLiteral("specNote"))->isVisibleTo(p));
        for (int i = 0; i < 3; ++i) QTest::keyClick(field<QLineEdit>(p, "sizes"), Qt::Key_Backspace);
        expectUsable(p);
        QCOMPARE(editorJson(p)[QLatin1String("task")].toObject()[QLatin1String("sizes")].toArray(), (QJsonArray{7, 9}));

        // A broken spec text: the form is greyed out, Run waits; the closing brace typed back fixes both.
        p->specEditor()->setFocus();
        p->specEditor()->moveCursor(QTextCursor::End);
        QTest::keyClick(p->specEditor(), Qt::Key_Backspace);
        QVERIFY(!p->specProblem().isEmpty());
        QVERIFY(!p->form()->isEnabled());
        QVERIFY(!p->runButton()->isEnabled());
        QTest::keyClicks(p->specEditor(), QStringLiteral("}"));
        expectUsable(p);

        // Another kind's spec in this tab: the note names the tab that runs it.
        retype(p->specEditor(), QStringLiteral(R"({"experiment": "layer_pruning"})"));
        QVERIFY2(p->specProblem().contains(QStringLiteral("Layer pruning")), qPrintable(p->specProblem()));
        QVERIFY(!p->form()->isEnabled());
        QVERIFY(!p->runButton()->isEnabled());

        // Run runs what both show: the values typed into the form, read back from the result file.
        retype(p->specEditor(), QStringLiteral(R"({"experiment": "head_ranking", "metric": "logprob"})"));
        expectUsable(p);
        retype(field<QLineEdit>(p, "sizes"), QStringLiteral("10"));
        retype(field<QSpinBox>(p, "samples_per_size"), QStringLiteral("2"));
        const QString out = m_dir.filePath(QStringLiteral("typed"));
        retype(field<QLineEdit>(p, "out"), out);
        QSignalSpy finished(w.experiments()->runner(), &ExperimentRunner::finished);
        QTest::mouseClick(p->runButton(), Qt::LeftButton);
        QVERIFY(p->specEditor()->isReadOnly());  // nothing changes the running experiment
        QVERIFY(!p->form()->isEnabled());
        QVERIFY2(finished.wait(120000), qPrintable(p->lastError()));
        QFile f(out + QStringLiteral("/result.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject ran = QJsonDocument::fromJson(f.readAll()).object()[QLatin1String("spec")].toObject();
        QCOMPARE(ran[QLatin1String("task")].toObject()[QLatin1String("sizes")].toArray(), (QJsonArray{10}));
        QCOMPARE(ran[QLatin1String("task")].toObject()[QLatin1String("samples_per_size")].toInt(), 2);
        QCOMPARE(ran[QLatin1String("metric")].toString(), QStringLiteral("logprob"));
        expectUsable(p);
        QVERIFY(!p->specEditor()->isReadOnly());

        // Opening a result puts its spec in the editor and the form (over what was typed since).
        retype(field<QLineEdit>(p, "sizes"), QStringLiteral("5"));
        QString error;
        QVERIFY2(w.experiments()->openResult(out + QStringLiteral("/result.json"), &error), qPrintable(error));
        expectUsable(p);
        QCOMPARE(field<QLineEdit>(p, "sizes")->text(), QStringLiteral("10"));
        QCOMPARE(field<QSpinBox>(p, "samples_per_size")->value(), 2);

        // Switching the model leaves every panel's form and spec agreeing.
        QSignalSpy loaded(w.session(), &Session::modelLoaded);
        w.openModel(QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/transformer"));
        QVERIFY(loaded.wait(60000));
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
        for (ExperimentPanel* q : w.experiments()->panels()) expectUsable(q);
        QCOMPARE(field<QLineEdit>(p, "sizes")->text(), QStringLiteral("10"));
    }

    // A shipped spec with a task list and keys the form has no field for: the form shows its tasks and
    // values; a value typed into the form keeps every other key of the file. A spec whose values the
    // form cannot show (two limits in one field) greys the form out but runs as written.
    void shippedSpecKeepsWhatTheFormDoesNotShow() {
        MainWindow w;
        QVERIFY(showAndOpenModel(w, 1280, 900, m_model));
        const QString path = QStringLiteral(GNA_SOURCE_DIR "/resources/data/experiments/cumulative_removal.json");
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject file = QJsonDocument::fromJson(f.readAll()).object();
        QString error;
        QVERIFY2(w.experiments()->openSpec(path, &error), qPrintable(error));
        ExperimentPanel* p = w.experiments()->panel(QStringLiteral("cumulative_removal"));
        QCOMPARE(w.experiments()->tabs()->currentWidget(), p);
        expectUsable(p);
        auto* task = field<QComboBox>(p, "task");
        QCOMPARE(task->currentData().toString(), QStringLiteral("kv_retrieval+mmlu"));
        QVERIFY2(task->currentText().contains(QStringLiteral("KV-retrieval")) &&
                     task->currentText().contains(QStringLiteral("MMLU")),
                 qPrintable(task->currentText()));
        retype(field<QSpinBox>(p, "samples_per_size"), QStringLiteral("3"));
        expectUsable(p);
        const QJsonObject now = editorJson(p);
        for (const char* key : {"description", "ranking", "random_seed"})
            QCOMPARE(now[QLatin1String(key)], file[QLatin1String(key)]);
        const QJsonArray tasks = now[QLatin1String("tasks")].toArray();
        QCOMPARE(tasks.size(), 2);
        QCOMPARE(tasks[0].toObject()[QLatin1String("seed")].toInt(), 2);
        QCOMPARE(tasks[0].toObject()[QLatin1String("samples_per_size")].toInt(), 3);
        QCOMPARE(tasks[1].toObject()[QLatin1String("shots")].toInt(), 0);

        retype(p->specEditor(),
               QStringLiteral(R"({"experiment": "cumulative_removal", "ranking": ["L1.H0"], "tasks": [)"
                              R"({"name": "mmlu", "limit_per_subject": 2}, {"name": "knowledge", "limit": 5}]})"));
        expectUsable(p, false);
        QVERIFY(p->findChild<QLabel*>(QStringLiteral("specNote"))->isVisibleTo(p));
        // A program's change to a greyed-out form (a finished head ranking) leaves the spec as written.
        const QString before = p->specEditor()->toPlainText();
        p->setRanking(QStringLiteral("elsewhere/result.json"));
        QCOMPARE(p->specEditor()->toPlainText(), before);

        // A spec file of another kind opened from this tab's button goes to its own tab.
        QVERIFY(
            !p->openSpecFile(QStringLiteral(GNA_SOURCE_DIR "/resources/data/experiments/memory_table.json"), &error));
        QVERIFY2(error.contains(QStringLiteral("Memory table")), qPrintable(error));
        QVERIFY2(w.experiments()->openSpec(
                     QStringLiteral(GNA_SOURCE_DIR "/resources/data/experiments/memory_table.json"), &error),
                 qPrintable(error));
        QCOMPARE(w.experiments()->tabs()->currentWidget(), w.experiments()->panel(QStringLiteral("memory_table")));
        expectUsable(w.experiments()->panel(QStringLiteral("memory_table")));
    }

    // The NIAH tab's spec is evaluate on the niah task.
    void niahTabSaysItIsAnEvaluateSpec() {
        MainWindow w;
        w.show();
        ExperimentPanel* p = w.experiments()->panel(QStringLiteral("niah"));
        const QJsonObject j = editorJson(p);
        QCOMPARE(j[QLatin1String("experiment")].toString(), QStringLiteral("evaluate"));
        QCOMPARE(j[QLatin1String("task")].toObject()[QLatin1String("name")].toString(), QStringLiteral("niah"));
        retype(field<QLineEdit>(p, "lengths"), QStringLiteral("200, 230"));
        retype(field<QLineEdit>(p, "depths"), QStringLiteral("0, 12.5"));
        expectUsable(p);
        QCOMPARE(editorJson(p)[QLatin1String("task")].toObject()[QLatin1String("depths")].toArray(),
                 (QJsonArray{0, 12.5}));
        // An evaluate spec of another task is not a NIAH map: the tab says so.
        retype(p->specEditor(), QStringLiteral(R"({"experiment": "evaluate", "task": {"name": "mmlu"}})"));
        QVERIFY2(p->specProblem().contains(QStringLiteral("niah")), qPrintable(p->specProblem()));
        QVERIFY(!p->runButton()->isEnabled());
    }

    // The forms speak to a researcher or teacher, not to the spec's author: the NIAH tab says what its
    // map shows, what a cell is and what to do on a short-context demo, without the spec's words; the
    // sparsification form names what k counts, with a mnemonic and a tooltip that explains it.
    void formTextsExplainThemselves() {
        MainWindow w;
        w.show();
        const QString note =
            w.experiments()->panel(QStringLiteral("niah"))->findChild<QLabel*>(QStringLiteral("kindNote"))->text();
        for (const char* jargon : {"evaluate", "niah", "docs/", "{", "\"", "spec"})
            QVERIFY2(!note.contains(QLatin1String(jargon)),
                     qPrintable(QStringLiteral("'%1' in: %2").arg(QLatin1String(jargon), note)));
        for (const char* says : {"needle", "cell", "Click a cell", "length", "demo", "KV-retrieval map"})
            QVERIFY2(note.contains(QLatin1String(says)),
                     qPrintable(QStringLiteral("no '%1' in: %2").arg(QLatin1String(says), note)));
        // The manipulation grid and the memory table say what their table shows, row by row and column
        // by column, the metric and its unit, and what to do on the demos, as the NIAH tab does.
        const std::pair<const char*, std::vector<const char*>> intros[] = {
            {"manipulation_grid",
             {"needle", "Each row", "each column", "Keep", "Omit", "Only", "Binary", "Null", "mean score", "0 to 5",
              "demos"}},
            {"memory_table",
             {"Each row", "length in tokens", "columns", "cache", "state", "megabytes", "per sequence", "demos"}},
        };
        for (const auto& [kind, says] : intros) {
            const auto* label =
                w.experiments()->panel(QLatin1String(kind))->findChild<QLabel*>(QStringLiteral("kindNote"));
            QVERIFY2(label, kind);
            QVERIFY(label->wordWrap());
            const QString intro = label->text();
            for (const char* jargon : {"evaluate", "niah", "docs/", "{", "\"", "spec", "_"})
                QVERIFY2(!intro.contains(QLatin1String(jargon)),
                         qPrintable(QStringLiteral("'%1' in: %2").arg(QLatin1String(jargon), intro)));
            for (const char* word : says)
                QVERIFY2(intro.contains(QLatin1String(word)),
                         qPrintable(QStringLiteral("no '%1' in: %2").arg(QLatin1String(word), intro)));
        }
        ExperimentPanel* sparse = w.experiments()->panel(QStringLiteral("sparsification"));
        auto* k = field<QLineEdit>(sparse, "k");
        const QLabel* label = nullptr;
        for (const QLabel* l : sparse->findChildren<QLabel*>())
            if (l->buddy() == k) label = l;
        QVERIFY(label);
        QCOMPARE(label->text(), QStringLiteral("&Kept heads (k):"));
        QCOMPARE(QKeySequence::mnemonic(label->text()), QKeySequence(Qt::ALT | Qt::Key_K));
        for (const char* says : {"each layer keeps", "lowest attention entropy", "separated by commas"})
            QVERIFY2(k->toolTip().contains(QLatin1String(says)), qPrintable(k->toolTip()));
    }

    // The note under the spec editor reads cleanly and whole (no editor name in front; wrapped onto a
    // few lines, none cut by the editor), and the required field it names is in sight in the form of a
    // 1024x640 window.
    void problemNoteIsWholeAndItsFieldInSight() {
        MainWindow w;
        QVERIFY(showAndOpenModel(w, 1024, 640, m_model));
        w.experiments()->showPanel(QStringLiteral("cumulative_removal"));
        ExperimentPanel* p = w.experiments()->panel(QStringLiteral("cumulative_removal"));
        auto* note = p->findChild<QLabel*>(QStringLiteral("specNote"));
        QTRY_VERIFY(note->isVisible());
        gna::testing::waitForLayout(w);
        const QString text = note->text();
        QVERIFY2(text.startsWith(QStringLiteral("⚠ Run waits for a valid spec: \"ranking\" is required")),
                 qPrintable(text));
        QVERIFY2(text == note->toolTip() && !text.endsWith(QChar(0x2026)),
                 qPrintable(text + QStringLiteral(" | ") + note->toolTip()));
        const QRect need = note->fontMetrics().boundingRect(QRect(0, 0, note->contentsRect().width(), 1 << 20),
                                                            Qt::TextWordWrap, text);
        QVERIFY2(need.height() > note->fontMetrics().height(), "the note is one line: it does not test wrapping");
        QVERIFY2(note->contentsRect().height() >= need.height(),
                 qPrintable(
                     QStringLiteral("%1 px for %2 px of text").arg(note->contentsRect().height()).arg(need.height())));
        QVERIFY(!note->geometry().intersects(p->specEditor()->geometry()));
        auto* scroll = p->findChild<QScrollArea*>(QStringLiteral("formScroll"));
        const QLineEdit* ranking = field<QLineEdit>(p, "ranking");
        QTRY_VERIFY2(scroll->viewport()->rect().contains(
                         QRect(ranking->mapTo(scroll->viewport(), QPoint(0, 0)), ranking->size())),
                     "the Ranking field the note asks for is out of sight");
        QCOMPARE(formRowProblems(p), QString());
    }

    // At 1600x1000 every form shows all its rows when the dock has room for them beside the spec
    // editor's five lines (the two-field Memory table always), else the editor has less room over its
    // minimum than the next row of the form would take (the pane ends under a whole row).
    void formShowsEveryRowWhenThereIsRoom() {
        MainWindow w;
        QVERIFY(showAndOpenModel(w, 1600, 1000, m_model));
        for (ExperimentPanel* p : w.experiments()->panels()) {
            w.experiments()->showPanel(p->kind());
            // What is wrong with the panel's layout ("" when nothing), asked until the dock has settled
            // (fitDocks sizes it to the shown form once the layout has run; slow on a loaded machine).
            auto problems = [&]() -> QString {
                const auto* scroll = p->findChild<QScrollArea*>(QStringLiteral("formScroll"));
                const QPlainTextEdit* spec = p->specEditor();
                const int lines = QFontMetrics(spec->font()).lineSpacing();
                const QString where = QStringLiteral("%1: form scrolls by %2 px, spec editor %3 px (minimum %4)")
                                          .arg(p->kind())
                                          .arg(scroll->verticalScrollBar()->maximum())
                                          .arg(spec->height())
                                          .arg(spec->minimumHeight());
                if (spec->height() < 5 * lines) return where;
                const bool whole = scroll->verticalScrollBar()->maximum() == 0;
                // Else the editor's room over its minimum is less than the first row out of sight below needs.
                const auto* form = p->form()->findChild<QFormLayout*>();
                int below = 0;
                for (int row = 0; row < form->rowCount() && !whole && below == 0; ++row) {
                    QRect r;
                    for (const auto role : {QFormLayout::LabelRole, QFormLayout::FieldRole})
                        if (const QLayoutItem* item = form->itemAt(row, role); item && !item->isEmpty())
                            r |= item->geometry();
                    if (!r.isEmpty() &&
                        p->form()->mapTo(scroll->viewport(), r.bottomLeft()).y() >= scroll->viewport()->height())
                        below = r.height() + form->verticalSpacing();
                }
                if (!whole && spec->height() - spec->minimumHeight() >= below)
                    return where + QStringLiteral(", next row %1 px").arg(below);
                if (p->kind() == QLatin1String("memory_table") && !whole) return where;
                return formRowProblems(p);
            };
            QTRY_COMPARE_WITH_TIMEOUT(problems(), QString(), 5000);
        }
    }

    // Before a model, the NIAH form offers the thesis grid; on the demo transformer (a context of 256
    // tokens, its config.json) the defaults that fit it, derived by hand: 256 / 16 = 16 generated
    // tokens, lengths from (256 - 16) * 2 / 3 = 160 to 240 in 5 steps. The spec the form writes generates
    // 16 tokens and leaves the lengths to that default; a value the user typed is kept on a model switch.
    void niahDefaultsFitTheDemo() {
        MainWindow w;
        w.resize(1600, 1000);
        ExperimentPanel* p = w.experiments()->panel(QStringLiteral("niah"));
        auto* lengths = field<QLineEdit>(p, "lengths");
        auto* generate = field<QSpinBox>(p, "generate");
        QCOMPARE(generate->value(), 40);
        QVERIFY2(lengths->placeholderText().contains(QStringLiteral("empty: 250 to 4096 in 10 steps")),
                 qPrintable(lengths->placeholderText()));
        QVERIFY(openDemo(w, QStringLiteral("transformer")));
        QCOMPARE(w.session()->modelInfo()->max_positions, 256);
        QCOMPARE(generate->value(), 16);
        QVERIFY2(lengths->placeholderText().contains(QStringLiteral("empty: 160 to 240 in 5 steps")),
                 qPrintable(lengths->placeholderText()));
        QVERIFY2(lengths->toolTip().contains(QStringLiteral("256")), qPrintable(lengths->toolTip()));
        QTRY_COMPARE(editorJson(p)[QLatin1String("task")].toObject()[QLatin1String("generate")].toInt(), 16);
        QVERIFY(!editorJson(p)[QLatin1String("task")].toObject().contains(QLatin1String("lengths")));
        // Fewer generated tokens leave more room: the longest default length follows (256 - 6 = 250).
        generate->setValue(6);
        QVERIFY2(lengths->placeholderText().contains(QStringLiteral("to 250 in 5 steps")),
                 qPrintable(lengths->placeholderText()));
        QVERIFY(openDemo(w, QStringLiteral("ssm")));
        QCOMPARE(generate->value(), 6);
    }

    // On each bundled demo the head fields' examples are heads the model has (layer and kind, read here
    // from the model's layers), the empty meaning names the kinds it ranks, and what cannot run on a
    // model without attention heads (G&A masks, the mask editor) says why where it is empty and is off.
    void demoHeadsAndWhatCannotRun_data() { addDemoRows(); }
    void demoHeadsAndWhatCannotRun() {
        QFETCH(QString, demo);
        MainWindow w;
        w.resize(1600, 1000);
        QVERIFY2(openDemo(w, demo), qPrintable(demo));
        const gna::ModelInfo* info = w.session()->modelInfo();
        bool attention = false, ssm = false;
        for (const gna::LayerInfo& l : info->layers) {
            attention = attention || l.attention_heads > 0;
            ssm = ssm || l.ssm_heads > 0;
        }
        static const QRegularExpression headName(QStringLiteral("L(\\d+)\\.([HS])(\\d+)"));
        ExperimentPanel* ranking = w.experiments()->panel(QStringLiteral("head_ranking"));
        ExperimentPanel* removal = w.experiments()->panel(QStringLiteral("cumulative_removal"));
        for (const QString& text :
             {field<QLineEdit>(ranking, "heads")->placeholderText(),
              field<QLineEdit>(removal, "ranking")->placeholderText(), field<QLineEdit>(ranking, "heads")->toolTip()}) {
            int heads = 0;
            for (auto it = headName.globalMatch(text); it.hasNext(); ++heads) {
                const QRegularExpressionMatch m = it.next();
                const int layer = m.captured(1).toInt(), head = m.captured(3).toInt();
                QVERIFY2(layer < static_cast<int>(info->layers.size()), qPrintable(demo + QStringLiteral(": ") + text));
                const gna::LayerInfo& l = info->layers[static_cast<std::size_t>(layer)];
                QVERIFY2(head < (m.captured(2) == QLatin1String("S") ? l.ssm_heads : l.attention_heads),
                         qPrintable(demo + QStringLiteral(": ") + text));
            }
            QVERIFY2(heads >= 1, qPrintable(demo + QStringLiteral(": ") + text));
        }
        // Exact ranking: an empty list is every attention head (none on a Mamba model: list SSM heads);
        // the fast methods rank every SSM head too.
        QLineEdit* headsField = field<QLineEdit>(ranking, "heads");
        QCOMPARE(field<QComboBox>(ranking, "method")->currentData().toString(), QStringLiteral("exact"));
        QString empty = headsField->placeholderText();
        QVERIFY2(empty.contains(QStringLiteral("attention")) == attention &&
                     empty.contains(QStringLiteral("SSM")) == !attention,
                 qPrintable(demo + QStringLiteral(": ") + empty));
        field<QComboBox>(ranking, "method")->setCurrentIndex(1);
        const QString fast = headsField->placeholderText(), tip = headsField->toolTip();
        QVERIFY2(tip.contains(QStringLiteral("SSM")) == ssm && tip.contains(QStringLiteral("attention")) == attention,
                 qPrintable(demo + QStringLiteral(": ") + tip));
        QVERIFY2(fast.contains(QStringLiteral("SSM")) == (ssm && !attention),
                 qPrintable(demo + QStringLiteral(": ") + fast));
        field<QComboBox>(ranking, "method")->setCurrentIndex(0);
        if (empty.size() < fast.size()) empty = fast;
        // Short enough for the field of a 1024x640 window.
        w.resize(1024, 640);
        w.experiments()->showPanel(QStringLiteral("head_ranking"));
        gna::testing::waitForLayout(w);
        const QLineEdit* heads = field<QLineEdit>(ranking, "heads");
        QVERIFY2(heads->fontMetrics().horizontalAdvance(empty) + 12 <= heads->width(),
                 qPrintable(demo + QStringLiteral(": '%1' in %2 px").arg(empty).arg(heads->width())));

        ExperimentPanel* masks = w.experiments()->panel(QStringLiteral("gna_masks"));
        MaskPanel* editor = w.maskPanel();
        QCOMPARE(masks->table()->placeholderText().contains(QStringLiteral("no attention heads")), !attention);
        QCOMPARE(masks->runButton()->isEnabled(), attention);
        QTRY_COMPARE(editor->questionBox()->count() > 0, true);
        for (const QWidget* c :
             {static_cast<const QWidget*>(editor->questionBox()), static_cast<const QWidget*>(editor->ruleBox()),
              static_cast<const QWidget*>(editor->resetButton())})
            QVERIFY2(c->isEnabled() == attention,
                     qPrintable(demo + QStringLiteral(": ") + c->metaObject()->className()));
        if (!attention) QVERIFY(!editor->runButton()->isEnabled());
        QCOMPARE(editor->hintLabel()->text().contains(QStringLiteral("no attention heads")), !attention);
    }

    // Every empty field of every experiment form shows the format it takes: heads as L<layer>.H<head>,
    // numbers as a comma-separated list.
    void emptyFieldsShowTheirFormat() {
        MainWindow w;
        w.show();
        const QRegularExpression head(QStringLiteral("L\\d+\\.H\\d+")), numbers(QStringLiteral("\\d+, \\d+"));
        int checked = 0;
        for (ExperimentPanel* p : w.experiments()->panels())
            for (const QLineEdit* e : p->form()->findChildren<QLineEdit*>()) {
                if (!e->isVisibleTo(p) || !e->text().isEmpty() || e->objectName() == QLatin1String("out")) continue;
                const QString where = p->kind() + QLatin1Char('/') + e->objectName() + QStringLiteral(": '") +
                    e->placeholderText() + u'\'';
                const bool heads = QStringList{QStringLiteral("heads"), QStringLiteral("gather"),
                                               QStringLiteral("aggregate"), QStringLiteral("ranking")}
                                       .contains(e->objectName());
                QVERIFY2((heads ? head : numbers).match(e->placeholderText()).hasMatch(), qPrintable(where));
                ++checked;
            }
        QVERIFY2(checked >= 8,
                 qPrintable(QString::number(checked)));  // lengths, depths, heads, ranking, steps, k, gather, aggregate
    }
};

GNA_GUI_TEST_MAIN(TestExperimentForm)
#include "tst_experiment_form.moc"
