#pragma once
// PromptEditor: free text prompt, sample prompts (KV-retrieval, MMLU-style, needle), answer
// candidates, and Run. Edits are debounced before they reach the session.
#include <QWidget>

class QComboBox;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTimer;

namespace gna::studio {

class PromptEditor : public QWidget {
    Q_OBJECT
public:
    explicit PromptEditor(QWidget* parent = nullptr);

    QString prompt() const;
    void setPrompt(const QString& text);
    QStringList candidates() const;
    void setCandidates(const QStringList& c);
    QPlainTextEdit* editor() const { return m_edit; }
    QPushButton* runButton() const { return m_run; }
    // The MMLU-style sample's prompt: a demo model's own invented-world question (so its letter
    // probabilities mean something); empty restores the built-in astronomy question.
    void setMmluSample(const QString& prompt);
    // The prompt the sample menu's entry `index` loads.
    QString samplePrompt(int index) const;
    // The KV-retrieval prompts end "... is" + `ending`: " " for a model whose tokenizer writes the space
    // before the answer as its own token, so that the prompt ends where the model answers
    // (gna::prompt_ending_at_answer); "" otherwise.
    void setAnswerEnding(const QString& ending) { m_answerEnding = ending; }
    // A model's first prompt (a three-key dictionary) and its candidates.
    QString firstPrompt() const;
    static QStringList firstCandidates();
    // The KV prompts as written, without the ending.
    static QString plainKvPrompt();

Q_SIGNALS:
    void promptChanged(const QString& text);  // debounced
    void candidatesChanged(const QStringList& candidates);
    void runRequested();

private:
    void loadSample(int index);

    QComboBox* m_samples;
    QPlainTextEdit* m_edit;
    QLineEdit* m_candidates;
    QPushButton* m_run;
    QTimer* m_debounce;
    QString m_mmluSample;
    QString m_answerEnding;
};

}  // namespace gna::studio
