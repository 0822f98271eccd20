#pragma once
// ResultsTable: a plain table of results (head ranking, accuracies, memory) that sorts and copies
// the selection (or everything) as tab-separated text for spreadsheets. Every experiment's table is
// one: each column of numbers reads at one precision (columnDecimals) and is right-aligned, columns
// are as wide as their contents, and rows carry no numbers of their own (a ranking has its Rank column).
#include <QAbstractTableModel>
#include <QTableView>

namespace gna::views {

class ResultsTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    using QAbstractTableModel::QAbstractTableModel;
    void setTable(const QStringList& headers, const QList<QVariantList>& rows);
    int rowCount(const QModelIndex& parent = {}) const override {
        return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
    }
    int columnCount(const QModelIndex& parent = {}) const override {
        return parent.isValid() ? 0 : static_cast<int>(m_headers.size());
    }
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // Decimals the numbers of `column` are shown with; -1 for a column without floating-point numbers.
    int decimals(int column) const { return m_decimals.value(column, -1); }
    // column -1: back to the order the rows were given in.
    void sort(int column, Qt::SortOrder order) override;
    const QStringList& headers() const { return m_headers; }
    const QList<QVariantList>& rows() const { return m_rows; }

private:
    QStringList m_headers;
    QList<QVariantList> m_rows;
    QList<QVariantList> m_given;  // as given, for sort(-1)
    QList<int> m_decimals;  // per column (see decimals())
    QList<bool> m_numeric;  // per column: every cell a number (or empty): right-aligned
};

class ResultsTable : public QTableView {
    Q_OBJECT
public:
    explicit ResultsTable(QWidget* parent = nullptr);
    // Unsorted (no sort indicator) until a header is clicked; the columns fit their contents and the
    // table keeps the spare width to their right.
    void setTable(const QStringList& headers, const QList<QVariantList>& rows);
    // Drawn in the empty table (no result yet).
    void setPlaceholderText(const QString& text);
    QString placeholderText() const { return m_placeholder; }
    ResultsTableModel* tableModel() const { return m_model; }
    // Tab-separated text of the selected cells' bounding rows/columns, or of everything.
    QString toTsv(bool selectionOnly) const;
    // Comma-separated text with quoting, every row.
    QString toCsv() const;

public Q_SLOTS:
    void copy();

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    ResultsTableModel* m_model;
    QString m_placeholder;
};

}  // namespace gna::views
