#pragma once
// ServerLink: the studio's connection to a `gna serve` (remote/client.h, docs/remote.md). Connecting
// (and the SSH tunnel the studio opens itself for an SSH destination) runs off the GUI thread; once
// connected, the session opens models through it (opener()), so that the probe, the experiments, the
// KV map, the mask editor and the tour run on the server's copy. A ping every few seconds measures the
// round trip (the status bar) and notices a dropped connection (lost()).
#include <QObject>
#include <QString>
#include <QStringList>
#include <QThreadPool>
#include <memory>

#include "session.h"

class QProcess;
class QTimer;

namespace gna::remote {
class Connection;
}

namespace gna::studio {

class JobTracker;

struct ServerTarget {
    QString address;  // host:port (with ssh: the port on the server machine's loopback)
    QString tokenFile;  // the token's file; empty: `token`, else $GNA_SERVER_TOKEN
    QString token;  // typed in (never saved)
    QString tlsCa;  // TLS: the certificate to trust (the server's, self-signed); empty = no TLS
    QString ssh;  // an SSH destination (user@host): the studio forwards a local port to `address` there
    // What the recent-servers list shows and the workspace records.
    QString label() const;
};

class ServerLink : public QObject {
    Q_OBJECT
public:
    explicit ServerLink(QObject* parent = nullptr);
    ~ServerLink() override;

    void connectTo(const ServerTarget& target);  // connected() or failed()
    void disconnectFromServer();
    bool isConnected() const { return static_cast<bool>(m_connection); }
    const ServerTarget& target() const { return m_target; }
    QString device() const;
    quint64 memoryFree() const;
    QStringList models() const { return m_models; }  // checkpoint folders under the server's roots
    // For Session::loadModelFrom: opens on this server (the connection stays alive with its models).
    Session::ModelSource source() const;
    double lastRoundTripMs() const { return m_lastRoundTrip; }

Q_SIGNALS:
    void connecting(const QString& label);
    void connected(const QString& label);
    void failed(const QString& message);
    void disconnected();
    void roundTrip(double ms);
    void lost(const QString& message);  // a ping failed: the server or the tunnel went away

private:
    void ping();
    void stopTunnel();
    QThreadPool m_pool;  // connect and ping: one at a time, never on the GUI thread
    JobTracker* m_jobs;
    ServerTarget m_target;
    std::shared_ptr<remote::Connection> m_connection;
    QStringList m_models;
    QProcess* m_tunnel = nullptr;
    QTimer* m_pingTimer;
    bool m_pinging = false;
    double m_lastRoundTrip = -1.0;
};

}  // namespace gna::studio
