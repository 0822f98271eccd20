// Randomised robustness test ("monkey"): on each bundled demo model, for a fixed seed and a bounded
// time, real widgets are driven at random (head-board clicks and keys, compare on/off, undo/redo,
// score modes, head fields with valid and invalid text, prompt edits including empty, very long and
// non-UTF-8 pastes, sample picks, tab switches, cancelled export dialogs, model switches, live language
// switches). After
// every action the window must still hold a consistent state: no ablation or shown head the open
// model lacks, the board and the plan agreeing. Run under the asan preset in CI.
// GNA_MONKEY_SECONDS (per model, default 45) and GNA_MONKEY_SEED (default 1) override the bounds.
#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QMenuBar>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProcess>
#include <QTemporaryDir>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>
#include <QTimer>
#include <random>

#include "head_board.h"
#include "main_window.h"
#include "prompt_editor.h"
#include "app_test_util.h"
#include "token_strip.h"
#include "gui_test_main.h"

using namespace gna::studio;
namespace views = gna::views;

namespace {

QString demo(const char* kind) {
    return QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/") + QLatin1String(kind);
}

// The three models the test drives: the bundled demos (SentencePiece tokenizers; under AddressSanitizer
// the plugin is loaded into a link-map namespace of its own), or with GNA_MONKEY_MODELS=tiny checkpoints
// of the same three families (llama, mamba2, zamba2) written by `gna make-tiny-model` with byte-level
// BPE tokenizers.
QStringList monkeyModels(const QString& tempDir) {
    if (qgetenv("GNA_MONKEY_MODELS") != "tiny") return {demo("transformer"), demo("ssm"), demo("hybrid")};
    QStringList out;
    for (const char* arch : {"llama", "mamba2", "zamba2"}) {
        const QString dir = tempDir + QStringLiteral("/tiny-") + QLatin1String(arch);
        if (makeTinyCheckpoint(dir, {QStringLiteral("--arch"), QLatin1String(arch)}).isEmpty()) out << dir;
    }
    return out;
}

int envInt(const char* name, int fallback) {
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(name, &ok);
    return ok && v > 0 ? v : fallback;
}

}  // namespace

class TestMonkey : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void randomActionsOnEveryDemo();

private:
    void act(MainWindow& w, std::mt19937& rng, QStringList* log);
    QStringList m_models;
    qint64 m_slowestSwitchMs = 0;  // the longest wait for a model switch's answer
    void checkConsistent(MainWindow& w, const QString& context);
    void switchModel(MainWindow& w, const QString& dir);
    void waitIdle(MainWindow& w, int ms = 20000);
};

void TestMonkey::waitIdle(MainWindow& w, int ms) {
    QElapsedTimer t;
    t.start();
    while ((w.session()->isRunning() || w.session()->isLoading()) && t.elapsed() < ms) QTest::qWait(10);
}

void TestMonkey::switchModel(MainWindow& w, const QString& dir) {
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    QSignalSpy failed(w.session(), &Session::modelLoadFailed);
    w.openModel(dir);
    QElapsedTimer t;
    t.start();
    while (loaded.isEmpty() && failed.isEmpty() && t.elapsed() < 120000) QTest::qWait(20);
    m_slowestSwitchMs = std::max(m_slowestSwitchMs, t.elapsed());
    const QString why = failed.isEmpty() ? QStringLiteral("no answer within %1 ms").arg(t.elapsed())
                                         : failed.front().value(1).toString();
    QVERIFY2(!loaded.isEmpty() || w.session()->modelPath() == dir, qPrintable(dir + QStringLiteral(": ") + why));
    waitIdle(w);
}

void TestMonkey::checkConsistent(MainWindow& w, const QString& context) {
    const gna::ModelInfo* info = w.session()->modelInfo();
    QVERIFY(info);
    // Nothing from another model is active: every ablated and every shown head exists here.
    for (const auto& h : w.session()->ablatedHeads())
        QVERIFY2(headExists(*info, h),
                 qPrintable(context + QStringLiteral(": ablated ") + h.name() + QStringLiteral(" not in ") +
                            w.session()->modelPath()));
    for (const auto& h : w.session()->shownHeads())
        QVERIFY2(headExists(*info, h),
                 qPrintable(context + QStringLiteral(": shown ") + h.name() + QStringLiteral(" not in ") +
                            w.session()->modelPath()));
    // The board shows the open model and the plan's heads of its kind.
    views::HeadBoard* b = w.headBoard();
    QCOMPARE(b->model()->layers(), info->num_layers);
    views::HeadCells planOfBoard = w.session()->ablatedHeads();  // the board holds heads of both kinds
    std::sort(planOfBoard.begin(), planOfBoard.end());
    views::HeadCells onBoard = b->ablatedHeads();
    std::sort(onBoard.begin(), onBoard.end());
    QVERIFY2(planOfBoard == onBoard, qPrintable(context + QStringLiteral(": board and plan differ")));
}

void TestMonkey::act(MainWindow& w, std::mt19937& rng, QStringList* log) {
    auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
    views::HeadBoard* board = w.headBoard();
    const int action = pick(17);
    switch (action) {
        case 0:
        case 1: {  // click a cell (or past the last head of a short row)
            const int layers = board->model()->layers(), heads = board->model()->heads();
            if (layers == 0 || heads == 0) break;
            const int l = pick(layers), h = pick(heads);
            const QRect r = board->cellRect(l, h);
            QTest::mouseClick(board, Qt::LeftButton, {}, r.center());
            log->append(QStringLiteral("click L%1.%2").arg(l).arg(h));
            break;
        }
        case 2: {  // keys on the board
            const Qt::Key keys[] = {Qt::Key_Left, Qt::Key_Right, Qt::Key_Up,
                                    Qt::Key_Down, Qt::Key_Space, Qt::Key_Return};
            const Qt::Key k = keys[pick(6)];
            board->setFocus();
            QTest::keyClick(board, k);
            log->append(QStringLiteral("board key %1").arg(int(k)));
            break;
        }
        case 3: {  // double click: show the head
            const int layers = board->model()->layers(), heads = board->model()->heads();
            if (layers == 0 || heads == 0) break;
            const QRect r = board->cellRect(pick(layers), pick(heads));
            QTest::mouseDClick(board, Qt::LeftButton, {}, r.center());
            log->append(QStringLiteral("double click"));
            break;
        }
        case 4: {  // compare on/off
            auto* compare = w.findChild<QCheckBox*>(QStringLiteral("compareCheck"));
            QVERIFY(compare);
            QTest::mouseClick(compare, Qt::LeftButton, {}, QPoint(8, compare->height() / 2));
            log->append(QStringLiteral("compare %1").arg(compare->isChecked()));
            break;
        }
        case 5: {  // undo / redo
            const bool redo = pick(2);
            QTest::keyClick(board, Qt::Key_Z, redo ? (Qt::ControlModifier | Qt::ShiftModifier) : Qt::ControlModifier);
            log->append(redo ? QStringLiteral("redo") : QStringLiteral("undo"));
            break;
        }
        case 6: {  // score mode
            auto* mode = w.findChild<QComboBox*>(QStringLiteral("scoreMode"));
            QVERIFY(mode);
            mode->setFocus();
            QTest::keyClick(mode, pick(2) ? Qt::Key_Down : Qt::Key_Up);
            log->append(QStringLiteral("score mode %1").arg(mode->currentIndex()));
            break;
        }
        case 7: {  // a head field, valid or not
            const char* texts[] = {"L0.H0",   "L1.H3",   "L2.H2", "L3.S5",  "L0.S1", "L99.H0",
                                   "L1.H999", "garbage", "",      "L-1.H2", "2.1"};
            auto* field =
                w.findChild<QLineEdit*>(pick(2) ? QStringLiteral("gatherHead") : QStringLiteral("aggregateHead"));
            QVERIFY(field);
            field->setFocus();
            field->selectAll();
            const QString t = QString::fromLatin1(texts[pick(11)]);
            QTest::keyClicks(field, t);
            QTest::keyClick(field, Qt::Key_Return);
            log->append(QStringLiteral("head field '%1'").arg(t));
            break;
        }
        case 8: {  // prompt edits: empty, very long, a paste of bytes that are not UTF-8
            QPlainTextEdit* edit = w.promptEditor()->editor();
            edit->setFocus();
            const int kind = pick(4);
            if (kind == 0) {
                QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
                QTest::keyClick(edit, Qt::Key_Delete);
                log->append(QStringLiteral("prompt empty"));
            } else if (kind == 1) {
                QString longText;
                for (int i = 0; i < 400; ++i) longText += QStringLiteral("word%1:%2\n").arg(i).arg(i % 100);
                auto* mime = new QMimeData;
                mime->setText(longText);
                QApplication::clipboard()->setMimeData(mime);
                QTest::keyClick(edit, Qt::Key_V, Qt::ControlModifier);
                log->append(QStringLiteral("prompt very long"));
            } else if (kind == 2) {
                QByteArray bytes;
                for (int i = 0; i < 64; ++i) bytes.append(static_cast<char>(pick(256)));
                bytes.append("\xff\xfe\xc3\x28\xe2\x82", 6);
                auto* mime = new QMimeData;
                mime->setData(QStringLiteral("text/plain"), bytes);  // not UTF-8
                QApplication::clipboard()->setMimeData(mime);
                QTest::keyClick(edit, Qt::Key_V, Qt::ControlModifier);
                log->append(QStringLiteral("prompt non-UTF-8 paste"));
            } else {
                QTest::keyClicks(edit, QStringLiteral(" apple:42"));
                QTest::keyClick(edit, Qt::Key_Return);
                log->append(QStringLiteral("prompt typed"));
            }
            break;
        }
        case 9: {  // sample picks
            auto* samples = w.promptEditor()->findChild<QComboBox*>(QStringLiteral("samples"));
            QVERIFY(samples);
            if (samples->count() > 0) samples->setCurrentIndex(pick(samples->count()));
            log->append(QStringLiteral("sample %1").arg(samples->currentIndex()));
            break;
        }
        case 10: {  // tab switches
            const auto tabs = w.findChildren<QTabBar*>();
            if (tabs.isEmpty()) break;
            QTabBar* bar = tabs[pick(static_cast<int>(tabs.size()))];
            if (!bar->isVisible() || bar->count() == 0) break;
            QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(pick(bar->count())).center());
            log->append(QStringLiteral("tab %1").arg(bar->currentIndex()));
            break;
        }
        case 11: {  // export dialogs, cancelled (the dialog closer below rejects every modal dialog)
            QList<QPointer<QAction>> exports;  // a dialog's event loop may rebuild the menus (a language switch)
            for (QAction* a : w.menuBar()->actions())
                if (a->menu())
                    for (QAction* b : a->menu()->actions())
                        if (b->objectName().startsWith(QLatin1String("export")) && pick(2)) exports << b;
            for (const QPointer<QAction>& b : exports)
                if (b) {
                    log->append(QStringLiteral("export dialog ") + b->objectName());
                    b->trigger();
                }
            break;
        }
        case 12: {  // model switches
            const QString dir = m_models[pick(static_cast<int>(m_models.size()))];
            log->append(QStringLiteral("switch to ") + dir);
            switchModel(w, dir);
            checkConsistent(w, QStringLiteral("after switching to ") + dir);
            break;
        }
        case 13: {  // invert / restore all / run
            const char* names[] = {"invertButton", "restoreButton"};
            auto* b = w.findChild<QPushButton*>(QString::fromLatin1(names[pick(2)]));
            QVERIFY(b);
            QTest::mouseClick(b, Qt::LeftButton);
            log->append(b->objectName());
            break;
        }
        case 14: {  // run now
            QTest::mouseClick(w.promptEditor()->runButton(), Qt::LeftButton);
            log->append(QStringLiteral("run"));
            break;
        }
        case 15: {  // a token of the strip (selects the token for "attention to the selected token")
            auto* strip = w.tokenStrip();
            if (strip->width() > 4 && strip->height() > 4)
                QTest::mouseClick(strip, Qt::LeftButton, {}, QPoint(pick(strip->width()), pick(strip->height())));
            log->append(QStringLiteral("token strip click"));
            break;
        }
        case 16: {  // the language, switched live (the window rebuilds its views around the open model)
            const QString code = pick(2) ? QStringLiteral("de") : QStringLiteral("en");
            w.setLanguage(code);
            log->append(QStringLiteral("language ") + code);
            break;
        }
    }
    QTest::qWait(
        pick(3) == 0 ? 0 : pick(60));  // a random pause, deliberately: actions come at any time, not only when settled
}

void TestMonkey::randomActionsOnEveryDemo() {
    const int seconds = envInt("GNA_MONKEY_SECONDS", 45);
    const int seed = envInt("GNA_MONKEY_SEED", 1);
    std::mt19937 rng(static_cast<unsigned>(seed));
    // Every modal dialog (file dialogs of the exports, message boxes) is cancelled as a person would.
    QTimer closer;
    connect(&closer, &QTimer::timeout, [] {
        for (QWidget* top : QApplication::topLevelWidgets())
            if (auto* d = qobject_cast<QDialog*>(top); d && d->isVisible()) d->reject();
    });
    closer.start(30);

    MainWindow w;
    w.resize(1280, 860);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QStringList log;
    int actions = 0;
    QTemporaryDir tmp;
    m_models = monkeyModels(tmp.path());
    QCOMPARE(m_models.size(), 3);
    for (const QString& model : m_models) {
        switchModel(w, model);
        checkConsistent(w, QStringLiteral("opening ") + model);
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < seconds * 1000) {
            act(w, rng, &log);
            if (QTest::currentTestFailed()) {
                qWarning("last actions:\n%s",
                         qPrintable(log.mid(std::max<qsizetype>(0, log.size() - 20)).join(QLatin1Char('\n'))));
                return;
            }
            ++actions;
            if (actions % 10 == 0) {
                waitIdle(w);
                checkConsistent(w,
                                QStringLiteral("after: ") +
                                    log.mid(std::max<qsizetype>(0, log.size() - 5)).join(QStringLiteral("; ")));
                if (QTest::currentTestFailed()) {
                    qWarning("last actions:\n%s",
                             qPrintable(log.mid(std::max<qsizetype>(0, log.size() - 20)).join(QLatin1Char('\n'))));
                    return;
                }
            }
        }
    }
    waitIdle(w);
    checkConsistent(w, QStringLiteral("at the end"));
    w.setLanguage(QStringLiteral("en"));
    qInfo("%d random actions, seed %d, slowest model switch %lld ms", actions, seed, m_slowestSwitchMs);
    QVERIFY(actions > 30);
}

GNA_GUI_TEST_MAIN(TestMonkey)
#include "tst_monkey.moc"
