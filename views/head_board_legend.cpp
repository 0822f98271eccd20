#include "head_board_legend.h"

#include <QEvent>
#include <QPainter>
#include <algorithm>

#include "head_board.h"
#include "number_format.h"

namespace gna::views {

namespace {
constexpr int kMargin = 4;
constexpr int kEstimateScale = 2;  // Piece::scale of the estimates' colour bar
}  // namespace

HeadBoardLegend::HeadBoardLegend(HeadBoard* board, QWidget* parent) : QWidget(parent), m_board(board) {
    setObjectName(QStringLiteral("headBoardLegend"));
    setAccessibleName(tr("Head board legend"));
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    HeadBoardModel* model = board->model();
    connect(model, &QAbstractItemModel::dataChanged, this, &HeadBoardLegend::refresh);
    connect(model, &QAbstractItemModel::modelReset, this, &HeadBoardLegend::refresh);
    connect(board, &HeadBoard::colorsChanged, this, &HeadBoardLegend::refresh);
    connect(board, &HeadBoard::displayedHeadsChanged, this, &HeadBoardLegend::refresh);
    refresh();
}

QList<HeadBoardLegend::Piece> HeadBoardLegend::pieces() const {
    const HeadBoardModel* m = m_board->model();
    QList<Piece> out;
    if (m->hasScores()) {
        // The score's name breaks between words; each colour bar with its range is one piece.
        const QStringList words = tr("Colour: %1").arg(m->scoreLabel()).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        for (const QString& w : words) out << Piece{w, -1, {}, false, false, 0};
        bool first = true;
        for (const int kind : {0, 1}) {
            const bool ssm = kind == 1;
            const bool present = m->mixed() || (ssm == m->ssm());
            if (!present) continue;
            const QString range = tr("%1 .. %2").arg(formatNumber(m->minScore(ssm)), formatNumber(m->maxScore(ssm)));
            out << Piece{m->mixed() ? (ssm ? tr("S") : tr("H")) : QString(), kind, range, first, !first, 1 + kind};
            first = false;
        }
        if (m->hasEstimateOnly()) {
            // The heads that show another quantity (an estimate where nothing was measured): its own
            // line, name and hatched scale, so that neither scale is read for the other.
            const int item = out.last().item + 1;
            const QStringList what =
                tr("Hatched, not measured: %1").arg(m->estimateLabel()).split(QLatin1Char(' '), Qt::SkipEmptyParts);
            for (qsizetype i = 0; i < what.size(); ++i) out << Piece{what[i], -1, {}, i == 0, false, item};
            out << Piece{QString(),
                         kEstimateScale,
                         tr("%1 .. %2").arg(formatNumber(m->minEstimate()), formatNumber(m->maxEstimate())),
                         true,
                         false,
                         item + 1};
        }
    }
    // A mark's meaning breaks between words too (a long translation wraps instead of widening the
    // board's column), but never between the mark and the first word of its meaning.
    auto mark = [&out](const QString& text, bool wide) {
        const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        const qsizetype is = words.indexOf(QStringLiteral("="));
        const qsizetype first = is >= 0 ? std::min(is + 2, words.size()) : std::min<qsizetype>(1, words.size());
        const int item = out.isEmpty() ? 0 : out.last().item + 1;
        out << Piece{words.mid(0, first).join(QLatin1Char(' ')), -1, {}, false, wide, item};
        for (qsizetype i = first; i < words.size(); ++i) out << Piece{words[i], -1, {}, false, false, item};
    };
    mark(tr("✕ = ablated"), !out.isEmpty());
    if (m->mixed()) mark(tr("◥ = SSM head"), true);
    // The boxed letters on the heads the maps show; the hatched cells of heads a layer lacks.
    // Short, so that a hybrid's legend keeps its four lines beside a 1024 px window's maps (the
    // cells' tooltips say "Gather" and "Aggregate" in full).
    const bool g = m_board->displayedGather().x() >= 0, a = m_board->displayedAggregate().x() >= 0;
    if (g || a)
        mark(g && a  ? tr("G, A = shown heads")
                 : g ? tr("G = shown Gather head")
                     : tr("A = shown Aggregate head"),
             true);
    bool absent = false;
    for (int l = 0; l < m->layers() && !absent; ++l)
        for (int h = 0; h < m->heads() && !absent; ++h) absent = !m->contains(l, h);
    if (absent) mark(tr("▨ = no head"), true);
    return out;
}

QString HeadBoardLegend::text() const {
    QString s;
    for (const Piece& p : pieces()) {
        if (!s.isEmpty()) s += p.newLine ? QStringLiteral("\n") : p.wide ? QStringLiteral("   ") : QStringLiteral(" ");
        s += p.text;
        if (!p.suffix.isEmpty()) s += (p.text.isEmpty() ? QString() : QStringLiteral(" ")) + p.suffix;
    }
    return s;
}

int HeadBoardLegend::pieceWidth(const Piece& p) const {
    const QFontMetrics fm(font());
    const int space = fm.horizontalAdvance(QLatin1Char(' '));
    int w = fm.horizontalAdvance(p.text);
    if (p.scale >= 0) w += (p.text.isEmpty() ? 0 : space) + 4 * fm.height() + space + fm.horizontalAdvance(p.suffix);
    return w;
}

QList<QPoint> HeadBoardLegend::layout(const QList<Piece>& pieces, int width, int* height) const {
    const QFontMetrics fm(font());
    const int lineHeight = fm.height() + 2;
    const int space = fm.horizontalAdvance(QLatin1Char(' '));
    const int right = std::max(1, width - kMargin);
    QList<QPoint> at;
    int x = kMargin, y = kMargin;
    for (qsizetype i = 0; i < pieces.size(); ++i) {
        const Piece& p = pieces[i];
        const int w = pieceWidth(p);
        const int gap = at.isEmpty() ? 0 : p.wide ? 3 * space : space;
        // An item starts on a new line when it does not fit after the last one but fits a line alone.
        bool breakItem = false;
        if (i > 0 && pieces[i - 1].item != p.item) {
            int itemWidth = w;
            for (qsizetype j = i + 1; j < pieces.size() && pieces[j].item == p.item; ++j)
                itemWidth += space + pieceWidth(pieces[j]);
            breakItem = x + gap + itemWidth > right && kMargin + itemWidth <= right;
        }
        if (!at.isEmpty() && (p.newLine || breakItem || x + gap + w > right)) {
            x = kMargin;
            y += lineHeight;
        } else {
            x += gap;
        }
        at << QPoint(x, y);
        x += w;
    }
    if (height) *height = y + lineHeight + kMargin;
    return at;
}

QStringList HeadBoardLegend::lines() const {
    const QList<Piece> all = pieces();
    const QList<QPoint> at = layout(all, width(), nullptr);
    QStringList out;
    for (qsizetype i = 0; i < all.size(); ++i) {
        const Piece& p = all[i];
        const QString piece = p.suffix.isEmpty() ? p.text
            : p.text.isEmpty()                   ? p.suffix
                                                 : p.text + QLatin1Char(' ') + p.suffix;
        if (i == 0 || at[i].y() != at[i - 1].y())
            out << piece;
        else
            out.last() += (p.wide ? QStringLiteral("   ") : QStringLiteral(" ")) + piece;
    }
    return out;
}

int HeadBoardLegend::heightForWidth(int width) const {
    int h = 0;
    layout(pieces(), width, &h);
    return h;
}

QSize HeadBoardLegend::minimumSizeHint() const {
    // As narrow as the widest piece; as high as the current width needs.
    int widest = 0;
    for (const Piece& p : pieces()) widest = std::max(widest, pieceWidth(p));
    const int w = widest + 2 * kMargin;
    return {w, heightForWidth(std::max(w, width()))};
}

QSize HeadBoardLegend::sizeHint() const {
    const int w = std::max(minimumSizeHint().width(), 300);
    return {w, heightForWidth(w)};
}

void HeadBoardLegend::refresh() {
    const QString t = text();
    setAccessibleDescription(t);
    setToolTip(t);
    setMinimumHeight(heightForWidth(width()));  // a splitter or box layout above gives the pane room for it
    updateGeometry();
    update();
}

void HeadBoardLegend::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    const int h = heightForWidth(width());
    if (h != minimumHeight()) setMinimumHeight(h);
}

void HeadBoardLegend::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::LanguageChange) refresh();
}

void HeadBoardLegend::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QFontMetrics fm(font());
    const int space = fm.horizontalAdvance(QLatin1Char(' '));
    const QList<Piece> all = pieces();
    const QList<QPoint> at = layout(all, width(), nullptr);
    QCPColorGradient gradient = m_board->colorGradient();  // a copy: color() fills its lookup table
    const QColor text = palette().color(QPalette::WindowText);
    for (qsizetype i = 0; i < all.size(); ++i) {
        const Piece& piece = all[i];
        int x = at[i].x();
        const int y = at[i].y();
        p.setPen(text);
        p.drawText(QPoint(x, y + 1 + fm.ascent()), piece.text);
        x += fm.horizontalAdvance(piece.text);
        if (piece.scale < 0) continue;
        if (!piece.text.isEmpty()) x += space;
        // The colour bar: the scale's low end left, its high end right, as the cells are coloured.
        const QRect bar(x, y + 1 + (fm.height() - fm.ascent()) / 2, 4 * fm.height(), fm.ascent());
        const HeadBoardModel* m = m_board->model();
        for (int c = 0; c < bar.width(); ++c) {
            const double t = bar.width() > 1 ? double(c) / (bar.width() - 1) : 0.0;
            p.fillRect(QRect(bar.left() + c, bar.top(), 1, bar.height()),
                       piece.scale == kEstimateScale
                           ? m_board->estimateColor(m->minEstimate() + t * (m->maxEstimate() - m->minEstimate()))
                           : QColor::fromRgb(gradient.color(t, QCPRange(0.0, 1.0))));
        }
        if (piece.scale == kEstimateScale) p.fillRect(bar, m_board->estimateHatch());
        p.setPen(palette().color(QPalette::Mid));
        p.drawRect(bar.adjusted(0, 0, -1, -1));
        p.setPen(text);
        p.drawText(QPoint(bar.right() + 1 + space, y + 1 + fm.ascent()), piece.suffix);
    }
}

}  // namespace gna::views
