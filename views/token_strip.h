#pragma once
// TokenStrip: the prompt's tokens in reading order, wrapped into lines. Each token can carry a
// highlight weight (e.g. how much a head attends to it), drawn as a background; one token can be
// selected (click / arrows), which views use as "attention to this token".
#include <QStringList>
#include <QWidget>
#include <vector>

namespace gna::views {

class TokenStrip : public QWidget {
    Q_OBJECT
public:
    explicit TokenStrip(QWidget* parent = nullptr);

    void setTokens(const QStringList& tokens);
    const QStringList& tokens() const { return m_tokens; }
    // One weight per token in [0, 1]; empty clears the highlight.
    void setHighlights(const std::vector<double>& weights);
    void setSelectedToken(int index);
    int selectedToken() const { return m_selected; }
    QRect tokenRect(int index) const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;

Q_SIGNALS:
    void tokenClicked(int index);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;

private:
    QList<QRect> layoutTokens(int width) const;

    QStringList m_tokens;
    std::vector<double> m_weights;
    QList<QRect> m_rects;
    int m_selected = -1;
};

}  // namespace gna::views
