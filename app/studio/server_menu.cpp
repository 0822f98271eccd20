#include "server_menu.h"

#include <QAction>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <utility>

#include "connect_server_dialog.h"
#include "model_info_panel.h"
#include "studio_settings.h"

namespace gna::studio {

namespace {

QList<ServerTarget> recentTargets(const StudioSettings& s) {
    QList<ServerTarget> out;
    for (const QVariant& v : s.recentServers()) {
        const QVariantMap m = v.toMap();
        ServerTarget t;
        t.address = m.value(QStringLiteral("address")).toString();
        t.tokenFile = m.value(QStringLiteral("tokenFile")).toString();
        t.tlsCa = m.value(QStringLiteral("tlsCa")).toString();
        t.ssh = m.value(QStringLiteral("ssh")).toString();
        if (!t.address.isEmpty()) out << t;
    }
    return out;
}

void addRecentTarget(StudioSettings& s, const ServerTarget& t) {
    QVariantList list{QVariantMap{{QStringLiteral("address"), t.address},
                                  {QStringLiteral("tokenFile"), t.tokenFile},
                                  {QStringLiteral("tlsCa"), t.tlsCa},
                                  {QStringLiteral("ssh"), t.ssh}}};
    for (const ServerTarget& r : recentTargets(s))
        if (r.label() != t.label() && list.size() < 8)
            list << QVariantMap{{QStringLiteral("address"), r.address},
                                {QStringLiteral("tokenFile"), r.tokenFile},
                                {QStringLiteral("tlsCa"), r.tlsCa},
                                {QStringLiteral("ssh"), r.ssh}};
    s.setRecentServers(list);
}

}  // namespace

ServerMenu::ServerMenu(Session* session, StudioSettings* settings, QWidget* window)
    : QObject(window), m_session(session), m_settings(settings), m_window(window), m_link(new ServerLink(this)) {
    connect(m_link, &ServerLink::connecting, this, [this](const QString& label) {
        setStatus(tr("Connecting to %1…").arg(label));
        updateActions();
    });
    connect(m_link, &ServerLink::connected, this, [this](const QString& label) {
        addRecentTarget(*m_settings, m_link->target());
        setStatus(tr("Server %1 (%2)").arg(label, m_link->device()));
        updateActions();
        if (!m_openOnConnect.isEmpty())
            openOnServer(std::exchange(m_openOnConnect, QString()), std::exchange(m_tokenizerOnConnect, QString()));
        else if (m_session->hasModel() && m_session->modelServer() == label)
            // connected again to the server of the open model: it opens there again, heads and prompt kept
            openOnServer(m_session->modelPath(), m_session->tokenizerPath());
    });
    connect(m_link, &ServerLink::failed, this, [this](const QString& message) {
        setStatus(QString());
        updateActions();
        m_openOnConnect.clear();
        QMessageBox::warning(m_window, tr("Could not connect to the server"), message);
    });
    connect(m_link, &ServerLink::roundTrip, this, [this](double ms) {
        setStatus(tr("Server %1 (%2) · %3 ms")
                      .arg(m_link->target().label(), m_link->device(), QLocale().toString(ms, 'f', 1)));
    });
    connect(m_link, &ServerLink::lost, this, [this](const QString& message) {
        setStatus(tr("Server %1: connection lost").arg(m_link->target().label()));
        const bool modelThere = !m_session->modelServer().isEmpty();
        QMessageBox::warning(m_window, tr("Connection to the server lost"),
                             tr("%1\n\n%2Nothing you saved is lost. Connect again with File ▸ Connect to server; "
                                "a running experiment resumes from its saved samples when you start it again.")
                                 .arg(message,
                                      modelThere ? tr("The open model runs on that server: its runs fail until you "
                                                      "connect again, which opens it there again. ")
                                                 : QString()));
        m_link->disconnectFromServer();
    });
    connect(m_link, &ServerLink::disconnected, this, [this] {
        setStatus(QString());
        updateActions();
    });
}

QLabel* ServerMenu::makeStatusLabel() {
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("serverStatus"));
    setStatus(m_statusText);
    return m_status;
}

void ServerMenu::setStatus(const QString& text) {
    m_statusText = text;
    if (!m_status) return;
    m_status->setText(text);
    m_status->setVisible(!text.isEmpty());
}

void ServerMenu::addActions(QMenu* file) {
    m_connect = file->addAction(tr("Co&nnect to server…"), this, &ServerMenu::connectDialog);
    m_connect->setObjectName(QStringLiteral("connectServer"));
    m_open = file->addAction(tr("Open model on ser&ver…"), this, &ServerMenu::openDialog);
    m_open->setObjectName(QStringLiteral("openOnServer"));
    m_disconnect = file->addAction(tr("Disconnec&t from server"), m_link, &ServerLink::disconnectFromServer);
    m_disconnect->setObjectName(QStringLiteral("disconnectServer"));
    updateActions();
}

void ServerMenu::updateActions() {
    if (!m_open || !m_disconnect) return;
    m_open->setEnabled(m_link->isConnected());
    m_disconnect->setEnabled(m_link->isConnected());
}

void ServerMenu::connectTo(const ServerTarget& target) { m_link->connectTo(target); }

void ServerMenu::connectDialog() {
    ConnectServerDialog dialog(recentTargets(*m_settings), m_window);
    if (dialog.exec() == QDialog::Accepted && !dialog.target().address.isEmpty()) connectTo(dialog.target());
}

void ServerMenu::openDialog() {
    if (!m_link->isConnected()) return;
    bool ok = false;
    const QString dir = QInputDialog::getItem(m_window, tr("Open model on server"),
                                              tr("Checkpoint folder on %1:").arg(m_link->target().label()),
                                              m_link->models(), 0, /*editable=*/true, &ok);
    if (ok && !dir.isEmpty()) openOnServer(dir);
}

bool ServerMenu::openOnServer(const QString& dir, const QString& tokenizerDir) {
    if (!m_link->isConnected()) return false;
    m_session->loadModelFrom(m_link->source(), dir, tokenizerDir);
    return true;
}

void ServerMenu::openOnServer(const ServerTarget& target, const QString& dir, const QString& tokenizerDir) {
    if (m_link->isConnected() && m_link->target().label() == target.label()) {
        openOnServer(dir, tokenizerDir);
        return;
    }
    m_openOnConnect = dir;
    m_tokenizerOnConnect = tokenizerDir;
    connectTo(target);
}

void ServerMenu::showWhereModelRuns(ModelInfoPanel* info) {
    const QString server = m_session->modelServer();
    if (server.isEmpty()) {
        info->setServer(tr("this computer"));
        return;
    }
    const quint64 free = m_link->memoryFree();
    info->setServer(free > 0
                        ? tr("%1 (%2, %3 free)")
                              .arg(server, m_link->device(), QLocale().formattedDataSize(static_cast<qint64>(free)))
                        : tr("%1 (%2)").arg(server, m_link->device()));
}

}  // namespace gna::studio
