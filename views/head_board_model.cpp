#include "head_board_model.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "number_format.h"

namespace gna::views {

HeadBoardModel::HeadBoardModel(QObject* parent) : QAbstractTableModel(parent) {}

void HeadBoardModel::setShape(int layers, int heads, bool ssm, const std::vector<int>& rowHeads) {
    if (ssm)
        setMixedShape(layers, 0, heads, {}, rowHeads);
    else
        setMixedShape(layers, heads, 0, rowHeads, {});
}

void HeadBoardModel::setMixedShape(int layers, int attention, int ssm, const std::vector<int>& rowAttention,
                                   const std::vector<int>& rowSsm) {
    beginResetModel();
    m_layers = std::max(0, layers);
    m_attention = std::max(0, attention);
    m_heads = m_attention + std::max(0, ssm);
    const auto perLayer = [this](const std::vector<int>& v) {
        return v.size() == static_cast<std::size_t>(m_layers) ? v : std::vector<int>();
    };
    m_rowAttention = perLayer(rowAttention);
    m_rowSsm = perLayer(rowSsm);
    m_scores.clear();
    clearEstimates();
    m_ablated.assign(static_cast<std::size_t>(m_layers) * m_heads, 0);
    m_scoreLabel.clear();
    endResetModel();
}

bool HeadBoardModel::contains(int layer, int head) const {
    if (layer < 0 || layer >= m_layers || head < 0 || head >= m_heads) return false;
    const auto l = static_cast<std::size_t>(layer);
    if (head < m_attention) return m_rowAttention.empty() || head < m_rowAttention[l];
    return m_rowSsm.empty() || head - m_attention < m_rowSsm[l];
}

int HeadBoardModel::column(const HeadCell& c) const {
    const int col = c.ssm ? m_attention + c.head : c.head;
    if (c.head < 0 || (!c.ssm && c.head >= m_attention) || !contains(c.layer, col)) return -1;
    return col;
}

void HeadBoardModel::setScores(const std::vector<double>& scores, const QString& label, bool differences) {
    if (scores.size() != static_cast<std::size_t>(m_layers) * m_heads) {
        clearScores();
        return;
    }
    m_scores = scores;
    m_scoreLabel = label;
    clearEstimates();
    // Signed scores (changes, or importances with heads of both signs) take the diverging palette
    // centred on 0: a sequential map would draw -0.35 and +0.44 as two shades of one thing.
    const bool negative = std::any_of(scores.begin(), scores.end(), [](double s) { return s < 0.0; });
    const bool positive = std::any_of(scores.begin(), scores.end(), [](double s) { return s > 0.0; });
    m_differences = differences || (negative && positive);
    differences = m_differences;
    // One range per kind of head, over the heads the layers have.
    for (const bool ssm : {false, true}) {
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (int l = 0; l < m_layers; ++l)
            for (int c = ssm ? m_attention : 0; c < (ssm ? m_heads : m_attention); ++c) {
                const double s = score(l, c);
                if (std::isnan(s)) continue;
                lo = std::min(lo, s);
                hi = std::max(hi, s);
            }
        if (!std::isfinite(lo)) {
            lo = 0.0;
            hi = 1.0;
        }
        if (differences) {
            const double a = std::max(std::abs(lo), std::abs(hi));
            lo = a > 0 ? -a : -1.0;
            hi = a > 0 ? a : 1.0;
        }
        if (hi <= lo) hi = lo + 1.0;
        (ssm ? m_ssmMin : m_min) = lo;
        (ssm ? m_ssmMax : m_max) = hi;
    }
    if (m_layers > 0 && m_heads > 0)
        Q_EMIT dataChanged(index(0, 0), index(m_layers - 1, m_heads - 1),
                           {Qt::DisplayRole, Qt::ToolTipRole, ScoreRole});
}

void HeadBoardModel::clearEstimates() {
    m_estimates.clear();
    m_estimateLabel.clear();
    m_estimateOnly = 0;
    m_estMin = -1.0;
    m_estMax = 1.0;
}

void HeadBoardModel::setEstimates(const std::vector<double>& estimates, const QString& label) {
    clearEstimates();
    if (estimates.size() == static_cast<std::size_t>(m_layers) * m_heads) {
        m_estimates = estimates;
        m_estimateLabel = label;
        // Signed, like importance: a range symmetric around 0 over the heads that show their estimate.
        double a = 0.0;
        for (int l = 0; l < m_layers; ++l)
            for (int h = 0; h < m_heads; ++h)
                if (isEstimateOnly(l, h)) {
                    ++m_estimateOnly;
                    a = std::max(a, std::abs(estimate(l, h)));
                }
        if (a > 0) {
            m_estMin = -a;
            m_estMax = a;
        }
    }
    if (m_layers > 0 && m_heads > 0)
        Q_EMIT dataChanged(index(0, 0), index(m_layers - 1, m_heads - 1), {Qt::ToolTipRole, EstimateRole});
}

double HeadBoardModel::estimate(int layer, int head) const {
    if (!contains(layer, head) || m_estimates.empty()) return std::numeric_limits<double>::quiet_NaN();
    return m_estimates[static_cast<std::size_t>(layer) * m_heads + head];
}

bool HeadBoardModel::isEstimateOnly(int layer, int head) const {
    return std::isnan(score(layer, head)) && !std::isnan(estimate(layer, head));
}

void HeadBoardModel::clearScores() {
    m_scores.clear();
    clearEstimates();
    m_differences = false;
    m_scoreLabel.clear();
    m_min = m_ssmMin = 0.0;
    m_max = m_ssmMax = 1.0;
    if (m_layers > 0 && m_heads > 0)
        Q_EMIT dataChanged(index(0, 0), index(m_layers - 1, m_heads - 1),
                           {Qt::DisplayRole, Qt::ToolTipRole, ScoreRole});
}

double HeadBoardModel::score(int layer, int head) const {
    if (!contains(layer, head) || m_scores.empty()) return std::numeric_limits<double>::quiet_NaN();
    return m_scores[static_cast<std::size_t>(layer) * m_heads + head];
}

bool HeadBoardModel::isAblated(int layer, int head) const {
    return contains(layer, head) && m_ablated[static_cast<std::size_t>(layer) * m_heads + head] != 0;
}

void HeadBoardModel::setAblated(const HeadCells& cells, const QList<bool>& states) {
    HeadCells changed;
    for (qsizetype i = 0; i < cells.size() && i < states.size(); ++i) {
        const HeadCell& c = cells[i];
        const int col = column(c);
        if (col < 0) continue;  // not a head of this board
        char& slot = m_ablated[static_cast<std::size_t>(c.layer) * m_heads + col];
        const char want = states[i] ? 1 : 0;
        if (slot == want) continue;
        slot = want;
        changed << c;
        const QModelIndex idx = index(c.layer, col);
        Q_EMIT dataChanged(idx, idx, {Qt::CheckStateRole, Qt::ToolTipRole, AblatedRole});
    }
    if (!changed.isEmpty()) Q_EMIT ablationChanged(changed);
}

HeadCells HeadBoardModel::ablatedHeads() const {
    HeadCells out;
    for (int l = 0; l < m_layers; ++l)
        for (int h = 0; h < m_heads; ++h)
            if (m_ablated[static_cast<std::size_t>(l) * m_heads + h]) out << cell(l, h);
    return out;
}

int HeadBoardModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : m_layers; }
int HeadBoardModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : m_heads; }

QVariant HeadBoardModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const int l = index.row();
    const int h = index.column();
    const double s = score(l, h);
    switch (role) {
        case Qt::DisplayRole:
            return std::isnan(s) ? QVariant() : QVariant(formatNumber(s));
        case Qt::ToolTipRole:
            if (!contains(l, h))
                return cell(l, h).ssm ? tr("Layer %1 has no SSM head %2").arg(l).arg(cell(l, h).head)
                                      : tr("Layer %1 has no attention head %2").arg(l).arg(h);
            break;
        default:
            break;
    }
    switch (role) {
        case NameRole:
            return cell(l, h).name();
        case ScoreRole:
            return std::isnan(s) ? QVariant() : QVariant(s);
        case EstimateRole:
            return std::isnan(estimate(l, h)) ? QVariant() : QVariant(estimate(l, h));
        case AblatedRole:
            return isAblated(l, h);
        case Qt::CheckStateRole:
            return isAblated(l, h) ? Qt::Checked : Qt::Unchecked;
        case Qt::ToolTipRole: {
            QString tip = cell(l, h).name() +
                (mixed() ? (cell(l, h).ssm ? tr(" (SSM head)") : tr(" (attention head)")) : QString());
            if (!std::isnan(s))
                tip += QStringLiteral("\n") + (m_scoreLabel.isEmpty() ? tr("Score") : m_scoreLabel) +
                    QStringLiteral(": ") + (m_differences && s > 0 ? QStringLiteral("+") : QString()) +
                    formatNumber(s, 4, 1e-4);
            // the estimate beside it, or alone on a head that has no score: named, so that neither is
            // taken for the other
            if (const double e = estimate(l, h); !std::isnan(e))
                tip += QStringLiteral("\n") + m_estimateLabel + QStringLiteral(": ") +
                    (e > 0 ? QStringLiteral("+") : QString()) + formatNumber(e, 4, 1e-4) +
                    (std::isnan(s) ? tr(" (hatched: not measured exactly)") : QString());
            tip += QStringLiteral("\n") + (isAblated(l, h) ? tr("Ablated (output zeroed)") : tr("Active"));
            return tip;
        }
        default:
            return {};
    }
}

bool HeadBoardModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (role != Qt::CheckStateRole && role != AblatedRole) return false;
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return false;
    const bool on = role == AblatedRole ? value.toBool() : value.toInt() == Qt::Checked;
    setAblated({cell(index.row(), index.column())}, {on});
    return true;
}

Qt::ItemFlags HeadBoardModel::flags(const QModelIndex& index) const {
    if (!index.isValid() || !contains(index.row(), index.column())) return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable | Qt::ItemNeverHasChildren;
}

QVariant HeadBoardModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    if (orientation == Qt::Vertical) return QStringLiteral("L%1").arg(section);
    const HeadCell c = cell(0, section);
    return QStringLiteral("%1%2").arg(c.ssm ? QLatin1Char('S') : QLatin1Char('H')).arg(c.head);
}

}  // namespace gna::views
