#pragma once
// Mnemonic checks of the GUI suites: a '&' that would show as text or be eaten, and what Alt+letter reaches
// in one panel (a label per field, no letter shared with another label, button or check box in sight).
#include <QAbstractButton>
#include <QAction>
#include <QDockWidget>
#include <QGroupBox>
#include <QKeySequence>
#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QMenu>
#include <QRegularExpression>
#include <QStringList>
#include <QTabWidget>
#include <QTextDocument>
#include <map>

namespace gna::studio {

// Texts drawn with mnemonics processed (buttons, actions, tabs, dock titles, labels with a buddy):
// an abbreviation's '&' between capitals ("G&A") would be eaten ("GA"); it must be "G&&A".
inline bool eatsAmpersand(const QString& text) {
    return text.contains(QRegularExpression(QStringLiteral("[A-Z]&[A-Z]")));
}
// Texts drawn as they are (labels without a buddy): a mnemonic '&' inside or at
// the start of a word ("F&ile:", "&Heads:") or an escaped "&&" shows as text.
inline bool showsMnemonic(const QString& text) {
    return !Qt::mightBeRichText(text) &&
        text.contains(QRegularExpression(QStringLiteral("(^|\\s)&\\w|[A-Za-z]&[a-z]|&&")));
}

inline QStringList mnemonicProblems(const QWidget* root) {
    QStringList bad;
    auto check = [&](const QString& where, const QString& text, bool processed) {
        if (processed ? eatsAmpersand(text) : showsMnemonic(text))
            bad << where + QStringLiteral(": '") + text + QLatin1Char('\'');
    };
    for (const QAction* a : root->findChildren<QAction*>()) check(QStringLiteral("action"), a->text(), true);
    for (const QMenu* m : root->findChildren<QMenu*>())
        for (const QAction* a : m->actions()) check(QStringLiteral("menu item"), a->text(), true);
    for (const QAbstractButton* b : root->findChildren<QAbstractButton*>())
        check(QStringLiteral("button"), b->text(), true);
    for (const QGroupBox* g : root->findChildren<QGroupBox*>()) check(QStringLiteral("group"), g->title(), true);
    // A dock's title is its tab's text too (the studio's style draws its title bar as the tab shows it).
    for (const QDockWidget* d : root->findChildren<QDockWidget*>()) {
        check(QStringLiteral("dock title"), d->windowTitle(), true);
        check(QStringLiteral("dock toggle"), d->toggleViewAction()->text(), true);
    }
    for (const QTabWidget* t : root->findChildren<QTabWidget*>())
        for (int i = 0; i < t->count(); ++i) check(QStringLiteral("tab"), t->tabText(i), true);
    for (const QLabel* l : root->findChildren<QLabel*>())
        if (l->textFormat() != Qt::RichText) check(QStringLiteral("label"), l->text(), l->buddy() != nullptr);
    return bad;
}

// The titles of a window's menu bar: their Alt+letters reach every panel of that window (docks included).
inline QStringList menuTitles(const QMainWindow& window) {
    QStringList titles;
    for (const QAction* a : window.menuBar()->actions())
        if (a->isVisible() && !a->text().isEmpty()) titles << a->text();
    return titles;
}

// What Alt+letter reaches in one panel, as a user sees it with each page of its tab widgets in turn: every label of a
// field (a buddy that is not a value shown as a label) has a mnemonic, and no two labels, buttons or check boxes in
// sight, nor `beside` (texts in sight next to the panel), share a letter (Alt+letter would alternate between them),
// nor does any of them share a letter with the `menus` (the titles of the window's menu bar: Alt+letter is ambiguous);
// a button's underlined letter is its shortcut.
inline QStringList mnemonicClashes(QWidget* panel, const QString& where, const QStringList& beside = {},
                                   const QStringList& menus = {}) {
    QStringList bad;
    std::map<QString, QString> menuKeys;
    for (const QString& title : menus)
        if (const QString key = QKeySequence::mnemonic(title).toString(); !key.isEmpty()) menuKeys.emplace(key, title);
    auto inSight = [&] {
        std::map<QString, QString> seen;
        auto take = [&](const QString& text) {
            const QString key = QKeySequence::mnemonic(text).toString();
            if (key.isEmpty()) return false;
            if (const auto menu = menuKeys.find(key); menu != menuKeys.end())
                bad << where + QStringLiteral(": '%1' and menu '%2' share %3").arg(text, menu->second, key);
            if (const auto [at, fresh] = seen.emplace(key, text); !fresh)
                bad << where + QStringLiteral(": '%1' and '%2' share %3").arg(at->second, text, key);
            return true;
        };
        for (const QString& text : beside) take(text);
        for (const QLabel* l : panel->findChildren<QLabel*>())
            if (l->buddy() && !qobject_cast<const QLabel*>(l->buddy()) && l->isVisibleTo(panel) && !take(l->text()))
                bad << where + QStringLiteral(": no mnemonic in '") + l->text() + QLatin1Char('\'');
        for (const QAbstractButton* b : panel->findChildren<QAbstractButton*>())
            if (b->isVisibleTo(panel) && take(b->text()) && b->shortcut() != QKeySequence::mnemonic(b->text()))
                bad << where +
                        QStringLiteral(": '%1' underlines %2 but its shortcut is %3")  // setShortcut replaced it
                            .arg(b->text(), QKeySequence::mnemonic(b->text()).toString(), b->shortcut().toString());
    };
    inSight();
    for (QTabWidget* t : panel->findChildren<QTabWidget*>()) {
        const int current = t->currentIndex();
        for (int i = 0; i < t->count(); ++i) {
            t->setCurrentIndex(i);
            inSight();
        }
        t->setCurrentIndex(current);
    }
    bad.removeDuplicates();
    return bad;
}

// The texts whose Alt+letter `panel` takes as a user sees it now: the labels of its fields and its buttons and
// check boxes in sight (the texts mnemonicClashes reads), for the `beside` of a panel in sight next to it.
inline QStringList mnemonicTexts(const QWidget* panel) {
    QStringList texts;
    for (const QLabel* l : panel->findChildren<QLabel*>())
        if (l->buddy() && !qobject_cast<const QLabel*>(l->buddy()) && l->isVisibleTo(panel)) texts << l->text();
    for (const QAbstractButton* b : panel->findChildren<QAbstractButton*>())
        if (b->isVisibleTo(panel) && !QKeySequence::mnemonic(b->text()).isEmpty()) texts << b->text();
    return texts;
}

// The text of the label whose buddy is `field`.
inline QString labelOf(const QWidget* panel, const QWidget* field) {
    for (const QLabel* l : panel->findChildren<QLabel*>())
        if (l->buddy() == field) return l->text();
    return QString();
}

}  // namespace gna::studio
