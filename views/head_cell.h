#pragma once
// A head on the board: query head `head` of layer `layer`, named as the papers do (L17.H24).
#include <QList>
#include <QMetaType>
#include <QString>

namespace gna::views {

struct HeadCell {
    int layer = 0;
    int head = 0;
    bool ssm = false;  // SSM "head" (Mamba-2 head, Mamba-1 channel): named L3.S5
    QString name() const {
        return QStringLiteral("L%1.%2%3").arg(layer).arg(ssm ? QLatin1Char('S') : QLatin1Char('H')).arg(head);
    }
    friend bool operator==(const HeadCell& a, const HeadCell& b) {
        return a.layer == b.layer && a.head == b.head && a.ssm == b.ssm;
    }
    friend bool operator<(const HeadCell& a, const HeadCell& b) {
        if (a.layer != b.layer) return a.layer < b.layer;
        if (a.head != b.head) return a.head < b.head;
        return a.ssm < b.ssm;
    }
};

using HeadCells = QList<HeadCell>;

}  // namespace gna::views

Q_DECLARE_METATYPE(gna::views::HeadCell)
