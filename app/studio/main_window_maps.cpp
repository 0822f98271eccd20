// MainWindow's maps: the Gather and Aggregate fields, a run's outcome drawn into the panes (each
// pane its own field's head, or why there is none), the difference tab and the token strip's highlights.
#include <QLineEdit>
#include <QStatusBar>
#include <QTabWidget>
#include <algorithm>

#include "gather_aggregate_pair.h"
#include "head_board.h"
#include "main_window.h"
#include "next_token_chart.h"
#include "token_strip.h"

namespace gna::studio {

void MainWindow::applyHeadFields() {
    views::HeadCells heads;
    std::optional<views::HeadCell> shown[2];
    for (QLineEdit* e : {m_gatherHead, m_aggregateHead}) {
        views::HeadCell c;
        const bool ok =
            parseHeadName(e->text(), &c) && (!m_session->modelInfo() || headExists(*m_session->modelInfo(), c));
        e->setStyleSheet(ok ? QString() : QStringLiteral("color: #d55e00"));
        e->setToolTip(ok ? QString() : headFieldProblem(e));
        if (ok) heads << c;
        if (ok) shown[e == m_gatherHead ? 0 : 1] = c;
    }
    m_board->setDisplayedHeads(shown[0], shown[1]);  // the board marks the heads the maps show
    // at once: a pane whose field no longer names a head of the model says why (no rerun may follow)
    if (!m_session->lastOutcome().tokens.empty()) showMaps(m_session->lastOutcome());
    m_session->setShownHeads(heads);
}

int MainWindow::shownMapIndex(const RunOutcome& o, const QLineEdit* field) {
    views::HeadCell c;
    if (!parseHeadName(field->text(), &c)) return -1;
    for (int i = 0; i < o.maps.size(); ++i)
        if (o.maps[i].title == c.name()) return i;
    return -1;
}

QString MainWindow::headFieldProblem(const QLineEdit* field) const { return headProblem(field->text()); }

QString MainWindow::headProblem(const QString& name) const {
    const QString text = name.trimmed();
    views::HeadCell c;
    if (!parseHeadName(text, &c))
        return tr("“%1” is not a head name: write L<layer>.H<head> (attention) or L<layer>.S<head> (SSM), e.g. L1.H3")
            .arg(text);
    const gna::ModelInfo* info = m_session->modelInfo();
    if (!info) return m_noModelMessage;
    if (headExists(*info, c)) return QString();
    if (c.layer >= info->num_layers)
        return tr("The model has no %1: its layers are L0 to L%2").arg(c.name()).arg(info->num_layers - 1);
    const gna::LayerInfo& l = info->layers.at(static_cast<std::size_t>(c.layer));
    const int heads = c.ssm ? l.ssm_heads : l.attention_heads;
    if (heads == 0)
        return c.ssm ? tr("The model has no %1: layer %2 has no SSM heads").arg(c.name()).arg(c.layer)
                     : tr("The model has no %1: layer %2 has no attention heads").arg(c.name()).arg(c.layer);
    return c.ssm
        ? tr("The model has no %1: the SSM heads of layer %2 are S0 to S%3").arg(c.name()).arg(c.layer).arg(heads - 1)
        : tr("The model has no %1: the heads of layer %2 are H0 to H%3").arg(c.name()).arg(c.layer).arg(heads - 1);
}

void MainWindow::onResult(const RunOutcome& o) {
    m_tokens->setTokens(o.tokenLabels);
    if (m_session->selectedToken() >= 0) m_tokens->setSelectedToken(m_session->selectedToken());
    QList<views::TokenProbability> next = o.next;
    if (!m_pinnedCandidate.isEmpty()) {
        const auto pinned = std::find_if(next.begin(), next.end(), [this](const views::TokenProbability& t) {
            // A token's shown text may start with a space, SentencePiece's word start or the visible space.
            QString label = t.label;
            while (!label.isEmpty() &&
                   (label.front().isSpace() || label.front() == QChar(0x2581) || label.front() == QChar(0x2423)))
                label.remove(0, 1);
            return t.candidate && label == m_pinnedCandidate;
        });
        if (pinned != next.end()) next.move(pinned - next.begin(), 0);
    }
    m_next->setProbabilities(next);
    m_next->setBaseline(o.baseline);
    // Scores of every head on the board (SSM heads: their hidden attention).
    if (!o.headScores.empty())
        m_board->setScores(o.headScores, o.scoreLabel, o.scoresAreDeltas);
    else if (m_scoreMode->currentIndex() != 4 || !showBoardRanking())
        m_board->model()->clearScores();
    showMaps(o);
    m_status->setText(tr("%n token(s), %1 head(s) ablated, %2 ms", nullptr, static_cast<int>(o.tokens.size()))
                          .arg(m_session->ablatedHeads().size())
                          .arg(o.milliseconds, 0, 'f', 0));
}

void MainWindow::showMaps(const RunOutcome& o) {
    // Each pane shows its own field's head, never another's: a field naming a head the model lacks
    // leaves its pane empty, saying why.
    const int at[2] = {shownMapIndex(o, m_gatherHead), shownMapIndex(o, m_aggregateHead)};
    views::HeatmapData gather = at[0] >= 0 ? o.maps[at[0]] : views::HeatmapData{};
    views::HeatmapData aggregate = at[1] >= 0 ? o.maps[at[1]] : views::HeatmapData{};
    if (!gather.title.isEmpty()) gather.title = tr("Gather %1").arg(gather.title);
    if (!aggregate.title.isEmpty()) aggregate.title = tr("Aggregate %1").arg(aggregate.title);
    m_pair->setMaps(gather, aggregate);
    const QString empty = tr("Type a prompt to see the attention maps");
    m_pair->gather()->setEmptyMessage(at[0] >= 0 ? empty : headFieldProblem(m_gatherHead));
    m_pair->aggregate()->setEmptyMessage(at[1] >= 0 ? empty : headFieldProblem(m_aggregateHead));
    showDifferences(o);
    // Highlight in the token strip what the Gather head's last row attends to.
    if (at[0] >= 0 && o.maps[at[0]].isValid()) {
        const views::HeatmapData& m = o.maps[at[0]];
        std::vector<double> w(m.cols);
        for (int c = 0; c < m.cols; ++c) w[c] = m.at(m.rows - 1, c);
        m_tokens->setHighlights(w);
    }
}

void MainWindow::showDifferences(const RunOutcome& o) {
    if (o.baselineMaps.isEmpty() || o.maps.isEmpty()) {
        m_diff->setMaps({}, {});
        return;
    }
    if (o.ablatedHeads == 0) {
        m_diff->showMessage(
            tr("No head is ablated, so both runs are the same. Click a head on the board to switch it off."));
        return;
    }
    views::HeatmapData d[2];
    bool changed[2] = {false, false};
    const int at[2] = {shownMapIndex(o, m_gatherHead), shownMapIndex(o, m_aggregateHead)};
    for (int i = 0; i < 2; ++i) {
        if (at[i] < 0) continue;  // no map of this field's head (its pane says why)
        d[i] = views::difference(o.maps.value(at[i]), o.baselineMaps.value(at[i]));
        const auto [lo, hi] = views::valueRange(d[i]);
        changed[i] = d[i].isValid() && (lo != 0.0 || hi != 0.0);
    }
    if (!changed[0] && !changed[1]) {  // decided by the computed maps: every cell of both is exactly 0
        m_diff->showMessage(
            tr("The ablated heads do not change these maps: both runs give the same weights "
               "(a head changes only the layers after its own)."));
        return;
    }
    for (int i = 0; i < 2; ++i) {
        if (!d[i].isValid()) continue;
        const QString head = o.maps[at[i]].title;  // this pane's own map (both fields may name one head: one map)
        if (changed[i])
            d[i].title = i == 0 ? tr("Gather %1: ablated − unablated").arg(head)
                                : tr("Aggregate %1: ablated − unablated").arg(head);
        else
            d[i].title = i == 0 ? tr("Gather %1: unchanged by the ablation").arg(head)
                                : tr("Aggregate %1: unchanged by the ablation").arg(head);
    }
    m_diff->setMaps(d[0], d[1]);
}

}  // namespace gna::studio
