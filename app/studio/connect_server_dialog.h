#pragma once
// File > Connect to server: a `gna serve`'s address and token (a file only the user can read, or typed
// in and never saved), the certificate to trust for TLS, or an SSH destination through which the
// studio forwards a local port itself (docs/remote.md). Recent servers fill the fields.
#include <QDialog>
#include <QList>

#include "server_link.h"

class QComboBox;
class QLineEdit;

namespace gna::studio {

class ConnectServerDialog : public QDialog {
    Q_OBJECT
public:
    ConnectServerDialog(const QList<ServerTarget>& recent, QWidget* parent = nullptr);
    ServerTarget target() const;
    void setTarget(const ServerTarget& t);

private:
    QList<ServerTarget> m_recent;
    QComboBox* m_address;
    QLineEdit* m_tokenFile;
    QLineEdit* m_token;
    QLineEdit* m_tlsCa;
    QLineEdit* m_ssh;
};

}  // namespace gna::studio
