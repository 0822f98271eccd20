#include "prompt_editor.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QShortcut>
#include <QTimer>
#include <QVBoxLayout>

namespace gna::studio {

namespace {
struct Sample {
    const char* name;
    const char* prompt;
    const char* candidates;
};
// Prompts follow the task formats of DESIGN.md (KV-retrieval, MMLU, needle in a haystack).
const Sample kSamples[] = {
    {QT_TRANSLATE_NOOP("gna::studio::PromptEditor", "KV-retrieval (5 keys)"),
     "Memorize the following dictionary:\napple:42\nriver:17\ncandle:88\nforest:5\nmirror:63\n"
     "\nThe value of the key 'candle' is",
     "88, 42, 17, 5, 63"},
    {QT_TRANSLATE_NOOP("gna::studio::PromptEditor", "MMLU-style question"),
     "The following are multiple choice questions (with answers) about astronomy.\n\n"
     "Which planet is known as the Red Planet?\nA. Venus\nB. Mars\nC. Jupiter\nD. Mercury\nAnswer:",
     "A, B, C, D"},
    {QT_TRANSLATE_NOOP("gna::studio::PromptEditor", "Needle in a haystack (short)"),
     "The city was quiet in the morning. People walked their dogs along the river. "
     "The best thing to do in San Francisco is eat a sandwich and sit in Dolores Park on a sunny day. "
     "Later the fog rolled in over the hills and the streets grew cold.\n"
     "What is the best thing to do in San Francisco?\nAnswer:",
     "eat, sit, walk"},
    {QT_TRANSLATE_NOOP("gna::studio::PromptEditor", "Free text"), "", ""},
};
constexpr int kKvSample = 0;
constexpr int kMmluSample = 1;
const char* const kFirstPrompt =
    "Memorize the following dictionary:\napple:42\nriver:17\ncandle:88\n\nThe value of the key 'candle' is";
}  // namespace

PromptEditor::PromptEditor(QWidget* parent)
    : QWidget(parent),
      m_samples(new QComboBox),
      m_edit(new QPlainTextEdit),
      m_candidates(new QLineEdit),
      m_run(new QPushButton(tr("R&un"))),
      m_debounce(new QTimer(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* top = new QHBoxLayout;
    auto* sampleLabel = new QLabel(tr("&Sample prompt:"));
    m_samples->setObjectName(QStringLiteral("samples"));
    sampleLabel->setBuddy(m_samples);
    top->addWidget(sampleLabel);
    top->addWidget(m_samples, 1);
    top->addWidget(m_run);
    layout->addLayout(top);
    for (const Sample& s : kSamples) m_samples->addItem(tr(s.name));
    m_samples->setCurrentIndex(-1);
    m_samples->setPlaceholderText(tr("Choose a sample…"));
    m_samples->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);  // narrows with the column
    m_samples->setMinimumContentsLength(8);
    m_edit->setPlaceholderText(tr("Type a prompt; the model reruns as you type or toggle heads."));
    m_edit->setTabChangesFocus(true);
    m_edit->setAccessibleName(tr("Prompt"));
    m_edit->setMinimumHeight(60);
    layout->addWidget(m_edit, 1);
    auto* candRow = new QHBoxLayout;
    auto* candLabel = new QLabel(tr("Answer &candidates:"));
    candLabel->setBuddy(m_candidates);
    m_candidates->setPlaceholderText(tr("comma-separated, e.g. 88, 42"));
    m_candidates->setToolTip(tr("Each candidate is scored by the probability of its first token"));
    candRow->addWidget(candLabel);
    candRow->addWidget(m_candidates, 1);
    layout->addLayout(candRow);
    m_run->setToolTip(tr("Run the model on the prompt (Ctrl+R)"));
    // Ctrl+R beside the button's own Alt+letter (a button's shortcut is one key: setShortcut would drop its mnemonic).
    connect(new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_R), this), &QShortcut::activated, m_run, [this] {
        if (m_run->isEnabled()) m_run->animateClick();
    });

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(400);
    connect(m_edit, &QPlainTextEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_debounce, &QTimer::timeout, this, [this] { Q_EMIT promptChanged(prompt()); });
    connect(m_candidates, &QLineEdit::editingFinished, this, [this] { Q_EMIT candidatesChanged(candidates()); });
    connect(m_run, &QPushButton::clicked, this, [this] {
        m_debounce->stop();
        Q_EMIT promptChanged(prompt());
        Q_EMIT candidatesChanged(candidates());
        Q_EMIT runRequested();
    });
    connect(m_samples, &QComboBox::activated, this, &PromptEditor::loadSample);
}

QString PromptEditor::prompt() const { return m_edit->toPlainText(); }

void PromptEditor::setPrompt(const QString& text) {
    if (text == prompt()) return;
    m_edit->setPlainText(text);
    m_debounce->stop();
    Q_EMIT promptChanged(text);
}

QStringList PromptEditor::candidates() const {
    QStringList out;
    for (const QString& c : m_candidates->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString t = c.trimmed();
        if (!t.isEmpty()) out << t;
    }
    return out;
}

void PromptEditor::setCandidates(const QStringList& c) {
    m_candidates->setText(c.join(QStringLiteral(", ")));
    Q_EMIT candidatesChanged(candidates());
}

void PromptEditor::setMmluSample(const QString& prompt) { m_mmluSample = prompt; }

QString PromptEditor::samplePrompt(int index) const {
    if (index < 0 || index >= int(std::size(kSamples))) return {};
    if (index == kMmluSample && !m_mmluSample.isEmpty()) return m_mmluSample;
    return QString::fromUtf8(kSamples[index].prompt) + (index == kKvSample ? m_answerEnding : QString());
}

QString PromptEditor::firstPrompt() const { return plainKvPrompt() + m_answerEnding; }
QString PromptEditor::plainKvPrompt() { return QString::fromUtf8(kFirstPrompt); }
QStringList PromptEditor::firstCandidates() {
    return {QStringLiteral("88"), QStringLiteral("42"), QStringLiteral("17")};
}

void PromptEditor::loadSample(int index) {
    if (index < 0 || index >= int(std::size(kSamples))) return;
    m_candidates->setText(QString::fromUtf8(kSamples[index].candidates));
    Q_EMIT candidatesChanged(candidates());
    setPrompt(samplePrompt(index));
}

}  // namespace gna::studio
