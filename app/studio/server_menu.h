#pragma once
// The studio's face of the remote engine: File ▸ Connect to server…, Open model on server…, Disconnect,
// the recent servers (StudioSettings), the server's round trip in the status bar and where the open
// model computes in the Model dock. MainWindow creates it and knows nothing else of servers.
#include <QObject>
#include <QPointer>

#include "server_link.h"

class QAction;
class QLabel;
class QMenu;
class QWidget;

namespace gna::studio {

class ModelInfoPanel;
class StudioSettings;

class ServerMenu : public QObject {
    Q_OBJECT
public:
    // Lives as long as the window (a language switch rebuilds the menus and the status bar, not the
    // connection): addActions and makeStatusLabel run on each build.
    ServerMenu(Session* session, StudioSettings* settings, QWidget* window);
    void addActions(QMenu* file);
    QLabel* makeStatusLabel();  // for the status bar (the connection, its round trip)
    QString statusText() const { return m_statusText; }
    ServerLink* link() const { return m_link; }
    // Opens `dir` (a path on the connected server) there; false when not connected.
    bool openOnServer(const QString& dir, const QString& tokenizerDir = QString());
    // Connects to `target` first unless connected to it (a workspace's server), then opens `dir` there;
    // a failed connection is reported as File ▸ Connect to server reports it.
    void openOnServer(const ServerTarget& target, const QString& dir, const QString& tokenizerDir);
    // Connects without the dialog (workspaces, tests): connected()/failed() of link() tell.
    void connectTo(const ServerTarget& target);
    // The Model dock's "Runs on" row for the open model.
    void showWhereModelRuns(ModelInfoPanel* info);

private:
    void connectDialog();
    void openDialog();
    void updateActions();
    void setStatus(const QString& text);  // empty = hidden
    Session* m_session;
    StudioSettings* m_settings;
    QWidget* m_window;
    ServerLink* m_link;
    QPointer<QLabel> m_status;
    QString m_statusText;
    QPointer<QAction> m_connect, m_open, m_disconnect;
    QString m_openOnConnect, m_tokenizerOnConnect;  // a workspace's model, opened once connected
};

}  // namespace gna::studio
