// The guided tour in the real window (offscreen): it opens on the first start only; Next through
// every step on a tiny Llama (the "demo" folder points at models made by `gna make-tiny-model`)
// sets the prompt, the ranking, the Gather/Aggregate maps and the ablation, checked against
// independent gna::Model runs; Back, Leave and the keyboard; screenshots in light and dark.
#include <QDir>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <cmath>

#include "experiment_dock.h"
#include "gather_aggregate_pair.h"
#include "gna/json.h"
#include "gna/model.h"
#include "guided_tour.h"
#include "head_board.h"
#include "main_window.h"
#include "prompt_editor.h"
#include "studio_settings.h"
#include "theme.h"
#include "app_test_util.h"
#include "tour_steps.h"
#include "translations.h"
#include "gui_test_main.h"
#include "layout_wait.h"

using namespace gna::studio;

class TestTour : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void opensOnFirstStartOnly();
    void walkThroughEveryStep();
    void keyboardNavigation();
    void stringsAreTranslated();
    void screenshots();
    void otherArchitecturesNotBundled();
    void bundledDemoModel();
    void cardLetterHeadsFromTheCard();
    void formatQuestionsFromTheDemoFile();

private:
    bool makeModel(const QString& dir, const QStringList& args);
    bool nextAndWait(GuidedTour* tour, int timeoutMs = 120000);
    // Resizes and shows `w`, waits until it is exposed and starts its tour; false when it never showed.
    static bool showAndStartTour(MainWindow& w, int width, int height);
    void shoot(QWidget* w, const QString& name);
    QTemporaryDir m_dir;
    QString m_demos;
    QString m_shots;
};

bool TestTour::showAndStartTour(MainWindow& w, int width, int height) {
    w.resize(width, height);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w)) return false;
    w.tour()->start();
    return true;
}

bool TestTour::makeModel(const QString& dir, const QStringList& args) {
    const QString error = makeTinyCheckpoint(dir, args);
    if (!error.isEmpty()) qWarning() << error;
    return error.isEmpty();
}

void TestTour::initTestCase() {
    m_demos = m_dir.filePath(QStringLiteral("demo-models"));
    qputenv("GNA_DEMO_MODELS_DIR", m_demos.toLocal8Bit());
    QVERIFY(makeModel(
        m_demos + QStringLiteral("/transformer"),
        {QStringLiteral("--arch"), QStringLiteral("llama"), QStringLiteral("--layers"), QStringLiteral("4"),
         QStringLiteral("--hidden"), QStringLiteral("128"), QStringLiteral("--heads"), QStringLiteral("8"),
         QStringLiteral("--kv-heads"), QStringLiteral("4"), QStringLiteral("--intermediate"), QStringLiteral("256")}));
    QVERIFY(makeModel(m_demos + QStringLiteral("/hybrid"), {QStringLiteral("--arch"), QStringLiteral("jamba")}));
    m_shots = QStringLiteral(GNA_TEST_DATA_DIR "/../../screenshots");
    QDir().mkpath(m_shots);
}

bool TestTour::nextAndWait(GuidedTour* tour, int timeoutMs) {
    QSignalSpy ready(tour, &GuidedTour::stepReady);
    const int before = tour->step();
    QTest::mouseClick(tour->nextButton(), Qt::LeftButton);
    if (tour->step() != before + 1) return false;
    if (!tour->isStepReady() && !ready.wait(timeoutMs)) return false;
    return tour->isStepReady();
}

void TestTour::shoot(QWidget* w, const QString& name) {
    gna::testing::waitForLayout(*w->window());  // queued replots
    QVERIFY(w->grab().toImage().save(QDir(m_shots).filePath(name + QStringLiteral(".png"))));
}

void TestTour::opensOnFirstStartOnly() {
    StudioSettings().setTourShown(false);
    {
        MainWindow w;
        QVERIFY(w.tour()->isHidden());
        w.applyStartup({});
        QVERIFY(!w.tour()->isHidden());
        QCOMPARE(w.tour()->step(), 0);
        QVERIFY(!w.session()->hasModel() && !w.session()->isLoading());  // the welcome page changes nothing
    }
    QVERIFY(StudioSettings().tourShown());
    MainWindow second;
    second.applyStartup({});
    QVERIFY(second.tour()->isHidden());
}

// Independent: p(correct value) among the dictionary's values, each value's log-probability summed
// over its continuation tokens, from the logits of gna::Model::run on prompt + value.
static double coreAnswerProbability(gna::Model& m, const gna::KvSample& s, const gna::InterventionPlan& plan = {}) {
    const std::vector<int> prompt = m.tokenizer().encode(s.prompt, true);
    std::vector<double> lp;
    for (const auto& [key, value] : s.dictionary) {
        const std::vector<int> cont = gna::continuation_tokens(m.tokenizer(), s.prompt, " " + std::to_string(value));
        gna::RunRequest req;
        req.tokens = prompt;
        req.tokens.insert(req.tokens.end(), cont.begin(), cont.end());
        req.plan = plan;
        req.all_logits = true;
        const gna::RunResult r = m.run(req);
        double sum = 0.0;
        for (std::size_t i = 0; i < cont.size(); ++i) {
            const float* row = r.all_logits.data() + (prompt.size() - 1 + i) * std::size_t(r.vocab);
            double mx = -1e30, z = 0.0;
            for (int v = 0; v < r.vocab; ++v) mx = std::max(mx, double(row[v]));
            for (int v = 0; v < r.vocab; ++v) z += std::exp(double(row[v]) - mx);
            sum += double(row[cont[i]]) - mx - std::log(z);
        }
        lp.push_back(sum);
    }
    double mx = -1e30, z = 0.0;
    for (double l : lp) mx = std::max(mx, l);
    for (double l : lp) z += std::exp(l - mx);
    return std::exp(lp[std::size_t(s.query)] - mx) / z;
}

void TestTour::walkThroughEveryStep() {
    MainWindow w;
    QVERIFY(showAndStartTour(w, 1400, 900));
    GuidedTour* tour = w.tour();
    QCOMPARE(tour->step(), 0);
    QVERIFY(!tour->backButton()->isEnabled());

    // 1. The tour loads the demo model itself and fills the task's own template.
    QVERIFY(nextAndWait(tour));
    QCOMPARE(QDir(w.session()->modelPath()).canonicalPath(),
             QDir(m_demos + QStringLiteral("/transformer")).canonicalPath());
    const gna::KvSample& s = tour->sample();
    QString expected = QStringLiteral("Memorize the following dictionary:\n");
    for (const auto& [k, v] : s.dictionary)
        expected += QString::fromStdString(k) + QLatin1Char(':') + QString::number(v) + QLatin1Char('\n');
    expected.chop(1);  // the lines are joined by newlines; the question starts on a new line after one more
    expected +=
        QStringLiteral("\nThe value of the key '%1' is").arg(QString::fromStdString(s.dictionary[s.query].first));
    // It ends where the model answers: the demo's tokenizer writes the space before the value as a token of
    // its own (the model's next token after "is" is that space), so the prompt ends with it.
    auto core = gna::Model::load(QString(m_demos + QStringLiteral("/transformer")).toStdString());
    {
        const gna::Tokenizer& tok = core->tokenizer();
        const std::vector<int> base = tok.encode(expected.toStdString(), false);
        const std::vector<int> whole = tok.encode(expected.toStdString() + " " + std::to_string(s.answer()), false);
        QVERIFY(whole.size() > base.size() && std::equal(base.begin(), base.end(), whole.begin()));
        QCOMPARE(tok.decode({whole[base.size()]}), std::string(" "));
    }
    expected += QLatin1Char(' ');
    QCOMPARE(w.promptEditor()->prompt(), expected);
    QCOMPARE(w.session()->prompt(), expected);
    QCOMPARE(w.session()->candidates().size(), int(s.dictionary.size()));
    const double p0 = coreAnswerProbability(*core, s);
    QVERIFY2(std::abs(tour->answerProbability() - p0) < 1e-4,
             qPrintable(QStringLiteral("%1 vs %2").arg(tour->answerProbability()).arg(p0)));
    QVERIFY(tour->resultText().contains(QString::number(s.answer())));

    // 2. The ranking (run now: the tiny folder has none) colours the board.
    QVERIFY(nextAndWait(tour));
    QCOMPARE(tour->ranking().size(), 4 * 8);
    QVERIFY(w.headBoard()->model()->hasScores());
    QVERIFY(tour->ranking().front().importance >= tour->ranking().back().importance);

    // 3. Gather and Aggregate: two different top-6 heads, shown in the pair.
    QVERIFY(nextAndWait(tour));
    const tour::GatherAggregate ga = tour->heads();
    QVERIFY(ga.valid);
    QVERIFY(!(ga.gather == ga.aggregate));
    const gna::views::HeadCells shown{ga.gather, ga.aggregate};
    QCOMPARE(w.session()->shownHeads(), shown);
    QVERIFY(w.heatmaps()->gather()->data().title.contains(ga.gather.name()));
    QVERIFY(w.heatmaps()->aggregate()->data().title.contains(ga.aggregate.name()));
    // Independently: among the top 6, (Gather, Aggregate) maximise the line ends' weight on their own
    // line plus the final row's weight on the line ends, with the Gather head in an earlier layer.
    {
        gna::RunRequest req;
        req.tokens = core->tokenizer().encode(expected.toStdString(), true);  // the prompt shown: its last row answers
        std::vector<int> ends;
        for (std::size_t i = 0; i < req.tokens.size(); ++i)
            if (core->tokenizer().decode({req.tokens[i]}, true).find('\n') != std::string::npos) ends.push_back(int(i));
        QVERIFY(ends.size() >= s.dictionary.size());
        for (int i = 0; i < 6; ++i)
            req.capture.push_back({tour->ranking()[i].head.layer, tour->ranking()[i].head.head});
        const gna::RunResult r = core->run(req);
        std::vector<double> gather, aggregate;
        for (const auto& m : r.attention) {
            double last = 0.0, own = 0.0;
            for (int c : ends) last += m.at(m.rows.size() - 1, c);
            for (std::size_t e = 1; e < ends.size(); ++e)  // (the first line's end closes the header line)
                for (int c = ends[e - 1] + 1; c < ends[e]; ++c) own += m.at(ends[e], c);
            for (int c = 0; c < ends[0]; ++c) own += m.at(ends[0], c);
            gather.push_back(own / double(ends.size()));
            aggregate.push_back(last);
        }
        double best = -1.0, chosen = -1.0;
        for (int a = 0; a < 6; ++a)
            for (int g = 0; g < 6; ++g) {
                if (r.attention[g].head.layer >= r.attention[a].head.layer) continue;
                best = std::max(best, gather[g] + aggregate[a]);
                if (r.attention[g].head.layer == ga.gather.layer && r.attention[g].head.head == ga.gather.head &&
                    r.attention[a].head.layer == ga.aggregate.layer && r.attention[a].head.head == ga.aggregate.head)
                    chosen = gather[g] + aggregate[a];
            }
        QVERIFY(ga.gather.layer < ga.aggregate.layer);
        QVERIFY2(std::abs(chosen - best) < 1e-5, qPrintable(QStringLiteral("%1 vs %2").arg(chosen).arg(best)));
    }

    // 4. The Aggregate head; no head off yet.
    QVERIFY(nextAndWait(tour));
    QVERIFY(w.session()->ablatedHeads().isEmpty());
    QVERIFY(std::abs(tour->probabilityUnablated() - p0) < 1e-4);

    // 5. The Aggregate head off, through the board's undo stack like a click.
    const int undoBefore = w.headBoard()->undoStack()->index();
    QVERIFY(nextAndWait(tour));
    const gna::InterventionPlan plan = w.session()->plan();
    QCOMPARE(plan.ablations.size(), std::size_t(1));
    QCOMPARE(plan.ablations[0].head.layer, ga.aggregate.layer);
    QCOMPARE(plan.ablations[0].head.head, ga.aggregate.head);
    QCOMPARE(w.headBoard()->undoStack()->index(), undoBefore + 1);
    gna::InterventionPlan off;
    off.ablate({ga.aggregate.layer, ga.aggregate.head});
    const double p1 = coreAnswerProbability(*core, s, off);
    QVERIFY(std::abs(tour->probabilityAblated() - p1) < 1e-4);
    QVERIFY2(std::abs(p1 - p0) > 1e-7, "switching the Aggregate head off changed nothing");
    // The text quotes what the chart draws: the starred bar of the correct value is the tour's
    // next-token probability, and both are in the text.
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
    {
        const QString value = QString::number(s.answer());
        double bar = -1.0;
        for (const auto& row : w.nextTokenChart()->probabilities()) {
            QString label = row.label.trimmed();
            if (label.startsWith(QChar(0x2581))) label.remove(0, 1);
            if (row.candidate && label == value) bar = row.probability;
        }
        QVERIFY2(bar >= 0.0, "the chart has no bar for the correct value");
        QVERIFY2(std::abs(bar - tour->tokenProbabilityAblated()) <=
                     1e-3 * std::max(bar, tour->tokenProbabilityAblated()) + 1e-12,
                 qPrintable(QStringLiteral("chart %1 vs tour %2").arg(bar).arg(tour->tokenProbabilityAblated())));
        QVERIFY(tour->tokenProbabilityUnablated() > 0.0);
        QVERIFY2(tour->resultText().contains(QStringLiteral("next token")), qPrintable(tour->resultText()));
        // The words follow the numbers (on this fixture the probability may well rise): the verb after the
        // named bar is the one the two measured values call for, and the correct value's bar is drawn.
        const double before = tour->tokenProbabilityUnablated(), after = tour->tokenProbabilityAblated();
        const QString verb = after < 0.8 * before ? QStringLiteral("drops from")
            : after > 1.25 * before               ? QStringLiteral("rises from")
                                                  : QStringLiteral("stays about the same");
        QVERIFY2(tour->resultText().contains(QStringLiteral("★ %1) %2").arg(value, verb)),
                 qPrintable(tour->resultText()));
        QCOMPARE(tour->resultText().contains(QStringLiteral("It does not drop")), after >= 0.8 * before);
        bool drawn = false;
        for (const auto& row : w.nextTokenChart()->shownRows()) {
            QString label = row.label.trimmed();
            if (label.startsWith(QChar(0x2581))) label.remove(0, 1);
            drawn |= row.candidate && label == value;
        }
        QVERIFY2(drawn, "the correct value's bar is not among the drawn rows");
    }

    // 6. MMLU format with the G&A pair off.
    QVERIFY(nextAndWait(tour));
    QVERIFY(w.session()->prompt().contains(QStringLiteral("A. ")));
    QVERIFY(w.session()->prompt().endsWith(QStringLiteral("Answer:")));
    QCOMPARE(w.session()->candidates(),
             (QStringList{QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C"), QStringLiteral("D")}));
    QCOMPARE(w.session()->ablatedHeads().size(), 2);
    QVERIFY(w.session()->ablatedHeads().contains(ga.gather) && w.session()->ablatedHeads().contains(ga.aggregate));
    QVERIFY2(tour->resultText().contains(QStringLiteral("MMLU format")), qPrintable(tour->resultText()));
    {
        // The verdict follows the table: the letter format "drops" only when its share fell by more than
        // ten points, and the conclusion about retrieval only then (with the classic format not dropping).
        const QString text = tour->resultText();
        auto shares = [&](const QString& label) {
            const QRegularExpression row(
                QStringLiteral(
                    "<tr><td>%1</td><td align=\"right\">([0-9.]+)%</td><td align=\"right\">([0-9.]+)%</td></tr>")
                    .arg(QRegularExpression::escape(label)));
            const QRegularExpressionMatch m = row.match(text);
            return m.hasMatch() ? std::make_pair(m.captured(1).toDouble(), m.captured(2).toDouble())
                                : std::make_pair(-1.0, -1.0);
        };
        const auto letter = shares(QStringLiteral("MMLU format (letter)")),
                   classic = shares(QStringLiteral("classic format (answer text)"));
        QVERIFY2(letter.first >= 0 && classic.first >= 0, qPrintable(text));
        auto verb = [](std::pair<double, double> v) {
            return v.second < v.first - 10      ? QStringLiteral("drops")
                : v.second > v.first + 10       ? QStringLiteral("rises")
                : v.first <= 0 && v.second <= 0 ? QStringLiteral("stays at 0%")
                                                : QStringLiteral("holds");
        };
        QVERIFY2(text.contains(
                     QStringLiteral("the letter format %1 and the classic format %2").arg(verb(letter), verb(classic))),
                 qPrintable(text));
        QCOMPARE(text.contains(QStringLiteral("retrieval, not knowledge")),
                 verb(letter) == QLatin1String("drops") && verb(classic) != QLatin1String("drops"));
        // The chart's most likely letter (this question, heads off) is the one the text names.
        QTRY_VERIFY_WITH_TIMEOUT(
            !w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
        QString best;
        double bestP = -1.0;
        for (const auto& row : w.nextTokenChart()->probabilities()) {
            QString label = row.label.trimmed();
            if (label.startsWith(QChar(0x2581))) label.remove(0, 1);
            if (row.candidate && row.probability > bestP) bestP = row.probability, best = label;
        }
        // The correct letter's bar, which the text names, is drawn however little its probability.
        const QString correct =
            QRegularExpression(QStringLiteral("its correct answer is ([A-D])")).match(text).captured(1);
        QVERIFY2(!correct.isEmpty(), qPrintable(text));
        bool drawn = false;
        for (const auto& row : w.nextTokenChart()->shownRows()) {
            QString label = row.label.trimmed();
            if (label.startsWith(QChar(0x2581))) label.remove(0, 1);
            drawn |= row.candidate && label == correct;
        }
        QVERIFY2(drawn, qPrintable(QStringLiteral("the correct letter %1 is not drawn").arg(correct)));
        QVERIFY2(text.contains(QStringLiteral("most likely letter is %1").arg(best)) ||
                     text.contains(QStringLiteral("correct letter %1 (bar ★ %1) is still the most likely").arg(best)),
                 qPrintable(best + QStringLiteral(": ") + text));
    }

    // 7. The hybrid demo is there (the SSM one is not).
    QVERIFY(nextAndWait(tour));
    QVERIFY2(tour->resultText().contains(QStringLiteral("hybrid")), qPrintable(tour->resultText()));
    QVERIFY2(tour->resultText().contains(QStringLiteral("KV, attention off")), qPrintable(tour->resultText()));
    QCOMPARE(tour->nextButton()->text(), QStringLiteral("&Finish"));

    // Back to step 4: the KV prompt again, every head back on.
    for (int step = 6; step >= 4; --step) {
        QSignalSpy ready(tour, &GuidedTour::stepReady);
        QTest::mouseClick(tour->backButton(), Qt::LeftButton);
        QCOMPARE(tour->step(), step);
        QVERIFY(tour->isStepReady() || ready.wait(120000));
    }
    QCOMPARE(w.session()->prompt(), expected);
    QVERIFY(w.session()->ablatedHeads().isEmpty());

    // Forward to 5 and leave: the state stays as the tour left it.
    QVERIFY(nextAndWait(tour));
    QTest::mouseClick(tour->leaveButton(), Qt::LeftButton);
    QVERIFY(tour->isHidden());
    QTest::qWait(300);  // time deliberately let pass: a late change of the state by the tour would show below
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
    QCOMPARE(w.session()->prompt(), expected);
    QCOMPARE(w.session()->ablatedHeads(), gna::views::HeadCells{ga.aggregate});
    QCOMPARE(w.session()->shownHeads(), shown);
    QVERIFY(std::abs(tour->answerProbability() - p1) < 1e-4);
}

void TestTour::keyboardNavigation() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    GuidedTour* tour = w.tour();
    tour->start();
    QVERIFY(tour->nextButton()->hasFocus());
    // Tab order: Next -> Leave; Shift+Tab back.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), tour->leaveButton());
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab);
    QCOMPARE(QApplication::focusWidget(), tour->nextButton());
    // Space on the focused Next button, then Alt+Left / Alt+Right; Leave by Tab and Space.
    QSignalSpy ready(tour, &GuidedTour::stepReady);
    QTest::keyClick(tour->nextButton(), Qt::Key_Space);
    QCOMPARE(tour->step(), 1);
    QTest::keyClick(&w, Qt::Key_Left, Qt::AltModifier);
    QCOMPARE(tour->step(), 0);
    QTest::keyClick(&w, Qt::Key_Right, Qt::AltModifier);
    QCOMPARE(tour->step(), 1);
    QVERIFY(tour->isStepReady() || ready.wait(120000));
    tour->nextButton()->setFocus();
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), tour->leaveButton());
    QTest::keyClick(tour->leaveButton(), Qt::Key_Space);
    QVERIFY(tour->isHidden());
    // F1 (Help ▸ Guided tour) brings it back at the welcome page.
    QTest::keyClick(&w, Qt::Key_F1);
    QVERIFY(!tour->isHidden());
    QCOMPARE(tour->step(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
}

void TestTour::stringsAreTranslated() {
    const struct {
        const char* code;
        const char* next;
    } expected[] = {{"de", "&Weiter"}, {"zh_CN", "下一步(&N)"}};
    for (const auto& e : expected) {
        QTranslator t;
        QVERIFY(t.load(gna::i18n::catalogPath(QString::fromLatin1(e.code))));
        QVERIFY(QCoreApplication::installTranslator(&t));
        QCOMPARE(GuidedTour::tr("&Next"), QString::fromUtf8(e.next));
        for (const char* s : {"The Gather head", "The Aggregate head", "Switch off the Aggregate head", "Guided tour"})
            QVERIFY2(GuidedTour::tr(s) != QString::fromLatin1(s) || MainWindow::tr(s) != QString::fromLatin1(s), s);
        QVERIFY(MainWindow::tr("Open &demo model") != QStringLiteral("Open &demo model"));
        QCoreApplication::removeTranslator(&t);
    }
}

void TestTour::screenshots() {
    for (Theme theme : {Theme::Light, Theme::Dark}) {
        applyTheme(theme);
        const QString suffix = theme == Theme::Dark ? QStringLiteral("_dark") : QStringLiteral("_light");
        MainWindow w;
        QVERIFY(showAndStartTour(w, 1500, 950));
        GuidedTour* tour = w.tour();
        shoot(&w, QStringLiteral("tour_welcome") + suffix);
        for (int step = 1; step <= 6; ++step) {
            QVERIFY(nextAndWait(tour));
            if (step == 3 || step == 5 || step == 6) shoot(&w, QStringLiteral("tour_step%1").arg(step) + suffix);
        }
        tour->leave();
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
    }
    applyTheme(Theme::Light);
}

// Without SSM and hybrid demos the last step says so and changes nothing.
void TestTour::otherArchitecturesNotBundled() {
    const QByteArray saved = qgetenv("GNA_DEMO_MODELS_DIR");
    QTemporaryDir empty;
    qputenv("GNA_DEMO_MODELS_DIR", empty.path().toLocal8Bit());
    MainWindow w;
    GuidedTour* tour = w.tour();
    tour->start();
    tour->goTo(GuidedTour::kSteps);
    qputenv("GNA_DEMO_MODELS_DIR", saved);
    QVERIFY(tour->isStepReady());
    QVERIFY2(tour->resultText().contains(QStringLiteral("not bundled")), qPrintable(tour->resultText()));
    QVERIFY(!w.session()->hasModel() && !w.session()->isLoading());
    QCOMPARE(tour->nextButton()->text(), QStringLiteral("&Finish"));
    QTest::mouseClick(tour->nextButton(), Qt::LeftButton);  // Finish closes the tour
    QVERIFY(tour->isHidden());
}

// The real bundled demo (resources/demo-models/transformer), when this checkout has it: the ranking
// comes from its model card or ranking.json instead of a run; screenshots of the real mechanism.
void TestTour::bundledDemoModel() {
    const QByteArray saved = qgetenv("GNA_DEMO_MODELS_DIR");
    qunsetenv("GNA_DEMO_MODELS_DIR");
    const QString dir = tour::demoModelDir(QStringLiteral("transformer"));
    QString source;
    const tour::Ranking pre = tour::precomputedRanking(dir, &source);
    if (dir.isEmpty()) {
        qputenv("GNA_DEMO_MODELS_DIR", saved);
        QSKIP("resources/demo-models/transformer is not in this checkout");
    }
    MainWindow w;
    QVERIFY(showAndStartTour(w, 1500, 950));
    GuidedTour* tour = w.tour();
    bool ok = true;
    for (int step = 1; step <= 6 && ok; ++step) {
        ok = nextAndWait(tour);
        if (step == 1 && !w.session()->hasModel()) break;  // being rewritten by a training run
        if (step == 2 && !pre.isEmpty()) {
            QVERIFY2(tour->resultText().contains(QFileInfo(source).fileName()), qPrintable(tour->resultText()));
            QVERIFY(w.experiments()->isHidden());  // nothing had to run
        }
        if (step == 6 && ok) {  // the formats step switches off the card's dissociating heads
            if (const auto c = tour::cardLetterHeads(dir)) {
                const QString want = c->rankingTopTwo
                    ? QString(c->heads.front().name() + QStringLiteral(" and ") + c->heads.back().name() +
                              QStringLiteral(" off (the model card's top two"))
                    : QString(c->heads.front().name() + QStringLiteral(" off ("));
                QVERIFY2(tour->resultText().contains(want), qPrintable(tour->resultText()));
                QCOMPARE(w.session()->ablatedHeads().size(), c->heads.size());
                // The letter the text names as correct is drawn (its label is " D" or "␣D" in this tokenizer).
                const QString correct = QRegularExpression(QStringLiteral("its correct answer is ([A-D])"))
                                            .match(tour->resultText())
                                            .captured(1);
                QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
                bool drawn = false;
                for (const auto& row : w.nextTokenChart()->shownRows())
                    drawn |= row.candidate && row.label.right(1) == correct;
                QVERIFY2(!correct.isEmpty() && drawn, qPrintable(correct + QStringLiteral(": ") + tour->resultText()));
            }
        }
        if (step == 3 || step == 5 || step == 6) shoot(&w, QStringLiteral("tour_demo_step%1").arg(step));
    }
    // 7. The bundled SSM and hybrid demos on the same prompts (when this checkout has them).
    if (ok && w.session()->hasModel() && !tour::demoModelDir(QStringLiteral("hybrid")).isEmpty()) {
        ok = nextAndWait(tour);
        QVERIFY2(tour->resultText().contains(QStringLiteral("MMLU, attention off")), qPrintable(tour->resultText()));
        QVERIFY2(tour->resultText().contains(QStringLiteral("KV, attention off")), qPrintable(tour->resultText()));
        QVERIFY2(!tour->resultText().contains(QStringLiteral("could not load")), qPrintable(tour->resultText()));
        // The hybrid's column: KV on, KV with every attention head off, MMLU on, MMLU off. The bundled hybrid
        // retrieves through attention (its card: KV at 10 pairs falls to near chance without it).
        const QString text = tour->resultText();
        QStringList header;
        const QRegularExpression th(QStringLiteral("<th>([^<]*)</th>"));
        for (auto it = th.globalMatch(text); it.hasNext();) header << it.next().captured(1);
        const int column = static_cast<int>(header.indexOf(QStringLiteral("hybrid")));
        QVERIFY2(column > 0, qPrintable(text));
        QList<double> cells;
        for (const char* label :
             {"KV: correct value", "KV, attention off", "MMLU: correct letter", "MMLU, attention off"}) {
            const QRegularExpression row(
                QStringLiteral("<tr><td nowrap>%1</td>((?:<td align=\"right\">[^<]*</td>)+)</tr>")
                    .arg(QRegularExpression::escape(QString::fromLatin1(label))));
            const QRegularExpressionMatch m = row.match(text);
            QVERIFY2(m.hasMatch(), label);
            QStringList values;
            const QRegularExpression td(QStringLiteral(">([^<]*)</td>"));
            for (auto it = td.globalMatch(m.captured(1)); it.hasNext();) values << it.next().captured(1);
            QCOMPARE(values.size(), header.size() - 1);
            QVERIFY2(values[column - 1].endsWith(QLatin1Char('%')), qPrintable(values[column - 1]));
            cells << values[column - 1].chopped(1).toDouble();
        }
        QVERIFY2(cells[0] > cells[1] + 30 && cells[2] > cells[3], qPrintable(text));
        shoot(&w, QStringLiteral("tour_demo_step7"));
    }
    qputenv("GNA_DEMO_MODELS_DIR", saved);
    if (!w.session()->hasModel())
        QSKIP("the bundled demo model could not be loaded (a training run may be rewriting it)");
    QVERIFY(ok);
    tour->leave();
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
}

// Which heads the formats step switches off, from hand-written cards: the ranking's top two when they
// dissociate the formats by the card's targets (MMLU down >= 30 points, classic moved < 10), else the
// card's one retrieval-versus-knowledge head, else none.
void TestTour::cardLetterHeadsFromTheCard() {
    QTemporaryDir dir;
    auto write = [&](double topMmlu, double topClassic, bool withOne) {
        gna::Json e = {{"baseline", {{"kv", 1.0}, {"mmlu", 1.0}, {"classic", 1.0}}},
                       {"top2_by_kv_drop",
                        {{"heads", {"L2.H2", "L1.H3"}}, {"kv", 0.2}, {"mmlu", topMmlu}, {"classic", topClassic}}}};
        if (withOne) e["retrieval_vs_knowledge"] = {{"head", "L1.H2"}, {"kv", 1.0}, {"mmlu", 0.65}, {"classic", 0.91}};
        QFile f(dir.filePath(QStringLiteral("model_card.json")));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QByteArray::fromStdString(gna::Json{{"evaluation", e}}.dump()));
    };
    write(0.58, 1.0, true);  // 42 points down, classic unmoved: the top two
    auto c = tour::cardLetterHeads(dir.path());
    QVERIFY(c && c->rankingTopTwo);
    QCOMPARE(c->heads.size(), 2);
    QCOMPARE(c->heads.front().name(), QStringLiteral("L2.H2"));
    QCOMPARE(c->heads.back().name(), QStringLiteral("L1.H3"));
    write(0.75, 1.0, true);  // only 25 points down: the one head
    c = tour::cardLetterHeads(dir.path());
    QVERIFY(c && !c->rankingTopTwo);
    QCOMPARE(c->heads.size(), 1);
    QCOMPARE(c->heads.front().name(), QStringLiteral("L1.H2"));
    write(0.58, 0.85, true);  // classic moved 15 points: the one head
    c = tour::cardLetterHeads(dir.path());
    QVERIFY(c && !c->rankingTopTwo);
    write(0.58, 0.85, false);  // neither
    QVERIFY(!tour::cardLetterHeads(dir.path()));
    QVERIFY(!tour::cardLetterHeads(QString()));
}

// The formats step's questions: a bundled demo's mmlu_format_questions.json (written by its trainer),
// with the option texts read from the prompt's lines; without that file, the bundled MMLU sample.
void TestTour::formatQuestionsFromTheDemoFile() {
    QTemporaryDir dir;
    const gna::Json file = gna::Json::array({{{"prompt", "Q?\nA. red\nB. dark blue\nC. green\nD. tan\nAnswer:"},
                                              {"choices", {" A", " B", " C", " D"}},
                                              {"answer", 1}},
                                             {{"prompt", "R?\nA. cat\nB. dog\nC. owl\nD. fox\nAnswer:"},
                                              {"choices", {" A", " B", " C", " D"}},
                                              {"answer", 3}}});
    QFile f(QDir(dir.path()).filePath(QStringLiteral("mmlu_format_questions.json")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray::fromStdString(file.dump()));
    f.close();
    QString source;
    const auto qs = gna::studio::tour::formatQuestions(dir.path(), 5, &source);
    QCOMPARE(int(qs.size()), 2);
    QCOMPARE(qs[0].texts, (std::vector<std::string>{" red", " dark blue", " green", " tan"}));
    QCOMPARE(qs[1].texts, (std::vector<std::string>{" cat", " dog", " owl", " fox"}));
    QCOMPARE(qs[0].answer, 1);
    QCOMPARE(qs[1].answer, 3);
    QCOMPARE(qs[1].letters, (std::vector<std::string>{" A", " B", " C", " D"}));
    QCOMPARE(source, QStringLiteral("the demo model's invented world"));
    QCOMPARE(int(gna::studio::tour::formatQuestions(dir.path(), 1).size()), 1);

    QTemporaryDir empty;
    const auto sample = gna::studio::tour::formatQuestions(empty.path(), 3, &source);
    QCOMPARE(int(sample.size()), 3);
    QCOMPARE(source, QStringLiteral("the bundled MMLU sample"));
}

GNA_GUI_TEST_MAIN(TestTour)
#include "tst_tour.moc"
