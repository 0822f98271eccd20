#include "server_link.h"

#include <QPointer>
#include <QProcess>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "client.h"
#include "job_tracker.h"

namespace gna::studio {

namespace {

struct Connected {
    std::shared_ptr<remote::Connection> connection;
    QStringList models;
};

// A free TCP port on 127.0.0.1 for the tunnel's local end (0 when none could be had).
int freeLocalPort() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return 0;
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
        port = ntohs(a.sin_port);
    ::close(fd);
    return port;
}

}  // namespace

QString ServerTarget::label() const { return ssh.isEmpty() ? address : ssh + QStringLiteral(" → ") + address; }

ServerLink::ServerLink(QObject* parent) : QObject(parent), m_pingTimer(new QTimer(this)) {
    m_pool.setMaxThreadCount(1);
    m_jobs = new JobTracker(&m_pool, JobTracker::Policy::Supersede, this);
    m_pingTimer->setInterval(3000);
    connect(m_pingTimer, &QTimer::timeout, this, &ServerLink::ping);
}

ServerLink::~ServerLink() {
    m_jobs->stop();
    m_pool.waitForDone();
    stopTunnel();
}

void ServerLink::connectTo(const ServerTarget& target) {
    disconnectFromServer();
    m_target = target;
    QString address = target.address;
    if (!target.ssh.isEmpty()) {
        // ssh -N -L 127.0.0.1:LOCAL:ADDRESS DEST: the server stays on its loopback, the token never
        // crosses the network in the clear.
        const int local = freeLocalPort();
        m_tunnel = new QProcess(this);
        m_tunnel->setProcessChannelMode(QProcess::SeparateChannels);
        m_tunnel->start(QStringLiteral("ssh"),
                        {QStringLiteral("-N"), QStringLiteral("-o"), QStringLiteral("ExitOnForwardFailure=yes"),
                         QStringLiteral("-o"), QStringLiteral("BatchMode=yes"), QStringLiteral("-L"),
                         QStringLiteral("127.0.0.1:%1:%2").arg(local).arg(target.address), target.ssh});
        address = QStringLiteral("127.0.0.1:%1").arg(local);
    }
    Q_EMIT connecting(target.label());
    const bool tunnel = !target.ssh.isEmpty();
    m_jobs->start(
        [target, address, tunnel](const JobControl&) {
            remote::ConnectOptions c;
            c.address = address.toStdString();
            c.token = target.token.isEmpty() ? remote::client_token(target.tokenFile.toStdString())
                                             : target.token.toStdString();
            c.tls = !target.tlsCa.isEmpty();
            c.tls_ca = target.tlsCa.toStdString();
            c.client = "gna-studio " GNA_VERSION;
            c.connect_timeout_ms = tunnel ? 20000 : 10000;
            Connected out;
            out.connection = remote::Connection::connect(c);
            for (const std::string& m : out.connection->list_models()) out.models << QString::fromStdString(m);
            return out;
        },
        [this](const Connected& c) {
            m_connection = c.connection;
            m_models = c.models;
            m_pingTimer->start();
            Q_EMIT connected(m_target.label());
            ping();
        },
        {[this](const QString& message) {
             QString why = message;
             if (m_tunnel && m_tunnel->state() == QProcess::NotRunning)
                 why += QLatin1Char('\n') +
                     tr("ssh: %1").arg(QString::fromLocal8Bit(m_tunnel->readAllStandardError()).trimmed());
             stopTunnel();
             Q_EMIT failed(why);
         },
         [this] { stopTunnel(); }});
}

void ServerLink::disconnectFromServer() {
    m_jobs->stop();
    m_pingTimer->stop();
    const bool was = isConnected();
    m_connection.reset();  // models still open keep it alive until they are closed
    m_models.clear();
    m_lastRoundTrip = -1.0;
    stopTunnel();
    if (was) Q_EMIT disconnected();
}

QString ServerLink::device() const {
    return m_connection ? QString::fromStdString(m_connection->info().device) : QString();
}

quint64 ServerLink::memoryFree() const { return m_connection ? m_connection->info().memory_free : 0; }

Session::ModelSource ServerLink::source() const {
    std::shared_ptr<remote::Connection> c = m_connection;
    if (!c) return {};
    Session::ModelSource s;
    s.server = m_target.label();
    s.open = [c](const gna::ModelLoadSpec& spec, const gna::LoadOptions& opt) -> std::shared_ptr<gna::Model> {
        return c->open(spec, opt.cancel);
    };
    return s;
}

void ServerLink::ping() {
    if (!m_connection || m_pinging) return;
    m_pinging = true;
    std::shared_ptr<remote::Connection> c = m_connection;
    QPointer<ServerLink> self(this);
    // On a thread of the global pool: a ping never waits behind a connect, nor a model behind a ping.
    (void)QtConcurrent::run([c, self] {
        double ms = -1.0;
        QString error;
        try {
            ms = c->round_trip_ms();
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        QMetaObject::invokeMethod(
            self,
            [self, c, ms, error] {
                if (!self) return;
                self->m_pinging = false;
                if (self->m_connection != c) return;  // disconnected or reconnected meanwhile
                if (!error.isEmpty()) {
                    Q_EMIT self->lost(error);
                    return;
                }
                self->m_lastRoundTrip = ms;
                Q_EMIT self->roundTrip(ms);
            },
            Qt::QueuedConnection);
    });
}

void ServerLink::stopTunnel() {
    if (!m_tunnel) return;
    m_tunnel->disconnect(this);
    m_tunnel->terminate();
    if (!m_tunnel->waitForFinished(2000)) m_tunnel->kill();
    m_tunnel->deleteLater();
    m_tunnel = nullptr;
}

}  // namespace gna::studio
