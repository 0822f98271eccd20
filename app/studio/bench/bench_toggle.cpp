// bench_toggle: time from a head toggle (a simulated click on the real HeadBoard in the real
// MainWindow, offscreen) to the redrawn heatmaps and head scores, on a 200-token prompt and a
// demo-sized Llama (4 layers, hidden 128, 8 heads, 4 KV heads, intermediate 256; generated).
//   bench_toggle [MODEL_DIR] [--toggles N] [--size WxH] [--with-experiment]
//   (the demo transformer: resources/demo-models/transformer)
// Prints median/min/max over N toggles for: the default (one forward pass per rerun: the shown
// maps and the last row of every head come from the same capture), the earlier two-pass path
// (measured in the same run, for the ratio), and compare mode (cached unablated run).
// --with-experiment: then toggles while the Experiments dock runs an exact head ranking on the same
// model (the session's one copy, docs/studio-engine.md), and the same toggles once it is cancelled, in
// the same process; and how many times the experiment gave the model up to a toggle.
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cstdio>
#include <vector>

#include "gna/cpu_runtime.h"
#include "gna/model.h"
#include "gna/tiny_model.h"
#include "attention_heatmap.h"
#include "experiment_dock.h"
#include "experiment_runner.h"
#include "gather_aggregate_pair.h"
#include "head_board.h"
#include "main_window.h"
#include "prompt_editor.h"

using namespace gna::studio;

namespace {

void click(QWidget* w, QPoint p) {
    QMouseEvent press(QEvent::MouseButtonPress, p, w->mapToGlobal(p), Qt::LeftButton, Qt::LeftButton, {});
    QApplication::sendEvent(w, &press);
    QMouseEvent release(QEvent::MouseButtonRelease, p, w->mapToGlobal(p), Qt::LeftButton, Qt::NoButton, {});
    QApplication::sendEvent(w, &release);
}

bool waitIdle(Session* s, int ms = 120000) {
    QElapsedTimer t;
    t.start();
    // QTest::qWait sleeps between its event rounds: the loop does not spin a core that the
    // worker needs (processEvents returns at once when no event is pending)
    while ((s->isRunning() || s->lastOutcome().generation != s->generation()) && t.elapsed() < ms) QTest::qWait(5);
    QCoreApplication::processEvents();  // queued replots
    return !s->isRunning();
}

// A KV-retrieval prompt of about `target` tokens: dictionary lines until the length is reached.
QString promptOfLength(const gna::Model& model, int target) {
    static const char* words[] = {"apple",  "river",  "candle", "stone",  "cloud",  "maple",  "tiger",
                                  "lemon",  "piano",  "harbor", "violet", "copper", "meadow", "falcon",
                                  "garden", "silver", "rocket", "willow", "ember",  "canyon"};
    const gna::Tokenizer& tok = model.tokenizer();
    const std::string query = "\nThe value of the key 'candle0' is";
    std::string dict = "Memorize the following dictionary:\n";
    for (int i = 0;; ++i) {
        const std::string line =
            std::string(words[i % 20]) + std::to_string(i / 20) + ":" + std::to_string((i * 37) % 100) + "\n";
        if (static_cast<int>(tok.encode(dict + line + query, true).size()) > target) break;
        dict += line;
    }
    // Pad with single characters up to the target (each a token or so).
    while (static_cast<int>(tok.encode(dict + query, true).size()) < target) dict += "-";
    return QString::fromStdString(dict + query);
}

struct Stats {
    double median = 0, min = 0, max = 0, worker = 0;
    int passes = 0;
};

struct Samples {
    std::vector<double> wall, work;
    int passes = 0;
    Stats stats() const {
        std::vector<double> s = wall, w = work;
        std::sort(s.begin(), s.end());
        std::sort(w.begin(), w.end());
        return {s[s.size() / 2], s.front(), s.back(), w[w.size() / 2], passes};
    }
};

// One toggle: click a head on the board, wait for the result and the views' queued replots.
void toggleOnce(MainWindow& w, int i, Samples* out) {
    gna::views::HeadBoard* board = w.headBoard();
    const int layer = i % board->model()->layers(), head = (i * 3) % board->model()->heads();
    QSignalSpy result(w.session(), &Session::resultReady);
    QElapsedTimer t;
    t.start();
    click(board, board->cellRect(layer, head).center());
    if (result.isEmpty()) result.wait(120000);  // an event loop that blocks until the signal, no polling
    QCoreApplication::processEvents();  // the views' queued replots
    out->wall.push_back(t.nsecsElapsed() / 1e6);
    out->work.push_back(w.session()->lastOutcome().milliseconds);
    out->passes = w.session()->lastOutcome().forwardPasses;
}

// Toggles while an exact head ranking runs on the session's model, then as many with nothing running.
int toggleBesideExperiment(MainWindow& w, int toggles) {
    ExperimentRunner* runner = w.experiments()->runner();
    QTemporaryDir out;
    // Enough samples to outlast the toggles: the run is cancelled after them.
    const gna::Json spec = {{"experiment", "head_ranking"},
                            {"task", {{"name", "kv_retrieval"}, {"sizes", {10, 20}}, {"samples_per_size", 5000}}}};
    QSignalSpy progress(runner, &ExperimentRunner::progress);
    QSignalSpy failed(runner, &ExperimentRunner::failed);
    runner->start(w.session()->modelPath(), spec, out.path());
    if (!progress.wait(120000)) {
        std::fprintf(stderr, "bench_toggle: the experiment did not start: %s\n",
                     failed.isEmpty() ? "no progress" : qPrintable(failed.first().first().toString()));
        return 1;
    }
    const int yieldsBefore = w.session()->turns()->yields();
    Samples idle_, busy_;
    int running = 0;
    for (int i = 0; i < toggles; ++i) {
        toggleOnce(w, 2 * i, &busy_);
        running += runner->isRunning() ? 1 : 0;
    }
    const int yields = w.session()->turns()->yields() - yieldsBefore;
    const int samplesDone = progress.isEmpty() ? 0 : progress.last().at(0).toInt();
    QSignalSpy cancelled(runner, &ExperimentRunner::cancelled);
    runner->cancel();
    if (runner->isRunning()) cancelled.wait(120000);
    waitIdle(w.session());
    for (int i = 0; i < toggles; ++i) toggleOnce(w, 2 * i + 1, &idle_);
    const Stats idle = idle_.stats(), busy = busy_.stats();
    std::printf("%-34s median %7.1f ms  min %7.1f  max %7.1f\n", "toggle, nothing else running", idle.median, idle.min,
                idle.max);
    std::printf(
        "%-34s median %7.1f ms  min %7.1f  max %7.1f  (%d of %d toggles with the run going; it gave the "
        "model up %d times, %d samples done)\n",
        "toggle beside an exact ranking", busy.median, busy.min, busy.max, running, toggles, yields, samplesDone);
    std::printf("ratio beside an experiment / alone: %.2f   goal: median < 100 ms beside it: %s\n",
                busy.median / idle.median, busy.median < 100.0 ? "met" : "NOT met");
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    gna::prepare_cpu_runtime(argc, argv);  // the studio's threading model, before Qt starts its threads
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("gna-studio-bench"));
    QStandardPaths::setTestModeEnabled(true);  // keep the user's recent models and autosave untouched
    QStringList args = app.arguments().mid(1);
    int toggles = 30;
    if (const qsizetype i = args.indexOf(QStringLiteral("--toggles")); i >= 0 && i + 1 < args.size()) {
        toggles = std::max(3, args[i + 1].toInt());
        args.remove(i, 2);
    }
    const bool withExperiment = args.removeAll(QStringLiteral("--with-experiment")) > 0;
    QSize size(1280, 900);  // the window: larger heatmaps take longer to redraw
    if (const qsizetype i = args.indexOf(QStringLiteral("--size")); i >= 0 && i + 1 < args.size()) {
        const QStringList wh = args[i + 1].split(QLatin1Char('x'));
        size = QSize(wh.value(0).toInt(), wh.value(1).toInt()).expandedTo(QSize(640, 480));
        args.remove(i, 2);
    }
    QTemporaryDir tmp;
    QString dir = args.value(0);
    if (dir.isEmpty()) {
        gna::TinyModelSpec
            spec;  // gna make-tiny-model --arch llama --layers 4 --hidden 128 --heads 8 --kv-heads 4 --intermediate 256
        spec.layers = 4;
        spec.hidden = 128;
        spec.heads = 8;
        spec.kv_heads = 4;
        spec.intermediate = 256;
        dir = tmp.filePath(QStringLiteral("demo-llama"));
        gna::write_tiny_model(spec, dir.toStdString());
    }
    auto probe = gna::Model::load(dir.toStdString());
    const QString prompt = promptOfLength(*probe, 200);
    const int promptTokens = static_cast<int>(probe->tokenizer().encode(prompt.toStdString(), true).size());
    probe.reset();

    MainWindow w;
    w.resize(size);
    w.show();
    w.headBoard()->setMergeInterval(0);
    w.promptEditor()->setPrompt(prompt);
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    w.openModel(dir);
    if (!loaded.wait(120000) || !waitIdle(w.session())) {
        std::fprintf(stderr, "bench_toggle: could not load %s: %s\n", qPrintable(dir), qPrintable(w.lastError()));
        return 1;
    }
    const gna::ModelInfo* info = w.session()->modelInfo();
    std::printf(
        "model %s: %d layers x %d heads, prompt %d tokens, %d toggles, window %dx%d, heatmaps %s, scores: entropy\n",
        info->architecture.c_str(), info->num_layers, info->num_heads, promptTokens, toggles, size.width(),
        size.height(),
        qPrintable(w.heatmaps()->gather()->data().title + QStringLiteral(" + ") +
                   w.heatmaps()->aggregate()->data().title));
    // The three ways are interleaved toggle by toggle, so a busy machine slows them alike.
    Samples warm, one_, two_, cmp_;
    for (int i = 0; i < 3; ++i) toggleOnce(w, i, &warm);
    for (int i = 0; i < toggles; ++i) {
        w.session()->setSeparateScorePass(false);
        toggleOnce(w, 3 * i, &one_);
        w.session()->setSeparateScorePass(true);  // the score rows in a pass of their own (the earlier path)
        toggleOnce(w, 3 * i + 1, &two_);
        w.session()->setSeparateScorePass(false);
        w.session()->setCompare(true);
        waitIdle(w.session());
        toggleOnce(w, 3 * i + 2, &cmp_);
        w.session()->setCompare(false);
        waitIdle(w.session());
    }
    const Stats one = one_.stats(), two = two_.stats(), cmp = cmp_.stats();
    auto line = [](const char* name, const Stats& s) {
        std::printf("%-34s median %7.1f ms  min %7.1f  max %7.1f  (worker median %6.1f ms, %d forward pass%s)\n", name,
                    s.median, s.min, s.max, s.worker, s.passes, s.passes == 1 ? "" : "es");
    };
    line("toggle -> heatmaps + scores", one);
    line("  same, two passes (earlier path)", two);
    line("  same, compare mode (cached base)", cmp);
    std::printf("ratio two-pass / one-pass: %.2f   goal: median < 100 ms: %s\n", two.median / one.median,
                one.median < 100.0 ? "met" : "NOT met");
    if (withExperiment) return toggleBesideExperiment(w, toggles);
    return 0;
}
