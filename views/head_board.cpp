#include "head_board.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollArea>
#include <QTimer>
#include <QWheelEvent>
#include <QToolTip>
#include <cmath>
#include <limits>

#include "head_board_commands.h"
#include "number_format.h"

namespace gna::views {

namespace {
constexpr int kMargin = 4;
constexpr int kMinCell = 16;
constexpr int kOverviewCell = 3;  // a pointer still hits it; its colour still reads
constexpr int kMaxCell = 48;
}  // namespace

HeadBoard::HeadBoard(QWidget* parent)
    : QWidget(parent),
      m_model(new HeadBoardModel(this)),
      m_undo(new QUndoStack(this)),
      m_gradient(makeGradient(Palette::Viridis)),
      m_diverging(makeGradient(Palette::Diverging)) {
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAccessibleName(tr("Head board"));
    setWhatsThis(
        tr("Layers x heads. Click a head to ablate it, drag to select a rectangle, "
           "arrows and Space from the keyboard, double-click to show its attention."));
    connect(m_model, &HeadBoardModel::ablationChanged, this, &HeadBoard::onAblationChanged);
    connect(m_model, &QAbstractItemModel::dataChanged, this, [this] { update(); });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        updateGeometry();
        update();
    });
    m_emptyMessage = tr("No model loaded");
}

void HeadBoard::setEmptyMessage(const QString& message) {
    m_emptyMessage = message;
    update();
}

void HeadBoard::setShape(int layers, int heads, bool ssm, const std::vector<int>& rowHeads) {
    m_undo->clear();
    m_model->setShape(layers, heads, ssm, rowHeads);
    m_selection = {};
    m_current = firstHead();
    m_shownGather = m_shownAggregate = QPoint(-1, -1);
    Q_EMIT displayedHeadsChanged();
}

void HeadBoard::setMixedShape(int layers, int attention, int ssm, const std::vector<int>& rowAttention,
                              const std::vector<int>& rowSsm) {
    m_undo->clear();
    m_model->setMixedShape(layers, attention, ssm, rowAttention, rowSsm);
    m_selection = {};
    m_current = firstHead();
    m_shownGather = m_shownAggregate = QPoint(-1, -1);
    Q_EMIT displayedHeadsChanged();
}

QPoint HeadBoard::firstHead() const {
    // The keyboard starts on a head the model has (a hybrid's L0.H0 may be a hatched, absent cell).
    for (int l = 0; l < m_model->layers(); ++l)
        for (int h = 0; h < m_model->heads(); ++h)
            if (m_model->contains(l, h)) return {h, l};
    return {0, 0};
}

void HeadBoard::setScores(const std::vector<double>& scores, const QString& label, bool differences) {
    m_model->setScores(scores, label, differences);
    update();
}

void HeadBoard::setEstimates(const std::vector<double>& estimates, const QString& label) {
    m_model->setEstimates(estimates, label);
    update();
}

QColor HeadBoard::estimateColor(double value) const {
    // Half the diverging colour, half the button colour: quieter than any scored cell in both palettes.
    const QColor c =
        QColor::fromRgb(m_diverging.color(value, QCPRange(m_model->minEstimate(), m_model->maxEstimate())));
    const QColor b = palette().color(QPalette::Button);
    return QColor::fromRgbF(float(0.5 * (c.redF() + b.redF())), float(0.5 * (c.greenF() + b.greenF())),
                            float(0.5 * (c.blueF() + b.blueF())));
}

QBrush HeadBoard::estimateHatch() const {
    // The other diagonal than the hatching of absent heads, in the text colour: readable on light and dark.
    QColor t = palette().color(QPalette::Text);
    t.setAlpha(150);
    return QBrush(t, Qt::FDiagPattern);
}

void HeadBoard::setColorPalette(Palette palette) {
    m_gradient = makeGradient(palette);
    update();
    Q_EMIT colorsChanged();
}

void HeadBoard::setAblatedHeads(const HeadCells& heads) {
    m_undo->clear();
    HeadCells all;
    QList<bool> states;
    for (int l = 0; l < m_model->layers(); ++l)
        for (int h = 0; h < m_model->heads(); ++h) {
            all << m_model->cell(l, h);
            bool on = false;
            for (const HeadCell& c : heads) on |= c == m_model->cell(l, h);
            states << on;
        }
    m_model->setAblated(all, states);
}

void HeadBoard::pushSet(const HeadCells& cells, const QList<bool>& states, const QString& text, bool mergeable) {
    if (cells.isEmpty()) return;
    m_undo->push(new SetHeadsCommand(m_model, cells, states, text, mergeable, m_mergeMs));
}

void HeadBoard::toggleHead(int layer, int head) {
    if (!m_model->contains(layer, head)) return;
    const HeadCell c = m_model->cell(layer, head);
    pushSet({c}, {!m_model->isAblated(layer, head)}, tr("Toggle %1").arg(c.name()), true);
}

void HeadBoard::setHeads(const HeadCells& cells, bool ablated, const QString& text) {
    QList<bool> states;
    for (qsizetype i = 0; i < cells.size(); ++i) states << ablated;
    pushSet(cells, states, text, false);
}

void HeadBoard::ablateLayer(int layer) {
    HeadCells cells;
    for (int h = 0; h < m_model->heads(); ++h) cells << m_model->cell(layer, h);
    setHeads(cells, true, tr("Ablate layer %1").arg(layer));
}

void HeadBoard::invert() {
    HeadCells cells;
    QList<bool> states;
    for (int l = 0; l < m_model->layers(); ++l)
        for (int h = 0; h < m_model->heads(); ++h) {
            cells << m_model->cell(l, h);
            states << !m_model->isAblated(l, h);
        }
    pushSet(cells, states, tr("Invert ablation"), false);
}

void HeadBoard::clearAblations() { setHeads(m_model->ablatedHeads(), false, tr("Restore all heads")); }

void HeadBoard::toggleSelection() {
    const QRect sel = m_selection.isEmpty() ? QRect(m_current, QSize(1, 1)) : m_selection;
    HeadCells cells;
    QList<bool> states;
    // If every selected head is ablated, restore them; otherwise ablate them all.
    bool allAblated = true;
    for (int l = sel.top(); l <= sel.bottom(); ++l)
        for (int h = sel.left(); h <= sel.right(); ++h)
            if (m_model->contains(l, h)) {
                cells << m_model->cell(l, h);
                allAblated &= m_model->isAblated(l, h);
            }
    for (qsizetype i = 0; i < cells.size(); ++i) states << !allAblated;
    if (cells.size() == 1)
        pushSet(cells, states, tr("Toggle %1").arg(cells.front().name()), true);
    else
        pushSet(cells, states,
                allAblated ? tr("Restore %n head(s)", nullptr, static_cast<int>(cells.size()))
                           : tr("Ablate %n head(s)", nullptr, static_cast<int>(cells.size())),
                false);
}

void HeadBoard::setSelection(const QRect& cells) {
    m_selection = cells.normalized().intersected(QRect(0, 0, m_model->heads(), m_model->layers()));
    update();
}

void HeadBoard::setCurrentHead(int layer, int head) {
    if (!m_model->contains(layer, head)) return;
    if (m_current == QPoint(head, layer)) return;
    m_current = {head, layer};
    update();
    Q_EMIT currentHeadChanged(layer, head);
}

void HeadBoard::setDisplayedHeads(const std::optional<HeadCell>& gather, const std::optional<HeadCell>& aggregate) {
    auto at = [this](const std::optional<HeadCell>& c) {
        const int column = c ? m_model->column(*c) : -1;
        return column >= 0 && m_model->contains(c->layer, column) ? QPoint(column, c->layer) : QPoint(-1, -1);
    };
    const QPoint g = at(gather), a = at(aggregate);
    if (g.x() >= 0 && g != m_shownGather) setCurrentHead(g.y(), g.x());  // the keyboard starts on the shown head
    if (g == m_shownGather && a == m_shownAggregate) return;
    m_shownGather = g;
    m_shownAggregate = a;
    update();
    Q_EMIT displayedHeadsChanged();
}

QString HeadBoard::displayedMark(int layer, int column) const {
    const QPoint c(column, layer);
    QStringList marks;
    if (c == m_shownGather) marks << tr("G", "the Gather head shown");
    if (c == m_shownAggregate) marks << tr("A", "the Aggregate head shown");
    return marks.join(QLatin1Char(' '));
}

void HeadBoard::onAblationChanged(const HeadCells& changed) {
    for (const HeadCell& c : changed) {
        const int column = m_model->column(c);
        Q_EMIT headToggled(c.layer, column, m_model->isAblated(c.layer, column));
    }
    Q_EMIT planChanged(m_model->ablatedHeads());
    update();
}

int HeadBoard::minimumCellSize() { return kMinCell; }
int HeadBoard::overviewCellSize() { return kOverviewCell; }

int HeadBoard::cellSize() const {
    const QSize frame = sizeForCell(0);
    const int heads = std::max(1, m_model->heads());
    const int layers = std::max(1, m_model->layers());
    const int s = std::min((width() - frame.width()) / heads, (height() - frame.height()) / layers);
    return std::clamp(s, m_overview ? kOverviewCell : kMinCell, kMaxCell);
}

void HeadBoard::setOverview(bool on) {
    if (on == m_overview) return;
    m_overview = on;
    updateGeometry();  // the minimum size: a scroll area around the board lays it out anew
    update();
    if (!on) showCurrentInScrollArea();
    Q_EMIT overviewChanged(on);
}

void HeadBoard::showCurrentInScrollArea() {
    // Queued: the scroll area gives the board its new size first.
    QTimer::singleShot(0, this, [this] {
        for (QWidget* w = parentWidget(); w; w = w->parentWidget())
            if (auto* area = qobject_cast<QScrollArea*>(w)) {
                const QRect c = cellRect(m_current.y(), m_current.x());
                area->ensureVisible(c.center().x(), c.center().y(), c.width() * 4, c.height() * 4);
                return;
            }
    });
}

void HeadBoard::wheelEvent(QWheelEvent* event) {
    if (!(event->modifiers() & Qt::ControlModifier) || event->angleDelta().y() == 0) return QWidget::wheelEvent(event);
    if (event->angleDelta().y() > 0 && m_overview) {
        bool ok = false;
        const QPoint c = gridPosAt(event->position().toPoint(), &ok);  // zoom into the region under the pointer
        if (ok) setCurrentHead(c.y(), c.x());
    }
    setOverview(event->angleDelta().y() < 0);
    event->accept();
}

QPoint HeadBoard::gridOrigin() const {
    const QFontMetrics fm(font());
    return {fm.horizontalAdvance(QStringLiteral("L000")) + kMargin * 2,  // right of the layer labels
            fm.height() + kMargin * 2};  // below the head labels
}

QSize HeadBoard::sizeForCell(int cell) const {
    const QPoint o = gridOrigin();
    return {o.x() + kMargin + cell * std::max(1, m_model->heads()),
            o.y() + kMargin + cell * std::max(1, m_model->layers())};
}

QRect HeadBoard::gridRect() const {
    const int s = cellSize();
    return {gridOrigin(), QSize(s * m_model->heads(), s * m_model->layers())};
}

QRect HeadBoard::cellRect(int layer, int head) const {
    const QRect g = gridRect();
    const int s = cellSize();
    return {g.left() + head * s, g.top() + layer * s, s, s};
}

QPoint HeadBoard::gridPosAt(const QPoint& pos, bool* ok) const {
    const QRect g = gridRect();
    const int s = cellSize();
    const bool inside = g.contains(pos) && s > 0;
    if (ok) *ok = inside;
    if (!inside) return {-1, -1};
    return {(pos.x() - g.left()) / s, (pos.y() - g.top()) / s};
}

HeadCell HeadBoard::cellAt(const QPoint& pos, bool* ok) const {
    const QPoint p = gridPosAt(pos, ok);
    return p.x() < 0 ? HeadCell{} : m_model->cell(p.y(), p.x());
}

QSize HeadBoard::sizeHint() const { return sizeForCell(22); }

QSize HeadBoard::minimumSizeHint() const { return sizeForCell(m_overview ? kOverviewCell : kMinCell); }

QList<HeadBoard::ColumnLabel> HeadBoard::columnLabels() const {
    // H0.. for attention heads, S0.. for SSM heads. Every column of a group is labelled when the group's
    // widest label fits its cell; narrower cells label every k-th head of the group (from its first
    // column), and a label that would touch the one before it (where the groups meet) is left out.
    QList<ColumnLabel> out;
    const int H = m_model->heads();
    if (H == 0 || m_model->layers() == 0) return out;
    const QFontMetrics fm(font());
    const int s = std::max(1, cellSize());
    const int left0 = gridRect().left();
    constexpr int kGap = 3;  // less and neighbouring labels read as one word ("S0S1S2")
    QStringList texts;
    int widest[2] = {0, 0};  // attention, SSM
    for (int h = 0; h < H; ++h) {
        const HeadCell c = m_model->cell(0, h);
        texts << QStringLiteral("%1%2").arg(c.ssm ? QLatin1Char('S') : QLatin1Char('H')).arg(c.head);
        widest[c.ssm] = std::max(widest[c.ssm], fm.horizontalAdvance(texts.back()));
    }
    const int step[2] = {std::max(1, (widest[0] + kGap + s - 1) / s), std::max(1, (widest[1] + kGap + s - 1) / s)};
    int labelsEnd = std::numeric_limits<int>::min() / 2;  // right edge of the last label drawn
    for (int h = 0; h < H; ++h) {
        const int w = fm.horizontalAdvance(texts[h]);
        const int left = left0 + h * s + s / 2 - w / 2;
        const HeadCell c = m_model->cell(0, h);
        if (c.head % step[c.ssm] != 0 || left < labelsEnd + kGap) continue;
        out << ColumnLabel{h, left, texts[h]};
        labelsEnd = left + w;
    }
    return out;
}

void HeadBoard::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    const int L = m_model->layers();
    const int H = m_model->heads();
    if (L == 0 || H == 0) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect().adjusted(kMargin, kMargin, -kMargin, -kMargin), Qt::AlignCenter | Qt::TextWordWrap,
                   m_emptyMessage);
        return;
    }
    const int s = cellSize();
    const QRect g = gridRect();
    const QFontMetrics fm(font());
    const QCPRange range(m_model->minScore(), m_model->maxScore());
    const QCPRange ssmRange(m_model->minScore(true), m_model->maxScore(true));  // a hybrid's SSM heads: their own scale
    const QColor noScore = palette().color(QPalette::Button);
    // Small cells (a 1024 px window, a dock beside the board): outlines go in the gaps between cells and
    // marks stay small, so that a cell shows its colour and its cross.
    const bool small = s < 24;
    auto ring = [&](int layer, int head) {  // the 1 px gap around a cell, left and top of it its neighbours'
        const QRect c = cellRect(layer, head);
        return QRect(c.left() - 1, c.top() - 1, s, s);
    };
    auto drawCross = [&](int layer, int head) {
        const QRect r = cellRect(layer, head).adjusted(0, 0, -1, -1);
        p.setPen(QPen(QColor(255, 255, 255), std::max(1.0, s / 10.0)));
        const QRect c = r.adjusted(s / 4, s / 4, -s / 4, -s / 4);
        p.drawLine(c.topLeft(), c.bottomRight());
        p.drawLine(c.topRight(), c.bottomLeft());
    };
    // Layer labels: skip some when cells are lower than the text.
    const int layerStep = std::max(1, (fm.height() + 1) / std::max(1, s) + (fm.height() > s ? 1 : 0));
    p.setPen(palette().color(QPalette::Text));
    for (const ColumnLabel& c : columnLabels())
        p.drawText(QRect(c.left, kMargin, fm.horizontalAdvance(c.text), fm.height()), Qt::AlignCenter, c.text);
    for (int l = 0; l < L; l += layerStep)  // a line's height centred on the row: rows lower than the text
        p.drawText(QRect(kMargin, g.top() + l * s + s / 2 - fm.height() / 2, g.left() - 2 * kMargin, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("L%1").arg(l));
    for (int l = 0; l < L; ++l) {
        for (int h = 0; h < H; ++h) {
            const QRect r = cellRect(l, h).adjusted(0, 0, -1, -1);
            if (!m_model->contains(l, h)) {  // the layer has no such head (a hybrid's Mamba layer): hatched
                p.fillRect(r, palette().color(QPalette::Window));
                p.fillRect(r, QBrush(palette().color(QPalette::Mid), Qt::BDiagPattern));
                continue;
            }
            const double v = m_model->score(l, h);
            QCPColorGradient& gradient = m_model->scoresAreDifferences() ? m_diverging : m_gradient;
            const bool estimateOnly = m_model->isEstimateOnly(l, h);  // another quantity: muted and hatched
            const QColor fill = estimateOnly ? estimateColor(m_model->estimate(l, h))
                : std::isnan(v)              ? noScore
                                : QColor::fromRgb(gradient.color(v, m_model->cell(l, h).ssm ? ssmRange : range));
            p.fillRect(r, fill);
            if (estimateOnly) p.fillRect(r, estimateHatch());
            QColor shown = fill;  // what the cell shows, under its marks
            if (m_model->isAblated(l, h)) {
                // Ablated: dark veil and a cross, visible in any palette and in greyscale print.
                const QColor veil(0, 0, 0, 150);
                p.fillRect(r, veil);
                const double keep = 1.0 - veil.alphaF();
                shown = QColor::fromRgbF(float(keep * fill.redF()), float(keep * fill.greenF()),
                                         float(keep * fill.blueF()));
                drawCross(l, h);
            }
            if (m_model->mixed() && m_model->cell(l, h).ssm) {
                // A hybrid's SSM cell carries a corner mark, black or white as reads best on the cell's colour.
                const int m = std::max(3, s / 4);
                const QRect c = cellRect(l, h);
                const QPoint corner[3] = {c.topRight() + QPoint(-m, 0), c.topRight(), c.topRight() + QPoint(0, m)};
                p.setPen(Qt::NoPen);
                p.setBrush(contrastingText(shown));
                p.drawPolygon(corner, 3);
                p.setBrush(Qt::NoBrush);
            }
        }
    }
    if (m_model->mixed()) {  // a hybrid's board: attention heads left, SSM heads right of a rule
        const int x = g.left() + m_model->attentionColumns() * s;
        p.setPen(QPen(palette().color(QPalette::Text), 2));
        p.drawLine(x - 1, g.top() - kMargin, x - 1, g.bottom());
    }
    // The heads the maps show: a solid outline and "G" / "A" in a box of the board's own colours, so
    // that the mark reads on any cell colour (the dotted keyboard box is drawn inside it). On small
    // cells the box is a corner tag of about a third of the cell, under the ablation cross.
    for (const QPoint& c : {m_shownGather, m_shownAggregate}) {
        if (c.x() < 0) continue;
        const QRect r = cellRect(c.y(), c.x());
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(palette().color(QPalette::Text), small ? 1 : 2));
        p.drawRect(small ? ring(c.y(), c.x()) : r.adjusted(1, 1, -2, -2));
        const QString mark = displayedMark(c.y(), c.x());
        QFont f = font();
        f.setBold(true);
        f.setPixelSize(small ? std::max(6, s * 9 / 20) : std::max(8, std::min(s / 2, fm.height())));
        p.setFont(f);
        const QFontMetrics mfm(f);
        const QRect box = small
            ? QRect(r.left(), r.bottom() - mfm.capHeight() - 3, mfm.horizontalAdvance(mark) + 2, mfm.capHeight() + 3)
            : QRect(r.left() + 1, r.bottom() - mfm.height() - 1, mfm.horizontalAdvance(mark) + 4, mfm.height() + 1);
        p.fillRect(box, palette().color(QPalette::Text));
        p.setPen(palette().color(QPalette::Base));
        if (small)
            p.drawText(QPoint(box.left() + 1, box.bottom() - 1), mark);
        else
            p.drawText(box, Qt::AlignCenter, mark);
        p.setFont(font());
        if (small && m_model->isAblated(c.y(), c.x())) drawCross(c.y(), c.x());
    }
    if (!m_selection.isEmpty()) {
        const QRect sr =
            cellRect(m_selection.top(), m_selection.left()).united(cellRect(m_selection.bottom(), m_selection.right()));
        QColor hl = palette().color(QPalette::Highlight);
        hl.setAlpha(70);
        p.fillRect(sr, hl);
        p.setPen(QPen(palette().color(QPalette::Highlight), 2));
        p.drawRect(sr.adjusted(1, 1, -1, -1));
    }
    {
        p.setPen(QPen(palette().color(hasFocus() ? QPalette::Highlight : QPalette::Mid), small ? 1 : 2, Qt::DotLine));
        p.drawRect(small ? ring(m_current.y(), m_current.x())
                         : cellRect(m_current.y(), m_current.x()).adjusted(1, 1, -2, -2));
    }
}

void HeadBoard::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return QWidget::mousePressEvent(event);
    bool ok = false;
    const QPoint c = gridPosAt(event->position().toPoint(), &ok);  // (column, layer)
    m_pressCell = ok ? c : QPoint(-1, -1);
    m_dragging = false;
    if (ok) setCurrentHead(c.y(), c.x());
}

void HeadBoard::mouseMoveEvent(QMouseEvent* event) {
    if (m_pressCell.x() < 0) return;
    bool ok = false;
    const QPoint here = gridPosAt(event->position().toPoint(), &ok);
    if (!ok) return;
    if (here != m_pressCell || m_dragging) {
        m_dragging = true;
        setSelection(QRect(m_pressCell, here).normalized());
    }
}

void HeadBoard::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || m_pressCell.x() < 0) return QWidget::mouseReleaseEvent(event);
    bool ok = false;
    const QPoint c = gridPosAt(event->position().toPoint(), &ok);
    if (m_dragging) {
        if (ok) setSelection(QRect(m_pressCell, c).normalized());
    } else if (ok && c == m_pressCell) {
        setSelection({});
        toggleHead(c.y(), c.x());
    }
    m_pressCell = {-1, -1};
    m_dragging = false;
}

void HeadBoard::mouseDoubleClickEvent(QMouseEvent* event) {
    bool ok = false;
    const QPoint c = gridPosAt(event->position().toPoint(), &ok);
    if (ok) {
        // The first click of the pair already toggled; a double click means "show", so toggle back
        // (the two toggles merge and cancel in the undo stack).
        toggleHead(c.y(), c.x());
        Q_EMIT headActivated(c.y(), c.x());
    }
}

void HeadBoard::keyPressEvent(QKeyEvent* event) {
    const int L = m_model->layers();
    const int H = m_model->heads();
    if (L == 0 || H == 0) return QWidget::keyPressEvent(event);
    if (event->key() == Qt::Key_Plus || event->key() == Qt::Key_Equal || event->key() == Qt::Key_Minus) {
        setOverview(event->key() == Qt::Key_Minus);  // '=' is '+' without Shift on most layouts
        return;
    }
    QPoint next = m_current;
    switch (event->key()) {
        case Qt::Key_Left:
            next.rx() -= 1;
            break;
        case Qt::Key_Right:
            next.rx() += 1;
            break;
        case Qt::Key_Up:
            next.ry() -= 1;
            break;
        case Qt::Key_Down:
            next.ry() += 1;
            break;
        case Qt::Key_Home:
            next.rx() = 0;
            break;
        case Qt::Key_End:
            next.rx() = H - 1;
            break;
        case Qt::Key_Space:
            toggleSelection();
            return;
        case Qt::Key_Return:
        case Qt::Key_Enter:
            Q_EMIT headActivated(m_current.y(), m_current.x());
            return;
        case Qt::Key_Escape:
            setSelection({});
            return;
        default:
            if (event->matches(QKeySequence::Undo)) {
                m_undo->undo();
                return;
            }
            if (event->matches(QKeySequence::Redo)) {
                m_undo->redo();
                return;
            }
            return QWidget::keyPressEvent(event);
    }
    next.setX(std::clamp(next.x(), 0, H - 1));
    next.setY(std::clamp(next.y(), 0, L - 1));
    // Cells that are no head (a hybrid's attention columns in a Mamba layer) are stepped over.
    const QPoint step(next.x() > m_current.x()       ? 1
                          : next.x() < m_current.x() ? -1
                                                     : 0,
                      next.y() > m_current.y()       ? 1
                          : next.y() < m_current.y() ? -1
                                                     : 0);
    if (event->key() == Qt::Key_Home || event->key() == Qt::Key_End) {
        const int dir = event->key() == Qt::Key_Home ? 1 : -1;
        while (!m_model->contains(next.y(), next.x()) && next.x() + dir >= 0 && next.x() + dir < H) next.rx() += dir;
    } else if (!step.isNull()) {
        QPoint p = next;
        while (!m_model->contains(p.y(), p.x()) && p.x() + step.x() >= 0 && p.x() + step.x() < H &&
               p.y() + step.y() >= 0 && p.y() + step.y() < L)
            p += step;
        if (m_model->contains(p.y(), p.x())) next = p;
    }
    if (event->modifiers() & Qt::ShiftModifier) {
        // Shift+arrows grow the rectangle selection from the current head.
        const QPoint anchor = m_selection.isEmpty()
            ? m_current
            : (m_selection.topLeft() == m_current ? m_selection.bottomRight() : m_selection.topLeft());
        setSelection(QRect(anchor, next).normalized());
    } else {
        setSelection({});
    }
    setCurrentHead(next.y(), next.x());
    if (!m_overview) showCurrentInScrollArea();  // a large board scrolls with the keyboard
}

bool HeadBoard::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        bool ok = false;
        const QPoint c = gridPosAt(help->pos(), &ok);
        if (ok) {
            QString tip = m_model->data(m_model->index(c.y(), c.x()), Qt::ToolTipRole).toString();
            if (c == m_shownGather) tip += QLatin1Char('\n') + tr("Shown in the maps as the Gather head (G)");
            if (c == m_shownAggregate) tip += QLatin1Char('\n') + tr("Shown in the maps as the Aggregate head (A)");
            QToolTip::showText(help->globalPos(), tip, this, cellRect(c.y(), c.x()));
        } else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void HeadBoard::contextMenuEvent(QContextMenuEvent* event) {
    bool ok = false;
    const QPoint p = gridPosAt(event->pos(), &ok);
    QMenu menu(this);
    if (ok) {
        const QString name = m_model->cell(p.y(), p.x()).name();
        menu.addAction(tr("Toggle %1").arg(name), this, [this, p] { toggleHead(p.y(), p.x()); });
        menu.addAction(tr("Show attention of %1").arg(name), this, [this, p] { Q_EMIT headActivated(p.y(), p.x()); });
        menu.addAction(tr("Ablate layer %1").arg(p.y()), this, [this, p] { ablateLayer(p.y()); });
    }
    if (!m_selection.isEmpty()) menu.addAction(tr("Toggle selection"), this, &HeadBoard::toggleSelection);
    menu.addAction(tr("Invert"), this, &HeadBoard::invert);
    menu.addAction(tr("Restore all heads"), this, &HeadBoard::clearAblations);
    menu.addSeparator();
    menu.addAction(m_undo->createUndoAction(&menu, tr("Undo")));
    menu.addAction(m_undo->createRedoAction(&menu, tr("Redo")));
    menu.exec(event->globalPos());
}

}  // namespace gna::views
