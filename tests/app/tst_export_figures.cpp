// gna-studio --export-figures on the shipped workspaces, run as a process on the built binary:
// exit codes, PNG pixel size for the preset, paper colours in the dark theme, vector SVG/PDF, CSV headers
// and contents, error cases; the head board figure of each demo laid out without overlapping texts.
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "figure_export.h"
#include "head_board.h"
#include "head_board_figure.h"
#include "main_window.h"
#include "paper_figures.h"
#include "session.h"
#include "views/view_test_util.h"
#include "workspace.h"
#include "gui_test_main.h"

using namespace gna::studio;

class TestExportFigures : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void workspaceKeepsCompareAndPalette();
    void oldWorkspaceLoads();
    void exportsShippedWorkspace_data();
    void exportsShippedWorkspace();
    void exportsExperimentFigures();
    void workspaceKeepsScaleAndResults();
    void errors_data();
    void errors();
    void headBoardTextsApart_data();
    void headBoardTextsApart();

private:
    // Runs gna-studio with `args`; returns the exit code, stdout+stderr in *output.
    int run(const QStringList& args, QString* output);
    QString workspaceDir() const { return QStringLiteral(GNA_SOURCE_DIR "/resources/workspaces"); }
    QString writeFile(const QString& name, const QByteArray& content);
    QTemporaryDir m_dir;
};

void TestExportFigures::initTestCase() {
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFileInfo::exists(QStringLiteral(GNA_STUDIO_PATH)), GNA_STUDIO_PATH);
}

int TestExportFigures::run(const QStringList& args, QString* output) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // The export must not touch the user's settings or recent files.
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));  // the option itself must choose offscreen
    p.setProcessEnvironment(env);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QStringLiteral(GNA_STUDIO_PATH), args);
    if (!p.waitForFinished(300000)) {
        p.kill();
        p.waitForFinished();
        *output = QStringLiteral("timed out");
        return -1;
    }
    *output = QString::fromUtf8(p.readAll());
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

QString TestExportFigures::writeFile(const QString& name, const QByteArray& content) {
    const QString path = m_dir.filePath(name);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly)) f.write(content);
    return path;
}

void TestExportFigures::workspaceKeepsCompareAndPalette() {
    Workspace w;
    w.modelPath = QStringLiteral("/models/x");
    w.compare = true;
    w.palette = 2;
    w.scoreMode = 5;
    const QString path = m_dir.filePath(QStringLiteral("round.gna.json"));
    QVERIFY(w.save(path));
    Workspace back;
    QVERIFY(Workspace::load(path, &back));
    QVERIFY(back.compare);
    QCOMPARE(back.palette, 2);
    QCOMPARE(back, w);
}

void TestExportFigures::oldWorkspaceLoads() {
    // A workspace written before compare and palette were saved, with a model path relative to it.
    const QString path = writeFile(QStringLiteral("old.gna.json"),
                                   R"({"format":"gna-studio-workspace","version":1,"model":"models/tiny",
                                       "prompt":"p","views":{"score_mode":2}})");
    Workspace w;
    QVERIFY(Workspace::load(path, &w));
    QVERIFY(!w.compare);
    QCOMPARE(w.palette, -1);
    QCOMPARE(w.scoreMode, 2);
    QCOMPARE(w.modelPath, QDir(m_dir.path()).filePath(QStringLiteral("models/tiny")));
}

void TestExportFigures::exportsShippedWorkspace_data() {
    QTest::addColumn<QString>("workspace");
    QTest::addColumn<bool>("compare");
    QTest::addColumn<QString>("gatherSeries");
    QTest::addColumn<bool>("dark");  // the studio set to its dark theme
    QTest::newRow("transformer") << "transformer_kv_gather_aggregate.gna.json" << false << "Gather L1.H3" << false;
    QTest::newRow("transformer ablated, dark")
        << "transformer_kv_ablated_compare.gna.json" << true << "Gather L1.H3" << true;
    QTest::newRow("hybrid") << "hybrid_kv_attention_off.gna.json" << true << "Gather L1.H0" << false;
}

void TestExportFigures::exportsShippedWorkspace() {
    QFETCH(QString, workspace);
    QFETCH(bool, compare);
    QFETCH(QString, gatherSeries);
    QFETCH(bool, dark);
    const QString out = m_dir.filePath(
        QStringLiteral("out_") +
        QString(QTest::currentDataTag()).replace(QRegularExpression(QStringLiteral("[ ,]+")), QStringLiteral("_")));
    // The settings file of the process (StudioSettings under XDG_CONFIG_HOME): theme 2 is the dark one.
    const QString settings = m_dir.filePath(QStringLiteral("config/G&A Studio/gna-studio.conf"));
    QVERIFY(QDir().mkpath(QFileInfo(settings).absolutePath()));
    const auto forget = qScopeGuard([&] { QFile::remove(settings); });
    if (dark) writeFile(QStringLiteral("config/G&A Studio/gna-studio.conf"), "[ui]\ntheme=2\n");
    QString output;
    const int code = run({QStringLiteral("--export-figures"), QDir(workspaceDir()).filePath(workspace), out,
                          QStringLiteral("--formats"), QStringLiteral("pdf,svg,png"), QStringLiteral("--dpi"),
                          QStringLiteral("300"), QStringLiteral("--width"), QStringLiteral("single")},
                         &output);
    QVERIFY2(code == 0, qPrintable(output));

    QStringList figures{QStringLiteral("gather"), QStringLiteral("aggregate"), QStringLiteral("next_token"),
                        QStringLiteral("head_board")};
    // Compare mode with heads ablated: both shown heads' differences to the unablated run, by name.
    if (compare) figures << QStringLiteral("difference_gather") << QStringLiteral("difference_aggregate");
    for (const QString& d : {QStringLiteral("difference_gather.png"), QStringLiteral("difference_aggregate.png")})
        QCOMPARE(QFileInfo::exists(QDir(out).filePath(d)), compare);
    for (const QString& f : figures) {
        const QString stem = QDir(out).filePath(f);
        const QImage png(stem + QStringLiteral(".png"));
        QVERIFY2(!png.isNull(), qPrintable(stem));
        QCOMPARE(png.width(), 990);  // 3.3 in x 300 dpi
        QCOMPARE(qRound(png.dotsPerMeterX() * 0.0254), 300);
        // Paper colours in either theme: a white margin around every figure.
        const double white = gna::views::marginShareAbove(png, 8, 0.95);
        QVERIFY2(white > 0.95, qPrintable(stem + QStringLiteral(": %1 of the margin white").arg(white)));

        QFile svg(stem + QStringLiteral(".svg"));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QByteArray s = svg.readAll();
        QVERIFY2(s.contains("<path") || s.contains("<rect"), qPrintable(stem));
        QVERIFY2(!s.contains("image/jpeg") && !s.contains("image/jpg"), qPrintable(stem));
        QVERIFY2(s.contains("width=\"83") || s.contains("width=\"84"), s.left(600).constData());  // 3.3 in = 83.8 mm

        QFile pdf(stem + QStringLiteral(".pdf"));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        const QByteArray p = pdf.readAll();
        QVERIFY(p.startsWith("%PDF"));
        QVERIFY2(!p.contains("/DCTDecode"), qPrintable(stem));  // no JPEG images

        QFile csv(stem + QStringLiteral(".csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly | QIODevice::Text));
        const QStringList lines = QString::fromUtf8(csv.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(lines.size() > 1, qPrintable(stem));
        if (f == QLatin1String("next_token")) {
            QCOMPARE(lines[0], QStringLiteral("series,token,probability"));
            QVERIFY(
                lines.filter(QRegularExpression(QStringLiteral("^Answer candidates \\(whole answer\\),88,"))).size() ==
                1);
            QVERIFY(!lines.filter(QRegularExpression(QStringLiteral("^Top next tokens \\(one token\\),"))).isEmpty());
            QCOMPARE(!lines.filter(QRegularExpression(QStringLiteral("^Baseline \\(no ablation\\),"))).isEmpty(),
                     compare);
        } else if (f == QLatin1String("head_board")) {
            QCOMPARE(lines[0], QStringLiteral("series,layer,head,head_name,score,ablated"));
            QVERIFY(!lines.filter(QStringLiteral(",L1.H3,")).isEmpty() ||
                    !lines.filter(QStringLiteral(",L1.H0,")).isEmpty());
        } else {
            const bool difference = f.startsWith(QLatin1String("difference"));
            QCOMPARE(lines[0],
                     difference
                         ? QStringLiteral("series,query_position,query_token,key_position,key_token,weight_difference")
                         : QStringLiteral("series,query_position,query_token,key_position,key_token,weight"));
            if (f == QLatin1String("gather"))
                QVERIFY2(lines[1].startsWith(gatherSeries + QLatin1Char(',')), qPrintable(lines[1]));
            if (f ==
                QLatin1String(
                    "difference_gather"))  // "Gather L1.H3: ablated − unablated" (or unchanged by the ablation)
                QVERIFY2(lines[1].startsWith(gatherSeries + QLatin1Char(':')), qPrintable(lines[1]));
            if (f == QLatin1String("difference_aggregate"))
                QVERIFY2(lines[1].startsWith(QStringLiteral("Aggregate L")), qPrintable(lines[1]));
            // Token text, not positions: some key token is a word of the prompt.
            QVERIFY2(
                !lines.filter(QRegularExpression(QStringLiteral(",[^,]*(candle|ictionary|value)[^,]*,"))).isEmpty(),
                qPrintable(lines.mid(0, 5).join(QLatin1Char('\n'))));
        }
    }
}

void TestExportFigures::workspaceKeepsScaleAndResults() {
    Workspace w;
    w.modelPath = QStringLiteral("/models/x");
    w.logScale = true;
    w.sharedRange = false;
    w.experimentResults = {m_dir.filePath(QStringLiteral("runs/ranking/result.json")),
                           QStringLiteral("/elsewhere/result.json")};
    const QString path = m_dir.filePath(QStringLiteral("scale.gna.json"));
    QVERIFY(w.save(path));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    // Results under the workspace's folder are saved relative to it, so the folder can move.
    QCOMPARE(o.value(QStringLiteral("experiment_results")).toArray().at(0).toString(),
             QStringLiteral("runs/ranking/result.json"));
    QCOMPARE(o.value(QStringLiteral("experiment_results")).toArray().at(1).toString(),
             QStringLiteral("/elsewhere/result.json"));
    Workspace back;
    QVERIFY(Workspace::load(path, &back));
    QCOMPARE(back, w);
}

// A workspace with experiment results open: their curves, retrieval maps and tables are exported
// with the window's figures; the curve CSV holds exactly the per-condition means of the samples.
void TestExportFigures::exportsExperimentFigures() {
    const QString model = QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/transformer");
    struct Spec {
        const char* name;
        const char* json;
    };
    QStringList results;
    for (const Spec& spec :
         {Spec{"cumulative_removal", R"({"experiment": "cumulative_removal", "ranking": ["L2.H2", "L1.H3", "L0.H1"],
                                   "steps": [0, 1, 2], "task": {"name": "kv_retrieval", "sizes": [10], "samples_per_size": 8}})"},
          Spec{"manipulation_grid", R"({"experiment": "manipulation_grid",
                                   "task": {"name": "niah", "lengths": [200], "depths": [50], "buffer": 40, "generate": 3}})"}}) {
        const QString specFile = writeFile(QLatin1String(spec.name) + QStringLiteral(".json"), spec.json);
        const QString out = m_dir.filePath(QStringLiteral("exp_") + QLatin1String(spec.name));
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(
            QStringLiteral(GNA_CLI_PATH),
            {QStringLiteral("experiment"), specFile, QStringLiteral("--model"), model, QStringLiteral("--out"), out});
        QVERIFY(p.waitForFinished(300000));
        QVERIFY2(p.exitCode() == 0, p.readAll().constData());
        results << out + QStringLiteral("/result.json");
    }
    Workspace w;
    w.modelPath = model;
    w.prompt = QStringLiteral("apple: 12\npear: 88\nQuery: pear ->");
    w.experimentResults = results;
    const QString workspace = m_dir.filePath(QStringLiteral("experiments.gna.json"));
    QVERIFY(w.save(workspace));
    const QString out = m_dir.filePath(QStringLiteral("out_experiments"));
    QString output;
    const int code = run(
        {QStringLiteral("--export-figures"), workspace, out, QStringLiteral("--formats"), QStringLiteral("pdf,svg,png"),
         QStringLiteral("--dpi"), QStringLiteral("200"), QStringLiteral("--width"), QStringLiteral("double")},
        &output);
    QVERIFY2(code == 0, qPrintable(output));
    for (const QString& stem : {QStringLiteral("cumulative_removal_curves"), QStringLiteral("manipulation_grid_map")}) {
        const QImage png(QDir(out).filePath(stem + QStringLiteral(".png")));
        QVERIFY2(!png.isNull(), qPrintable(stem));
        QCOMPARE(png.width(), 1380);  // 6.9 in x 200 dpi
        QVERIFY(QFileInfo(QDir(out).filePath(stem + QStringLiteral(".svg"))).size() > 0);
        QVERIFY(QFileInfo(QDir(out).filePath(stem + QStringLiteral(".pdf"))).size() > 0);
    }
    for (const QString& table :
         {QStringLiteral("cumulative_removal_table"), QStringLiteral("manipulation_grid_table")}) {
        QFile tex(QDir(out).filePath(table + QStringLiteral(".tex")));
        QVERIFY2(tex.open(QIODevice::ReadOnly), qPrintable(table));
        const QByteArray t = tex.readAll();
        QVERIFY(t.startsWith("\\begin{tabular}") && t.contains("\\toprule") && t.trimmed().endsWith("\\end{tabular}"));
        QVERIFY(QFileInfo(QDir(out).filePath(table + QStringLiteral(".csv"))).size() > 0);
    }

    // The curves' CSV against the samples of the result file: mean of each condition's scores.
    QFile rf(results[0]);
    QVERIFY(rf.open(QIODevice::ReadOnly));
    const QJsonObject result = QJsonDocument::fromJson(rf.readAll()).object();
    const QJsonArray conditions = result.value(QStringLiteral("conditions")).toArray();
    QMap<QString, double> mean;
    for (int c = 0; c < conditions.size(); ++c) {
        double sum = 0.0;
        int n = 0;
        for (const QJsonValue& sample : result.value(QStringLiteral("samples")).toArray()) {
            sum += sample.toObject().value(QStringLiteral("scores")).toArray().at(c).toDouble();
            ++n;
        }
        mean[conditions.at(c).toString()] = sum / n;
    }
    QVERIFY(mean.value(QStringLiteral("top-0")) > mean.value(QStringLiteral("top-1")));  // the demo's G&A head matters
    QFile csv(QDir(out).filePath(QStringLiteral("cumulative_removal_curves.csv")));
    QVERIFY(csv.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(csv.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(lines.value(0).startsWith(QStringLiteral("series,")) && lines.value(0).endsWith(QStringLiteral(",error")),
             qPrintable(lines.value(0)));
    int checked = 0, control = 0;
    for (const QString& line : lines.mid(1)) {
        const QStringList f = line.split(QLatin1Char(','));
        QCOMPARE(f.size(), 4);
        QVERIFY2(!f[0].startsWith(QStringLiteral("series")), qPrintable(line));  // named series
        const bool random = f[0].contains(QStringLiteral("random"), Qt::CaseInsensitive);
        control += random;
        const QString condition = (random ? QStringLiteral("random-") : QStringLiteral("top-")) + f[1];
        QVERIFY2(mean.contains(condition), qPrintable(line));
        QVERIFY2(qAbs(f[2].toDouble() - mean[condition]) < 1e-6, qPrintable(line));
        ++checked;
    }
    QCOMPARE(checked, 6);
    QCOMPARE(control, 3);
}

void TestExportFigures::errors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString good = QDir(workspaceDir()).filePath(QStringLiteral("transformer_kv_gather_aggregate.gna.json"));
    const QString out = m_dir.filePath(QStringLiteral("err_out"));
    const QString missing = m_dir.filePath(QStringLiteral("no_such.gna.json"));
    QTest::newRow("missing workspace") << QStringList{QStringLiteral("--export-figures"), missing, out} << missing;
    const QString bad = writeFile(QStringLiteral("bad.gna.json"), "{ not json");
    QTest::newRow("bad json") << QStringList{QStringLiteral("--export-figures"), bad, out}
                              << QStringLiteral("bad.gna.json");
    const QString noModel =
        writeFile(QStringLiteral("nomodel.gna.json"),
                  R"({"format":"gna-studio-workspace","version":1,"model":"../no-such-model","prompt":"p"})");
    QTest::newRow("missing model") << QStringList{QStringLiteral("--export-figures"), noModel, out}
                                   << QStringLiteral("no-such-model");
    const QString notModel = writeFile(QStringLiteral("notmodel.gna.json"),
                                       R"({"format":"gna-studio-workspace","version":1,"model":".","prompt":"p"})");
    QTest::newRow("model does not load") << QStringList{QStringLiteral("--export-figures"), notModel, out}
                                         << QStringLiteral("Could not load the model");
    const QString file = writeFile(QStringLiteral("a_file"), "x");
    QTest::newRow("unwritable out dir") << QStringList{QStringLiteral("--export-figures"), good,
                                                       file + QStringLiteral("/sub")}
                                        << QStringLiteral("a_file");
    QTest::newRow("bad dpi") << QStringList{QStringLiteral("--export-figures"), good, out, QStringLiteral("--dpi"),
                                            QStringLiteral("abc")}
                             << QStringLiteral("--dpi");
    QTest::newRow("bad width") << QStringList{QStringLiteral("--export-figures"), good, out, QStringLiteral("--width"),
                                              QStringLiteral("wide")}
                               << QStringLiteral("--width");
    QTest::newRow("bad format") << QStringList{QStringLiteral("--export-figures"), good, out,
                                               QStringLiteral("--formats"), QStringLiteral("pdf,jpg")}
                                << QStringLiteral("jpg");
    const QString noResult =
        writeFile(QStringLiteral("noresult.gna.json"),
                  QStringLiteral(R"({"format":"gna-studio-workspace","version":1,"model":"%1","prompt":"p",
                                           "experiment_results":["runs/missing/result.json"]})")
                      .arg(QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/transformer"))
                      .toUtf8());
    QTest::newRow("missing experiment result")
        << QStringList{QStringLiteral("--export-figures"), noResult, out} << QStringLiteral("runs/missing/result.json");
    QTest::newRow("no out dir") << QStringList{QStringLiteral("--export-figures"), good} << QStringLiteral("OUT_DIR");
}

void TestExportFigures::errors() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QString output;
    const int code = run(args, &output);
    QVERIFY2(code > 0, qPrintable(output));
    QVERIFY2(output.contains(message), qPrintable(output));
}

void TestExportFigures::headBoardTextsApart_data() {
    QTest::addColumn<QString>("demo");
    QTest::addColumn<double>("inches");
    for (const char* demo : {"transformer", "ssm", "hybrid"}) {
        QTest::addRow("%s, single column", demo) << QString::fromLatin1(demo) << gna::views::kSingleColumnInches;
        QTest::addRow("%s, double column", demo) << QString::fromLatin1(demo) << gna::views::kDoubleColumnInches;
    }
}

// Each demo's board with Δ scores (compare mode, heads ablated): the texts the export draws (title lines,
// axis and colour scale labels, tick labels), recorded from its drawing, lie within the figure and
// apart from each other and from the board's images (colour map, colour scales).
void TestExportFigures::headBoardTextsApart() {
    QFETCH(QString, demo);
    QFETCH(double, inches);
    Workspace w;
    QVERIFY(Workspace::load(QDir(workspaceDir()).filePath(QStringLiteral("hybrid_kv_attention_off.gna.json")), &w));
    w.modelPath = QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/") + demo;
    if (demo != QLatin1String("hybrid")) w.shownHeads.clear();  // the hybrid keeps its workspace as shipped
    if (demo == QLatin1String("transformer")) w.ablated = {{1, 3, false}, {2, 2, false}};
    if (demo == QLatin1String("ssm")) w.ablated = {{1, 0, true}, {1, 1, true}, {3, 2, true}};
    MainWindow window;
    window.applyWorkspace(w);
    gna::studio::Session* session = window.session();
    QTRY_VERIFY_WITH_TIMEOUT(!session->isLoading() && !session->isRunning() &&
                                 session->lastOutcome().generation == session->generation() &&
                                 window.headBoard()->model()->hasScores(),
                             120000);
    QVERIFY(window.headBoard()->model()->scoresAreDifferences());
    QCOMPARE(window.headBoard()->model()->mixed(), demo == QLatin1String("hybrid"));

    gna::views::FigureOptions options;
    options.widthInches = inches;
    const std::unique_ptr<gna::views::HeadBoardFigure> figure =
        paperHeadBoard(window, inches, options.fontPoints, &options.heightInches);
    const gna::views::DrawnFigure drawn = gna::views::drawnFigure(figure->plot(), options);
    QCOMPARE(drawn.size, QSizeF(qRound(inches * 72), qRound(options.heightInches * 72)));
    // What must be drawn: the title (the score's name, on one line or more), the head and layer axes,
    // a Δ scale per kind of head.
    QString all;
    for (const auto& t : drawn.texts) all += t.text + QLatin1Char(' ');
    const QString label = window.headBoard()->model()->scoreLabel();
    for (const QString& word : label.split(QLatin1Char(' ')))
        QVERIFY2(all.contains(word), qPrintable(word + QStringLiteral(" not drawn in: ") + all));
    QVERIFY2(all.contains(QStringLiteral("Layer")), qPrintable(all));
    // Each colour bar names the score and its unit (the board's legend's words), per kind on a hybrid.
    // The title holds the label once, each scale once more (lines joined).
    QCOMPARE(all.simplified().count(label), demo == QLatin1String("hybrid") ? 3 : 2);
    QVERIFY(drawn.images.size() >= 2);  // the board's colour map(s) and colour scale(s)

    const QRectF page(QPointF(0, 0), drawn.size);
    QStringList bad;
    auto name = [](const gna::views::DrawnFigure::Text& t) {
        return QStringLiteral("\"%1\" (%2, %3, %4 x %5)")
            .arg(t.text)
            .arg(t.rect.x())
            .arg(t.rect.y())
            .arg(t.rect.width())
            .arg(t.rect.height());
    };
    // Rectangles sharing an edge (lines of one title, runs of one line) do not overlap: a tolerance of 0.1 pt.
    auto overlap = [](const QRectF& a, const QRectF& b) {
        const QRectF i = a.intersected(b);
        return i.width() > 0.1 && i.height() > 0.1;
    };
    for (qsizetype i = 0; i < drawn.texts.size(); ++i) {
        const auto& a = drawn.texts[i];
        if (!page.adjusted(-0.1, -0.1, 0.1, 0.1).contains(a.rect))
            bad << name(a) + QStringLiteral(" outside the figure");
        for (qsizetype j = i + 1; j < drawn.texts.size(); ++j)
            if (overlap(a.rect, drawn.texts[j].rect))
                bad << name(a) + QStringLiteral(" overlaps ") + name(drawn.texts[j]);
        for (const QRectF& image : drawn.images)
            if (overlap(a.rect, image)) bad << name(a) + QStringLiteral(" overlaps the board or a colour scale");
    }
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
}

GNA_GUI_TEST_MAIN(TestExportFigures)
#include "tst_export_figures.moc"
