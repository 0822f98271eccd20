// The real MainWindow's head scores (one- or two-pass, line scores, compare mode) checked against
// an independent gna::Model::run, and the heads each model (and each demo) opens with.
#include "studio_fixture.h"
#include "core/test_support.h"
#include "gui_test_main.h"
#include "layout_wait.h"

using namespace gna::studio;

class TestStudioScores : public StudioFixture {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { makeTinyLlama(); }
    void headScoresMatchCoreInOneOrTwoPasses();
    void lineScoresColourGatherAndAggregateHeads();
    void compareModeColoursByScoreChange();
    void compareCheckboxOnEveryDemo_data();
    void compareCheckboxOnEveryDemo();
    void anotherModelStartsWithItsOwnHeads();
    void demoOpensWithItsCardHeads();
};

void TestStudioScores::headScoresMatchCoreInOneOrTwoPasses() {
    // The head scores come from the same pass as the run (the last row of every head captured with
    // the shown heads' full maps), or from a second pass of last rows (the earlier path); both must
    // equal the core's own last-row entropy.
    MainWindow w;
    openTiny(w);
    w.headBoard()->toggleHead(0, 2);
    QTRY_VERIFY_WITH_TIMEOUT(
        !w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    auto model = gna::Model::load(m_model.toStdString());
    const gna::ModelInfo& info = model->info();
    gna::RunRequest req;
    req.tokens = model->tokenizer().encode(m_prompt.toStdString(), true);
    req.plan.ablate({0, 2});
    for (int l = 0; l < info.num_layers; ++l)
        for (int h = 0; h < info.num_heads; ++h) req.capture.push_back({l, h});
    req.capture_rows = {static_cast<int>(req.tokens.size()) - 1};
    const gna::RunResult ref = model->run(req);
    for (int pass = 1; pass <= 2; ++pass) {
        const RunOutcome& o = w.session()->lastOutcome();
        QCOMPARE(o.forwardPasses, pass);
        QCOMPARE(o.headScores.size(), std::size_t(info.num_layers * info.num_heads));
        for (const gna::AttentionMap& m : ref.attention) {
            double entropy = 0;
            for (int c = 0; c < m.cols; ++c)
                if (m.at(0, c) > 0) entropy -= m.at(0, c) * std::log2(double(m.at(0, c)));
            QVERIFY(std::abs(o.headScores[m.head.layer * info.num_heads + m.head.head] - entropy) < 1e-4);
        }
        w.session()->setSeparateScorePass(true);  // force the separate score pass
        w.session()->requestRun();
        QTRY_VERIFY_WITH_TIMEOUT(
            !w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    }
}

void TestStudioScores::lineScoresColourGatherAndAggregateHeads() {
    // "Colour heads by" Gather score / Aggregate score: per head, the mean attention of each line end
    // on the tokens of its own line, and the last token's attention on the line ends; counted here by
    // hand from the core's full maps, in the run's own pass and in a separate score pass.
    MainWindow w;
    openTiny(w);
    QComboBox* mode = nullptr;
    for (QComboBox* c : w.findChildren<QComboBox*>())
        if (c->findText(QStringLiteral("Gather score"), Qt::MatchStartsWith) >= 0) mode = c;
    QVERIFY(mode);
    auto model = gna::Model::load(m_model.toStdString());
    const gna::ModelInfo& info = model->info();
    gna::RunRequest req;
    req.tokens = model->tokenizer().encode(m_prompt.toStdString(), true);
    for (int l = 0; l < info.num_layers; ++l)
        for (int h = 0; h < info.num_heads; ++h) req.capture.push_back({l, h});
    const gna::RunResult ref = model->run(req);
    const int last = static_cast<int>(req.tokens.size()) - 1;
    std::vector<int> ends;
    for (int t = 0; t < last; ++t)
        if (model->tokenizer().decode({req.tokens[t]}).find('\n') != std::string::npos) ends.push_back(t);
    QVERIFY(ends.size() >= 3);  // the header, two dictionary lines (and the blank line)
    std::vector<double> gather(std::size_t(info.num_layers * info.num_heads)), aggregate(gather.size());
    for (const gna::AttentionMap& m : ref.attention) {
        const std::size_t i = std::size_t(m.head.layer * info.num_heads + m.head.head);
        int lines = 0, previous = -1;
        for (int r : ends) {
            if (r - previous > 1) {
                double w = 0;
                for (int c = previous + 1; c < r; ++c) w += m.at(r, c);  // full map: row index = position
                gather[i] += w;
                ++lines;
            }
            previous = r;
            aggregate[i] += m.at(last, r);
        }
        gather[i] /= lines;
    }
    double spread = 0;
    for (double g : gather) spread = std::max(spread, std::abs(g - gather[0]));
    QVERIFY(spread > 1e-3);  // the heads differ: the comparison below can fail
    for (const auto& [item, want] : {std::pair{5, &gather}, std::pair{6, &aggregate}}) {
        w.session()->setSeparateScorePass(false);
        mode->setCurrentIndex(item);
        QTRY_VERIFY_WITH_TIMEOUT(
            !w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
        for (int pass = 1; pass <= 2; ++pass) {
            const RunOutcome& o = w.session()->lastOutcome();
            QCOMPARE(o.forwardPasses, pass);
            QVERIFY2(
                o.scoreLabel.startsWith(item == 5 ? QStringLiteral("Gather score") : QStringLiteral("Aggregate score")),
                qPrintable(o.scoreLabel));
            QCOMPARE(o.headScores.size(), want->size());
            for (std::size_t i = 0; i < want->size(); ++i)
                QVERIFY2(std::abs(o.headScores[i] - (*want)[i]) < 1e-4,
                         qPrintable(QStringLiteral("item %1 head %2: %3, by hand %4")
                                        .arg(item)
                                        .arg(i)
                                        .arg(o.headScores[i])
                                        .arg((*want)[i])));
            w.session()->setSeparateScorePass(true);  // force the separate score pass (line-end rows and the last)
            w.session()->requestRun();
            QTRY_VERIFY_WITH_TIMEOUT(
                !w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
        }
    }
    QVERIFY(w.headBoard()->model()->maxScore() > 0);
    gna::testing::waitForLayout(w);
    QVERIFY(w.grab().toImage().save(QDir(QStringLiteral(GNA_TEST_DATA_DIR "/../../screenshots"))
                                        .filePath(QStringLiteral("board_aggregate_score.png"))));
    // Compare mode with a head off: the unablated scores are the line scores above (the baseline pass
    // captures the line-end rows too, not only the last row).
    mode->setCurrentIndex(5);
    w.session()->setCompare(true);
    w.headBoard()->toggleHead(0, 2);
    QTRY_VERIFY_WITH_TIMEOUT(
        !w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    const RunOutcome& o = w.session()->lastOutcome();
    QVERIFY(o.scoresAreDeltas);
    QCOMPARE(o.baselineHeadScores.size(), gather.size());
    for (std::size_t i = 0; i < gather.size(); ++i) QVERIFY(std::abs(o.baselineHeadScores[i] - gather[i]) < 1e-4);
}

void TestStudioScores::compareModeColoursByScoreChange() {
    // Compare mode with a head ablated: the board shows, per head, entropy(ablated) minus
    // entropy(unablated) of the last row, each computed here from the core's own capture.
    MainWindow w;
    openTiny(w);
    w.session()->setCompare(true);
    w.headBoard()->toggleHead(0, 2);
    QTRY_VERIFY_WITH_TIMEOUT(
        !w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    auto model = gna::Model::load(m_model.toStdString());
    const gna::ModelInfo& info = model->info();
    auto entropies = [&](bool ablated) {
        gna::RunRequest req;
        req.tokens = model->tokenizer().encode(m_prompt.toStdString(), true);
        if (ablated) req.plan.ablate({0, 2});
        for (int l = 0; l < info.num_layers; ++l)
            for (int h = 0; h < info.num_heads; ++h) req.capture.push_back({l, h});
        req.capture_rows = {static_cast<int>(req.tokens.size()) - 1};
        std::vector<double> e(std::size_t(info.num_layers * info.num_heads), 0.0);
        for (const gna::AttentionMap& m : model->run(req).attention)
            for (int c = 0; c < m.cols; ++c)
                if (m.at(0, c) > 0)
                    e[m.head.layer * info.num_heads + m.head.head] -= m.at(0, c) * std::log2(double(m.at(0, c)));
        return e;
    };
    const std::vector<double> after = entropies(true), before = entropies(false);
    const RunOutcome& o = w.session()->lastOutcome();
    QVERIFY(o.scoresAreDeltas);
    double largest = 0;
    for (std::size_t i = 0; i < after.size(); ++i) {
        QVERIFY2(std::abs(o.headScores[i] - (after[i] - before[i])) < 1e-4, qPrintable(QString::number(i)));
        QVERIFY(std::abs(o.baselineHeadScores[i] - before[i]) < 1e-4);
        largest = std::max(largest, std::abs(after[i] - before[i]));
    }
    QVERIFY(largest > 1e-3);  // ablating a layer-0 head changes later heads' rows
    QVERIFY(w.headBoard()->model()->scoresAreDifferences());
    QCOMPARE(w.headBoard()->model()->minScore(), -w.headBoard()->model()->maxScore());
    QVERIFY(std::abs(w.headBoard()->model()->maxScore() - largest) < 1e-9);
    // Without an intervention there is nothing to compare: plain scores again.
    w.headBoard()->toggleHead(0, 2);
    QTRY_VERIFY_WITH_TIMEOUT(
        !w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    QVERIFY(!w.session()->lastOutcome().scoresAreDeltas);
    QVERIFY(!w.headBoard()->model()->scoresAreDifferences());
    for (std::size_t i = 0; i < before.size(); ++i)
        QVERIFY(std::abs(w.session()->lastOutcome().headScores[i] - before[i]) < 1e-4);
}

void TestStudioScores::compareCheckboxOnEveryDemo_data() { gna::test::demo_ablate_rows(); }

void TestStudioScores::compareCheckboxOnEveryDemo() {
    // Ticking "Compare with the unablated run" on the demos' own KV prompt, whose candidates are
    // several SentencePiece tokens (" 88" = "▁" + "88"), with and without an ablated head: each
    // baseline bar equals the unablated model's probability computed here.
    QFETCH(QString, kind);
    QFETCH(bool, ablate);
    const QString dir = QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/") + kind;
    MainWindow w;
    w.resize(1280, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.promptEditor()->setPrompt(m_prompt);
    w.promptEditor()->setCandidates({QStringLiteral("17"), QStringLiteral("42"), QStringLiteral("zebra crossing")});
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    w.openModel(dir);
    QVERIFY(loaded.wait(60000));
    QTRY_VERIFY_WITH_TIMEOUT(
        !w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    if (ablate) {
        const QRect r = w.headBoard()->cellRect(w.headBoard()->model()->layers() - 1, 0);
        QTest::mouseClick(w.headBoard(), Qt::LeftButton, {}, r.center());
        QCOMPARE(w.session()->ablatedHeads().size(), 1);
    }
    auto* compare = w.findChild<QCheckBox*>(QStringLiteral("compareCheck"));
    QVERIFY(compare);
    QTest::mouseClick(compare, Qt::LeftButton, {}, QPoint(8, compare->height() / 2));
    QVERIFY(compare->isChecked());
    QTRY_VERIFY_WITH_TIMEOUT(
        !w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    const RunOutcome& o = w.session()->lastOutcome();
    QVERIFY2(o.error.isEmpty(), qPrintable(o.error));
    QCOMPARE(o.baseline.size(), o.next.size());
    auto model = gna::Model::load(dir.toStdString());
    const std::vector<int> tokens = model->tokenizer().encode(m_prompt.toStdString(), true);
    // "zebra crossing" is several tokens: its bar is the whole continuation's probability.
    const std::vector<int> zebra = model->tokenizer().encode(" zebra crossing", false);
    QVERIFY(zebra.size() > 1);
    const double pZebra = std::exp(model->score_continuations(tokens, {zebra}, {})[0]);
    bool seen = false;
    for (qsizetype i = 0; i < o.baseline.size(); ++i)
        if (o.baseline[i].label == QLatin1String("zebra crossing")) {
            QVERIFY(std::abs(o.baseline[i].probability - pZebra) < 1e-7);
            seen = true;
        }
    QVERIFY(seen);
    QVERIFY(w.nextTokenChart()->plot()->graphCount() + w.nextTokenChart()->plot()->plottableCount() > 0);
}

void TestStudioScores::anotherModelStartsWithItsOwnHeads() {
    // A plan and the shown heads belong to one model: opening another starts with every head on and
    // shows heads the new model has; a workspace's plan is applied once its model is open.
    MainWindow w;
    openTiny(w);
    w.headBoard()->toggleHead(1, 3);
    QCOMPARE(w.session()->ablatedHeads().size(), 1);
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    w.openModel(QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/ssm"));
    QVERIFY(loaded.wait(60000));
    QVERIFY(w.session()->ablatedHeads().isEmpty());
    QVERIFY(w.headBoard()->ablatedHeads().isEmpty());
    for (const auto& h : w.session()->shownHeads())
        QVERIFY2(headExists(*w.session()->modelInfo(), h), qPrintable(h.name()));
    QVERIFY(!w.headBoard()->undoStack()->canUndo());  // an undo would toggle the other model's head
    Workspace ws = w.workspace();
    ws.modelPath = m_model;
    ws.ablated = {gna::views::HeadCell{1, 2, false}};
    w.applyWorkspace(ws);
    QVERIFY(loaded.wait(60000));
    QCOMPARE(w.session()->ablatedHeads(), ws.ablated);
    QCOMPARE(w.headBoard()->ablatedHeads(), ws.ablated);
}

void TestStudioScores::demoOpensWithItsCardHeads() {
    // The transformer demo's card: of its ranking's top two heads, the one with the larger measured
    // Gather mass is the Gather head, the other the Aggregate head; the main view shows both on opening.
    const QString dir = QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/transformer");
    QFile f(dir + QStringLiteral("/model_card.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject e = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("evaluation")).toObject();
    const QJsonArray top =
        e.value(QStringLiteral("top2_by_kv_drop")).toObject().value(QStringLiteral("heads")).toArray();
    QCOMPARE(top.size(), 2);
    QMap<QString, double> gatherMass;
    for (const QJsonValue& h : e.value(QStringLiteral("single_head_ablation")).toArray())
        gatherMass[h.toObject().value(QStringLiteral("head")).toString()] =
            h.toObject().value(QStringLiteral("gather_mass")).toDouble();
    const QString a = top[0].toString(), b = top[1].toString();
    const QString gather = gatherMass[a] > gatherMass[b] ? a : b, aggregate = gather == a ? b : a;
    MainWindow w;
    QVERIFY(showAndOpenModel(w, 1280, 900, dir));
    QCOMPARE(w.session()->shownHeads().size(), 2);
    QCOMPARE(w.session()->shownHeads()[0].name(), gather);
    QCOMPARE(w.session()->shownHeads()[1].name(), aggregate);
    QCOMPARE(w.findChild<QLineEdit*>(QStringLiteral("gatherHead"))->text(), gather);
}

GNA_GUI_TEST_MAIN(TestStudioScores)
#include "tst_studio_scores.moc"
