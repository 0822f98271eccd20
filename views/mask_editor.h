#pragma once
// MaskEditor: a per-sample G&A mask. The prompt's tokens are shown with the answer-option
// segments tinted and each segment's summary token outlined; tokens outside the head's key set
// are masked (struck through, dimmed). Click a token (or Space on the current one) to mask or
// unmask it; edits are undoable.
#include <QSet>
#include <QUndoStack>

#include "token_flow.h"

namespace gna::views {

struct MaskSample {
    QStringList tokens;
    QList<QPair<int, int>> segments;  // [first, last] token index of each option line
    QList<int> summaryTokens;  // each segment's summary token (its last token)
    QSet<int> keys;  // key tokens the head may attend to (the rest is masked)
};

class MaskEditor : public TokenFlowWidget {
    Q_OBJECT
public:
    explicit MaskEditor(QWidget* parent = nullptr);

    void setSample(const MaskSample& sample);
    const MaskSample& sample() const { return m_sample; }
    QSet<int> keys() const { return m_sample.keys; }
    bool isMasked(int token) const { return !m_sample.keys.contains(token); }
    void toggleToken(int token);  // undoable
    void keepOnlySegments();  // Gather preset: the answer segments
    void keepOnlySummaries();  // Aggregate preset: the summary tokens
    QUndoStack* undoStack() const { return m_undo; }
    // The background a token is drawn on (base, or its option segment's tint over it) and the colour
    // of a masked (struck-through) token on it: at least 4.5:1 contrast in either palette.
    QColor tokenBackground(int token) const {
        return segmentOf(token) >= 0 ? chipColor(segmentOf(token)) : palette().color(QPalette::Base);
    }
    QColor maskedTextColor(int token) const;

    QSize sizeHint() const override { return {420, heightForWidth(420)}; }

    // Used by the undo command.
    void setKeys(const QSet<int>& keys);

Q_SIGNALS:
    void maskChanged(const QSet<int>& keys);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    const QStringList& flowedTokens() const override { return m_sample.tokens; }

private:
    int segmentOf(int token) const;
    QColor chipColor(int segment) const;
    void pushKeys(const QSet<int>& keys, const QString& text);

    MaskSample m_sample;
    QUndoStack* m_undo;
    int m_current = 0;
};

}  // namespace gna::views
