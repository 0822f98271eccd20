#pragma once
// Token boxes in reading order, wrapped at a width: the layout the token strip and the mask editor share.
#include <QFontMetrics>
#include <QList>
#include <QRect>
#include <QStringList>

class QWidget;

namespace gna::views {

constexpr int kTokenPad = 3;  // inside a box, around its text
constexpr int kTokenGap = 2;  // between boxes and around them

// One box per token; with `breakAfterNewline`, a token ending in "⏎" also ends its line.
QList<QRect> flowTokens(const QFontMetrics& fm, const QStringList& tokens, int width, bool breakAfterNewline);

// A focusable widget whose height follows its width (the layouts ask heightForWidth()).
void makeTokenFlowWidget(QWidget* w);

}  // namespace gna::views
