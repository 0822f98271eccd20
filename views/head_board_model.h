#pragma once
// The data behind the HeadBoard: a layers x heads table. Each cell holds a per-head score
// (importance, entropy, attention to a token; NaN = none) and whether the head is ablated.
// Rows are layers, columns are heads: first the attention heads, then the SSM heads (a hybrid has
// both kinds on one board; cell() names the head of a column). The check state of a cell is its ablation.
#include <QAbstractTableModel>
#include <vector>

#include "head_cell.h"

namespace gna::views {

class HeadBoardModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role { ScoreRole = Qt::UserRole + 1, AblatedRole, NameRole, EstimateRole };

    explicit HeadBoardModel(QObject* parent = nullptr);

    // rowHeads: the heads each layer really has (a hybrid's Mamba layers have no attention heads);
    // empty = every layer has `heads`. Cells past a layer's count are not heads: never ablated or scored.
    void setShape(int layers, int heads, bool ssm = false, const std::vector<int>& rowHeads = {});
    // Both kinds: `attention` columns of attention heads, then `ssm` columns of SSM heads;
    // rowAttention/rowSsm: the heads of each kind each layer has (empty = the full width everywhere).
    void setMixedShape(int layers, int attention, int ssm, const std::vector<int>& rowAttention,
                       const std::vector<int>& rowSsm);
    int layers() const { return m_layers; }
    int heads() const { return m_heads; }  // columns: attention heads + SSM heads
    bool contains(int layer, int head) const;  // a head the layer has (head = column)
    bool ssm() const { return m_attention == 0 && m_heads > 0; }  // every column is an SSM head
    bool mixed() const { return m_attention > 0 && m_heads > m_attention; }
    int attentionColumns() const { return m_attention; }
    int column(const HeadCell& c) const;  // the column of a head; -1 = none on this board

    // Scores in row-major order (layers x heads); NaN marks "no score". Resets the score range.
    // differences: the scores are changes (signed); the range is then symmetric around 0 and the
    // board uses the diverging palette. Scores of both signs are treated as signed whatever the flag.
    void setScores(const std::vector<double>& scores, const QString& label, bool differences = false);
    bool scoresAreDifferences() const { return m_differences; }
    void clearScores();
    double score(int layer, int head) const;
    QString scoreLabel() const { return m_scoreLabel; }
    // A second quantity in other units beside the scores (an attribution ranking's estimates beside
    // its exact importance): shown, on a colour range of its own, on the heads that have no score;
    // in the tooltip of every head. Call after setScores, which clears them. Empty: none.
    void setEstimates(const std::vector<double>& estimates, const QString& label);
    double estimate(int layer, int head) const;  // NaN = none
    bool isEstimateOnly(int layer, int head) const;  // an estimate and no score: drawn as the estimate
    bool hasEstimateOnly() const { return m_estimateOnly > 0; }
    QString estimateLabel() const { return m_estimateLabel; }
    double minEstimate() const { return m_estMin; }  // the range over the estimate-only heads, around 0
    double maxEstimate() const { return m_estMax; }
    // The colour range: each kind of head has its own on a hybrid's board (hidden attention is no
    // softmax, its scores live on another scale); without an argument the board's first kind's.
    double minScore() const { return m_attention > 0 ? m_min : m_ssmMin; }
    double maxScore() const { return m_attention > 0 ? m_max : m_ssmMax; }
    double minScore(bool ssm) const { return ssm ? m_ssmMin : m_min; }
    double maxScore(bool ssm) const { return ssm ? m_ssmMax : m_max; }
    bool hasScores() const { return !m_scores.empty(); }

    bool isAblated(int layer, int head) const;
    // Sets many cells at once (no undo; HeadBoard wraps this in undo commands).
    void setAblated(const HeadCells& cells, const QList<bool>& states);
    HeadCells ablatedHeads() const;
    HeadCell cell(int layer, int column) const {
        return column < m_attention ? HeadCell{layer, column, false} : HeadCell{layer, column - m_attention, true};
    }

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
    int m_attention = 0;  // the first m_attention columns are attention heads, the rest SSM heads
    std::vector<int> m_rowAttention;  // per layer; empty = m_attention everywhere
    std::vector<int> m_rowSsm;  // per layer; empty = every SSM column
    std::vector<double> m_scores;
    std::vector<char> m_ablated;
    QString m_scoreLabel;
    double m_min = 0.0;  // attention heads' range
    double m_max = 1.0;
    double m_ssmMin = 0.0;  // SSM heads' range
    double m_ssmMax = 1.0;
    bool m_differences = false;
    std::vector<double> m_estimates;  // empty = none
    QString m_estimateLabel;
    int m_estimateOnly = 0;  // heads drawn as their estimate
    double m_estMin = -1.0, m_estMax = 1.0;
    void clearEstimates();
};

}  // namespace gna::views
