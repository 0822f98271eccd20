#include "token_flow.h"

#include <QSizePolicy>
#include <QWidget>

namespace gna::views {

QList<QRect> flowTokens(const QFontMetrics& fm, const QStringList& tokens, int width, bool breakAfterNewline) {
    QList<QRect> rects;
    const int h = fm.height() + 2 * kTokenPad;
    int x = kTokenGap, y = kTokenGap;
    for (const QString& t : tokens) {
        const int w = fm.horizontalAdvance(t.isEmpty() ? QStringLiteral(" ") : t) + 2 * kTokenPad;
        if (x + w > width - kTokenGap && x > kTokenGap) {
            x = kTokenGap;
            y += h + kTokenGap;
        }
        rects << QRect(x, y, w, h);
        x += w + kTokenGap;
        if (breakAfterNewline && t.endsWith(QStringLiteral("⏎"))) {
            x = kTokenGap;
            y += h + kTokenGap;
        }
    }
    return rects;
}

void makeTokenFlowWidget(QWidget* w) {
    w->setFocusPolicy(Qt::StrongFocus);
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    w->setSizePolicy(policy);
}

}  // namespace gna::views
