#pragma once
// TokenStrip: the prompt's tokens in reading order, wrapped into lines. Each token can carry a
// highlight weight (e.g. how much a head attends to it), drawn as a background; one token can be
// selected (click / arrows), which views use as "attention to this token".
#include <QStringList>
#include <vector>

#include "token_flow.h"

namespace gna::views {

class TokenStrip : public TokenFlowWidget {
    Q_OBJECT
public:
    explicit TokenStrip(QWidget* parent = nullptr);

    void setTokens(const QStringList& tokens);
    const QStringList& tokens() const { return m_tokens; }
    // One weight per token in [0, 1]; empty clears the highlight.
    void setHighlights(const std::vector<double>& weights);
    void setSelectedToken(int index);
    int selectedToken() const { return m_selected; }

    QSize sizeHint() const override;

Q_SIGNALS:
    void tokenClicked(int index);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;
    const QStringList& flowedTokens() const override { return m_tokens; }

private:
    QStringList m_tokens;
    std::vector<double> m_weights;
    int m_selected = -1;
};

}  // namespace gna::views
