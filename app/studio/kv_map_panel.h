#pragma once
// KvMapPanel: the KV-retrieval map (gna/kv_map.h) of the open model, for models whose context is
// too short for a needle in a haystack (the bundled demos). One click computes it twice in one
// sweep, with all heads on and with the chosen heads off (on a demo model: the ones its card names),
// and draws both with the needle map's RetrievalMap view; the work runs on the model's worker
// thread with progress and Cancel, and the pair exports as a figure set.
#include <QWidget>
#include <atomic>
#include <memory>
#include <vector>

#include "gna/kv_map.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace gna::views {
class RetrievalMap;
}

namespace gna::studio {

class Session;

class KvMapPanel : public QWidget {
    Q_OBJECT
public:
    explicit KvMapPanel(Session* session, QWidget* parent = nullptr);

    QLineEdit* sizesEdit() const { return m_sizes; }
    QLineEdit* depthsEdit() const { return m_depths; }
    QLineEdit* headsEdit() const { return m_heads; }
    QSpinBox* samplesBox() const { return m_samples; }
    QComboBox* valueBox() const { return m_value; }  // 0 = accuracy, 1 = probability of the right value
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    views::RetrievalMap* allHeadsMap() const { return m_all; }
    views::RetrievalMap* headsOffMap() const { return m_off; }
    QString status() const;
    // What both maps say while no model is open (MainWindow::noModelMessage).
    void setNoModelMessage(const QString& message);
    // The last finished run: [0] all heads on, [1] the heads off; empty before one.
    const std::vector<gna::KvMap>& maps() const { return m_maps; }
    // Writes both maps (PDF, SVG, PNG, CSV) into `dir`; the files written, or empty and `error`.
    QStringList exportFigures(const QString& dir, QString* error = nullptr);

public Q_SLOTS:
    void run();
    void cancel();

Q_SIGNALS:
    void finished();  // a run ended (done, failed or cancelled)

private:
    void onModelLoaded();
    void showMaps();
    void setRunning(bool running);

    Session* m_session;
    std::vector<gna::KvMap> m_maps;
    QString m_offNames;
    QString m_defaultHeads;
    std::shared_ptr<std::atomic<bool>> m_cancelFlag;
    QLineEdit* m_sizes = nullptr;
    QLineEdit* m_depths = nullptr;
    QSpinBox* m_samples = nullptr;
    QLineEdit* m_heads = nullptr;
    QComboBox* m_value = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_export = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    views::RetrievalMap* m_all = nullptr;
    views::RetrievalMap* m_off = nullptr;
};

}  // namespace gna::studio
