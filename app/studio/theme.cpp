#include "theme.h"

#include <QApplication>
#include <QIconEngine>
#include <QPainter>
#include <QProxyStyle>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleOption>
#include <QWidget>
#include <algorithm>

#include "palettes.h"

namespace gna::studio {

namespace {

// The float and close buttons of a dock's title bar. Fusion draws them in a mid grey made for a light
// title bar (about 2.5:1 on the dark one); these are drawn when painted, in the palette's window text
// colour (the disabled one for a disabled button), so that they follow a palette switch like the title.
class TitleBarIcon : public QIconEngine {
public:
    enum class Kind { Close, Float };
    explicit TitleBarIcon(Kind kind) : m_kind(kind) {}
    QIconEngine* clone() const override { return new TitleBarIcon(m_kind); }
    QPixmap pixmap(const QSize& size, QIcon::Mode mode, QIcon::State state) override {
        QPixmap pm(size);
        pm.fill(Qt::transparent);  // the default leaves it uninitialised around the lines
        QPainter painter(&pm);
        paint(&painter, QRect(QPoint(0, 0), size), mode, state);
        return pm;
    }
    void paint(QPainter* painter, const QRect& rect, QIcon::Mode mode, QIcon::State) override {
        const QPalette p = QApplication::palette();
        const QColor ink =
            p.color(mode == QIcon::Disabled ? QPalette::Disabled : QPalette::Active, QPalette::WindowText);
        // Pixel-aligned lines in the ink itself (no blending into the title bar's colour).
        const int side = std::min(rect.width(), rect.height());
        const int inset = std::max(2, side / 5);
        const QRect box = QRect(rect.x() + (rect.width() - side) / 2, rect.y() + (rect.height() - side) / 2, side, side)
                              .adjusted(inset, inset, -inset, -inset);
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->setPen(QPen(ink, std::max(1, side / 10), Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
        painter->setBrush(Qt::NoBrush);
        if (m_kind == Kind::Close) {
            painter->drawLine(box.topLeft(), box.bottomRight());
            painter->drawLine(box.topRight(), box.bottomLeft());
        } else {  // two overlapping windows: the dock comes out of the main window
            const int step = std::max(2, box.width() / 3);
            const QRect back = box.adjusted(step, 0, 0, -step), front = box.adjusted(0, step, -step, 0);
            painter->drawPolyline(QPolygon{QPoint(back.left(), front.top()), back.topLeft(), back.topRight(),
                                           back.bottomRight(), QPoint(front.right(), back.bottom())});
            painter->drawRect(front);
        }
        painter->restore();
    }

private:
    Kind m_kind;
};

// Fusion outlines check boxes and radio buttons with the window colour darkened by 40%: on a dark
// window the outline disappears, on a light one it is faint. This style draws the outline again
// in indicatorOutline(), half way between the window and its text (contrast >= 3:1 in both palettes).
class StudioStyle : public QProxyStyle {
public:
    StudioStyle() : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion"))) {}

    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget) const override {
        QProxyStyle::drawPrimitive(element, option, painter, widget);
        const bool box = element == PE_IndicatorCheckBox || element == PE_IndicatorItemViewItemCheck;
        if (!box && element != PE_IndicatorRadioButton) return;
        if ((option->state & State_HasFocus) && (option->state & State_KeyboardFocusChange)) return;  // focus outline
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing, true);
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(indicatorOutline(option->palette), 1.0));
        if (box) {
            painter->translate(0.5, 0.5);
            painter->drawRect(option->rect.adjusted(0, 0, -1, -1));
        } else {
            painter->drawEllipse(QRectF(option->rect).adjusted(0.5, 0.5, -0.5, -0.5));
        }
        painter->restore();
    }

    // A dock's title is also the text of its tab (when docks are tabified) and of its View menu item,
    // which take '&' as a mnemonic: the title is written "G&&A mask editor", and its title bar shows
    // what the tab shows.
    void drawControl(ControlElement element, const QStyleOption* option, QPainter* painter,
                     const QWidget* widget) const override {
        if (const auto* dock = qstyleoption_cast<const QStyleOptionDockWidget*>(option);
            dock && element == CE_DockWidgetTitle) {
            QStyleOptionDockWidget o(*dock);
            o.title = mnemonicFree(o.title);
            return QProxyStyle::drawControl(element, &o, painter, widget);
        }
        // A combo box narrower than its current text (they narrow with their column) ends it with "…"
        // instead of cutting it off; its list shows the whole text.
        if (const auto* box = qstyleoption_cast<const QStyleOptionComboBox*>(option);
            box && element == CE_ComboBoxLabel && !box->editable) {
            QStyleOptionComboBox o(*box);
            int room = subControlRect(CC_ComboBox, box, SC_ComboBoxEditField, widget).width() - 2;
            if (!o.currentIcon.isNull()) room -= o.iconSize.width() + 4;
            o.currentText = o.fontMetrics.elidedText(o.currentText, Qt::ElideRight, std::max(0, room));
            return QProxyStyle::drawControl(element, &o, painter, widget);
        }
        QProxyStyle::drawControl(element, option, painter, widget);
    }

    QIcon standardIcon(StandardPixmap icon, const QStyleOption* option, const QWidget* widget) const override {
        if (icon == SP_TitleBarCloseButton || icon == SP_DockWidgetCloseButton)
            return QIcon(new TitleBarIcon(TitleBarIcon::Kind::Close));
        if (icon == SP_TitleBarNormalButton) return QIcon(new TitleBarIcon(TitleBarIcon::Kind::Float));
        return QProxyStyle::standardIcon(icon, option, widget);
    }
};

}  // namespace

QColor indicatorOutline(const QPalette& palette) {
    const QColor a = palette.color(QPalette::Active, QPalette::Window);
    const QColor b = palette.color(palette.currentColorGroup(), QPalette::WindowText);
    return QColor((a.red() + b.red()) / 2, (a.green() + b.green()) / 2, (a.blue() + b.blue()) / 2);
}

QString mnemonicFree(const QString& text) {
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('&') && ++i == text.size()) break;  // "&x" shows x, "&&" shows &
        out += text[i];
    }
    return out;
}

QPalette lightPalette() { return views::studioPalette(false); }

QPalette darkPalette() { return views::studioPalette(true); }

void applyTheme(Theme theme) {
    QApplication::setStyle(new StudioStyle);  // the application owns it
    const QPalette p = theme == Theme::Dark ? darkPalette()
        : theme == Theme::Light             ? lightPalette()
                                            : QApplication::style()->standardPalette();
    // Widgets that cache colours (plots) follow through their PaletteChange events.
    QApplication::setPalette(p);
}

}  // namespace gna::studio
