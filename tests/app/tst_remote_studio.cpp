// The studio on a server (File ▸ Connect to server…, docs/remote.md): a `gna serve` engine started here
// on 127.0.0.1 serves the bundled demo models; the studio connects through the real dialog, opens a
// model through the server's list, and its toggles, compare mode and the Experiments dock give what a
// window with the same model opened locally gives, bit for bit, and so does the KV-retrieval map; an
// experiment on the server can be cancelled. The Model dock says where the model
// runs, the status bar shows the round trip, and a server that goes away is reported, naming what to
// do, with nothing lost.
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QSpinBox>
#include <QFile>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include "client.h"
#include "experiment_runner.h"
#include "kv_map_panel.h"
#include "gna/experiments.h"
#include "gna/model.h"
#include "gui_test_main.h"
#include "main_window.h"
#include "model_info_panel.h"
#include "prompt_editor.h"
#include "server.h"
#include "server_link.h"
#include "server_menu.h"
#include "session.h"

using namespace gna::studio;

namespace {

const char* const kPrompt = "Memorize the following dictionary:\napple:42\nriver:17\n\nThe value of the key 'river' is";
const char* const kToken = "studio-remote-test-token";

// Runs `answer` on the next modal dialog once it is shown (the studio's dialogs block in exec()).
void onNextDialog(std::function<void(QWidget*)> answer) {
    auto* timer = new QTimer;
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, answer] {
        if (QWidget* d = QApplication::activeModalWidget()) {
            timer->stop();
            timer->deleteLater();
            answer(d);
        }
    });
    timer->start();
}

bool sameOutcome(const RunOutcome& a, const RunOutcome& b) {
    if (a.tokens != b.tokens || a.lastLogits != b.lastLogits || a.headScores != b.headScores ||
        a.baselineHeadScores != b.baselineHeadScores || a.next.size() != b.next.size() ||
        a.baseline.size() != b.baseline.size() || a.maps.size() != b.maps.size() ||
        a.baselineMaps.size() != b.baselineMaps.size())
        return false;
    for (int i = 0; i < a.next.size(); ++i)
        if (a.next[i].label != b.next[i].label || a.next[i].probability != b.next[i].probability) return false;
    for (int i = 0; i < a.baseline.size(); ++i)
        if (a.baseline[i].probability != b.baseline[i].probability) return false;
    for (int i = 0; i < a.maps.size(); ++i)
        if (a.maps[i].values != b.maps[i].values || a.maps[i].title != b.maps[i].title) return false;
    for (int i = 0; i < a.baselineMaps.size(); ++i)
        if (a.baselineMaps[i].values != b.baselineMaps[i].values) return false;
    return true;
}

}  // namespace

class TestRemoteStudio : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<gna::remote::Server> m_server;
    QString m_tokenFile, m_address;
    const QString m_demos = QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models");

    // The server on `listen` (a port of 0: a free one; the old port: a restart) over the demo models.
    void startServer(const std::string& listen) {
        gna::remote::ServerOptions o;
        o.roots = {m_demos.toStdString()};
        o.token = kToken;
        o.listen = listen;
        m_server = std::make_unique<gna::remote::Server>(o);
    }

    bool show(MainWindow& w) {
        w.resize(1280, 860);
        w.show();
        if (!QTest::qWaitForWindowExposed(&w)) return false;
        w.promptEditor()->setPrompt(QString::fromUtf8(kPrompt));
        return true;
    }

    // File ▸ Connect to server…, the fields typed in, Connect clicked.
    bool connectThroughTheDialog(MainWindow& w) {
        auto* action = w.findChild<QAction*>(QStringLiteral("connectServer"));
        if (!action) return false;
        QSignalSpy connected(w.serverMenu()->link(), &ServerLink::connected);
        onNextDialog([this](QWidget* d) {
            d->grab().save(QStringLiteral(GNA_TEST_DATA_DIR "/remote_connect_dialog.png"));  // to look at
            auto* address = d->findChild<QComboBox*>(QStringLiteral("serverAddress"));
            address->clearEditText();
            QTest::keyClicks(address, m_address);
            auto* tokenFile = d->findChild<QLineEdit*>(QStringLiteral("serverTokenFile"));
            tokenFile->clear();  // a recent server fills it in
            QTest::keyClicks(tokenFile, m_tokenFile);
            QTest::mouseClick(d->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
        });
        action->trigger();
        return connected.wait(30000);
    }

    // File ▸ Open model on server…: the demo picked from the server's list.
    bool openOnServer(MainWindow& w, const QString& kind) {
        QSignalSpy loaded(w.session(), &Session::modelLoaded);
        QSignalSpy result(w.session(), &Session::resultReady);
        onNextDialog([kind](QWidget* d) {
            auto* combo = d->findChild<QComboBox*>();
            const int i = combo->findText(kind, Qt::MatchEndsWith);
            combo->setCurrentIndex(i);
            QTest::keyClick(d, Qt::Key_Return);
        });
        w.findChild<QAction*>(QStringLiteral("openOnServer"))->trigger();
        return loaded.wait(60000) && (result.count() > 0 || result.wait(60000));
    }

    static bool rerun(MainWindow& w, const std::function<void()>& change) {
        QSignalSpy result(w.session(), &Session::resultReady);
        change();
        return result.wait(60000);
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        startServer("127.0.0.1:0");
        m_address = QStringLiteral("127.0.0.1:%1").arg(m_server->port());
        m_tokenFile = m_dir.filePath(QStringLiteral("token"));
        QFile f(m_tokenFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kToken);
        f.close();
        QVERIFY(f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    }

    void togglesAndCompareEqualTheLocalWindow() {
        MainWindow remote, local;
        QVERIFY(remote.serverMenu());
        QVERIFY(show(remote) && show(local));
        QVERIFY(connectThroughTheDialog(remote));
        QVERIFY(openOnServer(remote, QStringLiteral("transformer")));
        QCOMPARE(remote.session()->modelServer(), m_address);
        QSignalSpy result(local.session(), &Session::resultReady);
        local.openModel(m_demos + QStringLiteral("/transformer"));
        QVERIFY(result.wait(60000));
        QVERIFY(sameOutcome(remote.session()->lastOutcome(), local.session()->lastOutcome()));
        // the Model dock says where it runs; the status bar, the round trip
        QVERIFY(remote.infoPanel()->text(QStringLiteral("server")).contains(m_address));
        QCOMPARE(local.infoPanel()->text(QStringLiteral("server")), QStringLiteral("this computer"));
        auto* status = remote.findChild<QLabel*>(QStringLiteral("serverStatus"));
        QVERIFY(status);
        QTRY_VERIFY_WITH_TIMEOUT(status->isVisible() && status->text().contains(QStringLiteral(" ms")), 15000);
        remote.grab().save(QStringLiteral(GNA_TEST_DATA_DIR "/remote_studio.png"));  // to look at
        // a toggle, then compare mode, then another toggle: the same bits as the local window
        const gna::views::HeadCells off{gna::views::HeadCell{2, 2, false}};
        for (MainWindow* w : {&remote, &local}) QVERIFY(rerun(*w, [w, off] { w->session()->setAblatedHeads(off); }));
        QVERIFY(sameOutcome(remote.session()->lastOutcome(), local.session()->lastOutcome()));
        for (MainWindow* w : {&remote, &local}) QVERIFY(rerun(*w, [w] { w->session()->setCompare(true); }));
        QVERIFY(!remote.session()->lastOutcome().baseline.isEmpty());
        QVERIFY(sameOutcome(remote.session()->lastOutcome(), local.session()->lastOutcome()));
        const gna::views::HeadCells two{gna::views::HeadCell{2, 2, false}, gna::views::HeadCell{1, 3, false}};
        for (MainWindow* w : {&remote, &local}) QVERIFY(rerun(*w, [w, two] { w->session()->setAblatedHeads(two); }));
        QVERIFY(sameOutcome(remote.session()->lastOutcome(), local.session()->lastOutcome()));
        // a server model never enters the recent (local) models
        QVERIFY(!StudioSettings().recentModels().contains(QStringLiteral("transformer")));
    }

    void experimentsRunOnTheServersModel() {
        MainWindow remote, local;
        QVERIFY(show(remote) && show(local));
        QVERIFY(connectThroughTheDialog(remote));
        QVERIFY(openOnServer(remote, QStringLiteral("transformer")));
        QSignalSpy result(local.session(), &Session::resultReady);
        local.openModel(m_demos + QStringLiteral("/transformer"));
        QVERIFY(result.wait(60000));
        const gna::Json spec = gna::Json::parse(R"({"experiment": "head_ranking",
            "task": {"name": "kv_retrieval", "sizes": [4], "samples_per_size": 3, "seed": 5}})");
        QStringList csv;
        for (MainWindow* w : {&remote, &local}) {
            ExperimentRunner runner;
            runner.setSession(w->session());
            QSignalSpy finished(&runner, &ExperimentRunner::finished);
            const QString out = m_dir.filePath(w == &remote ? QStringLiteral("remote") : QStringLiteral("local"));
            QVERIFY(runner.start(w->session()->modelPath(), spec, out));
            QVERIFY(finished.wait(120000));
            QFile f(out + QStringLiteral("/result.csv"));
            QVERIFY(f.open(QIODevice::ReadOnly));
            csv << QString::fromUtf8(f.readAll());
        }
        QVERIFY(!csv[0].isEmpty());
        QCOMPARE(csv[0], csv[1]);

        // the KV-retrieval map (its dock, its Run button): the same cells
        std::vector<std::vector<gna::KvMap>> maps;
        for (MainWindow* w : {&remote, &local}) {
            auto* dock = w->findChild<QDockWidget*>(QStringLiteral("kvMapDock"));
            QVERIFY(dock);
            dock->show();
            auto* panel = w->findChild<KvMapPanel*>();
            panel->sizesEdit()->setText(QStringLiteral("4, 12"));
            panel->depthsEdit()->setText(QStringLiteral("0, 100"));
            panel->samplesBox()->setValue(3);
            QSignalSpy done(panel, &KvMapPanel::finished);
            QTest::mouseClick(panel->runButton(), Qt::LeftButton);
            QVERIFY(done.wait(120000));
            maps.push_back(panel->maps());
        }
        QCOMPARE(maps[0].size(), std::size_t(2));
        QCOMPARE(maps[0].size(), maps[1].size());
        for (std::size_t m = 0; m < maps[0].size(); ++m)
            for (std::size_t c = 0; c < maps[0][m].cells.size(); ++c) {
                QCOMPARE(maps[0][m].cells[c].accuracy, maps[1][m].cells[c].accuracy);
                QCOMPARE(maps[0][m].cells[c].probability, maps[1][m].cells[c].probability);
            }

        // an experiment on the server, cancelled: it stops, and its finished samples are kept
        ExperimentRunner runner;
        runner.setSession(remote.session());
        QSignalSpy progress(&runner, &ExperimentRunner::progress);
        QSignalSpy cancelled(&runner, &ExperimentRunner::cancelled);
        const gna::Json big = gna::Json::parse(R"({"experiment": "head_ranking",
            "task": {"name": "kv_retrieval", "sizes": [10, 20], "samples_per_size": 40, "seed": 9}})");
        QVERIFY(runner.start(remote.session()->modelPath(), big, m_dir.filePath(QStringLiteral("cancelled"))));
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty() && progress.last().at(0).toInt() >= 2, 60000);
        runner.cancel();
        QVERIFY(cancelled.count() > 0 || cancelled.wait(30000));
        QTRY_COMPARE_WITH_TIMEOUT(m_server->running_jobs(), std::size_t(0), 10000);
    }

    void anExperimentCutOffByTheServerResumesAfterReconnecting() {
        // the server stops in the middle of a head ranking: the run fails naming the lost connection,
        // its finished samples stay in its folder on this computer; after connecting again (the model
        // reopens there) the same run resumes them and ends with the result a local run gives
        MainWindow w;
        QVERIFY(show(w));
        QVERIFY(connectThroughTheDialog(w));
        QVERIFY(openOnServer(w, QStringLiteral("transformer")));
        const gna::Json spec = gna::Json::parse(R"({"experiment": "head_ranking",
            "task": {"name": "kv_retrieval", "sizes": [10, 20], "samples_per_size": 40, "seed": 9}})");
        const QString out = m_dir.filePath(QStringLiteral("cut_off"));
        ExperimentRunner runner;
        runner.setSession(w.session());
        QSignalSpy progress(&runner, &ExperimentRunner::progress);
        QSignalSpy failed(&runner, &ExperimentRunner::failed);
        QVERIFY(runner.start(w.session()->modelPath(), spec, out));
        QTRY_VERIFY_WITH_TIMEOUT(!progress.isEmpty() && progress.last().at(0).toInt() >= 3, 60000);
        onNextDialog([](QWidget* d) {
            if (auto* box = qobject_cast<QMessageBox*>(d)) box->accept();
        });
        const int port = m_server->port();
        m_server.reset();
        QVERIFY(failed.count() > 0 || failed.wait(30000));
        const QString why = failed.first().at(0).toString();
        QVERIFY2(why.contains(QStringLiteral("server")), qPrintable(why));
        QFile partial(out + QStringLiteral("/result.json"));
        QVERIFY(partial.open(QIODevice::ReadOnly));
        QVERIFY(partial.readAll().contains("\"complete\": false"));
        partial.close();
        QTRY_VERIFY_WITH_TIMEOUT(!w.serverMenu()->link()->isConnected(), 20000);

        startServer("127.0.0.1:" + std::to_string(port));
        QSignalSpy loaded(w.session(), &Session::modelLoaded);
        QVERIFY(connectThroughTheDialog(w));
        QVERIFY(loaded.count() > 0 || loaded.wait(60000));
        QSignalSpy finished(&runner, &ExperimentRunner::finished);
        QVERIFY(runner.start(w.session()->modelPath(), spec, out));
        QVERIFY(finished.wait(120000));
        // the same spec on this computer, from scratch
        auto local = gna::Model::load(QString(m_demos + QStringLiteral("/transformer")).toStdString());
        gna::ExperimentOptions eo;
        eo.out_dir = m_dir.filePath(QStringLiteral("cut_off_local")).toStdString();
        gna::run_experiment(*local, spec, eo);
        QFile a(out + QStringLiteral("/result.csv")), b(m_dir.filePath(QStringLiteral("cut_off_local/result.csv")));
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QCOMPARE(a.readAll(), b.readAll());
    }

    void workspacesRememberTheServer() {
        const QString file = m_dir.filePath(QStringLiteral("remote.gna.json"));
        {
            MainWindow w;
            QVERIFY(show(w));
            QVERIFY(connectThroughTheDialog(w));
            QVERIFY(openOnServer(w, QStringLiteral("ssm")));
            QVERIFY(rerun(w, [&w] { w.session()->setAblatedHeads({gna::views::HeadCell{1, 2, true}}); }));
            QString error;
            QVERIFY2(w.saveWorkspace(file, &error), qPrintable(error));
        }
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray json = f.readAll();
        QVERIFY(json.contains(m_address.toUtf8()) && json.contains(m_tokenFile.toUtf8()));
        QVERIFY(!json.contains(kToken));  // never the token itself
        // a new window connects to the workspace's server and opens its model there, heads and all
        MainWindow w;
        QVERIFY(show(w));
        QSignalSpy result(w.session(), &Session::resultReady);
        QString error;
        QVERIFY2(w.loadWorkspace(file, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(w.session()->hasModel() && !w.session()->ablatedHeads().isEmpty(), 60000);
        QCOMPARE(w.session()->modelServer(), m_address);
        QVERIFY(w.session()->modelPath().endsWith(QStringLiteral("ssm")));
        QCOMPARE(w.session()->ablatedHeads(), (gna::views::HeadCells{gna::views::HeadCell{1, 2, true}}));
    }

    void aServerThatGoesAwayIsReported() {
        MainWindow w;
        QVERIFY(show(w));
        QVERIFY(connectThroughTheDialog(w));
        QVERIFY(openOnServer(w, QStringLiteral("transformer")));
        QString warning;
        onNextDialog([&warning](QWidget* d) {
            if (auto* box = qobject_cast<QMessageBox*>(d)) {
                warning = box->text();
                box->accept();
            }
        });
        QVERIFY(rerun(w, [&w] { w.session()->setAblatedHeads({gna::views::HeadCell{2, 2, false}}); }));
        const RunOutcome before = w.session()->lastOutcome();
        const int port = m_server->port();
        m_server.reset();  // the server stops
        QTRY_VERIFY_WITH_TIMEOUT(!warning.isEmpty(), 20000);
        QVERIFY2(warning.contains(QStringLiteral("Connect again")), qPrintable(warning));
        QVERIFY(!w.serverMenu()->link()->isConnected());
        QVERIFY(!w.findChild<QAction*>(QStringLiteral("openOnServer"))->isEnabled());
        // the server starts again on the same port; connecting again opens the model there again,
        // with the heads that were off
        startServer("127.0.0.1:" + std::to_string(port));
        QSignalSpy loaded(w.session(), &Session::modelLoaded);
        QSignalSpy result(w.session(), &Session::resultReady);
        QVERIFY(connectThroughTheDialog(w));
        QVERIFY(loaded.count() > 0 || loaded.wait(60000));
        QVERIFY(result.count() > 0 || result.wait(60000));
        QCOMPARE(w.session()->ablatedHeads(), (gna::views::HeadCells{gna::views::HeadCell{2, 2, false}}));
        QVERIFY(sameOutcome(w.session()->lastOutcome(), before));
    }
};

GNA_GUI_TEST_MAIN(TestRemoteStudio)
#include "tst_remote_studio.moc"
