#pragma once
// The data behind the HeadBoard: a layers x heads table. Each cell holds a per-head score
// (importance, entropy, attention to a token; NaN = none) and whether the head is ablated.
// Rows are layers, columns are heads. The check state of a cell is its ablation.
#include <QAbstractTableModel>
#include <vector>

#include "head_cell.h"

namespace gna::views {

class HeadBoardModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role { ScoreRole = Qt::UserRole + 1, AblatedRole, NameRole };

    explicit HeadBoardModel(QObject* parent = nullptr);

    // rowHeads: the heads each layer really has (a hybrid's Mamba layers have no attention heads);
    // empty = every layer has `heads`. Cells past a layer's count are not heads: never ablated or scored.
    void setShape(int layers, int heads, bool ssm = false, const std::vector<int>& rowHeads = {});
    int layers() const { return m_layers; }
    int heads() const { return m_heads; }
    bool contains(int layer, int head) const;  // a head the layer has
    bool ssm() const { return m_ssm; }

    // Scores in row-major order (layers x heads); NaN marks "no score". Resets the score range.
    // differences: the scores are changes (signed); the range is then symmetric around 0.
    void setScores(const std::vector<double>& scores, const QString& label, bool differences = false);
    bool scoresAreDifferences() const { return m_differences; }
    void clearScores();
    double score(int layer, int head) const;
    QString scoreLabel() const { return m_scoreLabel; }
    double minScore() const { return m_min; }
    double maxScore() const { return m_max; }
    bool hasScores() const { return !m_scores.empty(); }

    bool isAblated(int layer, int head) const;
    // Sets many cells at once (no undo; HeadBoard wraps this in undo commands).
    void setAblated(const HeadCells& cells, const QList<bool>& states);
    HeadCells ablatedHeads() const;
    HeadCell cell(int layer, int head) const { return {layer, head, m_ssm}; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    // Emitted once per setAblated call with the cells whose state really changed.
    void ablationChanged(const gna::views::HeadCells& changed);

private:
    int m_layers = 0;
    int m_heads = 0;
    bool m_ssm = false;
    std::vector<int> m_rowHeads;  // per layer; empty = m_heads everywhere
    std::vector<double> m_scores;
    std::vector<char> m_ablated;
    QString m_scoreLabel;
    double m_min = 0.0;
    double m_max = 1.0;
    bool m_differences = false;
};

}  // namespace gna::views
