#include "results_table.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QHeaderView>
#include <QKeyEvent>
#include <QMenu>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "figure_data.h"
#include "number_format.h"

namespace gna::views {

namespace {
bool isFloating(const QVariant& v) { return v.typeId() == QMetaType::Double || v.typeId() == QMetaType::Float; }
bool isNumber(const QVariant& v) {
    switch (v.typeId()) {
        case QMetaType::Double:
        case QMetaType::Float:
        case QMetaType::Int:
        case QMetaType::UInt:
        case QMetaType::LongLong:
        case QMetaType::ULongLong:
            return true;
        default:
            return false;
    }
}
}  // namespace

void ResultsTableModel::setTable(const QStringList& headers, const QList<QVariantList>& rows) {
    beginResetModel();
    m_headers = headers;
    m_rows = rows;
    m_given = rows;
    qsizetype columns = headers.size();
    for (const QVariantList& row : rows) columns = std::max(columns, row.size());
    m_decimals.fill(-1, columns);
    m_numeric.fill(false, columns);
    for (qsizetype c = 0; c < columns; ++c) {
        QList<double> values;
        bool numeric = false, text = false;
        for (const QVariantList& row : rows) {
            const QVariant v = row.value(c);
            if (isFloating(v)) values << v.toDouble();
            if (isNumber(v))
                numeric = true;
            else if (v.isValid())
                text = true;
        }
        if (!values.isEmpty()) m_decimals[c] = columnDecimals(values);
        m_numeric[c] = numeric && !text;
    }
    endResetModel();
}

QVariant ResultsTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= m_rows.size()) return {};
    const QVariantList& row = m_rows[index.row()];
    if (index.column() >= row.size()) return {};
    const QVariant& v = row[index.column()];
    if (role == Qt::DisplayRole) {
        if (isFloating(v)) {
            const double x = v.toDouble();
            return std::isfinite(x) ? formatFixed(x, decimals(index.column())) : formatNumber(x);
        }
        return v;
    }
    if (role == Qt::EditRole) return v;
    if (role == Qt::TextAlignmentRole)
        return m_numeric.value(index.column()) ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                               : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    return {};
}

QVariant ResultsTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role == Qt::DisplayRole && orientation == Qt::Horizontal && section < m_headers.size())
        return m_headers[section];
    return QAbstractTableModel::headerData(section, orientation, role);
}

void ResultsTableModel::sort(int column, Qt::SortOrder order) {
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    if (column < 0) {
        m_rows = m_given;
        Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
        return;
    }
    std::stable_sort(m_rows.begin(), m_rows.end(), [&](const QVariantList& a, const QVariantList& b) {
        const QVariant va = column < a.size() ? a[column] : QVariant();
        const QVariant vb = column < b.size() ? b[column] : QVariant();
        // empty cells (a ranking's unmeasured importance) last in either order
        if (!va.isValid() || !vb.isValid()) return va.isValid() && !vb.isValid();
        const auto cmp = QVariant::compare(va, vb);
        return order == Qt::AscendingOrder ? cmp == QPartialOrdering::Less : cmp == QPartialOrdering::Greater;
    });
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

ResultsTable::ResultsTable(QWidget* parent) : QTableView(parent), m_model(new ResultsTableModel(this)) {
    setModel(m_model);
    setSortingEnabled(true);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setAlternatingRowColors(true);
    horizontalHeader()->setStretchLastSection(false);
    horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    // A row's number would repeat a ranking's Rank column and means nothing once sorted.
    verticalHeader()->setVisible(false);
    setAccessibleName(tr("Results table"));
    m_placeholder = tr("Run the experiment (or open a result) to fill this table");
}

void ResultsTable::setTable(const QStringList& headers, const QList<QVariantList>& rows) {
    m_model->setTable(headers, rows);
    // Rows as given: no sort arrow claims an order the rows are not in.
    horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    // Columns fit their contents; the spare width stays to their right, so that a number stays next
    // to its row's other cells instead of at the far end of a stretched column.
    resizeColumnsToContents();
}

void ResultsTable::setPlaceholderText(const QString& text) {
    m_placeholder = text;
    viewport()->update();
}

void ResultsTable::paintEvent(QPaintEvent* event) {
    QTableView::paintEvent(event);
    if (m_model->rowCount() > 0 || m_placeholder.isEmpty()) return;
    QPainter p(viewport());
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.drawText(viewport()->rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap, m_placeholder);
}

QString ResultsTable::toTsv(bool selectionOnly) const {
    int r0 = 0, r1 = m_model->rowCount() - 1, c0 = 0, c1 = m_model->columnCount() - 1;
    const QModelIndexList sel = selectionModel() ? selectionModel()->selectedIndexes() : QModelIndexList();
    const bool useSel = selectionOnly && !sel.isEmpty();
    if (useSel) {
        r0 = c0 = INT_MAX;
        r1 = c1 = -1;
        for (const QModelIndex& i : sel) {
            r0 = std::min(r0, i.row());
            r1 = std::max(r1, i.row());
            c0 = std::min(c0, i.column());
            c1 = std::max(c1, i.column());
        }
    }
    QStringList lines;
    QStringList head;
    for (int c = c0; c <= c1; ++c) head << m_model->headerData(c, Qt::Horizontal).toString();
    lines << head.join(QLatin1Char('\t'));
    for (int r = r0; r <= r1; ++r) {
        QStringList cells;
        for (int c = c0; c <= c1; ++c) {
            const QModelIndex i = m_model->index(r, c);
            cells << ((!useSel || sel.contains(i)) ? m_model->data(i, Qt::EditRole).toString() : QString());
        }
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString ResultsTable::toCsv() const {
    QStringList lines;
    QStringList head;
    for (const QString& h : m_model->headers()) head << csvField(h);
    lines << head.join(QLatin1Char(','));
    for (const QVariantList& row : m_model->rows()) {
        QStringList cells;
        for (const QVariant& v : row) cells << csvField(v.toString());
        lines << cells.join(QLatin1Char(','));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void ResultsTable::copy() { QApplication::clipboard()->setText(toTsv(true)); }

void ResultsTable::keyPressEvent(QKeyEvent* event) {
    if (event->matches(QKeySequence::Copy)) {
        copy();
        return;
    }
    QTableView::keyPressEvent(event);
}

void ResultsTable::contextMenuEvent(QContextMenuEvent* event) {
    QMenu menu(this);
    const bool rows = m_model->rowCount() > 0;  // an empty table has nothing to copy
    menu.addAction(tr("Copy selection"), this, &ResultsTable::copy)->setEnabled(rows);
    menu.addAction(tr("Copy all"), this, [this] { QApplication::clipboard()->setText(toTsv(false)); })
        ->setEnabled(rows);
    menu.exec(event->globalPos());
}

}  // namespace gna::views
