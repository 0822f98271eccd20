#pragma once
// MaskPanel: the per-sample G&A mask of an MMLU prompt (slides), wired to the open model. Pick a
// question and a Gather and an Aggregate head; the mask starts as the G&A default (the Gather
// head's summary row of each option sees only that option's line; the Aggregate head's final
// position sees only the summary tokens). Pick a rule, click tokens to mask or unmask them, and
// Run: the answer letters' probabilities with the mask next to those without it.
#include <QSet>
#include <QStringList>
#include <QWidget>
#include <vector>

#include "gna/manipulation.h"
#include "gna/tasks.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace gna::views {
class MaskEditor;
class NextTokenChart;
}  // namespace gna::views

namespace gna::studio {

class Session;

class MaskPanel : public QWidget {
    Q_OBJECT
public:
    explicit MaskPanel(Session* session, QWidget* parent = nullptr);

    // Reloads the questions with the session's tokenizer (after a model loads): a demo model's own
    // invented-world questions, else the bundled MMLU sample; head fields the user left alone take
    // the model card's Gather and Aggregate heads.
    void reload();
    // What the editor and the chart say while no model is open (MainWindow::noModelMessage); the
    // controls are off until one is.
    void setNoModelMessage(const QString& message);
    int questionCount() const { return static_cast<int>(m_items.size()); }
    void setQuestion(int index);
    void setHeads(const QString& gather, const QString& aggregate);
    QString gatherHead() const;
    QString aggregateHead() const;
    void setRule(int index);  // index into mask().rules
    const gna::AttentionMask& mask() const { return m_mask; }
    views::MaskEditor* editor() const { return m_editor; }
    views::NextTokenChart* chart() const { return m_chart; }
    QComboBox* ruleBox() const { return m_rule; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* resetButton() const { return m_reset; }
    QComboBox* questionBox() const { return m_questions; }
    // What a click does, or (collapsed) why a mask cannot act on this model: the label in sight.
    QLabel* hintLabel() const;
    // A model without attention heads: the panel shows one line that says why instead of its controls.
    bool isCollapsed() const;
    // Letter probabilities of the last run: with the mask and without it (A..D).
    const std::vector<double>& maskedProbabilities() const { return m_masked; }
    const std::vector<double>& plainProbabilities() const { return m_plain; }
    const gna::ChoiceItem* currentItem() const;

public Q_SLOTS:
    void run();
    void resetMask();

Q_SIGNALS:
    void runFinished();
    void collapsedChanged(bool collapsed);

private:
    void rebuildMask();
    void showRule();
    void onKeysChanged(const QSet<int>& keys);
    // A model without attention heads: the controls a mask needs are off and hidden, one line says why.
    void setAttentionHeads(bool attention);
    void enableControls(bool on);  // question, heads, rule, Reset (Run: once a mask can run)
    void fitCollapsed();  // collapsed: no higher than its line
    void resizeEvent(QResizeEvent* event) override;
    QString m_noModelMessage;

    Session* m_session;
    std::vector<gna::ChoiceItem> m_items;
    std::vector<gna::MmluLayout> m_layouts;
    QList<QStringList> m_tokenLabels;
    gna::AttentionMask m_mask;
    std::vector<double> m_masked, m_plain;
    int m_question = -1;
    QComboBox* m_questions = nullptr;
    QString m_defaultGather, m_defaultAggregate;  // what the fields showed for the last model
    QLineEdit* m_gather = nullptr;
    QLineEdit* m_aggregate = nullptr;
    QComboBox* m_rule = nullptr;
    views::MaskEditor* m_editor = nullptr;
    views::NextTokenChart* m_chart = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_reset = nullptr;
    QWidget* m_body = nullptr;  // every control (hidden while collapsed)
    QLabel* m_hint = nullptr;  // what a click does
    QLabel* m_none = nullptr;  // why a mask cannot act on this model (shown while collapsed)
    QLabel* m_status = nullptr;
};

}  // namespace gna::studio
