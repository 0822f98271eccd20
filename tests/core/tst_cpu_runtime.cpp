// The CPU threading model (gna/cpu_runtime.h): the gna program started without OMP_WAIT_POLICY
// runs with OpenMP's spinning off (OpenMP's own report, OMP_DISPLAY_ENV=verbose, says so), a
// user's policy is kept, GNA_CPU_DEFAULTS=1 opts out, and --threads sets LibTorch and OpenBLAS.
#include <QProcess>
#include <QtTest>

#include "gna/cpu_runtime.h"
#include "gna/model.h"
#include "cli_runner.h"
#include "test_models.h"

using namespace gna;
using namespace gna::test;

namespace {

struct Output {
    QString out, err;
};

// `gna info DIR` with OMP_WAIT_POLICY removed from the environment and `extra` added.
Output gna_info(const std::filesystem::path& dir, const QStringList& extra) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("OMP_WAIT_POLICY"));
    env.remove(QStringLiteral("GNA_CPU_DEFAULTS"));
    env.insert(QStringLiteral("OMP_DISPLAY_ENV"), QStringLiteral("verbose"));
    for (const auto& kv : extra) env.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
    const CliResult r = run_gna({QStringLiteral("info"), q(dir)}, env);
    return {QString::fromUtf8(r.out), QString::fromUtf8(r.err)};
}

// The spin count OpenMP settled on in the process that ran the command (its last report).
QString spin_count(const Output& o) {
    const int at = o.err.lastIndexOf(QStringLiteral("GOMP_SPINCOUNT = '"));
    if (at < 0) return {};
    const int from = at + 18;
    return o.err.mid(from, o.err.indexOf(QLatin1Char('\''), from) - from);
}

}  // namespace

class TestCpuRuntime : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void programSetsPassiveWaitPolicy() {
        TempDir tmp;
        const auto dir = make_model(tmp, "llama", TinyModelSpec{});
        const Output o = gna_info(dir, {});
        QVERIFY2(o.out.contains(QStringLiteral("(OMP_WAIT_POLICY PASSIVE)")), qPrintable(o.out + o.err));
        if (!o.err.contains(QStringLiteral("GOMP_SPINCOUNT"))) QSKIP("the OpenMP runtime is not libgomp");
        QCOMPARE(spin_count(o), QStringLiteral("0"));  // no spinning: PASSIVE reached OpenMP
        // The thread counts agree (LibTorch N, OpenBLAS N).
        const QRegularExpression counts(QStringLiteral("LibTorch (\\d+), OpenBLAS (\\d+)"));
        const auto m = counts.match(o.out);
        QVERIFY2(m.hasMatch(), qPrintable(o.out));
        if (m.captured(2) != QStringLiteral("0")) QCOMPARE(m.captured(2), m.captured(1));
    }

    void usersPolicyAndOptOutAreKept() {
        TempDir tmp;
        const auto dir = make_model(tmp, "llama", TinyModelSpec{});
        const Output active = gna_info(dir, {QStringLiteral("OMP_WAIT_POLICY=ACTIVE")});
        QVERIFY2(active.out.contains(QStringLiteral("(OMP_WAIT_POLICY ACTIVE)")), qPrintable(active.out + active.err));
        const Output defaults = gna_info(dir, {QStringLiteral("GNA_CPU_DEFAULTS=1")});
        QVERIFY2(defaults.out.contains(QStringLiteral("(OMP_WAIT_POLICY unset)")),
                 qPrintable(defaults.out + defaults.err));
        if (defaults.err.contains(QStringLiteral("GOMP_SPINCOUNT")))
            QVERIFY(spin_count(defaults) != QStringLiteral("0"));
    }

    void threadsOptionSetsBothPools() {
        TempDir tmp;
        const auto dir = make_model(tmp, "llama", TinyModelSpec{});
        LoadOptions opt;
        opt.threads = 3;
        auto model = Model::load(dir, opt);
        const CpuRuntimeInfo info = cpu_runtime_info();
        QCOMPARE(info.torch_threads, 3);
        if (info.blas_threads == 0) QSKIP("the BLAS is not OpenBLAS");
        QCOMPARE(info.blas_threads, 3);
        set_cpu_threads(1);
        QCOMPARE(cpu_runtime_info().torch_threads, 1);
        QCOMPARE(cpu_runtime_info().blas_threads, 1);
    }
};

QTEST_MAIN(TestCpuRuntime)
#include "tst_cpu_runtime.moc"
