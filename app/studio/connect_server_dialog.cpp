#include "connect_server_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace gna::studio {

namespace {

// A line edit with a "Browse…" button that picks a file.
QWidget* fileRow(QLineEdit* edit, const QString& title, QWidget* parent) {
    auto* row = new QWidget(parent);
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    h->addWidget(edit, 1);
    auto* browse = new QPushButton(QObject::tr("Browse…"), row);
    h->addWidget(browse);
    QObject::connect(browse, &QPushButton::clicked, row, [edit, title, row] {
        const QString f = QFileDialog::getOpenFileName(row, title, edit->text());
        if (!f.isEmpty()) edit->setText(f);
    });
    return row;
}

}  // namespace

ConnectServerDialog::ConnectServerDialog(const QList<ServerTarget>& recent, QWidget* parent)
    : QDialog(parent),
      m_recent(recent),
      m_address(new QComboBox(this)),
      m_tokenFile(new QLineEdit(this)),
      m_token(new QLineEdit(this)),
      m_tlsCa(new QLineEdit(this)),
      m_ssh(new QLineEdit(this)) {
    setWindowTitle(tr("Connect to server"));
    m_address->setEditable(true);
    m_address->setObjectName(QStringLiteral("serverAddress"));
    for (const ServerTarget& t : recent) m_address->addItem(t.label());
    m_address->setCurrentText(recent.isEmpty() ? QStringLiteral("127.0.0.1:50051") : recent.first().address);
    if (!recent.isEmpty()) setTarget(recent.first());
    connect(m_address, qOverload<int>(&QComboBox::activated), this, [this](int i) {
        if (i >= 0 && i < m_recent.size()) setTarget(m_recent[i]);
    });
    m_tokenFile->setObjectName(QStringLiteral("serverTokenFile"));
    m_token->setObjectName(QStringLiteral("serverToken"));
    m_token->setEchoMode(QLineEdit::Password);
    m_token->setPlaceholderText(tr("or paste the token (not saved)"));
    m_tlsCa->setObjectName(QStringLiteral("serverTlsCa"));
    m_tlsCa->setPlaceholderText(tr("empty: no TLS (loopback or SSH)"));
    m_ssh->setObjectName(QStringLiteral("serverSsh"));
    m_ssh->setPlaceholderText(tr("user@gpu-node: the studio opens the tunnel"));

    auto* form = new QFormLayout;
    auto row = [form](const QString& text, QWidget* field) {
        auto* label = new QLabel(text);
        label->setBuddy(field);
        form->addRow(label, field);
    };
    row(tr("&Address (host:port):"), m_address);
    row(tr("Token &file:"), fileRow(m_tokenFile, tr("Token file"), this));
    row(tr("&Token:"), m_token);
    row(tr("TLS &certificate:"), fileRow(m_tlsCa, tr("The server's certificate"), this));
    row(tr("&SSH destination:"), m_ssh);
    auto* note =
        new QLabel(tr("Start the server with gna serve --root FOLDER on the machine that holds the "
                      "models; it prints its address and token. With an SSH destination, the address "
                      "is the server's on that machine (usually 127.0.0.1:50051)."));
    note->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Co&nnect"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // wide enough for a path in the file fields and the placeholders whole
    setMinimumWidth(fontMetrics().averageCharWidth() * 72);
    auto* v = new QVBoxLayout(this);
    v->addLayout(form);
    v->addWidget(note);
    v->addWidget(buttons);
}

ServerTarget ConnectServerDialog::target() const {
    ServerTarget t;
    QString address = m_address->currentText().trimmed();
    for (const ServerTarget& r : m_recent)
        if (r.label() == address) address = r.address;  // a recent entry's label
    t.address = address;
    t.tokenFile = m_tokenFile->text().trimmed();
    t.token = m_token->text().trimmed();
    t.tlsCa = m_tlsCa->text().trimmed();
    t.ssh = m_ssh->text().trimmed();
    return t;
}

void ConnectServerDialog::setTarget(const ServerTarget& t) {
    m_address->setCurrentText(t.address);
    m_tokenFile->setText(t.tokenFile);
    m_token->clear();
    m_tlsCa->setText(t.tlsCa);
    m_ssh->setText(t.ssh);
}

}  // namespace gna::studio
